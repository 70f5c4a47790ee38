package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
)

// TestRunPreparesDamBreak: damBreak's Allrun is blockMesh, setFields, interFoam. foamc run
// (through the real gate) runs setFields too, so the water column is there: alpha.water is
// nonuniform, with cells of water (1) and of air (0), in 0 and in the step it wrote.
func TestRunPreparesDamBreak(t *testing.T) {
	tut := requireFoam(t, "interFoam", "setFields")
	dir := copyDir(t, filepath.Join(tut, "multiphase/interFoam/laminar/damBreak/damBreak"))
	var log strings.Builder
	res, err := Run(context.Background(), dir, Options{Steps: 2, Lint: realLinter(t), Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusOK || !strings.Contains(log.String(), "prepare: setFields") {
		t.Fatalf("%+v\n%s", res, log.String())
	}
	for _, d := range []string{"0", strings.TrimSpace(latestDir(t, dir))} {
		b, err := os.ReadFile(filepath.Join(dir, d, "alpha.water"))
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if !strings.Contains(s, "internalField   nonuniform List<scalar>") || !strings.Contains(s, "\n1\n") || !strings.Contains(s, "\n0\n") {
			t.Fatalf("%s/alpha.water has no water column:\n%.400s", d, s)
		}
	}
}

func latestDir(t *testing.T, dir string) string {
	t.Helper()
	best, name := -1.0, ""
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		var v float64
		if _, err := fmt.Sscan(e.Name(), &v); err == nil && e.IsDir() && v > best {
			best, name = v, e.Name()
		}
	}
	if best <= 0 {
		t.Fatalf("no time directory after 0 in %s", dir)
	}
	return name
}

// TestRunRestoresZeroOrig: a case whose initial fields are only in 0.orig (restore0Dir in
// its Allrun) runs from a restored 0; 0.orig stays.
func TestRunRestoresZeroOrig(t *testing.T) {
	tut := requireFoam(t, "icoFoam")
	dir := copyDir(t, filepath.Join(tut, "incompressible/icoFoam/cavity/cavity"))
	if err := os.Rename(filepath.Join(dir, "0"), filepath.Join(dir, "0.orig")); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	res, err := Run(context.Background(), dir, Options{Steps: 2, Lint: realLinter(t), Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusOK || !strings.Contains(log.String(), "prepare: restore 0.orig into 0") {
		t.Fatalf("%+v\n%s", res, log.String())
	}
	for _, p := range []string{"0/U", "0/p", "0.orig/U"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Error(err)
		}
	}
}

// TestRunRefusesUnpreparableCase: a case without a mesh whose Allrun runs createBaffles
// after blockMesh is refused with a finding naming the missing step; nothing is meshed.
func TestRunRefusesUnpreparableCase(t *testing.T) {
	tut := requireFoam(t, "icoFoam")
	dir := copyDir(t, filepath.Join(tut, "incompressible/icoFoam/cavity/cavity"))
	dict := "FoamFile { version 2.0; format ascii; class dictionary; object createBafflesDict; }\ninternalFacesOnly true;\nbaffles {}\n"
	if err := os.WriteFile(filepath.Join(dir, "system/createBafflesDict"), []byte(dict), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), dir, Options{Steps: 2, Lint: realLinter(t)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusRefused || len(res.Gate) != 1 || res.Gate[0].ID != IDPrepare || res.Gate[0].Severity != finding.Deny ||
		res.Gate[0].Location.File != "system/createBafflesDict" || !strings.Contains(res.Gate[0].Summary, "createBaffles") {
		t.Fatalf("%+v", res)
	}
	if hasMesh(dir) {
		t.Fatal("a refused case was meshed")
	}
}
