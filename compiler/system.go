package compiler

import (
	"fmt"
	"github.com/foamc/foamc/schema"
	"maps"
	"math"
	"slices"
	"sort"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
)

const refNumerics = "rules/CATALOGUE.md NUM/SOL rules; tutorial practice"

func (c *emission) emitConstant(st *state) {
	s := c.spec
	f := c.feat
	c.fam().constant(c, st)
	if solvers[f.Solver].Turbulence {
		t := c.file("constant/turbulenceProperties", "dictionary")
		tsrc := specSrc("/physics/turbulence")
		t.set("simulationType", tsrc, grammar.NewWord(f.Class))
		switch f.Class {
		case "RAS":
			r := t.sub("RAS")
			r.set("RASModel", tsrc, grammar.NewWord(f.Model))
			r.set("turbulence", curated("model on"), grammar.NewWord("on"))
			r.set("printCoeffs", curated("print coefficients"), grammar.NewWord("on"))
		case "LES":
			r := t.sub("LES")
			r.set("LESModel", tsrc, grammar.NewWord(f.Model))
			r.set("turbulence", curated("model on"), grammar.NewWord("on"))
			r.set("printCoeffs", curated("print coefficients"), grammar.NewWord("on"))
			delta := "cubeRootVol"
			dsrc := ruleSrc("FOAM-FM-004", "LES needs delta and <delta>Coeffs")
			if s.Physics.LESDelta != "" {
				delta, dsrc = s.Physics.LESDelta, specSrc("/physics/lesDelta")
			}
			if f.Model == "dynamicKEqn" {
				// dynamicKEqn reads its test filter from <model>Coeffs (LES dict when absent):
				// without it the solver stops at start-up (generated matrix).
				r.sub("dynamicKEqnCoeffs").set("filter", curated("tutorials/incompressible/pisoFoam/LES/pitzDaily/constant/turbulenceProperties: dynamicKEqnCoeffs filter simple"),
					grammar.NewWord("simple"))
			}
			r.set("delta", dsrc, grammar.NewWord(delta))
			co := r.sub(delta + "Coeffs")
			switch delta {
			case "vanDriest":
				co.set("delta", dsrc, grammar.NewWord("cubeRootVol"))
				co.sub("cubeRootVolCoeffs").set("deltaCoeff", dsrc, grammar.Num(1))
				co.set("kappa", dsrc, grammar.Num(0.41))
				co.set("Aplus", dsrc, grammar.Num(26))
				co.set("Cdelta", dsrc, grammar.Num(0.158))
			case "Prandtl", "smooth":
				co.set("delta", dsrc, grammar.NewWord("cubeRootVol"))
				co.sub("cubeRootVolCoeffs").set("deltaCoeff", dsrc, grammar.Num(1))
				if delta == "smooth" {
					co.set("maxDeltaRatio", dsrc, grammar.Num(1.1))
				} else {
					co.set("kappa", dsrc, grammar.Num(0.41))
					co.set("Cdelta", dsrc, grammar.Num(0.158))
				}
			default:
				co.set("deltaCoeff", dsrc, grammar.Num(1))
			}
		}
	}
}

func (c *resolution) stageSource(id string) Source {
	for _, s := range c.stageA {
		if s.ID == id {
			return s.Source
		}
	}
	return Source{}
}

// emitSystem writes controlDict, fvSchemes, fvSolution and decomposeParDict.
func (c *emission) emitSystem(st *state) {
	s := c.spec
	f := c.feat
	cd := c.file("system/controlDict", "dictionary")
	cs := curated("controlDict defaults")
	cd.set("application", c.stageSource("physics/solver"), grammar.NewWord(v1912.Application(f.Solver)))
	cd.set("startFrom", cs, grammar.NewWord("startTime"))
	cd.set("startTime", cs, grammar.Num(0))
	cd.set("stopAt", cs, grammar.NewWord("endTime"))
	cd.set("endTime", specSrc("/control/endTime"), grammar.Num(s.Control.EndTime))
	cd.set("deltaT", st.deltaT.src, st.deltaT.item())
	wc, wi := c.writeControl(st)
	c.stepBudget(st)
	cd.set("writeControl", ruleSrc("FOAM-TIME-003", "write control matching the time stepping"), grammar.NewWord(wc))
	cd.set("writeInterval", wi.src, wi.item())
	cd.set("purgeWrite", cs, grammar.Num(0))
	cd.set("writeFormat", cs, grammar.NewWord("ascii"))
	cd.set("writePrecision", cs, grammar.Num(8))
	cd.set("writeCompression", cs, grammar.NewWord("off"))
	cd.set("timeFormat", cs, grammar.NewWord("general"))
	cd.set("timePrecision", cs, grammar.Num(8))
	cd.set("runTimeModifiable", cs, grammar.NewWord("true"))
	if st.adjust {
		cd.set("adjustTimeStep", specSrc("/control/maxCo"), grammar.NewWord("yes"))
		cd.set("maxCo", specSrc("/control/maxCo"), grammar.Num(st.maxCo))
		m := c.maxDeltaT(st)
		cd.set("maxDeltaT", m.src, m.item())
	}
	if h, ok := c.fam().(controlHook); ok {
		h.control(c, cd, st)
	}
	if s.Outputs.Residuals || s.Outputs.ForceCoeffs != nil || len(s.Expect) > 0 || len(c.expectations().heatedWalls()) > 0 {
		fn := cd.sub("functions")
		if s.Outputs.Residuals {
			r := fn.sub("residuals")
			src := specSrc("/outputs/residuals")
			r.set("type", src, grammar.NewWord("solverInfo"))
			r.set("libs", src, grammar.ListOf(grammar.Str("libutilityFunctionObjects.so")))
			var items []grammar.Item
			for _, x := range f.Solved {
				items = append(items, grammar.NewWord(x))
			}
			r.set("fields", src, grammar.ListOf(items...))
		}
		if fc := s.Outputs.ForceCoeffs; fc != nil {
			forceCoeffs(fn.sub("forceCoeffs"), fc, st, c.feat.Compressible)
		}
		c.expectations().emit(fn, st)
	}
	c.emitYPlus(cd)
	c.emitSchemes()
	c.emitSolution()
	c.emitDecompose()
}

// writeControl chooses how controlDict counts the spec's writeInterval, which is simulated
// time like endTime. Transient runs write in time (runTime; adjustableRunTime when the step
// adjusts). A steady solver writes every N iterations (timeStep), but there writeInterval is
// a step count and Time::readDict stops every application, blockMesh first, on one below 1
// (TimeIO.C:266-273, FOAM-TIME-006): the interval becomes writeInterval/deltaT steps when
// that is a whole number, else the case writes in time (runTime). An interval shorter than
// the step is refused: no iteration falls on it.
func (c *emission) writeControl(st *state) (string, val) {
	s := c.spec
	wi := val{s: s.Control.EndTime, src: curated("write at endTime when writeInterval is not given")}
	ptr := "/control/endTime"
	if s.Control.WriteInterval != nil {
		wi = sv(*s.Control.WriteInterval, specSrc("/control/writeInterval"))
		ptr = "/control/writeInterval"
	}
	switch {
	case !c.feat.Steady && st.adjust:
		return "adjustableRunTime", wi
	case !c.feat.Steady:
		return "runTime", wi
	}
	dt := st.deltaT.s
	n := wi.s / dt
	r := math.Round(n)
	switch {
	case n < 1-1e-9:
		f := c.spec.Doc.Finding(IDConflict, finding.Deny, ptr,
			fmt.Sprintf("%s %g is shorter than deltaT %g: a steady run writes whole iterations, and none falls within it", ptr[len("/control/"):], wi.s, dt),
			"give writeInterval as a multiple of deltaT (a steady solver iterates with deltaT 1: writeInterval and endTime count iterations)")
		f.Related = []finding.Related{{Location: c.spec.Doc.Locate("/control/deltaT"), Message: fmt.Sprintf("deltaT %g", dt)}}
		c.errs = append(c.errs, f)
		return "timeStep", wi
	case math.Abs(n-r) > 1e-9*r:
		return "runTime", wi
	case n == wi.s:
		return "timeStep", wi
	}
	return "timeStep", st.derive("derived/writeSteps", derivation{r, "steps = writeInterval / deltaT", map[string]float64{"writeInterval": wi.s, "deltaT": dt}})
}

// stepBudget is FOAM-TIME-008's budget: a fixed step that makes the run longer than this
// many steps (iterations for a steady solver) is almost always a unit slip.
const stepBudget = 100000

// stepBudget warns, as lint does on the written case, when the step is fixed (no adjusting
// solver) and endTime/deltaT exceeds the budget.
func (c *emission) stepBudget(st *state) {
	dt := st.deltaT.s
	if st.adjust || dt <= 0 {
		return
	}
	if n := math.Round(c.spec.Control.EndTime / dt); n > stepBudget {
		c.note("FOAM-TIME-008", finding.Warn, "/control/endTime",
			fmt.Sprintf("endTime %g / deltaT %g is %.0f fixed time steps (budget %d)", c.spec.Control.EndTime, dt, n, stepBudget),
			"check deltaT and endTime (a steady solver counts iterations with deltaT 1), or give maxCo to a solver that adjusts its step")
	}
}

func forceCoeffs(n node, fc *schema.ForceCoeffs, st *state, compressible bool) {
	src := specSrc("/outputs/forceCoeffs")
	n.set("type", src, grammar.NewWord("forceCoeffs"))
	n.set("libs", src, grammar.ListOf(grammar.Str("libforces.so")))
	n.set("writeControl", src, grammar.NewWord("timeStep"))
	n.set("writeInterval", src, grammar.Num(1))
	var ps []grammar.Item
	for _, p := range fc.Patches {
		ps = append(ps, grammar.NewWord(p))
	}
	n.set("patches", specSrc("/outputs/forceCoeffs/patches"), grammar.ListOf(ps...))
	if compressible {
		n.set("rho", curated("compressible: density field"), grammar.NewWord("rho"))
	} else {
		n.set("rho", curated("incompressible: rhoInf"), grammar.NewWord("rhoInf"))
	}
	num := func(k string, p *float64, def float64) {
		if p != nil {
			n.set(k, specSrc("/outputs/forceCoeffs/"+k), grammar.Num(*p))
		} else {
			n.set(k, curated("forceCoeffs default"), grammar.Num(def))
		}
	}
	vec := func(k string, v []float64, def [3]float64) {
		if v != nil {
			n.set(k, specSrc("/outputs/forceCoeffs/"+k), grammar.Vector(v[0], v[1], v[2]))
		} else {
			n.set(k, curated("forceCoeffs default"), grammar.Vector(def[0], def[1], def[2]))
		}
	}
	num("rhoInf", fc.RhoInf, 1)
	num("magUInf", fc.MagUInf, clean(st.uRef))
	num("lRef", fc.LRef, 1)
	num("Aref", fc.ARef, 1)
	vec("liftDir", fc.LiftDir, [3]float64{0, 1, 0})
	vec("dragDir", fc.DragDir, [3]float64{1, 0, 0})
	vec("CofR", fc.CofR, [3]float64{0, 0, 0})
	vec("pitchAxis", fc.PitchAxis, [3]float64{0, 0, 1})
}

// emitSchemes writes fvSchemes: the div/laplacian keys the solver x model x energy needs
// (NUM-001/002/007/009), the time and convection schemes of the numerics profile
// (numerics.go), tutorial-practice schemes elsewhere, then the spec's overrides.
func (c *emission) emitSchemes() {
	f := c.feat
	fs := c.file("system/fvSchemes", "dictionary")
	src := curated(refNumerics)
	ddt, dsrc := c.ddt()
	fs.sub("ddtSchemes").words("default", dsrc, ddt)
	g := fs.sub("gradSchemes")
	c.scheme(g, "gradSchemes", "default", "Gauss linear", src)
	div := fs.sub("divSchemes")
	div.words("default", ruleSrc("FOAM-NUM-001", "default none: every needed key listed"), "none")
	// The profile's convection scheme of a field (compiler/numerics.go); c.scheme records its
	// source for the div(phi*,<field>) keys.
	conv := func(field string) string {
		v, _ := c.convection(field)
		return v
	}
	c.fam().divSchemes(c, fs, div, conv)
	c.scheme(fs.sub("laplacianSchemes"), "laplacianSchemes", "default", "Gauss linear corrected", src)
	ip := fs.sub("interpolationSchemes")
	c.scheme(ip, "interpolationSchemes", "default", "linear", src)
	c.fam().interpolation(ip)
	c.scheme(fs.sub("snGradSchemes"), "snGradSchemes", "default", "corrected", src)
	if models[f.Model].WallDist || c.spec.Physics.LESDelta == "vanDriest" {
		fs.sub("wallDist").words("method", ruleSrc("FOAM-NUM-009", "wall distance for the model"), "meshWave")
	}
	c.override(fs, c.spec.Numerics.FvSchemes, "/numerics/fvSchemes")
}

// override applies the spec's numerics overrides on top (spec wins, recorded as spec).
func (c *emission) override(n node, m map[string]any, ptr string) {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		p := ptr + "/" + escape(k)
		switch v := m[k].(type) {
		case map[string]any:
			c.override(n.sub(k), v, p)
		case string:
			n.words(k, specSrc(p), v)
		case float64:
			n.set(k, specSrc(p), grammar.Num(v))
		case bool:
			n.set(k, specSrc(p), grammar.NewWord(map[bool]string{true: "yes", false: "no"}[v]))
		case []any:
			var items []grammar.Item
			for _, x := range v {
				items = append(items, tokens(fmt.Sprint(x))...)
			}
			n.set(k, specSrc(p), grammar.ListOf(items...))
		}
	}
}

// emitSolution writes fvSolution: one solver entry per solved field (+Final for PISO/PIMPLE,
// SOL-001/002), the algorithm dict, relaxation for SIMPLE (SOL-006), pRef for closed domains
// (SOL-004).
func (c *emission) emitSolution() {
	f := c.feat
	fv := c.file("system/fvSolution", "dictionary")
	src := curated(refNumerics)
	sol := fv.sub("solvers")
	final := f.Algorithm == "PISO" || f.Algorithm == "PIMPLE"
	pressure := func(name string, relTol float64) {
		switch {
		case f.Transonic:
			c.solverBlock(sol, name, fmt.Sprintf("solver PBiCGStab; preconditioner DILU; tolerance 1e-06; relTol %g", relTol),
				ruleSrc("FOAM-SOL-003", "transonic p matrix is asymmetric"))
		case c.accurateSolvers() && c.smallMesh():
			c.solverBlock(sol, name, fmt.Sprintf("solver PCG; preconditioner DIC; tolerance 1e-06; relTol %g", relTol), src)
		default:
			c.solverBlock(sol, name, fmt.Sprintf("solver GAMG; smoother GaussSeidel; tolerance 1e-06; relTol %g", relTol), src)
		}
	}
	smooth := func(name string, tol, relTol float64) {
		c.solverBlock(sol, name, fmt.Sprintf("solver smoothSolver; smoother symGaussSeidel; tolerance %g; relTol %g", tol, relTol), src)
	}
	c.fam().linearSolvers(c, sol, linearSolver{fv: fv, final: final, pressure: pressure, smooth: smooth})
	if f.Algorithm != "" {
		alg := fv.sub(f.Algorithm)
		asrc := curated(refNumerics + " algorithm " + f.Algorithm)
		switch f.Algorithm {
		case "SIMPLE":
			alg.set("nNonOrthogonalCorrectors", asrc, grammar.Num(0))
			c.fam().simple(c, alg, asrc)
			if !f.Steady {
				// A transient solver looping with simpleControl (scalarTransportFoam) would
				// end at the first residual below the control.
				break
			}
			rc := alg.sub("residualControl")
			for _, x := range f.Solved {
				rc.set(x, ruleSrc("FOAM-SOL-008", "SIMPLE residualControl takes scalars"), grammar.Num(1e-05))
			}
		case "PISO":
			alg.set("nCorrectors", asrc, grammar.Num(2))
			alg.set("nNonOrthogonalCorrectors", asrc, grammar.Num(0))
		case "PIMPLE":
			if n, src, ok := c.outerCorrectors(); ok {
				alg.set("nOuterCorrectors", src, grammar.Num(float64(n)))
			} else {
				alg.set("nOuterCorrectors", asrc, grammar.Num(1))
			}
			alg.set("nCorrectors", asrc, grammar.Num(2))
			alg.set("nNonOrthogonalCorrectors", asrc, grammar.Num(0))
		}
		if h, ok := c.fam().(algorithmHook); ok {
			h.algorithm(c, alg)
		}
		if f.Closed {
			r := ruleSrc("FOAM-SOL-004", "closed domain: reference pressure")
			alg.set("pRefCell", r, grammar.Num(0))
			ref := val{src: r}
			if f.Compressible && c.st != nil {
				ref = c.st.p // p is absolute: the reference is the initial pressure
			}
			alg.set("pRefValue", ref.src, ref.item())
		}
	}
	if f.Algorithm == "SIMPLE" {
		rf := fv.sub("relaxationFactors")
		r := ruleSrc("FOAM-SOL-006", "SIMPLE needs relaxationFactors")
		// Field factors (order kept) and the equation factor, per family.
		fields, eqFactor := c.fam().relaxation()
		// The accurate profile's factors where it has its own (numerics.go), each recording
		// the family's as its robust value.
		factor := func(key string, v float64) (float64, Source) {
			if a, src, ok := c.relaxationFactor(key, v); ok {
				return a, src
			}
			return v, r
		}
		if len(fields) > 0 {
			fl := rf.sub("fields")
			for _, kv := range fields {
				v, src := factor(kv[0].(string), kv[1].(float64))
				fl.set(kv[0].(string), src, grammar.Num(v))
			}
		}
		eq := rf.sub("equations")
		for _, x := range f.Solved {
			if x != f.Pressure {
				v, src := factor("equations", eqFactor)
				eq.set(x, src, grammar.Num(v))
			}
		}
	}
	c.override(fv, c.spec.Numerics.FvSolution, "/numerics/fvSolution")
}

func (c *emission) hasFixedP() bool {
	for _, pt := range c.mesh.Patches {
		switch c.sol[bcID(c.feat.Pressure, pt.Name)] {
		case "fixedValue", "totalPressure":
			return true
		}
	}
	return false
}

func (c *given) refP() float64 {
	if c.spec.Reference.P != nil {
		return *c.spec.Reference.P
	}
	return 1e5
}

// fieldLists fills Features.Fields and Solved for the solver and model.
func (c *resolution) fieldLists() {
	f := &c.feat
	fields, solved := c.fam().fields(f, models[c.spec.Physics.Turbulence])
	sort.Strings(fields)
	f.Fields = fields
	f.Solved = solved
}
