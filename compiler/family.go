package compiler

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/openfoam"
	"github.com/foamc/foamc/schema"
)

// A family is the unit of what the compiler writes for a group of solvers that share their
// fields, boundary conditions, algorithm dictionary and derived slots: incompressible
// (family_incompressible.go), compressible pressure-based (family_compressible.go),
// density-based (family_density.go) and buoyant (family_buoyant.go). The solver facts
// (compressible, steady, algorithm, div keys, thermo...) are not a family's: they are the
// one solver table (openfoam/solvers.json, from the v1912 sources); a family holds
// what foamc writes from them. Shared code reads only the traits the family set in
// Features (Compressible, Buoyant, Pressure, Solved, Fields; recorded in provenance.json).
// verify knows a family's solvers by openfoam.LookupSolver and the files the run wrote.
// docs/compiler.md "Add a solver family" is the recipe.
type family interface {
	// name is the family's name in docs and findings.
	name() string
	// solvers lists the solvers the family compiles.
	solvers() []string
	// resolve settles the family's physics once the solver is chosen: the pressure it
	// solves, gravity, thermo and energy slots (add records a stage-A slot), and opens the
	// fluid properties it needs.
	resolve(c *resolution, sol assignment, add func(id string))
	// fields returns the field files of 0/ and the fields with an equation, in emission
	// order, for the turbulence model mi.
	fields(f *Features, mi modelInfo) (files, solved []string)
	// constant writes the family's constant/ files (transport or thermophysical
	// properties, g).
	constant(c *emission, st *state)
	// bcDomain gives the family's own candidates for a field on a patch; nil leaves the
	// field to the shared boundary conditions of bc.go.
	bcDomain(c *resolution, field string, pt meshPatch, b *schema.Boundary) []candidate
	// velocityScale derives a reference velocity when no boundary gives one and the
	// pressure drop does not either (st.uRef stays 0 if the family has none).
	velocityScale(c *emission, st *state)
	// plausibility adds the family's physics checks and derived numbers (warn, or a
	// conflict when the physics has no solution the solver can reach).
	plausibility(c *emission, st *state)
	// divSchemes writes the divSchemes keys (and any fvSchemes entry the family adds before
	// laplacianSchemes); conv is the convection scheme of a field.
	divSchemes(c *emission, fs, div node, conv func(field string) string)
	// interpolation adds the family's interpolationSchemes entries after default.
	interpolation(ip node)
	// linearSolvers writes fvSolution's solvers (ls.pressure and ls.smooth write one
	// block) and any control dictionary of the family's own beside them (ls.fv).
	linearSolvers(c *emission, sol node, ls linearSolver)
	// simple adds the family's entries to the SIMPLE dictionary; relaxation gives the
	// field factors (in order) and the equation factor of relaxationFactors.
	simple(c *emission, alg node, asrc Source)
	relaxation() (fields [][2]any, equations float64)
}

// The optional hooks of a family (docs/compiler.md "Add a solver family"): shared code asks
// for them by type assertion, so a family implements one only when it writes something no
// other family does (a phase fraction, shallow water's h and hU, a passive scalar).
type (
	// internalHook gives the initial value of a field of the family's own.
	internalHook interface {
		internal(c *emission, st *state, field string) (val, bool)
	}
	// bcParamsHook writes the entries of a boundary condition of the family's own and
	// reports whether it did (else the shared entries of fields.go are written).
	bcParamsHook interface {
		bcParams(c *emission, st *state, n node, field, typ, patch string, b *schema.Boundary, in val) bool
	}
	// controlHook adds controlDict entries after the time-step control.
	controlHook interface {
		control(c *emission, cd node, st *state)
	}
	// algorithmHook sets entries of the algorithm dictionary (PISO, PIMPLE) after the
	// shared ones.
	algorithmHook interface {
		algorithm(c *emission, alg node)
	}
	// waveSpeeder is a wave speed beside the flow's that bounds the Courant step (gravity
	// waves in shallow water).
	waveSpeeder interface {
		waveSpeed(c *emission, st *state) float64
	}
	// regionWriter adds setFields values of the family's own fields to a region.
	regionWriter interface {
		regionValues(c *emission, ptr string, r schema.InitialRegion) []grammar.Item
	}
)

// linearSolver writes the fvSolution solver blocks shared by the pressure-based families.
type linearSolver struct {
	fv       node // system/fvSolution
	final    bool // PISO/PIMPLE: a Final block per field
	pressure func(name string, relTol float64)
	smooth   func(name string, tol, relTol float64)
}

// families is the registration of every family foamc compiles: adding a family is one
// line here (docs/compiler.md "Add a solver family").
var families = []family{incompressible{}, compressible{}, density{}, buoyant{}, potential{}, vof{}, shallowWater{}, scalarTransport{}, reacting{}, cht{}}

// solverInfo is a solver foamc compiles: its row of the kb's curated table (the one table
// of solver facts) with its family and what the compiler derives from the row.
type solverInfo struct {
	openfoam.Solver
	fam family
	// ThermoTypes are the thermoType type values of the solver's thermo family.
	ThermoTypes []string
	// EnergyWords are the accepted thermoType energy values, preferred first.
	EnergyWords []string
	// Transonic: a pressure equation with phid (div(phid,p)).
	Transonic bool
}

// solverFromFlow is the preference order of solvers within a flow class (curated from the
// tutorial counts of docs/compiler.md §2), when the spec states the flow but no solver.
func (c *resolution) solverFromFlow(comp, steady bool) []string {
	order := map[[2]bool][]string{
		{false, true}:  {"simpleFoam"},
		{false, false}: {"pimpleFoam", "pisoFoam", "icoFoam"},
		{true, true}:   {"rhoSimpleFoam"},
		{true, false}:  {"rhoPimpleFoam", "sonicFoam", "rhoCentralFoam"},
	}[[2]bool{comp, steady}]
	if comp && !steady && c.supersonic() {
		order = []string{"rhoCentralFoam", "sonicFoam", "rhoPimpleFoam"}
	}
	if c.spec.Reaction != nil {
		return []string{"reactingFoam"}
	}
	if comp && c.spec.Physics.Gravity != nil {
		order = map[bool][]string{true: {"buoyantSimpleFoam"}, false: {"buoyantPimpleFoam"}}[steady]
	}
	return order
}

// registerSolvers reads the curated row of every solver of every family.
func registerSolvers(st map[string]openfoam.Solver) error {
	energyWord := map[string]string{"h": "sensibleEnthalpy", "e": "sensibleInternalEnergy"}
	for _, fam := range families {
		for _, name := range fam.solvers() {
			m, ok := st[name]
			if !ok {
				return fmt.Errorf("compiler: openfoam/solvers.json does not describe %s (family %s)", name, fam.name())
			}
			si := solverInfo{Solver: m, fam: fam}
			// A pressure equation with fvm::div(phid, p) (sonicFoam's pEqn.H) is always transonic.
			si.Transonic = slices.Contains(m.Div, "div(phid,p)")
			switch m.Thermo {
			case "psiThermo":
				si.ThermoTypes = []string{"hePsiThermo"}
			case "rhoThermo":
				si.ThermoTypes = []string{"heRhoThermo"}
			case "any":
				si.ThermoTypes = []string{"hePsiThermo", "heRhoThermo"}
			}
			// Enthalpy first where both are accepted (the tutorials' majority).
			for _, e := range []string{"h", "e"} {
				if slices.Contains(m.Energy, e) {
					si.EnergyWords = append(si.EnergyWords, energyWord[e])
				}
			}
			solvers[name] = si
		}
	}
	return nil
}

// solverNames lists the solvers foamc compiles, sorted.
func solverNames() []string { return slices.Sorted(maps.Keys(solvers)) }

// fam is the family of the case's solver.
func (c *resolution) fam() family { return solvers[c.feat.Solver].fam }

// noGravity is the resolve step of the families without gravity.
func noGravity(c *resolution) {
	if c.spec.Physics.Gravity != nil {
		c.note(IDNotice, finding.Info, "/physics/gravity", c.feat.Solver+" has no gravity; physics.gravity is ignored", "use a buoyant solver or remove it")
	}
}

// pressureBased holds the defaults of the families that solve a pressure equation
// (every family but the density-based one).
type pressureBased struct{}

func (pressureBased) bcDomain(*resolution, string, meshPatch, *schema.Boundary) []candidate {
	return nil
}
func (pressureBased) velocityScale(*emission, *state) {}
func (pressureBased) plausibility(*emission, *state)  {}
func (pressureBased) interpolation(node)              {}

// divSchemes: which div keys exist is knowledge of the solver (openfoam/solvers.json:
// div and energyDiv, rules NUM-001/002) and the model (its transported fields); only their
// schemes are choices.
func (pressureBased) divSchemes(c *emission, fs, div node, conv func(string) string) {
	f := c.feat
	src := curated(refNumerics)
	keys := append([]string{}, solvers[f.Solver].Div...)
	for _, m := range models[f.Model].Fields {
		keys = append(keys, "div(phi,"+m+")")
	}
	keys = append(keys, solvers[f.Solver].EnergyDiv[f.Energy]...)
	for _, k := range keys {
		if strings.Contains(k, "dev2(T(grad(U)))") {
			div.words(k, ruleSrc("FOAM-NUM-001", "stress term key"), "Gauss linear")
			continue
		}
		// div(<flux>,<field>): the field decides the convection scheme.
		field := strings.TrimSuffix(k[strings.Index(k, ",")+1:], ")")
		if strings.HasPrefix(k, "div(phiv,") {
			div.words(k, ruleSrc("FOAM-NUM-002", "internal-energy pressure work term"), conv(field))
			continue
		}
		c.scheme(div, "divSchemes", k, conv(field), src)
	}
}

// linearSolvers: the pressure with its own solver, every other solved field smoothed (a
// Final block each under PISO/PIMPLE).
func (pressureBased) linearSolvers(c *emission, sol node, ls linearSolver) {
	f := c.feat
	for _, x := range f.Solved {
		if x == f.Pressure {
			ls.pressure(x, map[bool]float64{true: 0.05, false: 0.1}[ls.final])
			if ls.final {
				ls.pressure(x+"Final", 0)
			}
			continue
		}
		rel := 0.1
		if ls.final {
			rel = 0
		}
		ls.smooth(x, 1e-06, rel)
		if ls.final {
			ls.smooth(x+"Final", 1e-06, 0)
		}
	}
}
