package compiler

import (
	"fmt"
	"slices"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/schema"
)

// scalarTransport is the family of scalarTransportFoam: one passive scalar T carried by a
// given, frozen velocity U (both MUST_READ, createFields.H; phi from U, createPhi.H) and
// diffused with DT (transportProperties, dimViscosity). It is transient (fvm::ddt(T)) but
// loops with simpleControl (scalarTransportFoam.C:71): a SIMPLE dictionary without
// residualControl, which would end the transient run at the first small residual.
type scalarTransport struct{ pressureBased }

const refScalarTransport = "applications/solvers/basic/scalarTransportFoam (v1912)"
const refScalarPitzDaily = "tutorials/basic/scalarTransportFoam/pitzDaily"

func (scalarTransport) name() string { return "scalarTransport" }

func (scalarTransport) solvers() []string { return []string{"scalarTransportFoam"} }

// resolve: the transported scalar is T, given in spec.scalars (its diffusivity is DT).
func (scalarTransport) resolve(c *resolution, _ assignment, _ func(string)) {
	noGravity(c)
	c.feat.Pressure = ""
	if c.spec.Physics.Energy != "" {
		c.note(IDNotice, finding.Info, "/physics/energy", "scalarTransportFoam solves no energy equation; physics.energy is ignored", "remove it")
	}
	if _, _, ok := solverScalar(c.spec); !ok {
		ptr := "/scalars"
		if c.spec.Scalars == nil {
			ptr = ""
		}
		c.fail(IDConflict, ptr, "scalarTransportFoam transports the field T (createFields.H:7): the spec names no scalar T",
			"add scalars: [{name: T, diffusivity: <DT in m^2/s>}]")
	}
	if c.spec.Initial.T != nil {
		c.note(IDNotice, finding.Info, "/initial/T", "scalarTransportFoam's T starts from scalars[T].initial; initial.T is ignored", "move the value to the scalar's initial")
	}
}

// solverScalar is the spec's scalar named T and its index.
func solverScalar(s *schema.Spec) (schema.ScalarSpec, int, bool) {
	i := slices.IndexFunc(s.Scalars, func(x schema.ScalarSpec) bool { return x.Name == "T" })
	if i < 0 {
		return schema.ScalarSpec{}, -1, false
	}
	return s.Scalars[i], i, true
}

func (scalarTransport) fields(*Features, modelInfo) (files, solved []string) {
	return []string{"T", "U"}, []string{"T"}
}

// constant writes transportProperties with DT, the scalar's diffusivity.
func (scalarTransport) constant(c *emission, _ *state) {
	sc, i, ok := solverScalar(c.spec)
	if !ok {
		return
	}
	tp := c.file("constant/transportProperties", "dictionary")
	tp.set("DT", specSrc(fmt.Sprintf("/scalars/%d/diffusivity", i)), grammar.NewWord("DT"), grammar.Dims(0, 2, -1, 0, 0, 0, 0), grammar.Num(sc.Diffusivity))
}

// bcDomain: T as any passive scalar (scalarBC); U is the shared velocity of its role.
func (scalarTransport) bcDomain(c *resolution, field string, pt meshPatch, b *schema.Boundary) []candidate {
	if field != "T" {
		return nil
	}
	return scalarBC(c, "T", pt.Name, b)
}

// scalarBC is the boundary condition of a passive scalar by role: an inlet holds its value,
// a wall holds one if the spec gives it (else no flux), an outlet lets the scalar out and
// takes the initial value back on inflow; constraint roles are left to the shared domain.
func scalarBC(c *resolution, name, patch string, b *schema.Boundary) []candidate {
	bp := "/boundaries/" + escape(patch)
	_, given := b.Scalars[name]
	switch b.Role {
	case "inlet":
		if given {
			return []candidate{{"fixedValue", specSrc(bp + "/scalars/" + escape(name))}}
		}
		return []candidate{{"fixedValue", curated(refScalarPitzDaily + "/0/T: the inlet holds the scalar")}}
	case "wall":
		if given {
			return []candidate{{"fixedValue", specSrc(bp + "/scalars/" + escape(name))}}
		}
		return []candidate{{"zeroGradient", curated(refScalarPitzDaily + "/0/T: no flux through a wall")}}
	case "outlet", "freestream":
		return []candidate{{"inletOutlet", curated("an outflow lets the scalar out; backflow carries the initial value")},
			{"zeroGradient", curated(refScalarPitzDaily + "/0/T outlet")}}
	}
	return nil
}

// scalarValue is the value a passive scalar holds on a patch: the patch's own, else the
// scalar's inlet value (default 1) on an inlet, else its initial value (default 0).
func scalarValue(sc schema.ScalarSpec, i int, patch string, b *schema.Boundary) val {
	if v, ok := b.Scalars[sc.Name]; ok {
		return sv(v, specSrc("/boundaries/"+escape(patch)+"/scalars/"+escape(sc.Name)))
	}
	if b.Role == "inlet" {
		if sc.Inlet != nil {
			return sv(*sc.Inlet, specSrc(fmt.Sprintf("/scalars/%d/inlet", i)))
		}
		return sv(1, curated(refScalarPitzDaily+"/0/T: inlet value 1"))
	}
	return scalarInitial(sc, i)
}

func scalarInitial(sc schema.ScalarSpec, i int) val {
	if sc.Initial != nil {
		return sv(*sc.Initial, specSrc(fmt.Sprintf("/scalars/%d/initial", i)))
	}
	return sv(0, curated(refScalarPitzDaily+"/0/T: internalField 0"))
}

// writeScalarPatch writes the value entries of a scalar's patch of type typ.
func writeScalarPatch(n node, sc schema.ScalarSpec, i int, typ, patch string, b *schema.Boundary) {
	in := scalarInitial(sc, i)
	switch typ {
	case "fixedValue":
		v := scalarValue(sc, i, patch, b)
		n.set("value", v.src, v.uniform()...)
	case "inletOutlet":
		n.set("inletValue", in.src, in.uniform()...)
		n.set("value", in.src, in.uniform()...)
	}
}

func (scalarTransport) internal(c *emission, _ *state, field string) (val, bool) {
	sc, i, ok := solverScalar(c.spec)
	if field != "T" || !ok {
		return val{}, false
	}
	return scalarInitial(sc, i), true
}

func (scalarTransport) bcParams(c *emission, _ *state, n node, field, typ, patch string, b *schema.Boundary, _ val) bool {
	sc, i, ok := solverScalar(c.spec)
	if field != "T" || !ok {
		return false
	}
	writeScalarPatch(n, sc, i, typ, patch, b)
	return true
}

// divSchemes: div(phi,T) (scalarTransportFoam.C:95) with a bounded TVD scheme, not the
// tutorial's linearUpwind: a scalar must stay within its boundary and initial values
// (FOAM-VERIFY-082). Measured in v1912 on a 1-D front of 4 cells (cell Peclet 250):
// linearUpwind undershoots to -0.040 at t = 0.3 s, limitedLinear 1 stays in [0, 0.115].
func (scalarTransport) divSchemes(_ *emission, _, div node, _ func(string) string) {
	div.words("div(phi,T)", curated(refNumerics+"; a passive scalar stays bounded with a TVD scheme (FOAM-VERIFY-082)"), "Gauss limitedLinear 1")
}

// linearSolvers: T's matrix is asymmetric (convection); one solve per step, so relTol 0.
func (scalarTransport) linearSolvers(c *emission, sol node, _ linearSolver) {
	c.solverBlock(sol, "T", "solver PBiCGStab; preconditioner DILU; tolerance 1e-08; relTol 0", curated(refScalarPitzDaily+"/system/fvSolution"))
}

func (scalarTransport) simple(*emission, node, Source) {}

// relaxation: a transient equation is not under-relaxed (factor 1; TEqn.relax(),
// scalarTransportFoam.C:101, would otherwise change the time accuracy).
func (scalarTransport) relaxation() ([][2]any, float64) { return nil, 1 }

// scalarFunctions compiles spec.scalars of an incompressible case other than
// scalarTransportFoam's own T into scalarTransport function objects
// (src/functionObjects/solvers/scalarTransport, v1912): the field file 0/<name> (MUST_READ,
// scalarTransport.C:71), its convection scheme div(phi,<name>) (:261), a linear solver
// (:352) and the function in controlDict. A laminar case diffuses with the constant D; a
// turbulent one with alphaD nu + alphaDt nut (:124), alphaD = D/nu and alphaDt = 1/Sct.
func (c *emission) scalarFunctions(st *state) {
	s := c.spec
	for i, sc := range s.Scalars {
		ptr := fmt.Sprintf("/scalars/%d", i)
		if c.feat.Solver == "scalarTransportFoam" && sc.Name == "T" {
			continue
		}
		if c.feat.Compressible || solvers[c.feat.Solver].Multiphase || c.feat.Solver == "shallowWaterFoam" || c.feat.Solver == "potentialFoam" {
			c.fail(IDUnsupported, ptr, "a passive scalar function object is compiled for incompressible single-phase cases only, not "+c.feat.Solver,
				"use an incompressible solver (pimpleFoam, simpleFoam, pisoFoam, icoFoam, scalarTransportFoam)")
			return
		}
		if slices.Contains(c.feat.Fields, sc.Name) || sc.Name == "p" || sc.Name == "phi" || slices.ContainsFunc(s.Scalars[:i], func(x schema.ScalarSpec) bool { return x.Name == sc.Name }) {
			c.fail(IDConflict, ptr+"/name", fmt.Sprintf("scalar %q names a field the case already has", sc.Name), "give the scalar another name")
			continue
		}
		c.scalarFunction(st, sc, i)
	}
}

// turbulentSchmidt is the turbulent Schmidt number of a passive scalar in a RAS/LES case
// (0.7, the common choice for gases; Tominaga & Stathopoulos 2007 review 0.2-1.3).
const turbulentSchmidt = 0.7

func (c *emission) scalarFunction(st *state, sc schema.ScalarSpec, i int) {
	ptr := fmt.Sprintf("/scalars/%d", i)
	f := c.file("0/"+sc.Name, "volScalarField")
	f.set("dimensions", curated("scalarTransport.C:71: a passive scalar, dimensionless"), grammar.Dims(0, 0, 0, 0, 0, 0, 0))
	in := scalarInitial(sc, i)
	f.set("internalField", in.src, in.uniform()...)
	bf := f.sub("boundaryField")
	for _, pt := range c.mesh.Patches {
		b := c.spec.Boundaries[pt.Name]
		if b == nil {
			continue
		}
		typ, src := "", Source{}
		if d := scalarBC(c.resolution, sc.Name, pt.Name, b); len(d) > 0 {
			typ, src = d[0].Value, d[0].Source
		} else {
			// A constraint patch (empty, symmetry, cyclic...): the scalar takes its type.
			typ = c.sol["mesh/"+pt.Name+"/type"]
			src = c.prob.source("mesh/"+pt.Name+"/type", typ)
		}
		pn := bf.sub(pt.Name)
		pn.set("type", src, grammar.NewWord(typ))
		writeScalarPatch(pn, sc, i, typ, pt.Name, b)
	}
	fs := node{c, c.files["system/fvSchemes"].Body, filePtr("system/fvSchemes")}
	scheme := "Gauss limitedLinear 1"
	if c.feat.Steady {
		scheme = "bounded Gauss limitedLinear 1"
	}
	fs.sub("divSchemes").words("div(phi,"+sc.Name+")", curated("scalarTransport.C:261: the function's convection key; a bounded TVD scheme"), scheme)
	fv := node{c, c.files["system/fvSolution"].Body, filePtr("system/fvSolution")}
	fv.sub("solvers").sub(sc.Name).words("solver", curated("scalarTransport.C:352: solved with solverDict(field)"), "PBiCGStab")
	slv := fv.sub("solvers").sub(sc.Name)
	slv.words("preconditioner", curated(refNumerics), "DILU")
	slv.set("tolerance", curated(refNumerics), grammar.Num(1e-08))
	slv.set("relTol", curated(refNumerics), grammar.Num(0))
	cd := node{c, c.files["system/controlDict"].Body, filePtr("system/controlDict")}
	fn := cd.sub("functions").sub(sc.Name)
	src := specSrc(ptr)
	fn.set("type", src, grammar.NewWord("scalarTransport"))
	fn.set("libs", src, grammar.ListOf(grammar.Str("libsolverFunctionObjects.so")))
	fn.set("field", specSrc(ptr+"/name"), grammar.NewWord(sc.Name))
	dsrc := specSrc(ptr + "/diffusivity")
	// Foundation 12 selects the diffusivity by name (scalarTransport.C:206, `diffusivity`
	// none | constant | viscosity: alphal nu + alphat nut); v1912 by the keys present.
	f12 := c.spec.Target == Target12
	if c.feat.Class == "laminar" {
		if f12 {
			fn.set("diffusivity", dsrc, grammar.NewWord("constant"))
		}
		fn.set("D", dsrc, grammar.Num(sc.Diffusivity))
		return
	}
	nu := c.viscosity(st)
	if nu <= 0 {
		c.fail(IDConflict, "/fluid/nu", "a turbulent case's scalar diffuses with alphaD nu + alphaDt nut: it needs the viscosity", "give fluid.nu")
		return
	}
	alphaD, alphaDt := "alphaD", "alphaDt"
	if f12 {
		fn.set("diffusivity", dsrc, grammar.NewWord("viscosity"))
		alphaD, alphaDt = "alphal", "alphat"
	}
	fn.set(alphaD, Source{Kind: KindDerived, Formula: "alphaD = D / nu (molecular part of alphaD nu + alphaDt nut, scalarTransport.C:124)",
		Inputs: map[string]float64{"D": sc.Diffusivity, "nu": nu}, Spec: ptr + "/diffusivity"}, grammar.Num(clean(sc.Diffusivity/nu)))
	fn.set(alphaDt, Source{Kind: KindDerived, Formula: "alphaDt = 1 / Sct, turbulent Schmidt number Sct = 0.7",
		Inputs: map[string]float64{"Sct": turbulentSchmidt}}, grammar.Num(clean(1/turbulentSchmidt)))
}
