package faults

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

func TestCorpusShape(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Faults) < 60 {
		t.Errorf("corpus has %d faults, want >= 60", len(c.Faults))
	}
	if s := c.Solvers(); len(s) < 8 {
		t.Errorf("corpus covers %d solvers %v, want >= 8", len(s), s)
	}
	t.Logf("%d bases, %d faults, solvers %v", len(c.Bases), len(c.Faults), c.Solvers())
}

// TestMaterialize builds every baseline and faulted case (no OpenFOAM run):
// each base's solver is its tutorial's application, every edit applies, and
// every fault really changes its base case.
func TestMaterialize(t *testing.T) {
	tut := foamtest.Tutorials(t)
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	trees := map[string]map[string]string{}
	for _, j := range c.Jobs() {
		dir := filepath.Join(work, filepath.FromSlash(j.Name))
		if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := Materialize(tut, j.Base, j.Edits, dir); err != nil {
			t.Errorf("%s: %v", j.Name, err)
			continue
		}
		trees[j.Name] = readTree(t, dir)
	}
	for _, b := range c.Bases {
		app, ok, err := Lookup(filepath.Join(work, "baseline", b.Name), "system/controlDict", "application")
		if err != nil || !ok || app != b.Solver {
			t.Errorf("base %s: controlDict application = %q (%v), corpus says %s", b.Name, app, err, b.Solver)
		}
	}
	for _, f := range c.Faults {
		if reflect.DeepEqual(trees[f.ID], trees["baseline/"+f.Base]) {
			t.Errorf("fault %s leaves its base case unchanged", f.ID)
		}
	}
}

func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		out[strings.TrimPrefix(p, dir)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
