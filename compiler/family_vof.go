package compiler

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/schema"
)

// vof is the family of interFoam: two incompressible, immiscible phases with a sharp
// interface (volume of fluid), solving U, p_rgh and the first phase's fraction alpha.<phase>
// with MULES (createFields.H, VoF/alphaEqn.H). The phases' rho and nu and the surface
// tension sigma go to constant/transportProperties (immiscibleIncompressibleTwoPhaseMixture),
// gravity to constant/g (MUST_READ); p = p_rgh + rho g h is calculated. hRef is read only if
// present in v1912 (readhRef.H: READ_IF_PRESENT, 0 by default), so it is not written.
type vof struct{ pressureBased }

func (vof) name() string { return "vof" }

func (vof) solvers() []string { return []string{"interFoam"} }

// vofOpenRoles are the roles through which fluid crosses the boundary.
var vofOpenRoles = map[string]bool{"inlet": true, "outlet": true, "atmosphere": true}

func (vof) resolve(c *resolution, _ assignment, _ func(string)) {
	s := c.spec
	c.feat.Pressure = "p_rgh"
	if s.Physics.Energy != "" {
		c.note(IDNotice, finding.Info, "/physics/energy", "physics.energy is ignored by interFoam (isothermal phases)", "remove it")
	}
	if s.Fluid.Nu != nil {
		c.note(IDNotice, finding.Info, "/fluid/nu", "fluid.nu is ignored by interFoam: each phase has its own nu in fluid.phases", "remove it")
	}
	ph := s.Fluid.Phases
	switch {
	case len(ph) == 0:
		c.fail(IDOpen, "/fluid", "open slot fluid/phases: interFoam needs its two phases (name, rho, nu), e.g. water and air",
			"set fluid.phases: [{name: water, rho: 1000, nu: 1e-6}, {name: air, rho: 1, nu: 1.48e-5}]")
	case len(ph) == 1:
		c.fail(IDConflict, "/fluid/phases", fmt.Sprintf("interFoam transports two immiscible phases and the spec names one (%s): with one phase there is no interface", ph[0].Name),
			"add the second phase (e.g. {name: air, rho: 1, nu: 1.48e-5}), or use pimpleFoam for a single fluid")
	case len(ph) > 2:
		c.fail(IDUnsupported, "/fluid/phases/2", fmt.Sprintf("%d phases: interFoam transports two (more phases are multiphaseInterFoam, which foamc does not compile)", len(ph)),
			"keep two phases")
	case ph[0].Name == ph[1].Name:
		c.fail(IDConflict, "/fluid/phases/1/name", fmt.Sprintf("both phases are named %q: alpha.%s would be both", ph[0].Name, ph[0].Name), "give the phases different names")
	default:
		c.feat.Phases = []string{ph[0].Name, ph[1].Name}
	}
	open := false
	for _, n := range sortedKeys(s.Boundaries) {
		b := s.Boundaries[n]
		bp := "/boundaries/" + escape(n)
		open = open || vofOpenRoles[b.Role]
		switch b.Role {
		case "freestream":
			c.fail(IDUnsupported, bp+"/role", "a far field is not compiled for interFoam", "use the role atmosphere for an open boundary at ambient pressure")
		case "inlet":
			if b.U == nil && !staticPressureInlet(b) {
				c.open("boundaries/"+n+"/U", bp+"/U", "the velocity of VoF inlet "+n+" (or its static p: interFoam inlets are compiled with a fixed velocity or a fixed pressure)", "vector")
			}
			if b.Alpha == nil && len(ph) > 0 {
				c.open("boundaries/"+n+"/alpha", bp+"/alpha", fmt.Sprintf("the volume fraction of %s entering through inlet %s (1: only %s, 0: only the other phase)", ph[0].Name, n, ph[0].Name), "number")
			}
		}
	}
	g := s.Physics.Gravity
	switch {
	case (g == nil || mag([3]float64{g[0], g[1], g[2]}) == 0) && !open:
		ptr := "/physics/gravity"
		if g == nil {
			ptr = "/physics"
		}
		c.fail(IDConflict, ptr, "a closed tank without gravity: with no inlet, outlet or atmosphere, nothing but gravity moves the phases, and interFoam reads g (constant/g)",
			"set physics.gravity, e.g. [0, -9.81, 0], or give the tank an inlet, outlet or atmosphere")
	case g == nil:
		c.open("physics/gravity", "/physics/gravity", "the gravity vector of a free-surface (VoF) case", "vector")
	}
}

func (vof) fields(f *Features, mi modelInfo) (files, solved []string) {
	files, solved = []string{"U", "p_rgh"}, []string{"U", "p_rgh"}
	if len(f.Phases) > 0 {
		files = append(files, alphaField(f))
	}
	if mi.Class != "laminar" {
		files = append(append(files, mi.Fields...), "nut")
		solved = append(solved, mi.Fields...)
	}
	return files, solved
}

// refVoFTurbulence: why a VoF case's turbulence fields keep upwind convection under the
// accurate profile.
const refVoFTurbulence = "accurate profile, VoF: the turbulence fields keep the interFoam RAS tutorials' Gauss upwind (8 of 10 v1912 tutorials; DTCHull's linearUpwind limitedGrad): across the interface the density jumps 1000-fold and k and epsilon with it, and limitedLinear sent the weirOverflow mesh (eval/specmatrix blind spec vof-weir-kEpsilon) to SIGFPE at step 20 with epsilon 1e5 in the air, where upwind runs"

// vofTurbulenceConvection is the convection scheme of a VoF case's turbulence field (k,
// epsilon, omega, nuTilda), and whether field is one.
func vofTurbulenceConvection(f Features, field string) (string, bool) {
	if len(f.Phases) == 0 || !turbulenceFields[field] {
		return "", false
	}
	return "Gauss upwind", true
}

// alphaField is the phase-fraction field interFoam solves: alpha.<first phase>.
func alphaField(f *Features) string { return "alpha." + f.Phases[0] }

func (vof) constant(c *emission, st *state) {
	s := c.spec
	t := c.file("constant/transportProperties", "dictionary")
	var names []grammar.Item
	for _, n := range c.feat.Phases {
		names = append(names, grammar.NewWord(n))
	}
	t.set("phases", specSrc("/fluid/phases"), grammar.ListOf(names...))
	for i, p := range s.Fluid.Phases[:2] {
		ptr := fmt.Sprintf("/fluid/phases/%d", i)
		d := t.sub(p.Name)
		d.set("transportModel", curated("Newtonian phases (damBreak)"), grammar.NewWord("Newtonian"))
		d.set("nu", specSrc(ptr+"/nu"), grammar.Num(p.Nu))
		d.set("rho", specSrc(ptr+"/rho"), grammar.Num(p.Rho))
	}
	t.set("sigma", st.sigma.src, st.sigma.item())
	g := c.file("constant/g", "uniformDimensionedVectorField")
	g.set("dimensions", ruleSrc("FOAM-DIM-004", "g in m/s^2"), grammar.Dims(0, 1, -2, 0, 0, 0, 0))
	gv := [3]float64{}
	gs := curated("no gravity stated in an open domain: g = 0")
	if v := s.Physics.Gravity; v != nil {
		gv, gs = [3]float64{v[0], v[1], v[2]}, specSrc("/physics/gravity")
	}
	g.set("value", gs, grammar.Vector(gv[0], gv[1], gv[2]))
}

// bcDomain: p_rgh takes fixedFluxPressure where the velocity is given (walls, inlets;
// rule FOAM-BC-015), prghPressure at an outlet or a pressure inlet (one that states a static
// p and no U: capillaryRise's reservoir) that states p (p_rgh = p - rho g h with the local
// rho), zeroGradient at an outlet that does not; the phase fraction is fixed at a velocity
// inlet, inletOutlet with the stated fraction at a pressure inlet, extrapolated at walls and
// outlets. An atmosphere (damBreak's top) holds the total
// pressure, lets the flux through in both directions and lets in only the second phase.
func (vof) bcDomain(c *resolution, field string, pt meshPatch, b *schema.Boundary) []candidate {
	alpha := strings.HasPrefix(field, "alpha.")
	switch b.Role {
	case "empty", "wedge", "cyclic", "symmetry":
		return nil
	case "atmosphere":
		src := curated("tutorials/multiphase/interFoam/laminar/damBreak/damBreak/0.orig: atmosphere")
		switch {
		case field == "p_rgh":
			return []candidate{{"totalPressure", src}}
		case field == "U":
			return []candidate{{"pressureInletOutletVelocity", src}}
		case alpha:
			return []candidate{{"inletOutlet", ruleSrc("FOAM-BC-019", "the atmosphere lets in only the second phase")}}
		case field == "nut":
			return cands("calculated")
		}
		return []candidate{{"inletOutlet", src}}
	}
	pressureInlet := b.Role == "inlet" && staticPressureInlet(b)
	if field == "p_rgh" {
		switch {
		case (b.Role == "outlet" || pressureInlet) && b.P != nil:
			return []candidate{{"prghPressure", specSrc("/boundaries/" + escape(pt.Name) + "/p")}}
		case b.Role == "outlet":
			return cands("zeroGradient")
		}
		return []candidate{{"fixedFluxPressure", ruleSrc("FOAM-BC-015", "p_rgh: fixedFluxPressure where the velocity is given")}}
	}
	if !alpha {
		return nil
	}
	switch {
	case pressureInlet:
		// The flux follows the pressure and may leave: what enters is the stated fraction.
		return []candidate{{"inletOutlet", specSrc("/boundaries/" + escape(pt.Name) + "/alpha")}}
	case b.Role == "inlet":
		return []candidate{{"fixedValue", curated("a VoF inlet fixes the phase fraction it brings in")}}
	}
	return cands("zeroGradient")
}

// bcParams writes the entries of the family's own boundary conditions: the phase fraction
// an inlet brings, the gas an atmosphere lets in, an atmosphere's total pressure.
func (vof) bcParams(c *emission, st *state, n node, field, typ, patch string, b *schema.Boundary, in val) bool {
	bp := "/boundaries/" + escape(patch)
	switch {
	case strings.HasPrefix(field, "alpha.") && typ == "fixedValue":
		v := in
		if b.Alpha != nil {
			v = sv(*b.Alpha, specSrc(bp+"/alpha"))
		}
		n.set("value", v.src, v.uniform()...)
	case strings.HasPrefix(field, "alpha.") && typ == "inletOutlet":
		iv := sv(0, ruleSrc("FOAM-BC-019", "inflow through an open boundary is the second phase (damBreak atmosphere: inletValue 0)"))
		if b.Role == "inlet" && b.Alpha != nil {
			iv = sv(*b.Alpha, specSrc(bp+"/alpha"))
		}
		n.set("inletValue", iv.src, iv.uniform()...)
		n.set("value", in.src, in.uniform()...)
	case field == "p_rgh" && typ == "totalPressure":
		p0 := st.p
		if b.P != nil {
			p0 = sv(b.P.Value, specSrc(bp+"/p"))
		}
		n.set("p0", p0.src, p0.uniform()...)
		n.set("value", p0.src, p0.uniform()...)
	default:
		return false
	}
	return true
}

// internal: the phase fraction starts at initial.alpha (0: the second phase everywhere)
// before setFields fills the initial.regions boxes; the phases start at rest unless
// initial.U says otherwise (an inlet's velocity would set the air above a filling tank in
// motion; every v1912 interFoam tutorial but the wave makers starts from U = 0).
func (vof) internal(c *emission, _ *state, field string) (val, bool) {
	if field == "U" && c.spec.Initial.U == nil {
		return vv([3]float64{}, curated("tutorials/multiphase/interFoam/*/0/U: the phases start at rest")), true
	}
	if !strings.HasPrefix(field, "alpha.") {
		return val{}, false
	}
	if a := c.spec.Initial.Alpha; a != nil {
		return sv(*a, specSrc("/initial/alpha")), true
	}
	return sv(0, curated("the second phase everywhere until setFields fills initial.regions")), true
}

// velocityScale: a fluid at rest under gravity moves at the free-fall speed of its height,
// U = sqrt(g H), H the mesh's extent along g (the collapse of a water column of height H
// spreads at about 2 sqrt(g H), Martin & Moyce 1952); it sizes the first time step and the
// turbulence of a domain at rest.
func (vof) velocityScale(c *emission, st *state) {
	gm, H := vofFall(c.resolution)
	if H <= 0 {
		return
	}
	st.uRef = math.Sqrt(gm * H)
	st.derive("derived/Uref", derivation{st.uRef, "U = sqrt(g H), H the mesh's extent along g", map[string]float64{"g": gm, "H": H}})
}

// waveSpeed is the free-fall speed sqrt(g H) of the mesh's height along g beside the inflow:
// water released from rest reaches it whatever the inlets bring (a weir's overfall, a
// column's collapse, whose front runs at 2 sqrt(g H), Martin & Moyce 1952), and a first step
// sized on a slow inlet alone reached Courant 20 in its first step (blind spec
// vof-weir-kEpsilon: deltaT 0.51 s from a 0.5 m/s inlet on a 54 m high mesh).
func (vof) waveSpeed(c *emission, _ *state) float64 {
	g, H := vofFall(c.resolution)
	return math.Sqrt(g * H)
}

// vofFall is |g| and the mesh's extent H along g (0, 0 without gravity).
func vofFall(c *resolution) (g, H float64) {
	gv := c.spec.Physics.Gravity
	if gv == nil {
		return 0, 0
	}
	g = mag([3]float64{gv[0], gv[1], gv[2]})
	if g == 0 {
		return 0, 0
	}
	e := c.mesh.Extent
	return g, max(0, (math.Abs(gv[0])*e[0]+math.Abs(gv[1])*e[1]+math.Abs(gv[2])*e[2])/g)
}

// plausibility settles the surface tension: the spec's sigma, else the most common of the
// interFoam tutorials of any model (a property of the phase pair, not of the turbulence
// model: the kOmegaSST ones, ship hulls, switch it off with 0), else water-air's 0.07 N/m.
func (vof) plausibility(c *emission, st *state) {
	if s := c.spec.Fluid.Sigma; s != nil {
		st.sigma = sv(*s, specSrc("/fluid/sigma"))
		return
	}
	v, ok := c.vofSigma()
	if !ok {
		v = sv(0.07, defaultSrc("water-air at 20 C: 0.0728 N/m (CRC Handbook); damBreak's 0.07", "sigma = 0.07 N/m", nil))
	}
	st.sigma = c.settled("fluid/sigma", "/fluid/sigma", "the surface tension between the phases in N/m", v)
}

// vofSigma is the surface tension most interFoam tutorials give, whatever their model.
func (c *emission) vofSigma() (val, bool) {
	if c.opts.KB == nil {
		return val{}, false
	}
	res := c.opts.KB.Cascade(kb.Query{Solver: c.feat.Solver, Target: "constant/transportProperties", Path: "/sigma", NMax: 100})
	count := map[float64][]string{}
	for _, s := range res.Samples {
		if x, ok := number(s.Value); ok {
			count[x] = append(count[x], s.Case+"/"+s.File)
		}
	}
	best, files, ok := mostCommon(count)
	if !ok {
		return val{}, false
	}
	return sv(best, Source{Kind: KindKB, Retriever: "cascade", Level: fmt.Sprintf("q%d", res.Audit.Level), Files: files}), true
}

// divSchemes: the solver's keys (momentum with the mass flux rhoPhi, the stress term) and
// the model's, then the MULES alpha equation's convection and compression terms
// (VoF/alphaEqn.H; rule FOAM-NUM-011).
func (vof) divSchemes(c *emission, fs, div node, conv func(string) string) {
	pressureBased{}.divSchemes(c, fs, div, conv)
	c.scheme(div, "divSchemes", "div(phi,alpha)", "Gauss vanLeer", ruleSrc("FOAM-NUM-011", "MULES alpha convection"))
	c.scheme(div, "divSchemes", "div(phirb,alpha)", "Gauss linear", ruleSrc("FOAM-NUM-011", "MULES interface compression"))
}

// vofDamBreak is the curated alpha entry, the laminar damBreak tutorial's (semi-implicit
// MULES with a converged predictor), used when no kb is given.
var vofDamBreak = [][2]string{{"nAlphaCorr", "2"}, {"nAlphaSubCycles", "1"}, {"cAlpha", "1"}, {"MULESCorr", "yes"}, {"nLimiterIter", "5"}}

// vofControls are the alpha controls written, in order; alphaControls.H reads nAlphaCorr
// and nAlphaSubCycles (get), MULESCorr (default no), interfaceProperties cAlpha,
// MULES nLimiterIter (default 3).
var vofControls = []string{"nAlphaCorr", "nAlphaSubCycles", "cAlpha", "MULESCorr", "nLimiterIter"}

// vofTemplate is the data-driven template of interFoam x model for target.
func (c *emission) vofTemplate(target string) (map[string]any, Source, bool) {
	if c.opts.KB == nil {
		return nil, Source{}, false
	}
	model := c.feat.Model
	if model == "" {
		model = "laminar"
	}
	t := c.opts.KB.Template(kb.Query{Solver: c.feat.Solver, Turbulence: model, Target: target}, kb.DefaultTau)
	if len(t.Dict) == 0 {
		return nil, Source{}, false
	}
	return t.Dict, Source{Kind: KindKB, Retriever: "data-driven template", Level: fmt.Sprintf("q%d", t.Audit.Level), Files: t.Audit.Files}, true
}

// linearSolvers: U, p_rgh and the model's fields as the pressure-based families write them;
// the alpha entry (its MULES controls from the tutorials' template, with a linear solver for
// the semi-implicit predictor when MULESCorr is on) for alpha.<phase> and its Final
// (fvMatrix::solve selects it in the last outer corrector); pcorr, which interFoam solves
// at start-up to make the initial flux divergence free (rule FOAM-SOL-015); and PIMPLE's
// momentumPredictor from the template (the tutorials switch it off).
func (vof) linearSolvers(c *emission, sol node, ls linearSolver) {
	pressureBased{}.linearSolvers(c, sol, ls)
	if len(c.feat.Phases) == 0 {
		return
	}
	tmpl, tsrc, ok := c.vofTemplate("system/fvSolution")
	entry := map[string]any{}
	if ok {
		solvers, _ := tmpl["solvers"].(map[string]any)
		entry = alphaEntry(solvers)
	}
	words := [][2]string{}
	srcs := []Source{}
	if len(entry) == 0 {
		for _, kv := range vofDamBreak {
			words = append(words, kv)
			srcs = append(srcs, curated("tutorials/multiphase/interFoam/laminar/damBreak/damBreak/system/fvSolution alpha.water.*"))
		}
	} else {
		for _, k := range vofControls {
			v, ok := schemeText(entry[k])
			src := tsrc
			switch {
			case ok && k == "nLimiterIter":
				// Measured in v1912: the RAS damBreak tutorial's 3 lets alpha.water reach
				// 1.00127 in its first 0.1 s (FOAM-VERIFY-021 rejects it); the laminar
				// damBreak's 5 keeps the same compiled case within 1 + 4e-7.
				if x, err := strconv.Atoi(v); err == nil && x < 5 {
					v, src = "5", Source{Kind: KindDerived, Formula: "nLimiterIter = max(template, 5): fewer limiter iterations let MULES overshoot [0, 1] by more than 1e-3 (measured, RAS damBreak)",
						Inputs: map[string]float64{"template": float64(x)}}
				}
			case ok:
			case k == "MULESCorr":
				v, src = "no", curated("alphaControls.H: MULESCorr defaults to no (the template has none)")
			case k == "nLimiterIter":
				continue
			default:
				v, src = vofDefault(k), curated("tutorials/multiphase/interFoam/laminar/damBreak/damBreak/system/fvSolution alpha.water.*")
			}
			words = append(words, [2]string{k, v})
			srcs = append(srcs, src)
		}
	}
	// The semi-implicit predictor (MULESCorr yes) solves a matrix for alpha.
	if mulesCorr(words) {
		lin := [][2]string{{"solver", "smoothSolver"}, {"smoother", "symGaussSeidel"}, {"tolerance", "1e-08"}, {"relTol", "0"}}
		for _, kv := range lin {
			v, ok := schemeText(entry[kv[0]])
			src := tsrc
			if !ok || entry["solver"] == nil {
				v, src = kv[1], curated("tutorials/multiphase/interFoam/laminar/damBreak/damBreak/system/fvSolution alpha.water.*")
			}
			words = append(words, [2]string{kv[0], v})
			srcs = append(srcs, src)
		}
	}
	name := alphaField(&c.feat)
	for _, key := range []string{name, name + "Final"} {
		n := sol.sub(key)
		for i, kv := range words {
			n.words(kv[0], srcs[i], kv[1])
		}
	}
	c.solverBlock(sol, "pcorr", "solver PCG; preconditioner DIC; tolerance 1e-05; relTol 0", ruleSrc("FOAM-SOL-015", "interFoam corrects the initial flux"))
	c.solverBlock(sol, "pcorrFinal", "solver PCG; preconditioner DIC; tolerance 1e-05; relTol 0", ruleSrc("FOAM-SOL-015", "interFoam corrects the initial flux"))
}

// algorithm: PIMPLE's momentumPredictor and nCorrectors from the template (the tutorials
// switch the predictor off), at least three correctors: MULES keeps alpha within [0, 1] only
// on a divergence-free flux, and with two (the laminar template's) alpha reached 1.0019 in
// the kEpsilon damBreak at maxCo 1 and 1.0025 around a rising bubble in a closed tank
// (the depthCharge2D mesh), where three keep it below 1.0004 (FOAM-VERIFY-021; measured in
// v1912).
func (vof) algorithm(c *emission, alg node) {
	damBreak := curated("tutorials/multiphase/interFoam/laminar/damBreak/damBreak/system/fvSolution PIMPLE")
	mp, msrc := "no", damBreak
	nc, nsrc := "3", damBreak
	if tmpl, tsrc, ok := c.vofTemplate("system/fvSolution"); ok {
		if p, _ := tmpl["PIMPLE"].(map[string]any); p != nil {
			if v, ok := schemeText(p["momentumPredictor"]); ok {
				mp, msrc = v, tsrc
			}
			if v, ok := schemeText(p["nCorrectors"]); ok {
				nc, nsrc = v, tsrc
			}
		}
	}
	if x, err := strconv.Atoi(nc); err == nil && x < 3 {
		nc, nsrc = "3", Source{Kind: KindDerived, Formula: "nCorrectors = max(template, 3): fewer correctors leave the flux divergent enough for MULES to overshoot [0, 1] by more than 1e-3 (measured: damBreak kEpsilon, a bubble in a closed tank)",
			Inputs: map[string]float64{"template": float64(x)}, Files: nsrc.Files}
	}
	alg.words("momentumPredictor", msrc, mp)
	alg.words("nCorrectors", nsrc, nc)
}

// alphaEntry is the template's phase-fraction entry: the tutorials name their first phase
// water, so any alpha.<phase> key or regex stands for it.
func alphaEntry(solvers map[string]any) map[string]any {
	for _, k := range sortedKeys(solvers) {
		if strings.HasPrefix(k, "alpha.") && !strings.HasSuffix(k, "Final") {
			m, _ := solvers[k].(map[string]any)
			return m
		}
	}
	rx, _ := solvers["$regex"].([]any)
	for _, e := range rx {
		m, _ := e.(map[string]any)
		if pat, _ := m["pattern"].(string); strings.HasPrefix(pat, "alpha.") {
			v, _ := m["value"].(map[string]any)
			return v
		}
	}
	return nil
}

func vofDefault(k string) string {
	for _, kv := range vofDamBreak {
		if kv[0] == k {
			return kv[1]
		}
	}
	return ""
}

func mulesCorr(words [][2]string) bool {
	on := false
	for _, kv := range words {
		if kv[0] == "MULESCorr" {
			on, _ = grammar.ReadSwitch(kv[1]) // the last entry wins, as in a dictionary
		}
	}
	return on
}

// control writes maxAlphaCo, which interFoam reads from controlDict in every step
// (VoF/alphaCourantNo.H: get, no default): the spec's; else, with an adjusted step, the
// spec's maxCo where the tutorials' template sets the two equal (every interFoam tutorial
// but one does: a smaller maxAlphaCo under the same maxCo let the laminar damBreak's
// interface Courant number reach 1.09 at maxAlphaCo 0.65, FOAM-VERIFY-035); else the
// template's value; else damBreak's 1.
func (vof) control(c *emission, cd node, st *state) {
	if a := c.spec.Control.MaxAlphaCo; a != nil {
		cd.set("maxAlphaCo", specSrc("/control/maxAlphaCo"), grammar.Num(*a))
		return
	}
	if tmpl, src, ok := c.vofTemplate("system/controlDict"); ok {
		co, okCo := number(tmpl["maxCo"])
		x, ok := number(tmpl["maxAlphaCo"])
		switch {
		case ok && okCo && co == x && st.adjust:
			cd.set("maxAlphaCo", Source{Kind: KindDerived, Formula: "maxAlphaCo = maxCo (the tutorials' template sets them equal)",
				Inputs: map[string]float64{"maxCo": st.maxCo}, Spec: "/control/maxCo", Files: src.Files}, grammar.Num(st.maxCo))
			return
		case ok && x > 0:
			cd.set("maxAlphaCo", src, grammar.Num(x))
			return
		}
	}
	cd.set("maxAlphaCo", curated("tutorials/multiphase/interFoam/laminar/damBreak/damBreak/system/controlDict"), grammar.Num(1))
}

func (vof) simple(*emission, node, Source)  {}
func (vof) relaxation() ([][2]any, float64) { return nil, 0 }

// vof12 restates an interFoam case for Foundation 12's incompressibleVoF module (its
// tutorials/incompressibleVoF/damBreak): transportProperties becomes constant/phaseProperties
// (phases, sigma) and constant/physicalProperties.<phase> (viscosityModel constant, nu,
// rho); the interface compression is the div(phi,alpha) scheme's (Gauss interfaceCompression
// vanLeer <cAlpha>), so div(phirb,alpha) and the cAlpha control go.
func (c *emission) vof12() {
	tp, ok := c.files["constant/transportProperties"]
	if !ok {
		return
	}
	from := filePtr("constant/transportProperties")
	delete(c.files, "constant/transportProperties")
	pp := c.file("constant/phaseProperties", "dictionary")
	for _, k := range []string{"phases", "sigma"} {
		if e, ok := tp.Body.Find(k).(*grammar.PrimitiveEntry); ok {
			pp.d.Set(k, e.Value...)
			c.moveProv(from+"/"+k, pp.ptr+"/"+k)
		}
	}
	for _, name := range c.feat.Phases {
		e, ok := tp.Body.Find(name).(*grammar.DictEntry)
		if !ok {
			continue
		}
		n := c.file("constant/physicalProperties."+name, "dictionary")
		n.set("viscosityModel", c.prov[from+"/"+escape(name)+"/transportModel"], grammar.NewWord("constant"))
		for _, k := range []string{"nu", "rho"} {
			if p, ok := e.Dict.Find(k).(*grammar.PrimitiveEntry); ok {
				n.d.Set(k, p.Value...)
				c.moveProv(from+"/"+escape(name)+"/"+k, n.ptr+"/"+k)
			}
		}
	}
	for _, k := range sortedKeys(c.prov) {
		if strings.HasPrefix(k, from+"/") {
			delete(c.prov, k) // the phases' transportModel, now viscosityModel
		}
	}
	cAlpha := []grammar.Item{grammar.Num(1)}
	if f := c.files["system/fvSolution"]; f != nil {
		if s, ok := f.Body.Find("solvers").(*grammar.DictEntry); ok {
			for _, key := range []string{alphaField(&c.feat), alphaField(&c.feat) + "Final"} {
				if a, ok := s.Dict.Find(key).(*grammar.DictEntry); ok {
					if p, ok := a.Dict.Find("cAlpha").(*grammar.PrimitiveEntry); ok {
						cAlpha = p.Value
					}
					a.Dict.Remove("cAlpha")
					delete(c.prov, filePtr("system/fvSolution")+"/solvers/"+escape(key)+"/cAlpha")
				}
			}
		}
	}
	if f := c.files["system/fvSchemes"]; f != nil {
		if div, ok := f.Body.Find("divSchemes").(*grammar.DictEntry); ok {
			ptr := filePtr("system/fvSchemes") + "/divSchemes/"
			if p, ok := div.Dict.Find("div(phi,alpha)").(*grammar.PrimitiveEntry); ok && len(p.Value) == 2 {
				v := append([]grammar.Item{p.Value[0], grammar.NewWord("interfaceCompression"), p.Value[1]}, cAlpha...)
				div.Dict.Set("div(phi,alpha)", v...)
			}
			div.Dict.Remove("div(phirb,alpha)")
			delete(c.prov, ptr+escape("div(phirb,alpha)"))
		}
	}
}
