package specmatrix

import (
	"fmt"
	"maps"
	"math/rand"
	"slices"
	"strings"
)

// SyntaxMesh is a matrix mesh chosen for how its blockMeshDict declares the patches
// (issue 27): the older `patches ( type name (faces) … )` list or the `boundary` list,
// with blockMesh's default patch.
type SyntaxMesh struct {
	Mesh
	// Syntax is "patches" or "boundary".
	Syntax string
	// Named are patches whose role their mesh type settles (empty, wedge), which the specs
	// still name, as a user who read blockMesh's output would.
	Named map[string]string
}

// SyntaxMeshes are foamc's meshes in both patch syntaxes and tutorial meshes that use the
// older list or have blockMesh write a default patch without faces.
var SyntaxMeshes = []SyntaxMesh{
	{Mesh{ID: "stepPatches", Repo: "stepPatches/blockMeshDict", Class: "duct",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet"}, Walls: []string{"upperWall", "lowerWall"}, Dir: [3]float64{1, 0, 0}, U: 1},
		"patches", map[string]string{"frontAndBack": "empty"}},
	{Mesh{ID: "ductPatches", Repo: "ductPatches/blockMeshDict", Class: "duct",
		Inlets: []string{"in"}, Outlets: []string{"out"}, Walls: []string{"floor", "side"}, Sym: []string{"sym1", "sym2"}, Dir: [3]float64{1, 0, 0}, U: 1},
		"patches", nil},
	{Mesh{ID: "cavityPatches", Repo: "cavityPatches/blockMeshDict", Class: "cavity",
		Walls: []string{"fixedWalls"}, Lid: "movingWall", Dir: [3]float64{1, 0, 0}, U: 1},
		"patches", map[string]string{"frontAndBack": "empty"}},
	{Mesh{ID: "channelDefaultWall", Repo: "channelDefaultWall/blockMeshDict", Class: "duct",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet"}, Walls: []string{"walls"}, Dir: [3]float64{1, 0, 0}, U: 1},
		"boundary", map[string]string{"frontAndBack": "empty"}},
	{Mesh{ID: "weirOverflow", Tutorial: "multiphase/interIsoFoam/weirOverflow/system/blockMeshDict", Class: "duct",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet", "atmosphere"}, Walls: []string{"lowerWall"}, Dir: [3]float64{1, 0, 0}, U: 1},
		"patches", map[string]string{"defaultFaces": "empty"}},
	{Mesh{ID: "bubbleColumn", Tutorial: "multiphase/reactingTwoPhaseEulerFoam/laminar/bubbleColumn/system/blockMeshDict", Class: "duct",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet"}, Walls: []string{"walls"}, Dir: [3]float64{0, 1, 0}, U: 0.1},
		"patches", map[string]string{"defaultFaces": "empty"}},
	// blockMesh writes defaultFaces here without faces (the wedge's collapsed axis face).
	{Mesh{ID: "LadenburgJet60psi", Tutorial: "compressible/rhoCentralFoam/LadenburgJet60psi/system/blockMeshDict", Class: "supersonic",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet", "freestream"}, Walls: []string{"freestreamInlet"}, Dir: [3]float64{1, 0, 0}},
		"boundary", map[string]string{"wedge1": "wedge", "wedge2": "wedge", "defaultFaces": "empty"}},
}

// GenerateSyntax returns the patch-syntax matrix: per mesh, `per` specs over the solvers
// meant for its class, each naming every patch of the mesh; the same seed gives the same
// specs. tutorials is the tutorials/ directory, repo the eval/specmatrix/meshes one.
func GenerateSyntax(seed int64, per int, tutorials, repo string) []Generated {
	r := rand.New(rand.NewSource(seed))
	var out []Generated
	for _, sm := range SyntaxMeshes {
		var pairs [][2]string
		for _, solver := range Solvers {
			for _, c := range classes(solver) {
				if c != sm.Class {
					continue
				}
				for _, fam := range FamilyNames {
					// Only satisfiable specs: icoFoam is laminar.
					if solver != "icoFoam" || fam == "laminar" {
						pairs = append(pairs, [2]string{solver, fam})
					}
				}
			}
		}
		for _, i := range r.Perm(len(pairs))[:min(per, len(pairs))] {
			solver, fam := pairs[i][0], pairs[i][1]
			models := Families[fam]
			g := Generated{Mesh: sm.ID, Solver: solver, Model: models[r.Intn(len(models))], Family: fam, Minimal: len(out)%2 == 0}
			g.Name = fmt.Sprintf("p%03d-%s-%s-%s", len(out)+1, solver, g.Model, sm.ID)
			g.YAML = nameAll(specYAML(r, g, sm.Mesh, tutorials, repo), sm.Named)
			out = append(out, g)
		}
	}
	return out
}

// nameAll adds the named constraint patches to the spec's boundaries (before numerics or
// control, which follow them).
func nameAll(yaml string, named map[string]string) string {
	var add strings.Builder
	for _, p := range slices.Sorted(maps.Keys(named)) {
		fmt.Fprintf(&add, "  %s: {role: %s}\n", p, named[p])
	}
	at := strings.Index(yaml, "\nnumerics:")
	if at < 0 {
		at = strings.Index(yaml, "\ncontrol:")
	}
	return yaml[:at+1] + add.String() + yaml[at+1:]
}
