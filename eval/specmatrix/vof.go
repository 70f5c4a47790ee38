package specmatrix

import (
	"fmt"
	"math/rand"
	"path/filepath"
	"strings"
)

// VoFMesh is a free-surface mesh of the VoF matrix (issue 21): the patches an engineer
// names, and where the liquid starts.
type VoFMesh struct {
	Mesh
	// Atmosphere is the patch open to the air above the liquid ("" for none).
	Atmosphere string
	// Column is the box of liquid at the start: {min, max}.
	Column [2][3]float64
}

// VoFMeshes are the meshes of the VoF matrix: the laminar and the RAS damBreak tutorials'
// (the collapse of a column; closed variants make the atmosphere a wall) and foamc's
// filling tank (an inlet, an outlet and an atmosphere).
var VoFMeshes = []VoFMesh{
	{Mesh{ID: "damBreakVoF", Tutorial: "multiphase/interFoam/laminar/damBreak/damBreak/system/blockMeshDict", Class: "tank",
		Walls: []string{"leftWall", "rightWall", "lowerWall"}, Gravity: [3]float64{0, -9.81, 0}},
		"atmosphere", [2][3]float64{{0, 0, -1}, {0.1461, 0.292, 1}}},
	{Mesh{ID: "damBreakRAS", Tutorial: "multiphase/interFoam/RAS/damBreak/damBreak/system/blockMeshDict", Class: "tank",
		Walls: []string{"leftWall", "rightWall", "lowerWall"}, Gravity: [3]float64{0, -9.81, 0}},
		"atmosphere", [2][3]float64{{0, 0, -1}, {0.1461, 0.292, 1}}},
	{Mesh{ID: "tank", Repo: "tank/blockMeshDict", Class: "tank",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet"}, Walls: []string{"walls"}, Dir: [3]float64{1, 0, 0}, U: 0.2, Gravity: [3]float64{0, -9.81, 0}},
		"atmosphere", [2][3]float64{{0, 0, -1}, {1, 0.2, 1}}},
}

// VoFModels are the turbulence models of the VoF matrix (interFoam laminar and RAS).
var VoFModels = []string{"laminar", "kEpsilon", "kOmegaSST"}

// GenerateVoF returns the VoF matrix: per mesh and model `per` specs (open and closed tanks,
// minimal or stating sigma, maxAlphaCo and the turbulence), then the unsatisfiable ones: a
// single phase, a closed tank without gravity. The same seed gives the same specs.
func GenerateVoF(seed int64, per int, tutorials, repo string) []Generated {
	r := rand.New(rand.NewSource(seed))
	var out []Generated
	for _, m := range VoFMeshes {
		for _, model := range VoFModels {
			fam := map[string]string{"laminar": "laminar", "kEpsilon": "kEpsilon", "kOmegaSST": "kOmega"}[model]
			for i := 0; i < per; i++ {
				g := Generated{Mesh: m.ID, Solver: "interFoam", Model: model, Family: fam, Minimal: len(out)%2 == 0}
				closed := len(m.Inlets) == 0 && i%2 == 1
				g.Name = fmt.Sprintf("v%03d-interFoam-%s-%s", len(out)+1, model, m.ID)
				if closed {
					g.Name += "-closed"
				}
				g.YAML = vofYAML(r, g, m, closed, tutorials, repo)
				out = append(out, g)
			}
		}
	}
	m := VoFMeshes[0]
	one := Generated{Name: fmt.Sprintf("v%03d-one-phase", len(out)+1), Mesh: m.ID, Solver: "interFoam", Model: "laminar", Family: "laminar",
		Minimal: true, Unsatisfiable: "two immiscible phases"}
	one.YAML = strings.Replace(vofYAML(r, one, m, false, tutorials, repo), "    - {name: air, rho: 1, nu: 1.48e-05}\n", "", 1)
	out = append(out, one)
	noG := Generated{Name: fmt.Sprintf("v%03d-closed-no-gravity", len(out)+1), Mesh: m.ID, Solver: "interFoam", Model: "laminar", Family: "laminar",
		Minimal: true, Unsatisfiable: "closed tank without gravity"}
	noG.YAML = strings.Replace(vofYAML(r, noG, m, true, tutorials, repo), ", gravity: [0, -9.81, 0]", "", 1)
	return append(out, noG)
}

// vofYAML writes a free-surface spec as an engineer writes it from docs/spec.md: the two
// phases, gravity, the liquid column as an initial region, the walls, the atmosphere (a
// wall when the tank is closed), an inlet bringing liquid, an outlet, and a Courant number.
func vofYAML(r *rand.Rand, g Generated, m VoFMesh, closed bool, tutorials, repo string) string {
	var b strings.Builder
	path := filepath.Join(repo, m.Repo)
	if m.Tutorial != "" {
		path = filepath.Join(tutorials, m.Tutorial)
	}
	fmt.Fprintf(&b, "version: 1\nname: %s\ndescription: generated (%s on %s)\n", g.Name, g.Solver, m.ID)
	fmt.Fprintf(&b, "mesh: {blockMeshDict: %s}\n", path)
	fmt.Fprintf(&b, "physics: {solver: interFoam, turbulence: %s, gravity: %s}\n", g.Model, vec(m.Gravity, 1))
	b.WriteString("fluid:\n  phases:\n    - {name: water, rho: 1000, nu: 1e-06}\n    - {name: air, rho: 1, nu: 1.48e-05}\n")
	if !g.Minimal {
		b.WriteString("  sigma: 0.07\n")
	}
	c := m.Column
	fmt.Fprintf(&b, "initial:\n  regions:\n    - box: {min: %s, max: %s}\n      alpha: 1\n", vec(c[0], 1), vec(c[1], 1))
	b.WriteString("boundaries:\n")
	turb := ""
	if !g.Minimal && g.Model != "laminar" {
		turb = ", turbulence: {intensity: 0.05, lengthScale: 0.01}"
	}
	for _, p := range m.Inlets {
		fmt.Fprintf(&b, "  %s: {role: inlet, U: %s, alpha: 1%s}\n", p, vec(m.Dir, m.U), turb)
	}
	for _, p := range m.Outlets {
		if r.Intn(2) == 0 {
			fmt.Fprintf(&b, "  %s: {role: outlet, p: 0}\n", p)
		} else {
			fmt.Fprintf(&b, "  %s: {role: outlet}\n", p)
		}
	}
	for _, p := range m.Walls {
		fmt.Fprintf(&b, "  %s: {role: wall}\n", p)
	}
	if m.Atmosphere != "" {
		role := "atmosphere"
		if closed {
			role = "wall"
		}
		fmt.Fprintf(&b, "  %s: {role: %s}\n", m.Atmosphere, role)
	}
	co := []float64{0.5, 1}[r.Intn(2)]
	// The slow filling of the tank takes Courant steps of about 0.1 s.
	end := map[bool]float64{true: 10, false: 1}[len(m.Inlets) > 0]
	if g.Minimal {
		fmt.Fprintf(&b, "control: {endTime: %g, maxCo: %g}\n", end, co)
	} else {
		fmt.Fprintf(&b, "control: {endTime: %g, maxCo: %g, maxAlphaCo: %g, writeInterval: %g}\n", end, co, co, end/10)
	}
	return b.String()
}
