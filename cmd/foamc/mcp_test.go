package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestMCPRefuses: the server does not start on a non-loopback address without
// --allow-remote, on a root that does not exist, or with stray arguments.
func TestMCPRefuses(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"mcp", "--http", "0.0.0.0:0"}, "not a loopback address"},
		{[]string{"mcp", "--root", "/nonexistent/foamc-root"}, "root /nonexistent/foamc-root"},
		{[]string{"mcp", "case"}, "too many arguments"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(c.args, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("foamc %v: exit %d, stderr %q (want 1 and %q)", c.args, code, stderr.String(), c.want)
		}
	}
}
