package specmatrix_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/eval/specmatrix"
	"github.com/foamc/foamc/internal/foamtest"
)

// chtMeshes are the region meshes: the slab (a water or air layer at rest against a solid,
// eval/validation/chtslab) and the plate (air flowing over a solid, compiler/testdata/cht).
var chtMeshes = []struct {
	name, blockMeshDict, fluid, solid string
	// boundaries: the fixed-temperature and the heat-flux variants of the patches.
	fixedT, flux string
	flows        bool
}{
	{name: "slab", blockMeshDict: "../validation/chtslab/blockMeshDict", fluid: "fluid", solid: "solid",
		fixedT: "  hot: {role: wall, T: 400}\n  cold: {role: wall, T: 300}\n  sides: {role: empty}\n",
		flux:   "  hot: {role: wall, heatFlux: 2000}\n  cold: {role: wall, T: 300}\n  sides: {role: empty}\n"},
	{name: "plate", blockMeshDict: "../../compiler/testdata/cht/blockMeshDict", fluid: "air", solid: "plate", flows: true,
		fixedT: "  inlet: {role: inlet, U: [0.1, 0, 0], T: 300}\n  outlet: {role: outlet, p: 100000}\n  top: {role: wall}\n  plateEnds: {role: wall}\n  bottom: {role: wall, T: 350}\n  frontAndBack: {role: empty}\n",
		flux:   "  inlet: {role: inlet, U: [0.1, 0, 0], T: 300}\n  outlet: {role: outlet, p: 100000}\n  top: {role: wall}\n  plateEnds: {role: wall}\n  bottom: {role: wall, heatFlux: 5000}\n  frontAndBack: {role: empty}\n"},
}

// chtMatrix: every mesh x solver (steady, transient) x fluid (water rhoConst, air perfect
// gas) x load (fixed wall temperatures; a wall heat flux and a heat source in the solid),
// and two unsatisfiable specs (a turbulent fluid, a region that is no cell zone).
func chtMatrix() []mspec {
	var out []mspec
	fluids := map[string]string{
		"water": "{rho: 1000, Cp: 4181, mu: 959e-6, Pr: 6.62}",
		"air":   "{molWeight: 28.9, Cp: 1005, mu: 1.8e-5, Pr: 0.7}",
	}
	for _, m := range chtMeshes {
		mesh, _ := filepath.Abs(m.blockMeshDict)
		for _, solver := range []string{"chtMultiRegionSimpleFoam", "chtMultiRegionFoam"} {
			for _, fluid := range []string{"water", "air"} {
				for _, load := range []string{"fixedT", "flux"} {
					bs, source := m.fixedT, ""
					if load == "flux" {
						bs, source = m.flux, "    heatSource: 1e5\n"
					}
					u := ""
					if m.flows {
						u = "    U: [0.1, 0, 0]\n"
						if fluid == "water" {
							bs = strings.ReplaceAll(bs, "U: [0.1, 0, 0]", "U: [0.01, 0, 0]")
							u = "    U: [0.01, 0, 0]\n"
						}
					}
					control := "control: {endTime: 25, deltaT: 1, writeInterval: 25}"
					if solver == "chtMultiRegionFoam" {
						control = "control: {endTime: 0.25, deltaT: 0.01, writeInterval: 0.25}"
					}
					name := fmt.Sprintf("cht-%s-%s-%s-%s", m.name, map[string]string{"chtMultiRegionSimpleFoam": "steady", "chtMultiRegionFoam": "transient"}[solver], fluid, load)
					out = append(out, chtSpec(name, m.name, solver, fmt.Sprintf(`mesh: {blockMeshDict: %s}
physics: {solver: %s, turbulence: laminar, gravity: [0, -9.81, 0]}
regions:
  %s:
    kind: fluid
    material: %s
    T: 300
%s  %s:
    kind: solid
    material: {rho: 2700, Cp: 900, kappa: 50}
    T: 300
%sboundaries:
%s%s`, mesh, solver, m.fluid, fluids[fluid], u, m.solid, source, bs, control), ""))
				}
			}
		}
	}
	slab, _ := filepath.Abs(chtMeshes[0].blockMeshDict)
	unsat := `mesh: {blockMeshDict: ` + slab + `}
physics: {solver: chtMultiRegionSimpleFoam, turbulence: %s}
regions:
  fluid: {kind: fluid, material: {rho: 1000, Cp: 4181, mu: 959e-6, Pr: 6.62}}
  %s: {kind: solid, material: {rho: 2700, Cp: 900, kappa: 50}}
boundaries:
  hot: {role: wall, T: 400}
  cold: {role: wall, T: 300}
  sides: {role: empty}
control: {endTime: 25, deltaT: 1}`
	return append(out,
		chtSpec("cht-unsat-turbulent", "slab", "chtMultiRegionSimpleFoam", fmt.Sprintf(unsat, "kEpsilon", "solid"), "FOAM-COMPILE-003"),
		chtSpec("cht-unsat-zone", "slab", "chtMultiRegionSimpleFoam", fmt.Sprintf(unsat, "laminar", "slab"), "FOAM-COMPILE-005"))
}

// chtSpec is one spec of the matrix; deny: the finding an unsatisfiable spec must be
// refused with.
func chtSpec(name, mesh, solver, yaml, deny string) mspec {
	return mspec{Generated: specmatrix.Generated{Name: name, Mesh: mesh, Solver: solver, Model: "laminar",
		YAML: "version: 1\nname: " + name + "\n" + yaml + "\n"}, deny: deny}
}

// TestCHTMatrix compiles (and lints) every spec of the matrix and runs a sample of two in
// v1912 through the generated Allrun (blockMesh, splitMeshRegions, the solver) for >= 20
// steps without FATAL or nan; `make matrix` (-matrix=all) runs all 16.
func TestCHTMatrix(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	sample := []string{"cht-slab-steady-water-fixedT", "cht-plate-transient-air-flux"}
	matrix{name: "CHT matrix", label: "CHT matrix", specs: chtMatrix(), opts: lintedOptions(t), allrun: true,
		runs: func(_ int, s mspec) bool { return *matrixMode == "all" || slices.Contains(sample, s.Name) }}.test(t)
}
