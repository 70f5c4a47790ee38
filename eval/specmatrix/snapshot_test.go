package specmatrix_test

import (
	"bytes"
	"context"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/internal/foamtest"
)

var snapshotDir = flag.String("compile-snapshot", "", "compile every spec (the matrix's spec files, the generated matrix for v1912 and openfoam-12, the blind specs, examples/) into this directory, to compare a compiler refactoring byte for byte (docs/compiler.md)")

// TestCompileSnapshot writes what the compiler makes of every spec foamc is tested with:
// each case's files, or the findings of a refused spec in <name>.err. Two snapshots of the
// same kb and rules differ only where the compiler's output changed (`diff -r`). Paths
// that differ between runs (temporary meshes, the repository) are written as {{M}}, {{R}}.
func TestCompileSnapshot(t *testing.T) {
	if *snapshotDir == "" {
		t.Skip("a tool, not a check: give -compile-snapshot DIR")
	}
	out, err := filepath.Abs(*snapshotDir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	opts := lintedOptions(t)
	repo := foamtest.RepoRoot()
	tutorials := filepath.Join(foamtest.SourceDir(t), "tutorials")
	specs := t.TempDir()
	type spec struct{ name, path, mesh string }
	var all []spec
	write := func(name, yaml, mesh string) {
		p := filepath.Join(specs, name+".yaml")
		if err := os.WriteFile(p, []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		all = append(all, spec{name, p, mesh})
	}
	files, _ := filepath.Glob(filepath.Join(repo, "eval", "specmatrix", "*", "spec.yaml"))
	examples, _ := filepath.Glob(filepath.Join(repo, "examples", "*", "spec.yaml"))
	for _, p := range append(files, examples...) {
		all = append(all, spec{name: filepath.Base(filepath.Dir(filepath.Dir(p))) + "-" + filepath.Base(filepath.Dir(p)), path: p})
	}
	*matrixMode = "all"
	for _, g := range generated(t) {
		write("generated-"+g.Name, g.YAML, "")
		write("generated12-"+g.Name, g.YAML+"target: openfoam-12\n", "")
	}
	for _, b := range blindSpecs {
		mesh := ""
		if b.mesh != nil {
			mesh = b.mesh(t)
		}
		write("blind-"+b.name, strings.NewReplacer("{{T}}", tutorials, "{{M}}", mesh).Replace(b.yaml), mesh)
	}
	refused := 0
	for _, s := range all {
		res, err := compiler.CompileFile(ctx, s.path, opts)
		if err != nil {
			refused++
			text := strings.ReplaceAll(err.Error(), specs, "{{S}}")
			if err := os.WriteFile(filepath.Join(out, s.name+".err"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		dir := filepath.Join(out, s.name)
		if err := res.Write(dir, true); err != nil {
			t.Fatal(err)
		}
		// the paths of one run: the prepared mesh, the spec's directory, the repository
		r := strings.NewReplacer(specs, "{{S}}", repo, "{{R}}")
		if s.mesh != "" {
			r = strings.NewReplacer(s.mesh, "{{M}}", specs, "{{S}}", repo, "{{R}}")
		}
		err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if n := []byte(r.Replace(string(b))); !bytes.Equal(n, b) {
				return os.WriteFile(p, n, 0o644)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d specs compiled into %s (%d refused, their findings in .err files)", len(all), out, refused)
}
