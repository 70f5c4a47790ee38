package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExitCodeDocs: README.md and docs/cli.md carry exit.go's table between
// <!-- exit-codes --> markers; -update rewrites them from it.
func TestExitCodeDocs(t *testing.T) {
	const open, end = "<!-- exit-codes -->\n", "<!-- /exit-codes -->"
	want := open + exitCodesMarkdown() + end
	for _, rel := range []string{"README.md", "docs/cli.md"} {
		path := filepath.Join("..", "..", filepath.FromSlash(rel))
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		i, j := strings.Index(s, open), strings.Index(s, end)
		if i < 0 || j < i {
			t.Errorf("%s has no %q ... %q block", rel, open, end)
			continue
		}
		got := s[i : j+len(end)]
		if got == want {
			continue
		}
		if *update {
			if err := os.WriteFile(path, []byte(s[:i]+want+s[j+len(end):]), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s's exit-code table differs from cmd/foamc/exit.go (go test ./cmd/foamc -run TestExitCodeDocs -update):\n%s", rel, want)
	}
}
