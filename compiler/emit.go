package compiler

import (
	"github.com/foamc/foamc/schema"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
)

// node is a dictionary being emitted with the JSON pointer provenance is recorded under.
type node struct {
	c   *emission
	d   *grammar.Dict
	ptr string
}

func (n node) set(key string, src Source, items ...grammar.Item) {
	n.d.Set(key, items...)
	n.c.prov[n.ptr+"/"+escape(key)] = src
}

func (n node) words(key string, src Source, value string) {
	n.set(key, src, tokens(value)...)
}

func (n node) sub(key string) node {
	return node{n.c, n.d.SetDict(key), n.ptr + "/" + escape(key)}
}

// tokens splits a scheme-like value into words and numbers ("Gauss limitedLinear 1").
func tokens(v string) []grammar.Item {
	var out []grammar.Item
	for _, f := range strings.Fields(v) {
		if x, err := strconv.ParseFloat(f, 64); err == nil {
			out = append(out, grammar.Num(x))
		} else {
			out = append(out, grammar.NewWord(f))
		}
	}
	return out
}

// filePtr is the JSON pointer a case file's provenance is recorded under.
func filePtr(path string) string { return "/files/" + escape(path) }

// edit is the node of a case file already emitted; ok is false when there is none.
func (c *emission) edit(path string) (node, bool) {
	f, ok := c.files[path]
	if !ok || f == nil {
		return node{}, false
	}
	return node{c, f.Body, filePtr(path)}, true
}

func (c *emission) file(path, class string) node {
	dir, object, _ := strings.Cut(path, "/")
	f := grammar.NewFile(class, object, dir, nil)
	c.files[path] = f
	return node{c, f.Body, filePtr(path)}
}

// val is a scalar or vector value with its source.
type val struct {
	s   float64
	v   [3]float64
	vec bool
	src Source
}

func sv(x float64, src Source) val    { return val{s: x, src: src} }
func vv(x [3]float64, src Source) val { return val{v: x, vec: true, src: src} }
func (v val) item() grammar.Item {
	if v.vec {
		return grammar.Vector(clean(v.v[0]), clean(v.v[1]), clean(v.v[2]))
	}
	return grammar.Num(clean(v.s))
}
func (v val) uniform() []grammar.Item { return grammar.Uniform(v.item()) }

// clean rounds to 6 significant digits so derived values print stably and readably.
func clean(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 6, 64), 64)
	return r
}

func (c *settlement) features() {
	c.feat.Profile = c.numerics().name
	c.feat.TwoD = false
	for _, pt := range c.mesh.Patches {
		if c.sol["mesh/"+pt.Name+"/type"] == "empty" && !pt.NoFaces {
			c.feat.TwoD = true
		}
	}
	c.checkRun()
	if c.feat.TwoD && c.feat.Class == "LES" {
		c.note("FOAM-FM-005", finding.Warn, "/physics/turbulence", "LES on a 2D mesh (empty patches): OpenFOAM warns the case is not strictly applicable",
			"use a 3D mesh or a RAS model")
	}
	// Only solvers that call setRefCell when no patch fixes the pressure need a reference
	// (openfoam/solvers.json pRef: rhoSimpleFoam does, through pressureControl;
	// rhoPimpleFoam and sonicFoam do not).
	c.feat.Closed = solvers[c.feat.Solver].PRef
	for _, pt := range c.mesh.Patches {
		switch c.sol[bcID(c.feat.Pressure, pt.Name)] {
		case "fixedValue", "totalPressure", "freestreamPressure", "inletOutlet", "prghPressure":
			c.feat.Closed = false
		}
	}
}

func (c *emission) emit() error {
	c.files, c.prov = map[string]*grammar.File{}, map[string]Source{}
	c.slots = append(append(Table(nil), c.stageA...), c.derivedRoles...)
	st := c.state()
	c.st = st
	c.slots = append(c.slots, c.settledSlots...)
	if len(c.errs) > 0 || c.restart {
		return nil
	}
	pr := c.prob.pruned(c.sol)
	for _, v := range c.prob.vars {
		c.slots = append(c.slots, Slot{ID: v.ID, Value: c.sol[v.ID], Source: c.prob.source(v.ID, c.sol[v.ID]),
			Domain: domainValues(v), Pruned: pr[v.ID], SpecField: v.SpecField})
	}
	c.emitFields(st)
	c.emitConstant(st)
	c.emitSystem(st)
	c.emitRegions()
	c.scalarFunctions(st)
	for _, d := range st.derived {
		c.slot(d.id, strconv.FormatFloat(clean(d.d.Value), 'g', -1, 64), d.d.source())
	}
	c.slots.sort()
	return nil
}

type namedDerivation struct {
	id string
	d  derivation
}

// state is the flow state the fields are initialised from.
type state struct {
	U, p, T   val
	turb      map[string]val // k, epsilon, omega, nuTilda, nut internal values
	gas       *gas
	deltaT    val
	adjust    bool
	maxCo     float64
	derived   []namedDerivation
	uRef      float64
	intensity val
	length    val
	// sigma is a VoF case's surface tension (family_vof.go).
	sigma val
}

func (st *state) derive(id string, d derivation) val {
	st.derived = append(st.derived, namedDerivation{id, d})
	return sv(d.Value, d.source())
}

func (c *emission) state() *state {
	s := c.spec
	st := &state{turb: map[string]val{}}
	names := slices.Sorted(maps.Keys(s.Boundaries))
	firstWith := func(role string, ok func(b *schema.Boundary) bool) (string, *schema.Boundary) {
		for _, n := range names {
			if b := s.Boundaries[n]; (role == "" || b.Role == role) && ok(b) {
				return n, b
			}
		}
		return "", nil
	}
	if s.Fluid.MolWeight != nil && s.Fluid.Cp != nil {
		g := deriveGas(*s.Fluid.MolWeight, *s.Fluid.Cp)
		st.gas = &g
		if c.feat.Compressible {
			st.derive("derived/gamma", g.Gamma)
		}
	}
	// U: initial, else the first inlet/freestream velocity, else at rest.
	switch {
	case s.Initial.U != nil:
		st.U = vv([3]float64{s.Initial.U[0], s.Initial.U[1], s.Initial.U[2]}, specSrc("/initial/U"))
	default:
		if n, b := firstWith("", func(b *schema.Boundary) bool { return (b.Role == "inlet" || b.Role == "freestream") && b.U != nil }); b != nil {
			st.U = vv(b.U.Vector(), specSrc("/boundaries/"+escape(n)+"/U"))
		} else {
			st.U = vv([3]float64{}, curated("fluid initially at rest"))
		}
	}
	// Reference velocity scale for derivations.
	switch {
	case s.Reference.U != nil:
		st.uRef = *s.Reference.U
	case mag(st.U.v) > 0:
		st.uRef = mag(st.U.v)
	default:
		if _, b := firstWith("wall", func(b *schema.Boundary) bool { return b.Velocity != nil }); b != nil {
			st.uRef = mag([3]float64{b.Velocity[0], b.Velocity[1], b.Velocity[2]})
		}
	}
	// p: initial, reference, an outlet's static p, an inlet's static p.
	switch {
	case s.Initial.P != nil:
		st.p = sv(*s.Initial.P, specSrc("/initial/p"))
	case s.Reference.P != nil:
		st.p = sv(*s.Reference.P, specSrc("/reference/p"))
	default:
		if n, b := firstWith("", func(b *schema.Boundary) bool { return b.P != nil && !b.P.Total && b.Role != "inlet" }); b != nil {
			st.p = sv(b.P.Value, specSrc("/boundaries/"+escape(n)+"/p"))
		} else if n, b := firstWith("", func(b *schema.Boundary) bool { return b.P != nil && !b.P.Total }); b != nil {
			st.p = sv(b.P.Value, specSrc("/boundaries/"+escape(n)+"/p"))
		} else if !c.feat.Compressible {
			st.p = sv(0, curated("kinematic gauge pressure 0"))
		} else if n, b := firstWith("", func(b *schema.Boundary) bool { return b.P != nil }); b != nil {
			st.p = c.settled("initial/p", "/initial/p", "the initial pressure", sv(b.P.Value,
				defaultSrc(refAtRest, "p = p0 of boundary "+n, map[string]float64{"p0": b.P.Value})))
		} else {
			// A closed compressible domain (a heated cavity) states no pressure: air at
			// the standard atmosphere.
			st.p = c.settled("reference/p", "/reference/p", "the ambient static pressure in Pa",
				sv(isaP, defaultSrc(refISA, "p = 101325 Pa", nil)))
		}
	}
	if c.feat.Compressible {
		switch {
		case s.Initial.T != nil:
			st.T = sv(*s.Initial.T, specSrc("/initial/T"))
		case s.Reference.T != nil:
			st.T = sv(*s.Reference.T, specSrc("/reference/T"))
		default:
			if n, b := firstWith("", func(b *schema.Boundary) bool { return b.T != nil && !b.T.Total }); b != nil {
				st.T = sv(b.T.Value, specSrc("/boundaries/"+escape(n)+"/T"))
			} else if n, b := firstWith("", func(b *schema.Boundary) bool { return b.T != nil }); b != nil {
				st.T = c.settled("initial/T", "/initial/T", "the initial temperature", sv(b.T.Value,
					defaultSrc(refAtRest, "T = T0 of boundary "+n, map[string]float64{"T0": b.T.Value})))
			} else {
				st.T = c.settled("reference/T", "/reference/T", "the ambient static temperature in K",
					sv(isaT, defaultSrc(refISA, "T = 288.15 K", nil)))
			}
		}
	}
	if st.uRef == 0 {
		c.velocityScale(st)
	}
	if c.feat.Class != "laminar" {
		c.turbulenceState(st, firstWith)
	}
	c.timeStep(st)
	c.plausibility(st)
	return st
}

// turbulenceState settles the turbulence scales (intensity, length scale) and the initial
// turbulence fields: spec -> derivation -> kb retrieval -> engineering default by flow class.
func (c *emission) turbulenceState(st *state, firstWith func(string, func(*schema.Boundary) bool) (string, *schema.Boundary)) {
	s := c.spec
	// Only transported fields (and RAS nut) need a derived initial state; LES nut starts at 0.
	if len(models[c.feat.Model].Fields) == 0 && c.feat.Class != "RAS" {
		return
	}
	if s.Initial.K != nil && s.Initial.Nut != nil {
		return
	}
	class := c.flowClass()
	switch {
	case s.Reference.Intensity != nil:
		st.intensity = sv(*s.Reference.Intensity, specSrc("/reference/intensity"))
	default:
		if n, b := firstWith("", func(b *schema.Boundary) bool { return b.Turbulence != nil && b.Turbulence.Intensity != nil }); b != nil {
			st.intensity = sv(*b.Turbulence.Intensity, specSrc("/boundaries/"+escape(n)+"/turbulence/intensity"))
		} else if v, ok := c.retrievedIntensity(); ok && class != "external" {
			st.intensity = c.settled("reference/intensity", "/reference/intensity", "the turbulence intensity", v)
		} else if class == "external" {
			st.intensity = c.settled("reference/intensity", "/reference/intensity", "the free-stream turbulence intensity",
				sv(0.001, defaultSrc(refExternal, "I = 0.001", nil)))
		} else {
			st.intensity = c.settled("reference/intensity", "/reference/intensity", "the turbulence intensity",
				sv(0.05, defaultSrc(refIntensityInternal, "I = 0.05", nil)))
		}
	}
	D, dsrc := c.characteristicLength()
	n, b := firstWith("", func(b *schema.Boundary) bool { return b.Turbulence != nil && b.Turbulence.LengthScale != nil })
	switch {
	case b != nil:
		st.length = sv(*b.Turbulence.LengthScale, specSrc("/boundaries/"+escape(n)+"/turbulence/lengthScale"))
	case s.Reference.Length != nil:
		st.length = st.derive("derived/lengthScale", derivation{0.07 * *s.Reference.Length, "L = 0.07 reference.length (mixing length of fully developed duct flow)",
			map[string]float64{"length": *s.Reference.Length}})
	case D > 0:
		st.length = c.settled("turbulence/lengthScale", "/reference/length", "the turbulent length scale",
			sv(0.07*D, defaultSrc(refLengthInternal+"; "+dsrc.Ref, "L = 0.07 D", map[string]float64{"D": D})))
	}
	if st.uRef == 0 {
		// A closed domain at rest: the initial turbulence of comparable tutorials.
		for _, field := range append([]string{"nut"}, models[c.feat.Model].Fields...) {
			if v, ok := c.retrievedInternal(field); ok && contains(c.feat.Fields, field) {
				st.turb[field] = c.settled("initial/"+field, "/initial/"+field, "the initial "+field+" of a domain at rest", v)
			}
		}
		if len(st.turb) > 0 {
			return
		}
		c.open("reference/U", "/reference/U", "a velocity scale for the turbulence initial values", "number")
		return
	}
	if st.length.src.Kind == "" {
		c.open("reference/length", "/reference/length", "a length scale for the turbulence initial values", "number")
		return
	}
	ts := deriveTurbulence(st.uRef, st.intensity.s, st.length.s)
	nut := nutFor(c.feat.Model, ts)
	if class == "external" && st.intensity.src.Kind == KindDefault {
		c.freestreamTurbulence(st, &ts, &nut, D)
	}
	pick := func(field string, given *float64, d derivation) {
		if !contains(c.feat.Fields, field) {
			return
		}
		if given != nil {
			st.turb[field] = sv(*given, specSrc("/initial/"+field))
			return
		}
		st.turb[field] = st.derive("derived/initial/"+field, d)
	}
	pick("k", s.Initial.K, ts.K)
	pick("epsilon", s.Initial.Epsilon, ts.Epsilon)
	pick("omega", s.Initial.Omega, ts.Omega)
	pick("nuTilda", s.Initial.NuTilda, ts.NuTilda)
	pick("nut", s.Initial.Nut, nut)
}

// freestreamTurbulence replaces the duct estimates by free-stream levels (Menter 1994 for
// omega, Spalart & Rumsey 2007 for nuTilda) when an external flow states no turbulence.
func (c *emission) freestreamTurbulence(st *state, ts *turbulenceState, nut *derivation, D float64) {
	if D <= 0 {
		return
	}
	U, k := st.uRef, ts.K.Value
	omega := 5 * U / D
	ts.Omega = derivation{omega, "omega = 5 U / L (" + refExternal + ")", map[string]float64{"U": U, "L": D}}
	ts.Epsilon = derivation{Cmu * k * omega, "epsilon = Cmu k omega", map[string]float64{"Cmu": Cmu, "k": k, "omega": omega}}
	*nut = derivation{k / omega, "nut = k / omega", map[string]float64{"k": k, "omega": omega}}
	if nu := c.viscosity(st); nu > 0 {
		ts.NuTilda = derivation{3 * nu, "nuTilda = 3 nu (" + refSAFreestream + ")", map[string]float64{"nu": nu}}
		if c.feat.Model == "SpalartAllmaras" {
			// fv1 = chi^3 / (chi^3 + cv1^3), chi = 3, cv1 = 7.1
			fv1 := 27 / (27 + math.Pow(7.1, 3))
			*nut = derivation{3 * nu * fv1, "nut = nuTilda fv1(chi = 3)", map[string]float64{"nuTilda": 3 * nu, "fv1": fv1}}
		}
	}
}

// timeStep: steady solvers iterate with deltaT 1; transient ones take the spec's deltaT or
// derive one from maxCo, the reference speed and the smallest cell of the blockMeshDict.
func (c *emission) timeStep(st *state) {
	s := c.spec
	si := solvers[c.feat.Solver]
	if s.Control.MaxCo != nil {
		st.maxCo = *s.Control.MaxCo
		if si.SetDeltaT && !c.feat.Steady {
			st.adjust = true
		} else {
			c.note(IDNotice, finding.Info, "/control/maxCo", c.feat.Solver+" does not adjust its time step (no setDeltaT); maxCo only sizes deltaT", "give deltaT instead")
		}
	}
	switch {
	case s.Control.DeltaT != nil:
		st.deltaT = sv(*s.Control.DeltaT, specSrc("/control/deltaT"))
	case c.feat.Steady:
		st.deltaT = sv(1, ruleSrc("FOAM-TIME-002", "steady solvers iterate with deltaT 1"))
	default:
		if c.mesh.DxMin <= 0 {
			c.open("control/deltaT", "/control/deltaT", "the time step (the mesh gives no smallest cell size to derive it from maxCo)", "number")
			return
		}
		// The fastest stated inflow sets the Courant step (a second, faster inlet of a
		// mixing elbow would otherwise break maxCo from the first step).
		u := st.uRef
		for _, b := range s.Boundaries {
			if (b.Role == "inlet" || b.Role == "freestream") && b.U != nil {
				u = math.Max(u, mag(b.U.Vector()))
			}
		}
		var a float64
		if c.feat.Compressible && st.gas != nil && st.T.s > 0 {
			a = st.gas.soundSpeed(st.T.s)
		}
		if w, ok := c.fam().(waveSpeeder); ok {
			a = w.waveSpeed(c, st)
		}
		if u+a == 0 {
			c.open("reference/U", "/reference/U", "a velocity scale for the Courant-based time step", "number")
			return
		}
		d := courantDeltaT(st.maxCo, c.mesh.DxMin, u, a)
		if !st.adjust {
			wi := s.Control.EndTime
			if s.Control.WriteInterval != nil {
				wi = *s.Control.WriteInterval
			}
			d = dividing(d, wi)
		}
		st.deltaT = st.derive("derived/deltaT", d)
	}
}

// plausibility: Reynolds number checks (warn, never deny).
func (c *emission) plausibility(st *state) {
	s := c.spec
	c.fam().plausibility(c, st)
	if s.Reference.Length == nil || st.uRef == 0 {
		return
	}
	L := *s.Reference.Length
	var re float64
	switch {
	case !c.feat.Compressible && s.Fluid.Nu != nil && *s.Fluid.Nu > 0:
		re = st.uRef * L / *s.Fluid.Nu
	case c.feat.Compressible && st.gas != nil && s.Fluid.Mu != nil && *s.Fluid.Mu > 0 && st.T.s > 0 && st.p.s > 0:
		re = st.p.s / (st.gas.R * st.T.s) * st.uRef * L / *s.Fluid.Mu
	default:
		return
	}
	formula := "Re = U L / nu"
	if c.feat.Compressible {
		formula = "Re = (p / (R T)) U L / mu"
	}
	st.derive("derived/Re", derivation{re, formula, map[string]float64{"U": st.uRef, "L": L}})
	switch {
	case c.feat.Class == "laminar" && re > 1e5:
		c.note(IDReynolds, finding.Warn, "/physics/turbulence", "laminar flow at Re = "+strconv.FormatFloat(clean(re), 'g', -1, 64)+" is very likely turbulent",
			"choose a RAS or LES model")
	case c.feat.Class != "laminar" && re < 1000:
		c.note(IDReynolds, finding.Warn, "/physics/turbulence", "a turbulence model at Re = "+strconv.FormatFloat(clean(re), 'g', -1, 64)+" (likely laminar flow)",
			"use turbulence: laminar")
	}
}
