package rules

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/format"
)

// TestRegoFormatted keeps every policy in `opa fmt` style (-update rewrites them).
func TestRegoFormatted(t *testing.T) {
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rego") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out, err := format.SourceWithOpts(p, src, format.Opts{RegoVersion: ast.RegoV1})
		if err != nil {
			t.Errorf("%s: %v", p, err)
			return nil
		}
		if !bytes.Equal(src, out) {
			if *update {
				return os.WriteFile(p, out, 0o644)
			}
			t.Errorf("%s is not opa-fmt formatted (go test ./rules -run TestRegoFormatted -update)", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
