package specmatrix

import (
	"fmt"
	"math/rand"
	"path/filepath"
	"sort"
	"strings"
)

// ReactingMesh is a mesh of the reacting matrix: a counterflow (a fuel and an air inlet
// facing each other) or a duct fed with a premixed mixture.
type ReactingMesh struct {
	Mesh
	// Fuel is the counterflow's fuel inlet ("" for a premixed duct).
	Fuel string
	// Named are the patches whose role their mesh type settles, which the specs name.
	Named map[string]string
}

// ReactingMeshes: the counterFlowFlame2D tutorial's mesh, pitzDaily and foamc's channel.
var ReactingMeshes = []ReactingMesh{
	{Mesh{ID: "counterFlowFlame2D", Tutorial: "combustion/reactingFoam/laminar/counterFlowFlame2D/system/blockMeshDict",
		Inlets: []string{"air"}, Outlets: []string{"outlet"}, Dir: [3]float64{-1, 0, 0}, U: 0.1}, "fuel", map[string]string{"frontAndBack": "empty"}},
	{Mesh{ID: "pitzDaily", Tutorial: "incompressible/simpleFoam/pitzDaily/system/blockMeshDict",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet"}, Walls: []string{"upperWall", "lowerWall"}, Dir: [3]float64{1, 0, 0}, U: 10}, "", map[string]string{"frontAndBack": "empty"}},
	{Mesh{ID: "channel", Repo: "channel/blockMeshDict",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet"}, Walls: []string{"walls"}, Dir: [3]float64{1, 0, 0}, U: 1}, "", map[string]string{"frontAndBack": "empty"}},
}

// reactingCombo is a turbulence model with a combustion model and chemistry settings.
type reactingCombo struct {
	model, combustion, chemistry string
}

// reactingCombos cross laminar and RAS flow with the combustion models and chemistry
// solvers docs/spec.md offers ("" leaves the choice to foamc).
var reactingCombos = []reactingCombo{
	{"laminar", "laminar", ""},
	{"laminar", "", "{solver: ode, ode: seulex}"},
	{"laminar", "none", "{enabled: false}"},
	{"kEpsilon", "EDC", ""},
	{"kEpsilon", "PaSR", "{ode: Rosenbrock34, initialTimeStep: 1e-08}"},
	{"kOmegaSST", "", ""},
	{"realizableKE", "EDC", "{solver: EulerImplicit}"},
}

// Stoichiometric methane-air (air O2 0.23, N2 0.77 by mass): Z_st = 0.05451.
const (
	premixedY = "{CH4: 0.05451, O2: 0.21746, N2: 0.72803}"
	airY      = "{O2: 0.23, N2: 0.77}"
)

// GenerateReacting returns the reacting matrix: every combination on every mesh (minimal
// specs leave inertSpecie, initial and the combustion model to foamc; a RAS combustion
// model pinned on the counterflow is unsatisfiable), then specs the mechanism cannot
// satisfy, each naming the conflict its finding must name.
func GenerateReacting(seed int64, tutorials, repo string) []Generated {
	r := rand.New(rand.NewSource(seed))
	var out []Generated
	for _, m := range ReactingMeshes {
		for i, c := range reactingCombos {
			minimal := (i+len(m.ID))%2 == 0
			g := Generated{Name: fmt.Sprintf("reacting-%s-%s-%d", m.ID, c.model, i), Mesh: m.ID, Solver: "reactingFoam",
				Model: c.model, Family: c.combustion, Minimal: minimal}
			// The 0.1 m/s counterflow has a turbulence Reynolds number ~1.5: a pinned EDC or
			// PaSR is refused there (left free, foamc compiles laminar combustion).
			if m.Fuel != "" && (c.combustion == "EDC" || c.combustion == "PaSR") {
				g.Unsatisfiable = "turbulence Reynolds number"
			}
			g.YAML = reactingYAML(r, m, c, minimal, tutorials, repo, "")
			out = append(out, g)
		}
	}
	m := ReactingMeshes[0]
	for _, u := range []struct{ name, conflict, edit string }{
		{"sum", "sum to 0.9", "air-0.7"},
		{"unknown-specie", "not in the mechanism", "CH5"},
		{"edc-laminar", "needs a RAS or LES model", "edc"},
	} {
		c := reactingCombos[0]
		if u.edit == "edc" {
			c.combustion = "EDC"
		}
		g := Generated{Name: "reacting-unsat-" + u.name, Mesh: m.ID, Solver: "reactingFoam", Model: c.model, Unsatisfiable: u.conflict}
		g.YAML = reactingYAML(r, m, c, false, tutorials, repo, u.edit)
		out = append(out, g)
	}
	return out
}

func reactingYAML(r *rand.Rand, m ReactingMesh, c reactingCombo, minimal bool, tutorials, repo, edit string) string {
	var b strings.Builder
	mesh := filepath.Join(repo, m.Repo)
	if m.Tutorial != "" {
		mesh = filepath.Join(tutorials, m.Tutorial)
	}
	fmt.Fprintf(&b, "version: 1\nname: reacting\nmesh: {blockMeshDict: %s}\n", mesh)
	fmt.Fprintf(&b, "physics: {solver: reactingFoam, turbulence: %s}\n", c.model)
	b.WriteString("reaction:\n  mechanism: methaneOneStep\n")
	if !minimal {
		b.WriteString("  inertSpecie: N2\n")
		if m.Fuel != "" {
			b.WriteString("  initial: {N2: 1}\n")
		} else {
			b.WriteString("  initial: " + premixedY + "\n")
		}
	}
	if c.combustion != "" {
		b.WriteString("  combustion: " + c.combustion + "\n")
	}
	if c.chemistry != "" {
		b.WriteString("  chemistry: " + c.chemistry + "\n")
	}
	// Hot gas to ignite (the tutorial's 2000 K), at 1 bar.
	b.WriteString("initial: {U: [0, 0, 0], p: 100000, T: 2000}\nboundaries:\n")
	u := m.U * (0.8 + 0.4*r.Float64())
	air := airY
	if edit == "air-0.7" {
		air = "{O2: 0.23, N2: 0.7}"
	}
	fuel := "{CH4: 1}"
	if edit == "CH5" {
		fuel = "{CH5: 1}"
	}
	if m.Fuel != "" {
		fmt.Fprintf(&b, "  %s: {role: inlet, U: %s, T: 293, species: %s}\n", m.Fuel, vec([3]float64{-m.Dir[0], -m.Dir[1], -m.Dir[2]}, round3(u)), fuel)
		fmt.Fprintf(&b, "  %s: {role: inlet, U: %s, T: 293, species: %s}\n", m.Inlets[0], vec(m.Dir, round3(u)), air)
	} else {
		for _, in := range m.Inlets {
			fmt.Fprintf(&b, "  %s: {role: inlet, U: %s, T: 293, species: %s}\n", in, vec(m.Dir, round3(u)), premixedY)
		}
	}
	for _, o := range m.Outlets {
		fmt.Fprintf(&b, "  %s: {role: outlet, p: 100000}\n", o)
	}
	for _, w := range m.Walls {
		fmt.Fprintf(&b, "  %s: {role: wall}\n", w)
	}
	for _, n := range sortedNames(m.Named) {
		fmt.Fprintf(&b, "  %s: {role: %s}\n", n, m.Named[n])
	}
	// 25 steps of the Courant-limited step at most; the run stops after them.
	b.WriteString("control: {endTime: 0.01, deltaT: 1e-06, maxCo: 0.4, writeInterval: 0.01}\n")
	return b.String()
}

func sortedNames(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
