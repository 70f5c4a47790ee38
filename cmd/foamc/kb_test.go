package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// kbRun runs `foamc kb ...` and returns exit code, stdout and stderr.
func kbRun(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"kb"}, args...), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestKBStatsAndBC(t *testing.T) {
	code, out, errOut := kbRun("stats")
	if code != 0 || !strings.Contains(out, "cases      383") || !strings.Contains(out, "contracts  214") {
		t.Fatalf("stats exit %d:\n%s%s", code, out, errOut)
	}
	code, out, _ = kbRun("bc", "totalPressure")
	var c struct {
		Type        string
		Required    []string
		Conditional []struct{ Key, When string }
	}
	if err := json.Unmarshal([]byte(out), &c); code != 0 || err != nil || c.Type != "totalPressure" ||
		len(c.Required) != 1 || len(c.Conditional) != 1 || c.Conditional[0].When != "psi" {
		t.Fatalf("bc exit %d %v: %s", code, err, out)
	}
	code, _, errOut = kbRun("bc", "totalPresure")
	if code != 1 || !strings.Contains(errOut, "did you mean") {
		t.Errorf("unknown bc: exit %d %q", code, errOut)
	}
}

func TestKBQueryRetrievers(t *testing.T) {
	type audit struct {
		Retriever string
		Level     int
		Query     struct{ Compressible *bool }
	}
	cases := []struct {
		args      []string
		retriever string
	}{
		{[]string{"--solver", "rhoCentralFoam", "--turbulence", "kEpsilon", "--target", "system/fvSchemes"}, "all-model"},
		{[]string{"--solver", "sonicFoam", "--turbulence", "kEpsilon", "--target", "system/fvSolution"}, "template"},
		{[]string{"--solver", "simpleFoam", "--turbulence", "kEpsilon", "--target", "0/U"}, "cascade"},
		{[]string{"--solver", "simpleFoam", "--bc", "inletOutlet"}, "multi-source"},
		{[]string{"--solver", "simpleFoam", "--turbulence", "kOmegaSST", "--keyword", "div(phi,omega)"}, "keyword"},
		{[]string{"--solver", "myFoam", "--compressible", "--target", "system/fvSchemes", "--retriever", "cascade"}, "cascade"},
	}
	for _, c := range cases {
		code, out, errOut := kbRun(append([]string{"query"}, c.args...)...)
		var res struct{ Audit audit }
		if err := json.Unmarshal([]byte(out), &res); code != 0 || err != nil {
			t.Fatalf("query %v: exit %d %v %s", c.args, code, err, errOut)
		}
		if res.Audit.Retriever != c.retriever || res.Audit.Level == 0 || res.Audit.Query.Compressible == nil {
			t.Errorf("query %v: audit %+v", c.args, res.Audit)
		}
	}
	logFile := filepath.Join(t.TempDir(), "log.simpleFoam")
	os.WriteFile(logFile, []byte("--> FOAM FATAL IO ERROR:\nkeyword div(phi,k) is undefined in dictionary \"/x/system/fvSchemes/divSchemes\"\n"), 0o644)
	code, out, errOut := kbRun("query", "--solver", "simpleFoam", "--turbulence", "kEpsilon", "--log", logFile)
	if code != 0 || !strings.Contains(out, `"keyword": "div(phi,k)"`) || !strings.Contains(out, `"path": "/divSchemes"`) {
		t.Errorf("query --log: exit %d %s %s", code, out, errOut)
	}
	if code, _, _ := kbRun("query", "--solver", "simpleFoam", "--compressible", "--incompressible"); code != 1 {
		t.Errorf("conflicting flags accepted")
	}
}
