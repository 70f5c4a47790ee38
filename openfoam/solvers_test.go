package openfoam

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestSolverTable: solvers.json decodes strictly, one row per line in name order (so
// rows added on two branches merge line by line), and every row is well formed.
func TestSolverTable(t *testing.T) {
	m, err := decodeSolvers(solversJSON)
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`^  "([A-Za-z]+)": \{.*\},?$`)
	lines := strings.Split(strings.TrimSpace(string(solversJSON)), "\n")
	var names []string
	for _, l := range lines[1 : len(lines)-1] {
		g := row.FindStringSubmatch(l)
		if g == nil {
			t.Fatalf("not one row on one line: %.80s", l)
		}
		names = append(names, g[1])
	}
	if !slices.IsSorted(names) || len(names) != len(m) {
		t.Errorf("rows not in name order or repeated: %d lines, %d solvers", len(names), len(m))
	}
	for name, s := range m {
		if !slices.Contains([]string{"SIMPLE", "PISO", "PIMPLE", ""}, s.Algorithm) {
			t.Errorf("%s: algorithm %q", name, s.Algorithm)
		}
		// A solver without a pressure (scalarTransportFoam) has no pressure dimensions.
		if s.Described() && (len(s.Provenance) == 0 || (s.Pressure != "") != (len(s.PDims) == 7)) {
			t.Errorf("%s is described without provenance or its pressure's dimensions", name)
		}
	}
	for name, described := range map[string]bool{"simpleFoam": true, "chtMultiRegionFoam": true, "PDRFoam": false, "interIsoFoam": false} {
		s, ok := LookupSolver(name)
		if !ok || s.Described() != described {
			t.Errorf("%s: known %v, described %v, want described %v", name, ok, s.Described(), described)
		}
	}
	if s, _ := LookupSolver("rhoCentralFoam"); !s.Compressible || s.Steady || s.Algorithm != "" {
		t.Errorf("rhoCentralFoam: %+v", s)
	}
	if len(DescribedSolvers()) < 15 {
		t.Errorf("%d described solvers", len(DescribedSolvers()))
	}
	if _, err := decodeSolvers([]byte(`{"fooFoam": {"algorihtm": "PISO"}}`)); err == nil || !strings.Contains(err.Error(), "fooFoam") {
		t.Errorf("a misspelt fact decoded: %v", err)
	}
}
