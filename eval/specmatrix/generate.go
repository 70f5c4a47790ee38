// Package specs generates the spec matrix foamc is tested against: specs written the way
// an engineer writes them from docs/spec.md (mesh, solver, model, fluid, boundary roles
// with their values, end time), over meshes taken from the OpenFOAM v1912 tutorials at test
// time and foamc's own meshes in eval/specmatrix/meshes. The same seed gives the same matrix.
package specmatrix

import (
	"fmt"
	"math/rand"
	"path/filepath"
	"sort"
	"strings"
)

// Mesh is one mesh of the matrix with what an engineer knows about it: which patch is the
// inlet, the outlet, the walls, and the flow it was built for.
type Mesh struct {
	ID string
	// Tutorial is a path under the source package's tutorials/ (read at test time); Repo a
	// path under eval/specmatrix/meshes.
	Tutorial, Repo string
	Kind           string // blockMeshDict | polyMesh
	// Class: duct (inlet -> outlet), cavity (closed, a moving lid), supersonic (an inflow
	// at Mach 2-3), external (a body in a free stream), room (closed, heated walls).
	Class    string
	Inlets   []string
	Outlets  []string
	Walls    []string
	Lid      string // the moving wall of a cavity
	Sym      []string
	Far      []string // far-field patches of an external flow
	Dir      [3]float64
	U        float64 // flow speed an engineer would pick for it (incompressible)
	DeltaT   float64 // a stable time step at U, which the polyMesh specs state (a fixed step)
	Gravity  [3]float64
	HotWalls []string
	// HighRa: heated walls at Ra > 1e9 (a room): no steady laminar free convection.
	HighRa bool
}

// Meshes are the matrix meshes: 15 tutorial meshes (blockMeshDicts with $var, multi-block
// grading, blockMesh's default patch, a polyMesh) and foamc's own.
var Meshes = []Mesh{
	{ID: "pitzDaily", Tutorial: "incompressible/simpleFoam/pitzDaily/system/blockMeshDict", Class: "duct",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet"}, Walls: []string{"upperWall", "lowerWall"}, Dir: [3]float64{1, 0, 0}, U: 10},
	{ID: "backwardFacingStep2D", Tutorial: "incompressible/simpleFoam/backwardFacingStep2D/system/blockMeshDict", Class: "duct",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet"}, Walls: []string{"upperWall", "lowerWall"}, Dir: [3]float64{1, 0, 0}, U: 10},
	{ID: "TJunction", Tutorial: "incompressible/pimpleFoam/RAS/TJunction/system/blockMeshDict", Class: "duct",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet1", "outlet2"}, Walls: []string{"defaultFaces"}, Dir: [3]float64{1, 0, 0}, U: 1},
	{ID: "planarContraction", Tutorial: "incompressible/pimpleFoam/laminar/planarContraction/system/blockMeshDict", Class: "duct",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet"}, Walls: []string{"walls"}, Dir: [3]float64{1, 0, 0}, U: 0.1},
	{ID: "damBreak", Tutorial: "multiphase/interFoam/laminar/damBreak/damBreak/system/blockMeshDict", Class: "cavity",
		Outlets: []string{"atmosphere"}, Walls: []string{"leftWall", "rightWall"}, Lid: "lowerWall", Dir: [3]float64{1, 0, 0}, U: 1},
	{ID: "cavity", Tutorial: "incompressible/icoFoam/cavity/cavity/system/blockMeshDict", Class: "cavity",
		Walls: []string{"fixedWalls"}, Lid: "movingWall", Dir: [3]float64{1, 0, 0}, U: 1},
	{ID: "cavityGrade", Tutorial: "incompressible/icoFoam/cavity/cavityGrade/system/blockMeshDict", Class: "cavity",
		Walls: []string{"fixedWalls"}, Lid: "movingWall", Dir: [3]float64{1, 0, 0}, U: 1},
	{ID: "cavityClipped", Tutorial: "incompressible/icoFoam/cavity/cavityClipped/system/blockMeshDict", Class: "cavity",
		Walls: []string{"fixedWalls"}, Lid: "lid", Dir: [3]float64{1, 0, 0}, U: 1},
	{ID: "pisoCavity", Tutorial: "incompressible/pisoFoam/RAS/cavity/system/blockMeshDict", Class: "cavity",
		Walls: []string{"fixedWalls"}, Lid: "movingWall", Dir: [3]float64{1, 0, 0}, U: 1},
	{ID: "rhoCavity", Tutorial: "compressible/rhoPimpleFoam/RAS/cavity/system/blockMeshDict", Class: "cavity",
		Walls: []string{"fixedWalls"}, Lid: "movingWall", Dir: [3]float64{1, 0, 0}, U: 1},
	{ID: "hotRoom", Tutorial: "heatTransfer/buoyantPimpleFoam/hotRoom/system/blockMeshDict", Class: "room",
		Walls: []string{"fixedWalls", "ceiling"}, HotWalls: []string{"floor"}, Gravity: [3]float64{0, 0, -9.81}, HighRa: true},
	{ID: "forwardStep", Tutorial: "compressible/rhoCentralFoam/forwardStep/system/blockMeshDict", Class: "supersonic",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet"}, Walls: []string{"obstacle"}, Sym: []string{"top", "bottom"}, Dir: [3]float64{1, 0, 0}},
	{ID: "wedge15Ma5", Tutorial: "compressible/rhoCentralFoam/wedge15Ma5/system/blockMeshDict", Class: "supersonic",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet"}, Walls: []string{"obstacle"}, Dir: [3]float64{1, 0, 0}},
	{ID: "obliqueShock", Tutorial: "compressible/rhoCentralFoam/obliqueShock/system/blockMeshDict", Class: "supersonic",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet"}, Walls: []string{"top"}, Dir: [3]float64{1, 0, 0}},
	{ID: "airFoil2D", Tutorial: "incompressible/simpleFoam/airFoil2D/constant/polyMesh", Kind: "polyMesh", Class: "external",
		Far: []string{"inlet", "outlet"}, Walls: []string{"walls"}, Dir: [3]float64{0.996, 0.087, 0}, U: 26, DeltaT: 2e-6},
	{ID: "channel", Repo: "channel/blockMeshDict", Class: "duct",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet"}, Walls: []string{"walls"}, Dir: [3]float64{1, 0, 0}, U: 5},
	{ID: "halfchannel", Repo: "halfchannel/blockMeshDict", Class: "duct",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet"}, Walls: []string{"bottom"}, Sym: []string{"centreline"}, Dir: [3]float64{1, 0, 0}, U: 5},
	{ID: "duct", Repo: "duct/blockMeshDict", Class: "duct",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet"}, Walls: []string{"walls"}, Dir: [3]float64{1, 0, 0}, U: 1},
	{ID: "ramp", Repo: "ramp/blockMeshDict", Class: "supersonic",
		Inlets: []string{"inlet"}, Outlets: []string{"outlet", "top"}, Walls: []string{"ramp"}, Dir: [3]float64{1, 0, 0}},
	{ID: "box", Repo: "box/blockMeshDict", Class: "room",
		Walls: []string{"adiabatic"}, HotWalls: []string{"hot", "cold"}, Gravity: [3]float64{0, -9.81, 0}},
	{ID: "platePoly", Repo: "platePoly/polyMesh", Kind: "polyMesh", Class: "external",
		Far: []string{"farfield"}, Outlets: []string{"outlet"}, Walls: []string{"plate"}, Dir: [3]float64{1, 0, 0}, U: 10, DeltaT: 1e-4},
}

// Solvers are the solvers foamc compiles; Families the turbulence model families.
var Solvers = []string{"icoFoam", "simpleFoam", "pisoFoam", "pimpleFoam", "rhoSimpleFoam", "rhoPimpleFoam",
	"rhoCentralFoam", "sonicFoam", "buoyantSimpleFoam", "buoyantPimpleFoam"}

var Families = map[string][]string{
	"laminar":  {"laminar"},
	"kEpsilon": {"kEpsilon", "realizableKE", "RNGkEpsilon", "LaunderSharmaKE"},
	"kOmega":   {"kOmegaSST", "kOmega"},
	"SA":       {"SpalartAllmaras"},
	"LES":      {"Smagorinsky", "WALE", "kEqn", "dynamicKEqn"},
}

// FamilyNames in a fixed order.
var FamilyNames = []string{"laminar", "kEpsilon", "kOmega", "SA", "LES"}

// Generated is one spec of the matrix.
type Generated struct {
	Name, Mesh, Solver, Model, Family string
	Minimal                           bool
	// Unsatisfiable names the conflict the compiler must report ("" for a satisfiable spec).
	Unsatisfiable string
	YAML          string
}

var compressible = map[string]bool{"rhoSimpleFoam": true, "rhoPimpleFoam": true, "rhoCentralFoam": true, "sonicFoam": true,
	"buoyantSimpleFoam": true, "buoyantPimpleFoam": true}
var steady = map[string]bool{"simpleFoam": true, "rhoSimpleFoam": true, "buoyantSimpleFoam": true}

// classes lists the mesh classes a solver is meant for.
func classes(solver string) []string {
	switch solver {
	case "rhoCentralFoam", "sonicFoam":
		return []string{"supersonic", "duct"}
	case "buoyantSimpleFoam", "buoyantPimpleFoam":
		return []string{"room", "cavity"}
	case "rhoSimpleFoam", "rhoPimpleFoam":
		return []string{"duct", "cavity", "external"}
	}
	return []string{"duct", "cavity", "external"}
}

// Generate returns the matrix for a seed: every solver x model family, `per` specs each
// (different meshes and boundary-role variants), every other spec minimal, plus specs that
// contradict themselves. tutorials is the tutorials/ directory, repo the eval/specmatrix/meshes one.
func Generate(seed int64, per int, tutorials, repo string) []Generated {
	r := rand.New(rand.NewSource(seed))
	var out []Generated
	used := map[string]int{}
	for _, solver := range Solvers {
		var pool []Mesh
		for _, m := range Meshes {
			for _, c := range classes(solver) {
				if m.Class == c {
					pool = append(pool, m)
				}
			}
		}
		for _, fam := range FamilyNames {
			for i := 0; i < per; i++ {
				// Least-used mesh first (ties by the seeded order) spreads the matrix.
				perm := r.Perm(len(pool))
				sort.SliceStable(perm, func(a, b int) bool { return used[pool[perm[a]].ID] < used[pool[perm[b]].ID] })
				m := pool[perm[0]]
				used[m.ID]++
				models := Families[fam]
				model := models[r.Intn(len(models))]
				g := Generated{Mesh: m.ID, Solver: solver, Model: model, Family: fam, Minimal: (len(out)+i)%2 == 0}
				g.Name = fmt.Sprintf("g%03d-%s-%s-%s", len(out)+1, solver, model, m.ID)
				switch {
				case solver == "icoFoam" && fam != "laminar":
					g.Unsatisfiable = "FOAM-FM-001"
				case steady[solver] && fam == "laminar" && m.HighRa && strings.HasPrefix(solver, "buoyant"):
					g.Unsatisfiable = "Rayleigh"
				}
				g.YAML = specYAML(r, g, m, tutorials, repo)
				out = append(out, g)
			}
		}
	}
	// Specs whose stated physics contradict each other.
	m := Meshes[0]
	g := Generated{Name: fmt.Sprintf("g%03d-flow-disagrees", len(out)+1), Mesh: m.ID, Solver: "simpleFoam", Model: "kEpsilon", Family: "kEpsilon",
		Minimal: true, Unsatisfiable: "FOAM-SPEC-005"}
	g.YAML = strings.Replace(specYAML(r, g, m, tutorials, repo), "physics: {solver: simpleFoam,", "physics: {solver: simpleFoam, flow: {compressible: true, steady: true},", 1)
	out = append(out, g)
	return out
}

func vec(v [3]float64, s float64) string {
	return fmt.Sprintf("[%g, %g, %g]", round3(v[0]*s), round3(v[1]*s), round3(v[2]*s))
}

func round3(x float64) float64 {
	return float64(int64(x*1000+sign(x)*0.5)) / 1000
}

func sign(x float64) float64 {
	if x < 0 {
		return -1
	}
	return 1
}

// specYAML writes the spec as an engineer would: the mesh, the solver and model, the fluid,
// each patch's role with its values, the end time and a time step (or maxCo). Non-minimal
// specs add reference scales, inlet turbulence, initial fields or a numerics override.
func specYAML(r *rand.Rand, g Generated, m Mesh, tutorials, repo string) string {
	var b strings.Builder
	path := filepath.Join(repo, m.Repo)
	if m.Tutorial != "" {
		path = filepath.Join(tutorials, m.Tutorial)
	}
	kind := m.Kind
	if kind == "" {
		kind = "blockMeshDict"
	}
	comp := compressible[g.Solver]
	fmt.Fprintf(&b, "version: 1\nname: %s\ndescription: generated (%s on %s)\n", g.Name, g.Solver, m.ID)
	fmt.Fprintf(&b, "mesh: {%s: %s}\n", kind, path)
	fmt.Fprintf(&b, "physics: {solver: %s, turbulence: %s", g.Solver, g.Model)
	buoyant := strings.HasPrefix(g.Solver, "buoyant")
	if buoyant {
		grav := m.Gravity
		if grav == [3]float64{} {
			grav = [3]float64{0, -9.81, 0}
		}
		fmt.Fprintf(&b, ", gravity: %s", vec(grav, 1))
	}
	b.WriteString("}\n")
	U := m.U
	supersonic := m.Class == "supersonic" && (g.Solver == "rhoCentralFoam" || g.Solver == "sonicFoam")
	switch {
	case comp:
		b.WriteString("fluid: {molWeight: 28.96, Cp: 1004.5, mu: 1.8e-5}\n")
		if supersonic {
			U = 694 // Mach 2 at 300 K
		} else if U == 0 || U > 50 {
			U = 20
		}
	default:
		nu := 1e-5
		if m.U*0.05/nu < 100 {
			nu = 1e-6
		}
		fmt.Fprintf(&b, "fluid: {nu: %g}\n", nu)
	}
	closed := m.Class == "cavity" || m.Class == "room"
	if !g.Minimal || (comp && closed) {
		b.WriteString("reference: {")
		var parts []string
		if comp {
			parts = append(parts, "p: 1.0e5", "T: 300")
		}
		if !g.Minimal && U > 0 {
			parts = append(parts, fmt.Sprintf("U: %g", U))
		}
		b.WriteString(strings.Join(parts, ", ") + "}\n")
	}
	if !g.Minimal && r.Intn(2) == 0 && U > 0 && m.Class != "room" {
		fmt.Fprintf(&b, "initial: {U: %s}\n", vec(m.Dir, U*map[bool]float64{true: 1, false: 0}[m.Class != "cavity"]))
	}
	b.WriteString("boundaries:\n")
	variant := r.Intn(3)
	turb := ""
	if !g.Minimal && g.Family != "laminar" && g.Family != "LES" {
		turb = ", turbulence: {intensity: 0.05}"
		if r.Intn(2) == 0 {
			turb = ", turbulence: {intensity: 0.02, lengthScale: 0.005}"
		}
	}
	for _, p := range m.Inlets {
		switch {
		case supersonic:
			fmt.Fprintf(&b, "  %s: {role: inlet, U: %s, p: 1.0e5, T: 300%s}\n", p, vec(m.Dir, U), turb)
		case comp && variant == 0:
			fmt.Fprintf(&b, "  %s: {role: inlet, p: {total: 1.002e5}, T: {total: 300}%s}\n", p, turb)
		case comp:
			fmt.Fprintf(&b, "  %s: {role: inlet, U: %s, T: 300%s}\n", p, vec(m.Dir, U), turb)
		case variant == 0 && g.Solver != "icoFoam":
			fmt.Fprintf(&b, "  %s: {role: inlet, p: {total: %g}%s}\n", p, round3(0.5*U*U), turb)
		case variant == 1:
			fmt.Fprintf(&b, "  %s: {role: inlet, U: {magnitude: %g, direction: %s}%s}\n", p, U, vec(m.Dir, 1), turb)
		default:
			fmt.Fprintf(&b, "  %s: {role: inlet, U: %s%s}\n", p, vec(m.Dir, U), turb)
		}
	}
	pOut := "0"
	if comp {
		pOut = "1.0e5"
	}
	for _, p := range m.Outlets {
		if supersonic && variant == 2 {
			fmt.Fprintf(&b, "  %s: {role: outlet}\n", p)
			continue
		}
		fmt.Fprintf(&b, "  %s: {role: outlet, p: %s}\n", p, pOut)
	}
	for _, p := range m.Far {
		if comp {
			fmt.Fprintf(&b, "  %s: {role: freestream, U: %s, p: 1.0e5, T: 300}\n", p, vec(m.Dir, U))
		} else {
			fmt.Fprintf(&b, "  %s: {role: freestream, U: %s, p: 0}\n", p, vec(m.Dir, U))
		}
	}
	wallT := ""
	if comp && !supersonic {
		wallT = ", T: 300"
	}
	for _, p := range m.Walls {
		switch {
		case supersonic || (variant == 2 && m.Class == "duct" && len(m.Walls) > 1 && p == m.Walls[len(m.Walls)-1]):
			fmt.Fprintf(&b, "  %s: {role: wall, slip: true}\n", p)
		case buoyant && closed:
			fmt.Fprintf(&b, "  %s: {role: wall, heatFlux: 0}\n", p)
		default:
			fmt.Fprintf(&b, "  %s: {role: wall%s}\n", p, wallT)
		}
	}
	for i, p := range m.HotWalls {
		fmt.Fprintf(&b, "  %s: {role: wall, T: %d}\n", p, 310-20*i)
	}
	if m.Lid != "" {
		if buoyant {
			fmt.Fprintf(&b, "  %s: {role: wall, T: 310}\n", m.Lid)
		} else {
			fmt.Fprintf(&b, "  %s: {role: wall, velocity: %s%s}\n", m.Lid, vec(m.Dir, U), wallT)
		}
	}
	for _, p := range m.Sym {
		fmt.Fprintf(&b, "  %s: {role: symmetry}\n", p)
	}
	if !g.Minimal && r.Intn(3) == 0 && !steady[g.Solver] && g.Solver != "rhoCentralFoam" {
		b.WriteString("numerics: {fvSchemes: {ddtSchemes: {default: backward}}}\n")
	}
	switch {
	case steady[g.Solver]:
		b.WriteString("control: {endTime: 25, deltaT: 1}\n")
	case kind == "blockMeshDict":
		// The engineer gives a Courant number and lets the tool size the step.
		b.WriteString("control: {endTime: 10, maxCo: 0.3}\n")
	default:
		fmt.Fprintf(&b, "control: {endTime: %g, deltaT: %g}\n", 1000*m.DeltaT, m.DeltaT)
	}
	return b.String()
}
