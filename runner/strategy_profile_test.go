package runner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestRobustProfileFallback: the entries a compiled case wrote under the accurate numerics
// profile (provenance.json profile/robust) are set back to their robust values with
// foamDictionary's reading of the case, the others left alone; an entry already robust, or
// a case without foamc's provenance, gives no edit.
func TestRobustProfileFallback(t *testing.T) {
	tut := requireFoam(t)
	dir := copyDir(t, filepath.Join(tut, "incompressible/icoFoam/cavity/cavity"))
	editFile(t, dir, "system/fvSchemes", strings.NewReplacer("default         Euler;", "default         backward;").Replace)
	r := &repairer{f: foam{dir: dir, env: foamtest.Env()}, dir: dir}
	ctx := context.Background()
	if c, err := r.robustProfile(ctx, &Failure{}, 0); err != nil || c != nil {
		t.Fatalf("no provenance.json: candidate %+v, %v; want none", c, err)
	}
	prov := `{"version": 1, "entries": {
	  "/files/system~1fvSchemes/ddtSchemes/default": {"kind": "curated", "profile": "accurate", "robust": "Euler"},
	  "/files/system~1fvSchemes/divSchemes/div(phi,U)": {"kind": "curated", "profile": "accurate", "robust": "Gauss linear"},
	  "/files/system~1fvSchemes/gradSchemes/default": {"kind": "curated"}}}`
	if err := os.WriteFile(filepath.Join(dir, "provenance.json"), []byte(prov), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := r.robustProfile(ctx, &Failure{}, 0)
	if err != nil || c == nil {
		t.Fatalf("candidate %+v, %v", c, err)
	}
	// div(phi,U) is Gauss linear in the tutorial already: only ddt changes.
	if len(c.edits) != 1 || c.edits[0].Entry != "ddtSchemes/default" || c.edits[0].Old != "backward" || c.edits[0].New != "Euler" || !c.keep {
		t.Fatalf("edits %+v keep %v: want ddtSchemes/default backward -> Euler, kept", c.edits, c.keep)
	}
	if !strings.Contains(c.sources[0], "accurate -> robust") {
		t.Errorf("source %q does not say the profile changed", c.sources[0])
	}
	if _, err := r.apply(ctx, c.edits); err != nil {
		t.Fatal(err)
	}
	if got, _ := r.f.get(ctx, "system/fvSchemes", "ddtSchemes/default"); got != "Euler" {
		t.Errorf("after the repair ddt is %q, want Euler", got)
	}
	if c, _ := r.robustProfile(ctx, &Failure{}, 0); c != nil {
		t.Errorf("a robust case gets edits again: %+v", c.edits)
	}
}
