package compiler

import (
	"embed"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/schema"
	"github.com/foamc/foamc/suggest"
)

// reacting is the family of reactingFoam: a compressible (psi-based) multi-component gas
// whose species mass fractions Yi are transported and react (applications/solvers/
// combustion/reactingFoam: createFields.H, YEqn.H). The mixture is the mechanism's
// (constant/reactions and the JANAF thermo of every specie, read through
// foamChemistryReader), so no fluid properties are opened; the spec gives the species'
// initial and inlet mass fractions, the inert specie, the combustion model
// (combustionProperties) and the chemistry (chemistryProperties). Species are written
// from the spec's fractions by role, every other specie takes 0/Ydefault.
type reacting struct{ compressible }

func (reacting) name() string { return "reacting" }

func (reacting) solvers() []string { return []string{"reactingFoam"} }

// IDReaction is the finding of a reacting spec its mechanism cannot satisfy.
const IDReaction = "FOAM-SPEC-006"

// fractionTol is how far a spec's mass fractions may sum from 1: well above the rounding
// of fractions written with six significant digits (5e-7 each), far below any composition
// error that changes the flame (1e-3 of N2 moves the adiabatic temperature by < 1 K).
const fractionTol = 1e-6

//go:embed mechanisms
var mechanismFS embed.FS

// mechanismSrc is where a carried mechanism's data comes from.
var mechanismSrc = map[string]string{
	"methaneOneStep": "tutorials/combustion/reactingFoam/laminar/counterFlowFlame2D/constant (v1912): one-step CH4 + 2O2 = CO2 + 2H2O, JANAF thermo, Sutherland transport",
}

// mechanism is the parsed chemistry of a reacting spec.
type mechanism struct {
	species   []string
	reactions int
	reactFile *grammar.File
	thermo    *grammar.File
	// src and thermoSrc are where the reactions and the thermo come from.
	src, thermoSrc Source
}

// mechanism loads the spec's mechanism: one foamc carries, or the spec's foam-format
// files; nil (with a finding) when it cannot be read.
func (c *resolution) mechanism() *mechanism {
	r := c.spec.Reaction
	var rb, tb []byte
	var src, tsrc Source
	var err error
	switch {
	case r.Mechanism != "":
		dir := "mechanisms/" + r.Mechanism + "/"
		if rb, err = mechanismFS.ReadFile(dir + "reactions"); err == nil {
			tb, err = mechanismFS.ReadFile(dir + "thermo.compressibleGas")
		}
		if err != nil {
			c.fail(IDReaction, "/reaction/mechanism", fmt.Sprintf("mechanism %q is not one foamc carries", r.Mechanism), "use methaneOneStep, or give reactions and thermo files")
			return nil
		}
		src = curated(mechanismSrc[r.Mechanism])
		tsrc = src
	case r.Reactions != "" && r.Thermo != "":
		if rb, err = os.ReadFile(filepath.Join(c.spec.Dir, r.Reactions)); err != nil {
			c.fail(IDReaction, "/reaction/reactions", "cannot read the reactions file: "+err.Error(), "give a foam-format reactions file relative to the spec")
			return nil
		}
		if tb, err = os.ReadFile(filepath.Join(c.spec.Dir, r.Thermo)); err != nil {
			c.fail(IDReaction, "/reaction/thermo", "cannot read the thermo file: "+err.Error(), "give a foam-format thermo file relative to the spec")
			return nil
		}
		src, tsrc = specSrc("/reaction/reactions"), specSrc("/reaction/thermo")
	default:
		c.open("reaction/mechanism", "/reaction/mechanism", "the mechanism of the reacting mixture (methaneOneStep, or reactions and thermo files)", "string")
		return nil
	}
	m := &mechanism{src: src, thermoSrc: tsrc}
	if m.reactFile, err = grammar.Parse("reactions", rb); err != nil {
		c.fail(IDReaction, "/reaction", "the reactions file does not parse: "+err.Error(), "convert the CHEMKIN mechanism with chemkinToFoam")
		return nil
	}
	if m.thermo, err = grammar.Parse("thermo", tb); err != nil {
		c.fail(IDReaction, "/reaction", "the thermo file does not parse: "+err.Error(), "convert the CHEMKIN thermo with chemkinToFoam")
		return nil
	}
	m.species = speciesList(m.reactFile.Body)
	if len(m.species) == 0 {
		c.fail(IDReaction, "/reaction", "the reactions file lists no species", "a foam reactions file starts with species (...);")
		return nil
	}
	if e, ok := m.reactFile.Body.Find("reactions").(*grammar.DictEntry); ok {
		m.reactions = len(e.Dict.Entries)
	}
	for _, sp := range m.species {
		if _, ok := m.thermo.Body.Find(sp).(*grammar.DictEntry); !ok {
			c.fail(IDReaction, "/reaction/thermo", fmt.Sprintf("specie %s of the reactions file has no thermo entry", sp), "add its JANAF thermo and transport to the thermo file")
		}
	}
	return m
}

// composition is a set of mass fractions with where they come from.
type composition struct {
	y   map[string]float64
	src func(sp string) Source
}

// fractions checks a spec set of mass fractions: every specie in the mechanism, the sum 1.
func (c *resolution) fractions(m *mechanism, y map[string]float64, ptr string) bool {
	ok := true
	var sum float64
	for _, sp := range slices.Sorted(maps.Keys(y)) {
		sum += y[sp]
		if !slices.Contains(m.species, sp) {
			fix := "the mechanism's species: " + strings.Join(m.species, " ")
			if b := suggest.Closest(sp, m.species); b != "" {
				fix = fmt.Sprintf("did you mean %q? (%s)", b, fix)
			}
			c.fail(IDReaction, ptr+"/"+escape(sp), fmt.Sprintf("specie %s is not in the mechanism", sp), fix)
			ok = false
		}
	}
	if math.Abs(sum-1) > fractionTol {
		c.fail(IDReaction, ptr, fmt.Sprintf("mass fractions sum to %.6g, not 1", sum), "make the fractions sum to 1 (the inert specie takes 1 - the others in reactingFoam)")
		ok = false
	}
	return ok
}

// initial is the initial composition: the spec's, else the pure inert specie.
func (c *emission) initialComposition(inert string) composition {
	r := c.spec.Reaction
	if r.Initial != nil {
		return composition{r.Initial, func(sp string) Source { return specSrc("/reaction/initial/" + escape(sp)) }}
	}
	return composition{map[string]float64{inert: 1}, func(string) Source {
		return curated("no reaction.initial: the domain starts filled with the inert specie (tutorial counterFlowFlame2D 0/N2)")
	}}
}

// inertSpecie is the spec's, else the specie with the largest initial mass fraction
// (N2 of air), else N2 when the mechanism has it.
func (c *resolution) inertSpecie(m *mechanism) (string, Source) {
	r := c.spec.Reaction
	if r.InertSpecie != "" {
		return r.InertSpecie, specSrc("/reaction/inertSpecie")
	}
	best := ""
	for _, sp := range slices.Sorted(maps.Keys(r.Initial)) {
		if best == "" || r.Initial[sp] > r.Initial[best] {
			best = sp
		}
	}
	if best != "" {
		return best, Source{Kind: KindDerived, Formula: "inertSpecie = the specie of largest initial mass fraction", Inputs: map[string]float64{best: r.Initial[best]}}
	}
	if slices.Contains(m.species, "N2") {
		return "N2", curated("inert N2 (tutorials/combustion/reactingFoam: inertSpecie N2)")
	}
	return "", Source{}
}

func (reacting) resolve(c *resolution, sol assignment, add func(string)) {
	noGravity(c)
	c.feat.Thermo = sol["constant/thermophysicalProperties/thermoType/type"]
	c.feat.Energy = map[string]string{"sensibleEnthalpy": "h", "sensibleInternalEnergy": "e"}[sol["constant/thermophysicalProperties/thermoType/energy"]]
	add("constant/thermophysicalProperties/thermoType/type")
	add("constant/thermophysicalProperties/thermoType/energy")
	c.energyWord = sol["constant/thermophysicalProperties/thermoType/energy"]
	s := c.spec
	if !reflect.ValueOf(s.Fluid).IsZero() {
		c.note(IDNotice, finding.Info, "/fluid", "reactingFoam takes its gas properties from the mechanism's thermo; fluid is ignored", "remove fluid")
	}
	if s.Reaction == nil {
		c.open("reaction/mechanism", "/reaction/mechanism", "the mechanism of the reacting mixture (methaneOneStep, or reactions and thermo files)", "string")
		return
	}
	m := c.mechanism()
	if m == nil {
		return
	}
	r := s.Reaction
	inert, _ := c.inertSpecie(m)
	switch {
	case inert == "":
		c.open("reaction/inertSpecie", "/reaction/inertSpecie", "the inert specie reactingFoam does not solve (1 - the others)", "string")
	case !slices.Contains(m.species, inert):
		c.fail(IDReaction, "/reaction/inertSpecie", fmt.Sprintf("inert specie %s is not in the mechanism", inert), "choose one of: "+strings.Join(m.species, " "))
	}
	if r.Initial != nil {
		c.fractions(m, r.Initial, "/reaction/initial")
	}
	for _, n := range sortedKeys(s.Boundaries) {
		b := s.Boundaries[n]
		if b.Species == nil {
			continue
		}
		ptr := "/boundaries/" + escape(n) + "/species"
		if b.Role != "inlet" && b.Role != "freestream" {
			c.note(IDNotice, finding.Info, ptr, "species are fixed only where the flow enters (inlet, freestream); ignored on a "+b.Role, "remove it")
			continue
		}
		c.fractions(m, b.Species, ptr)
	}
	for i, rg := range s.Initial.Regions {
		if rg.Species != nil {
			c.fractions(m, rg.Species, fmt.Sprintf("/initial/regions/%d/species", i))
		}
	}
	model, _ := c.combustionModel()
	if (model == "EDC" || model == "PaSR") && models[s.Physics.Turbulence].Class == "laminar" {
		c.fail(IDConflict, "/reaction/combustion", model+" models turbulence-chemistry interaction from k and epsilon: it needs a RAS or LES model, not laminar flow",
			"use combustion laminar, or choose a turbulence model")
	}
	if on, _ := c.chemistryOn(); on && m.reactions == 0 {
		c.fail(IDReaction, "/reaction/chemistry/enabled", "chemistry is on but the mechanism has no reactions", "give a mechanism with reactions, or set chemistry.enabled false")
	}
}

// combustionModel is the spec's, else laminar (the laminar tutorials') or EDC with a
// turbulence model (the RAS tutorials').
func (c *resolution) combustionModel() (string, Source) {
	if m := c.spec.Reaction.Combustion; m != "" {
		return m, specSrc("/reaction/combustion")
	}
	if models[c.spec.Physics.Turbulence].Class == "laminar" {
		return "laminar", curated("tutorials/combustion/reactingFoam/laminar/*/constant/combustionProperties: laminar")
	}
	return "EDC", curated("tutorials/combustion/reactingFoam/RAS/*/constant/combustionProperties: EDC v2005")
}

// chemistryOn: the spec's, else on unless combustion is none.
func (c *resolution) chemistryOn() (bool, Source) {
	r := c.spec.Reaction
	if r.Chemistry != nil && r.Chemistry.Enabled != nil {
		return *r.Chemistry.Enabled, specSrc("/reaction/chemistry/enabled")
	}
	m, _ := c.combustionModel()
	return m != "none", curated("chemistry on with a combustion model (tutorial counterFlowFlame2D)")
}

// fields: the compressible gas fields; the species are written by constant (they are not
// slots: their boundary conditions follow the role) and solved as one Yi block.
func (reacting) fields(f *Features, mi modelInfo) (files, solved []string) {
	return gasFields([]string{"U", "p"}, []string{"U", "p"}, f, mi)
}

func (reacting) constant(c *emission, st *state) {
	m := c.mechanism()
	if m == nil {
		return
	}
	inert, isrc := c.inertSpecie(m)
	t := c.file("constant/thermophysicalProperties", "dictionary")
	tt := t.sub("thermoType")
	tsrc := curated("tutorials/combustion/reactingFoam/laminar/counterFlowFlame2D/constant/thermophysicalProperties: sutherland, janaf, perfectGas")
	tt.set("type", c.stageSource("constant/thermophysicalProperties/thermoType/type"), grammar.NewWord(c.feat.Thermo))
	tt.set("mixture", curated("reactingMixture: species and reactions read by foamChemistryReader"), grammar.NewWord("reactingMixture"))
	tt.set("transport", tsrc, grammar.NewWord("sutherland"))
	tt.set("thermo", tsrc, grammar.NewWord("janaf"))
	tt.set("energy", c.stageSource("constant/thermophysicalProperties/thermoType/energy"), grammar.NewWord(c.energyWord))
	tt.set("equationOfState", tsrc, grammar.NewWord("perfectGas"))
	tt.set("specie", tsrc, grammar.NewWord("specie"))
	t.set("inertSpecie", isrc, grammar.NewWord(inert))
	rsrc := curated("reactingMixture reads the mechanism through foamChemistryReader (src/thermophysicalModels/reactionThermo/chemistryReaders/foamChemistryReader)")
	t.set("chemistryReader", rsrc, grammar.NewWord("foamChemistryReader"))
	t.set("foamChemistryFile", rsrc, grammar.Str("<constant>/reactions"))
	t.set("foamChemistryThermoFile", rsrc, grammar.Str("<constant>/thermo.compressibleGas"))
	for _, mf := range []struct {
		path string
		f    *grammar.File
		src  Source
	}{{"constant/reactions", m.reactFile, m.src}, {"constant/thermo.compressibleGas", m.thermo, m.thermoSrc}} {
		dir, obj, _ := strings.Cut(mf.path, "/")
		c.files[mf.path] = grammar.NewFile("dictionary", obj, dir, mf.f.Body)
		c.prov[filePtr(mf.path)] = mf.src
	}
	c.emitChemistry(st, m, inert)
	c.emitSpecies(m, inert)
}

// emitChemistry writes combustionProperties and chemistryProperties (v1912 tutorial
// practice: counterFlowFlame2D for laminar/EulerImplicit, SandiaD_LTS for EDC).
func (c *emission) emitChemistry(st *state, m *mechanism, inert string) {
	r := c.spec.Reaction
	model, msrc := c.combustionModel()
	if model == "EDC" || model == "PaSR" {
		model, msrc = c.turbulentCombustion(st, m, inert, model, msrc)
	}
	cp := c.file("constant/combustionProperties", "dictionary")
	cp.set("combustionModel", msrc, grammar.NewWord(model))
	cp.set("active", msrc, grammar.NewWord(map[bool]string{true: "true", false: "false"}[model != "none"]))
	switch model {
	case "laminar":
		cp.sub("laminarCoeffs")
	case "EDC":
		cp.sub("EDCCoeffs").set("version", curated("tutorials/combustion/reactingFoam/RAS/SandiaD_LTS/constant/combustionProperties"), grammar.NewWord("v2005"))
	case "PaSR":
		cp.sub("PaSRCoeffs").set("Cmix", curated("src/combustionModels/PaSR/PaSR.C: Cmix (Golovitchev & Chomiak 2001, ~1 for fast chemistry)"), grammar.Num(1))
	}
	ch := c.file("constant/chemistryProperties", "dictionary")
	solver, ode, dt := "EulerImplicit", "Rosenbrock34", 1e-07
	ssrc, osrc, dsrc := curated("tutorial counterFlowFlame2D chemistryProperties"), curated("tutorial counterFlowFlame2D odeCoeffs"), curated("tutorial counterFlowFlame2D initialChemicalTimeStep")
	if cs := r.Chemistry; cs != nil {
		if cs.Solver != "" {
			solver, ssrc = cs.Solver, specSrc("/reaction/chemistry/solver")
		}
		if cs.ODE != "" {
			ode, osrc = cs.ODE, specSrc("/reaction/chemistry/ode")
			if cs.Solver == "" {
				solver, ssrc = "ode", specSrc("/reaction/chemistry/ode")
			}
		}
		if cs.InitialTimeStep != nil {
			dt, dsrc = *cs.InitialTimeStep, specSrc("/reaction/chemistry/initialTimeStep")
		}
	}
	ch.sub("chemistryType").set("solver", ssrc, grammar.NewWord(solver))
	on, onSrc := c.chemistryOn()
	ch.set("chemistry", onSrc, grammar.NewWord(map[bool]string{true: "on", false: "off"}[on]))
	ch.set("initialChemicalTimeStep", dsrc, grammar.Num(dt))
	if solver == "EulerImplicit" {
		e := ch.sub("EulerImplicitCoeffs")
		e.set("cTauChem", ssrc, grammar.Num(1))
		e.set("equilibriumRateLimiter", ssrc, grammar.NewWord("off"))
		return
	}
	o := ch.sub("odeCoeffs")
	o.set("solver", osrc, grammar.NewWord(ode))
	o.set("absTol", curated("tutorial counterFlowFlame2D odeCoeffs"), grammar.Num(1e-12))
	o.set("relTol", curated("tutorial counterFlowFlame2D odeCoeffs"), grammar.Num(0.01))
}

// emitSpecies writes 0/<specie> for the inert specie and every specie the spec names, and
// 0/Ydefault (all zero) for the mechanism's others: fixedValue where the flow enters (the
// patch's fractions, else the initial composition), inletOutlet at outlets, zeroGradient
// on walls, the temperature's constraint type elsewhere.
func (c *emission) emitSpecies(m *mechanism, inert string) {
	ic := c.initialComposition(inert)
	named := map[string]bool{inert: true}
	for sp := range ic.y {
		named[sp] = true
	}
	for _, b := range c.spec.Boundaries {
		for sp := range b.Species {
			named[sp] = true
		}
	}
	for _, r := range c.spec.Initial.Regions {
		for sp := range r.Species {
			named[sp] = true
		}
	}
	write := []string{}
	for _, sp := range m.species {
		if named[sp] {
			write = append(write, sp)
		}
	}
	if len(write) < len(m.species) {
		write = append(write, "Ydefault")
	}
	zero := curated("a specie the spec does not name has mass fraction 0")
	for _, sp := range write {
		f := c.file("0/"+sp, "volScalarField")
		f.set("dimensions", curated("mass fraction: dimensionless"), grammar.Dims(0, 0, 0, 0, 0, 0, 0))
		in := sv(0, zero)
		if y, ok := ic.y[sp]; ok {
			in = sv(y, ic.src(sp))
		}
		f.set("internalField", in.src, in.uniform()...)
		bf := f.sub("boundaryField")
		for _, pt := range c.mesh.Patches {
			b := c.spec.Boundaries[pt.Name]
			if b == nil {
				continue
			}
			pn := bf.sub(pt.Name)
			rsrc := curated("species boundary condition by role (tutorials/combustion/reactingFoam/laminar/counterFlowFlame2D/0)")
			switch b.Role {
			case "inlet", "freestream":
				v := in
				if b.Species != nil {
					v = sv(b.Species[sp], specSrc("/boundaries/"+escape(pt.Name)+"/species/"+escape(sp)))
				}
				pn.set("type", rsrc, grammar.NewWord("fixedValue"))
				pn.set("value", v.src, v.uniform()...)
			case "outlet":
				pn.set("type", rsrc, grammar.NewWord("inletOutlet"))
				pn.set("inletValue", in.src, in.uniform()...)
				pn.set("value", in.src, in.uniform()...)
			case "wall":
				pn.set("type", rsrc, grammar.NewWord("zeroGradient"))
			default:
				// Constraint patches: the type the temperature's boundary settled.
				typ := c.sol[bcID("T", pt.Name)]
				pn.set("type", c.prob.source(bcID("T", pt.Name), typ), grammar.NewWord(typ))
			}
		}
	}
}

// linearSolvers: the compressible blocks and one Yi block for every specie equation
// (YEqn.H solves with mesh.solver("Yi"), no Final variant).
func (reacting) linearSolvers(c *emission, sol node, ls linearSolver) {
	compressible{}.linearSolvers(c, sol, ls)
	ls.smooth("Yi", 1e-06, 0)
}

// edcCgamma is EDC's fine-structure constant (src/combustionModels/EDC/EDC.H, v2005, the
// version foamc writes).
const edcCgamma = 2.1377

// minCombustionReT is the turbulence Reynolds number Re_t = k^2 / (nu epsilon) at or below
// which a RAS combustion model has no turbulence to model: EDC's fine-structure length
// gammaL = Cgamma (nu epsilon / k^2)^(1/4) (EDC.C) reaches 1 at Re_t = Cgamma^4 = 20.9, so
// the fine structures fill every cell (kappa = 1) and react for tauStar = Ctau sqrt(nu /
// epsilon), a Kolmogorov time that grows without bound as epsilon -> 0; PaSR's mixing time
// is the same Kolmogorov time. The model then only rescales finite-rate (laminar) chemistry.
var minCombustionReT = math.Pow(edcCgamma, 4)

// turbulentCombustion keeps EDC or PaSR where the compiled turbulence supports it. Below
// minCombustionReT it falls back to laminar combustion (the finite-rate chemistry the RAS
// model degenerates to, with the reason in provenance) when the spec left the model to
// foamc, and refuses a spec that pins it.
func (c *emission) turbulentCombustion(st *state, m *mechanism, inert, model string, msrc Source) (string, Source) {
	re, ok := c.turbulenceReynolds(st, m, inert)
	if !ok || re.Value > minCombustionReT {
		return model, msrc
	}
	if msrc.Kind == KindSpec {
		c.fail(IDConflict, "/reaction/combustion", fmt.Sprintf("%s needs turbulence, but the flow's turbulence Reynolds number k^2/(nu epsilon) is %.3g, at most %.1f (EDC's Cgamma^4, where its fine structures fill every cell): there is no turbulence-chemistry interaction to model, and the Kolmogorov time sqrt(nu/epsilon) the model reacts over diverges", model, re.Value, minCombustionReT),
			"use combustion laminar, or laminar flow; a turbulent flame needs a faster or more turbulent inflow (reference.intensity)")
		return model, msrc
	}
	in := maps.Clone(re.Inputs)
	in["Re_t"], in["Re_t_min"] = re.Value, minCombustionReT
	return "laminar", Source{Kind: KindDerived, Formula: "combustion laminar, not " + model + ": Re_t = " + re.Formula + " <= Re_t_min = Cgamma^4 (EDC.C: the fine structures fill every cell; negligible turbulence)", Inputs: in}
}

// turbulenceReynolds is Re_t = k^2 / (nu epsilon) of the most turbulent inflow, from the
// turbulence foamc compiles there (the inlet's velocity, intensity and length scale:
// k = 1.5 (U I)^2, epsilon = Cmu^0.75 k^1.5 / L, inletTurbulence), nu the inert specie's (the
// bulk of the gas) Sutherland viscosity over its perfect-gas density at the spec's pressure
// and coldest temperature (initial or inflow): the largest Re_t the flow is fed with.
func (c *emission) turbulenceReynolds(st *state, m *mechanism, inert string) (derivation, bool) {
	d, _ := m.thermo.Body.Find(inert).(*grammar.DictEntry)
	if st == nil || d == nil || st.p.s <= 0 || st.T.s <= 0 {
		return derivation{}, false
	}
	As, aok := dictNumber(d.Dict, "transport", "As")
	Ts, tok := dictNumber(d.Dict, "transport", "Ts")
	W, wok := dictNumber(d.Dict, "specie", "molWeight")
	if !aok || !tok || !wok {
		return derivation{}, false
	}
	T := st.T.s
	for _, b := range c.spec.Boundaries {
		if (b.Role == "inlet" || b.Role == "freestream") && b.T != nil && b.T.Value > 0 {
			T = math.Min(T, b.T.Value)
		}
	}
	// Sutherland (sutherlandTransportI.H): mu = As sqrt(T) / (1 + Ts / T); perfect gas.
	nu := As * math.Sqrt(T) / (1 + Ts/T) / (st.p.s * W / (8314.47 * T))
	var best derivation
	for _, n := range sortedKeys(c.spec.Boundaries) {
		b := c.spec.Boundaries[n]
		if (b.Role != "inlet" && b.Role != "freestream") || b.U == nil {
			continue
		}
		U, I, L := mag(b.U.Vector()), st.intensity.s, st.length.s
		if t := b.Turbulence; t != nil && t.Intensity != nil {
			I = *t.Intensity
		}
		if t := b.Turbulence; t != nil && t.LengthScale != nil {
			L = *t.LengthScale
		}
		if U == 0 || I == 0 || L == 0 {
			continue
		}
		ts := deriveTurbulence(U, I, L)
		k, eps := ts.K.Value, ts.Epsilon.Value
		if re := k * k / (nu * eps); re > best.Value {
			best = derivation{re, "k^2 / (nu epsilon) on inflow " + n + " (k = 1.5 (U I)^2, epsilon = Cmu^0.75 k^1.5 / L)",
				map[string]float64{"U": U, "I": I, "L": L, "nu": nu, "T": T}}
		}
	}
	return best, best.Value > 0
}

// speciesList is the words of a reactions dictionary's `species (...)`.
func speciesList(d *grammar.Dict) []string {
	if e, ok := d.Find("species").(*grammar.PrimitiveEntry); ok {
		return grammar.ListWords(e.Value)
	}
	return nil
}

// dictNumber is the number at a path of sub-dictionaries and a key.
func dictNumber(d *grammar.Dict, path ...string) (float64, bool) {
	for _, p := range path[:len(path)-1] {
		e, ok := d.Find(p).(*grammar.DictEntry)
		if !ok {
			return 0, false
		}
		d = e.Dict
	}
	e, ok := d.Find(path[len(path)-1]).(*grammar.PrimitiveEntry)
	if !ok || len(e.Value) != 1 {
		return 0, false
	}
	if n, ok := e.Value[0].(*grammar.Number); ok {
		return n.Float, true
	}
	return 0, false
}

// velocityScale: a reacting domain starts at rest and is fed through its inlets (the
// counterflow, a premixed duct ignited from hot gas), so the turbulence it starts with is
// the fastest inflow's. Without it the at-rest domain took a comparable tutorial's initial
// turbulence: k 1, omega 0.2 (nut 5 m^2/s) in the 0.1 m/s counterflow, where v1912's
// momentum and species solvers diverged within six steps (SIGFPE).
func (reacting) velocityScale(c *emission, st *state) {
	s := c.spec
	for _, n := range sortedKeys(s.Boundaries) {
		b := s.Boundaries[n]
		if (b.Role == "inlet" || b.Role == "freestream") && b.U != nil && mag(b.U.Vector()) > st.uRef {
			st.uRef = mag(b.U.Vector())
		}
	}
	if st.uRef > 0 {
		st.derive("derived/Uref", derivation{st.uRef, "U = the fastest inflow's |U| (a domain at rest fed through its inlets)", map[string]float64{"U": st.uRef}})
	}
}

// regionValues are a region's species: the region's composition replaces the initial one
// in its box, so every specie written to 0/ takes the region's mass fraction or 0 (setFields
// sets only the fields it names; Ydefault stands for species that are 0 everywhere).
func (reacting) regionValues(c *emission, _ string, r schema.InitialRegion) []grammar.Item {
	if r.Species == nil {
		return nil
	}
	m := c.mechanism()
	if m == nil {
		return nil
	}
	var out []grammar.Item
	for _, sp := range slices.Sorted(slices.Values(m.species)) {
		if _, ok := c.files["0/"+sp]; ok {
			out = append(out, grammar.NewWord("volScalarFieldValue"), grammar.NewWord(sp), grammar.Num(r.Species[sp]))
		}
	}
	return out
}
