package compiler

import (
	"github.com/foamc/foamc/schema"
	"math"

	"github.com/foamc/foamc/grammar"
)

var zeroVec = vv([3]float64{}, curated("zero velocity"))

func (c *emission) internal(st *state, field string) val {
	if h, ok := c.fam().(internalHook); ok {
		if v, ok := h.internal(c, st, field); ok {
			return v
		}
	}
	switch field {
	case "U":
		return st.U
	case "p", "p_rgh":
		return st.p
	case "T":
		return st.T
	case "alphat":
		return sv(0, curated("alphat initialised to 0 (computed by the model)"))
	}
	if v, ok := st.turb[field]; ok {
		if field == "nut" && c.feat.Class == "LES" {
			return sv(0, curated("LES nut initialised to 0 (computed by the model)"))
		}
		return v
	}
	return sv(0, curated("zero"))
}

// inletTurbulence is the value of a turbulence field on an inlet: explicit in the spec, or
// derived from the patch velocity, intensity and length scale.
func (c *emission) inletTurbulence(st *state, field, patch string, b *schema.Boundary) val {
	base := "/boundaries/" + escape(patch) + "/turbulence/"
	t := b.Turbulence
	if t != nil {
		explicit := map[string]*float64{"k": t.K, "epsilon": t.Epsilon, "omega": t.Omega, "nuTilda": t.NuTilda, "nut": t.Nut}[field]
		if explicit != nil {
			return sv(*explicit, specSrc(base+field))
		}
	}
	U := st.uRef
	if b.U != nil {
		U = mag(b.U.Vector())
	}
	I, L := st.intensity.s, st.length.s
	if t != nil && t.Intensity != nil {
		I = *t.Intensity
	}
	if t != nil && t.LengthScale != nil {
		L = *t.LengthScale
	}
	if U == 0 || I == 0 || L == 0 {
		return c.internal(st, field)
	}
	ts := deriveTurbulence(U, I, L)
	d := map[string]derivation{"k": ts.K, "epsilon": ts.Epsilon, "omega": ts.Omega, "nuTilda": ts.NuTilda, "nut": nutFor(c.feat.Model, ts)}[field]
	return st.derive("derived/"+patch+"/"+field, d)
}

func (c *emission) emitFields(st *state) {
	for _, field := range c.feat.Fields {
		class := "volScalarField"
		if isVectorField(field) {
			class = "volVectorField"
		}
		f := c.file("0/"+field, class)
		dimsSrc := curated("kb/curated/dims.json; rules FOAM-DIM-001..003")
		f.set("dimensions", dimsSrc, grammar.Dims(fieldDims(field, c.feat.Solver)...))
		in := c.internal(st, field)
		f.set("internalField", in.src, in.uniform()...)
		bf := f.sub("boundaryField")
		for _, pt := range c.mesh.Patches {
			b := c.spec.Boundaries[pt.Name]
			if b == nil {
				continue
			}
			id := bcID(field, pt.Name)
			typ := c.sol[id]
			pn := bf.sub(pt.Name)
			pn.set("type", c.prob.source(id, typ), grammar.NewWord(typ))
			c.bcParams(st, pn, field, typ, pt.Name, b, in)
		}
	}
}

func (c *emission) bcParams(st *state, n node, field, typ, patch string, b *schema.Boundary, in val) {
	if h, ok := c.fam().(bcParamsHook); ok && h.bcParams(c, st, n, field, typ, patch, b, in) {
		return
	}
	bp := "/boundaries/" + escape(patch)
	switch typ {
	case "fixedValue":
		var v val
		ma, sup := c.inletMach(b)
		sup = sup && b.Role == "inlet" && ma.Value > 1
		switch {
		case sup && (field == "p" && b.P != nil && b.P.Total || field == "T" && b.T.Total):
			_, d, _ := c.inletStatic(field, b, ma)
			v = st.derive("derived/"+patch+"/"+field+"_static", d)
		case field == "U" && b.U != nil:
			v = vv(b.U.Vector(), specSrc(bp+"/U"))
		case (field == "p" || field == "p_rgh") && b.P != nil:
			v = sv(b.P.Value, specSrc(bp+"/p"))
		case field == "p" || field == "p_rgh":
			v = st.p
		case field == "T" && b.T != nil:
			v = sv(b.T.Value, specSrc(bp+"/T"))
		case b.Role == "wall" && field == "k" && models[c.feat.Model].LowRe:
			// k = 0 at the wall of a low-Re k-epsilon model dies with SIGFPE in the first
			// step (LaunderSharmaKE, generated matrix); the tutorials fix 1e-10.
			v = sv(1e-10, curated("tutorials/incompressible/boundaryFoam/boundaryLaunderSharma/0/k: k = 1e-10 at a resolved wall"))
		case b.Role == "wall":
			v = sv(0, curated("zero at a resolved wall"))
		case b.Role == "inlet" && turbulenceFields[field]:
			v = c.inletTurbulence(st, field, patch, b)
		default:
			v = in
		}
		n.set("value", v.src, v.uniform()...)
	case "movingWallVelocity":
		v := vv([3]float64{b.Velocity[0], b.Velocity[1], b.Velocity[2]}, specSrc(bp+"/velocity"))
		n.set("value", v.src, v.uniform()...)
	case "inletOutlet":
		iv := in
		if field == "U" {
			iv = zeroVec
		}
		if field == "T" && b.T != nil {
			iv = sv(b.T.Value, specSrc(bp+"/T"))
			if b.T.Total && b.U != nil && c.spec.Fluid.Cp != nil && c.spec.Fluid.MolWeight != nil {
				// Inflow through a far field carries the static T of its total.
				_, d, _ := c.inletStatic("T", b, derivation{})
				iv = st.derive("derived/"+patch+"/T_static", d)
			}
		}
		n.set("inletValue", iv.src, iv.uniform()...)
		n.set("value", in.src, in.uniform()...)
	case "calculated":
		v := in
		if b.Role == "inlet" && field == "nut" {
			v = c.inletTurbulence(st, field, patch, b)
		}
		if b.Role == "wall" && field != "p" {
			v = sv(0, curated("zero at a wall"))
		}
		n.set("value", v.src, v.uniform()...)
	case "kqRWallFunction", "epsilonWallFunction", "omegaWallFunction":
		n.set("value", in.src, in.uniform()...)
	case "nutkWallFunction", "nutUSpaldingWallFunction", "nutLowReWallFunction", "compressible::alphatWallFunction":
		n.set("value", curated("wall-function value initialised to 0"), sv(0, Source{}).uniform()...)
	case "turbulentIntensityKineticEnergyInlet":
		I := st.intensity
		if b.Turbulence != nil && b.Turbulence.Intensity != nil {
			I = sv(*b.Turbulence.Intensity, specSrc(bp+"/turbulence/intensity"))
		}
		n.set("intensity", I.src, I.item())
		v := c.inletTurbulence(st, field, patch, b)
		n.set("value", v.src, v.uniform()...)
	case "totalPressure":
		p0 := sv(b.P.Value, specSrc(bp+"/p/total"))
		if !b.P.Total && st.gas != nil {
			ma := st.gas.mach(mag(b.U.Vector()), b.T.Value)
			st.derive("derived/"+patch+"/Ma", ma)
			p0 = st.derive("derived/"+patch+"/p0", st.gas.totalPressure(b.P.Value, ma.Value))
		}
		n.set("p0", p0.src, p0.uniform()...)
		if c.feat.Compressible && st.gas != nil {
			n.set("psi", ruleSrc("FOAM-BC-004", "compressible total pressure: isentropic with psi and gamma"), grammar.NewWord("thermo:psi"))
			n.set("gamma", st.gas.Gamma.source(), grammar.Num(clean(st.gas.Gamma.Value)))
		}
		n.set("value", st.p.src, st.p.uniform()...)
	case "totalTemperature":
		T0 := sv(b.T.Value, specSrc(bp+"/T/total"))
		if !b.T.Total && st.gas != nil {
			ma := st.gas.mach(mag(b.U.Vector()), b.T.Value)
			T0 = st.derive("derived/"+patch+"/T0", st.gas.totalTemperature(b.T.Value, ma.Value))
		}
		n.set("T0", T0.src, T0.uniform()...)
		if st.gas != nil {
			n.set("gamma", st.gas.Gamma.source(), grammar.Num(clean(st.gas.Gamma.Value)))
		}
		n.set("value", st.T.src, st.T.uniform()...)
	case "waveTransmissive":
		pInf := sv(b.P.Value, specSrc(bp+"/p"))
		n.set("gamma", st.gas.Gamma.source(), grammar.Num(clean(st.gas.Gamma.Value)))
		n.set("fieldInf", pInf.src, pInf.item())
		L := math.Max(c.mesh.Extent[0], math.Max(c.mesh.Extent[1], c.mesh.Extent[2]))
		if L > 0 {
			n.set("lInf", Source{Kind: KindDerived, Formula: "lInf = largest extent of the mesh (the distance to the far-field state)",
				Inputs: map[string]float64{"dx": c.mesh.Extent[0], "dy": c.mesh.Extent[1], "dz": c.mesh.Extent[2]}}, grammar.Num(clean(L)))
		}
		n.set("value", pInf.src, pInf.uniform()...)
	case "fixedFluxPressure":
		n.set("value", in.src, in.uniform()...)
	case "prghPressure":
		v := st.p
		if b.P != nil {
			v = sv(b.P.Value, specSrc(bp+"/p"))
		}
		n.set("p", v.src, v.uniform()...)
		n.set("value", v.src, v.uniform()...)
	case "pressureInletOutletVelocity":
		n.set("value", in.src, in.uniform()...)
	case "supersonicFreestream":
		ma, _ := c.inletMach(b)
		pInf := sv(b.P.Value, specSrc(bp+"/p"))
		if b.P.Total {
			_, d, _ := c.inletStatic("p", b, ma)
			pInf = st.derive("derived/"+patch+"/p_static", d)
		}
		TInf := sv(b.T.Value, specSrc(bp+"/T"))
		if b.T.Total {
			_, d, _ := c.inletStatic("T", b, ma)
			TInf = st.derive("derived/"+patch+"/T_static", d)
		}
		UInf := vv(b.U.Vector(), specSrc(bp+"/U"))
		n.set("UInf", UInf.src, UInf.item())
		n.set("pInf", pInf.src, pInf.item())
		n.set("TInf", TInf.src, TInf.item())
		n.set("gamma", st.gas.Gamma.source(), grammar.Num(clean(st.gas.Gamma.Value)))
		n.set("value", UInf.src, UInf.uniform()...)
	case "freestreamVelocity":
		v := st.U
		if b.U != nil {
			v = vv(b.U.Vector(), specSrc(bp+"/U"))
		}
		n.set("freestreamValue", v.src, v.uniform()...)
		n.set("value", v.src, v.uniform()...)
	case "freestreamPressure":
		v := st.p
		if b.P != nil {
			v = sv(b.P.Value, specSrc(bp+"/p"))
		}
		n.set("freestreamValue", v.src, v.uniform()...)
		n.set("value", v.src, v.uniform()...)
	}
}
