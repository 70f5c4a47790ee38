package verify

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/openfoam"
)

// TestClosedDomainRoundOff: a closed cavity's walls carry round-off flux (1e-21 where its
// faces carry 1e-6, as a converged buoyantSimpleFoam cavity writes them); that is a closed
// domain, not a mass imbalance of 113 % of an "inflow" of 1.7e-21. An open boundary whose
// imbalance is real is still rejected.
func TestClosedDomainRoundOff(t *testing.T) {
	const header = "FoamFile { version 2.0; format ascii; class %s; object %s; }\n"
	write := func(dir, rel, class, body string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		h := strings.Replace(strings.Replace(header, "%s", class, 1), "%s", filepath.Base(rel), 1)
		if err := os.WriteFile(p, []byte(h+body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mesh := "2 ( a { type patch; nFaces 1; startFace 1; } b { type patch; nFaces 1; startFace 2; } )\n"
	for _, c := range []struct {
		name   string
		a, b   string
		wantID string
		want   string
	}{
		{"round-off", "1.69e-21", "2.1e-22", IDCheckPassed, "closed domain"},
		{"leak", "-1e-6", "1.1e-6", IDMassImbalance, "mass is not conserved"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			write(dir, "constant/polyMesh/boundary", "polyBoundaryMesh", mesh)
			write(dir, "1/phi", "surfaceScalarField", "dimensions [0 3 -1 0 0 0 0];\ninternalField nonuniform List<scalar> 1(4e-06);\n"+
				"boundaryField { a { type calculated; value uniform "+c.a+"; } b { type calculated; value uniform "+c.b+"; } }\n")
			fs := checkConservation(&Run{dir: dir, times: []string{"1"}, sol: openfoam.Solver{Steady: true}, dicts: map[string]expanded{}})
			if len(fs) != 1 || fs[0].ID != c.wantID || !strings.Contains(fs[0].Summary, c.want) {
				t.Fatalf("want %s %q, got %+v", c.wantID, c.want, fs)
			}
		})
	}
}

// TestShallowWaterStoresWater: a shallowWaterFoam channel filling from a deeper inlet takes in
// more than it lets out (the depth rises); its net boundary flux is not a mass imbalance.
func TestShallowWaterStoresWater(t *testing.T) {
	dir := t.TempDir()
	for rel, body := range map[string]string{
		"constant/polyMesh/boundary": "FoamFile { version 2.0; format ascii; class polyBoundaryMesh; object boundary; }\n2 ( inlet { type patch; nFaces 1; startFace 1; } outlet { type patch; nFaces 1; startFace 2; } )\n",
		"1/phi": "FoamFile { version 2.0; format ascii; class surfaceScalarField; object phi; }\ndimensions [0 3 -1 0 0 0 0];\ninternalField nonuniform List<scalar> 1(0.5);\n" +
			"boundaryField { inlet { type calculated; value uniform -1; } outlet { type calculated; value uniform 0.01; } }\n",
	} {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(app string) []finding.Finding {
		return checkConservation(&Run{dir: dir, app: app, times: []string{"1"}, sol: openfoam.Solver{}, dicts: map[string]expanded{}})
	}
	if fs := run("shallowWaterFoam"); len(fs) != 1 || fs[0].ID != IDNotJudged || !strings.Contains(fs[0].Summary, "stores water") {
		t.Errorf("shallowWaterFoam: %+v", fs)
	}
	if fs := run("pimpleFoam"); len(fs) != 1 || fs[0].ID != IDMassImbalance {
		t.Errorf("pimpleFoam, the same fluxes: %+v", fs)
	}
}
