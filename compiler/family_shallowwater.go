package compiler

import (
	"fmt"
	"math"
	"slices"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/schema"
)

// shallowWater is the family of shallowWaterFoam, the inviscid depth-averaged equations
// (shallowWaterFoam.C): it solves the depth h and the discharge per unit width hU
// (createFields.H, MUST_READ), derives U = hU/h itself (NO_READ, written each step) and
// writes hTotal = h + h0 for post-processing (READ_IF_PRESENT). The bed elevation h0 is read
// from constant/ when present (zero otherwise); gravity and the frame rotation come from
// constant/gravitationalProperties (readGravitationalAcceleration.H: g, rotating, Omega when
// rotating). PIMPLE; no turbulence, no transport properties, no wetting and drying: U = hU/h
// needs h > 0 in every cell.
type shallowWater struct{ pressureBased }

const refShallowWater = "applications/solvers/incompressible/shallowWaterFoam (v1912)"
const refSquareBump = "tutorials/incompressible/shallowWaterFoam/squareBump"

// swGravity is the gravity of a spec without physics.gravity (g along -z: the depth-averaged
// plane is x-y; only |g| enters a 2-D solution, shallowWaterFoam.C:84).
var swGravity = [3]float64{0, 0, -9.81}

func (shallowWater) name() string { return "shallowWater" }

func (shallowWater) solvers() []string { return []string{"shallowWaterFoam"} }

// resolve: the solved "pressure" is the depth h (its equation is the pressure corrector of
// shallowWaterFoam.C:131); what the spec must say for the solver to have a solution.
func (shallowWater) resolve(c *resolution, _ assignment, _ func(string)) {
	s := c.spec
	c.feat.Pressure = "h"
	if s.Physics.Energy != "" {
		c.note(IDNotice, finding.Info, "/physics/energy", "shallowWaterFoam solves no energy equation; physics.energy is ignored", "remove it")
	}
	if g := s.Physics.Gravity; g != nil && mag([3]float64{g[0], g[1], g[2]}) == 0 {
		c.fail(IDConflict, "/physics/gravity", "shallow water needs gravity: shallowWaterFoam divides by |g| (gHat = g/|g|, readGravitationalAcceleration.H:24)",
			"give physics.gravity, e.g. [0, 0, -9.81], or leave it out for that default")
	}
	if s.Initial.H == nil {
		c.open("initial/h", "/initial/h", "the initial water depth h in m (shallowWaterFoam)", "number")
	}
	for i, r := range s.Initial.Regions {
		if r.U != nil && r.H == nil && s.Initial.H == nil {
			c.fail(IDConflict, fmt.Sprintf("/initial/regions/%d/U", i), "a region's velocity needs its depth to give the discharge hU = h U",
				"give the region's h, or initial.h")
		}
	}
	for _, n := range sortedKeys(s.Boundaries) {
		b := s.Boundaries[n]
		ptr := "/boundaries/" + escape(n)
		switch b.Role {
		case "freestream":
			c.fail(IDUnsupported, ptr+"/role", "shallowWaterFoam has no far-field condition", "use role inlet (a discharge or a depth) or outlet")
		case "inlet":
			if b.HU == nil && b.U == nil && b.H == nil {
				c.fail(IDConflict, ptr, "an inflow of shallow water needs a discharge (hU, or U with the depth) or a depth h",
					"give hU: [qx, qy, 0] in m^2/s, or h in m")
			}
			if b.HU != nil && b.U != nil {
				c.fail(IDConflict, ptr+"/U", "an inflow gives either the discharge hU or the velocity U, not both", "remove U or hU")
			}
		}
		if b.HU != nil && b.Role != "inlet" {
			c.fail(IDConflict, ptr+"/hU", "a discharge is held only on an inlet", "move hU to an inlet or remove it")
		}
	}
}

func (shallowWater) fields(*Features, modelInfo) (files, solved []string) {
	return []string{"h", "hTotal", "hU"}, []string{"hU", "h"}
}

// gravity is the spec's g, else swGravity.
func (shallowWater) gravity(c *emission) val {
	if g := c.spec.Physics.Gravity; g != nil {
		return vv([3]float64{g[0], g[1], g[2]}, specSrc("/physics/gravity"))
	}
	return vv(swGravity, curated("standard gravity along -z: the depth-averaged plane is x-y (only |g| enters a 2-D case, shallowWaterFoam.C:84)"))
}

// constant writes gravitationalProperties (rotating off: the frame rotation is a choice the
// spec does not make) and constant/h0 when the spec gives a bed.
func (sw shallowWater) constant(c *emission, _ *state) {
	gp := c.file("constant/gravitationalProperties", "dictionary")
	g := sw.gravity(c)
	gp.set("g", g.src, grammar.NewWord("g"), grammar.Dims(0, 1, -2, 0, 0, 0, 0), g.item())
	gp.set("rotating", curated(refShallowWater+" readGravitationalAcceleration.H:16: rotating is required; a non-rotating frame"), grammar.NewWord("false"))
	if !sw.hasBed(c) {
		return
	}
	h0 := c.file("constant/h0", "volScalarField")
	h0.set("dimensions", curated("kb/curated/dims.json"), grammar.Dims(0, 1, 0, 0, 0, 0, 0))
	in := sw.bed(c)
	h0.set("internalField", in.src, in.uniform()...)
	bf := h0.sub("boundaryField")
	for _, pt := range c.mesh.Patches {
		if c.spec.Boundaries[pt.Name] == nil {
			continue
		}
		typ := c.sol[bcID("h", pt.Name)]
		if typ != "empty" && typ != "wedge" && !cyclicTypes[typ] && typ != "symmetry" && typ != "symmetryPlane" {
			typ = "zeroGradient"
		}
		bf.sub(pt.Name).set("type", curated(refSquareBump+"/constant/h0: a bed extrapolated to the boundary"), grammar.NewWord(typ))
	}
}

func (shallowWater) hasBed(c *emission) bool {
	return c.spec.Initial.H0 != nil || slices.ContainsFunc(c.spec.Initial.Regions, func(r schema.InitialRegion) bool { return r.H0 != nil })
}

func (shallowWater) bed(c *emission) val {
	if h0 := c.spec.Initial.H0; h0 != nil {
		return sv(*h0, specSrc("/initial/h0"))
	}
	return sv(0, curated(refShallowWater+" createFields.H:29: a flat bed at 0"))
}

func (shallowWater) depth(c *emission) val {
	if h := c.spec.Initial.H; h != nil {
		return sv(*h, specSrc("/initial/h"))
	}
	return sv(0, Source{})
}

// bcDomain: walls reflect (slip: the equations are inviscid, squareBump's sides); an inflow
// holds the discharge hU, the depth h, or both (a supercritical inflow); an outflow holds the
// depth when given (squareBump's outlet) and lets hU out; hTotal is calculated everywhere.
// Constraint roles (empty, symmetry, wedge, cyclic) are the shared ones.
func (shallowWater) bcDomain(_ *resolution, field string, pt meshPatch, b *schema.Boundary) []candidate {
	bp := "/boundaries/" + escape(pt.Name)
	sq := func(t, why string) []candidate {
		return []candidate{{t, curated(refSquareBump + ": " + why)}}
	}
	switch b.Role {
	case "wall":
		switch field {
		case "h":
			return sq("zeroGradient", "sides, no flux through a wall")
		case "hU":
			return sq("slip", "sides, an inviscid wall reflects the flow")
		case "hTotal":
			return cands("calculated")
		}
	case "inlet":
		switch field {
		case "h":
			if b.H != nil {
				return []candidate{{"fixedValue", specSrc(bp + "/h")}}
			}
			return sq("zeroGradient", "inlet, the depth follows the flow when the discharge is held")
		case "hU":
			switch {
			case b.HU != nil:
				return []candidate{{"fixedValue", specSrc(bp + "/hU")}}
			case b.U != nil:
				return []candidate{{"fixedValue", specSrc(bp + "/U")}}
			}
			return sq("zeroGradient", "outlet, the discharge follows the flow when the depth is held")
		case "hTotal":
			return cands("calculated")
		}
	case "outlet":
		switch field {
		case "h":
			if b.H != nil {
				return []candidate{{"fixedValue", specSrc(bp + "/h")}}
			}
			return cands("zeroGradient")
		case "hU":
			return sq("zeroGradient", "outlet")
		case "hTotal":
			return cands("calculated")
		}
	}
	return nil
}

// internal: h from initial.h, hU = h U, hTotal = h + h0.
func (sw shallowWater) internal(c *emission, st *state, field string) (val, bool) {
	h := sw.depth(c)
	switch field {
	case "h":
		return h, true
	case "hU":
		u := st.U.v
		if mag(u) == 0 {
			return vv(u, st.U.src), true
		}
		return vv([3]float64{h.s * u[0], h.s * u[1], h.s * u[2]}, Source{Kind: KindDerived, Formula: "hU = h U",
			Inputs: map[string]float64{"h": h.s, "Ux": u[0], "Uy": u[1], "Uz": u[2]}}), true
	case "hTotal":
		b := sw.bed(c)
		return sv(h.s+b.s, Source{Kind: KindDerived, Formula: "hTotal = h + h0 (shallowWaterFoam.C:168)", Inputs: map[string]float64{"h": h.s, "h0": b.s}}), true
	}
	return val{}, false
}

// bcParams writes the values of the family's fixedValue and calculated patches.
func (sw shallowWater) bcParams(c *emission, st *state, n node, field, typ, patch string, b *schema.Boundary, _ val) bool {
	bp := "/boundaries/" + escape(patch)
	var v val
	switch {
	case typ == "fixedValue" && field == "h":
		v = sv(*b.H, specSrc(bp+"/h"))
	case typ == "fixedValue" && field == "hU" && b.HU != nil:
		v = vv([3]float64{b.HU[0], b.HU[1], b.HU[2]}, specSrc(bp+"/hU"))
	case typ == "fixedValue" && field == "hU":
		h := sw.depth(c)
		if b.H != nil {
			h = sv(*b.H, specSrc(bp+"/h"))
		}
		u := b.U.Vector()
		v = vv([3]float64{h.s * u[0], h.s * u[1], h.s * u[2]}, Source{Kind: KindDerived, Formula: "hU = h U", Spec: bp + "/U",
			Inputs: map[string]float64{"h": h.s, "Ux": u[0], "Uy": u[1], "Uz": u[2]}})
	case typ == "calculated":
		v, _ = sw.internal(c, st, field)
	default:
		return false
	}
	n.set("value", v.src, v.uniform()...)
	return true
}

// waveSpeed is the celerity sqrt(|g| h) of the deepest water the spec states: with the
// flow speed it sets the Courant step of a spec with maxCo (shallowWaterFoam's CourantNo.H
// counts only the flow, but the waves travel at U + sqrt(g h); a basin at rest has no other
// speed).
func (sw shallowWater) waveSpeed(c *emission, _ *state) float64 {
	h := sw.depth(c).s
	for _, r := range c.spec.Initial.Regions {
		if r.H != nil {
			h = math.Max(h, *r.H)
		}
	}
	for _, b := range c.spec.Boundaries {
		if b.H != nil {
			h = math.Max(h, *b.H)
		}
	}
	return math.Sqrt(mag(sw.gravity(c).v) * h)
}

// regionValues are a region's setFields values: h, hU = h U, the bed h0 and hTotal = h + h0.
func (sw shallowWater) regionValues(c *emission, ptr string, r schema.InitialRegion) []grammar.Item {
	var out []grammar.Item
	scalar := func(name string, x float64) {
		out = append(out, grammar.NewWord("volScalarFieldValue"), grammar.NewWord(name), grammar.Num(clean(x)))
	}
	h := sw.depth(c).s
	if r.H != nil {
		h = *r.H
		scalar("h", h)
	}
	if r.U != nil {
		out = append(out, grammar.NewWord("volVectorFieldValue"), grammar.NewWord("hU"), grammar.Vector(clean(h*r.U[0]), clean(h*r.U[1]), clean(h*r.U[2])))
	}
	h0 := sw.bed(c).s
	if r.H0 != nil {
		h0 = *r.H0
		scalar("h0", h0)
	}
	if r.H != nil || r.H0 != nil {
		scalar("hTotal", h+h0)
	}
	return out
}

// divSchemes: the one convection term, div(phiv,hU) (shallowWaterFoam.C:79), with a TVD
// scheme for vectors: a dam-break bore stays free of wiggles.
func (shallowWater) divSchemes(c *emission, _, div node, _ func(string) string) {
	c.scheme(div, "divSchemes", "div(phiv,hU)", "Gauss limitedLinearV 1", curated(refNumerics+"; the momentum of a bore needs a bounded (TVD) scheme"))
}

// linearSolvers: h is symmetric (ddt + laplacian, shallowWaterFoam.C:131-136): PCG; hU
// smoothed. Tight tolerances: depths of millimetres (squareBump) are common.
func (shallowWater) linearSolvers(c *emission, sol node, ls linearSolver) {
	src := curated(refSquareBump + "/system/fvSolution")
	for _, x := range []struct {
		name, text string
	}{
		{"h", "solver PCG; preconditioner DIC; tolerance 1e-10; relTol 0.01"},
		{"hFinal", "solver PCG; preconditioner DIC; tolerance 1e-10; relTol 0"},
		{"hU", "solver smoothSolver; smoother GaussSeidel; tolerance 1e-10; relTol 0.1"},
		{"hUFinal", "solver smoothSolver; smoother GaussSeidel; tolerance 1e-10; relTol 0"},
	} {
		c.solverBlock(sol, x.name, x.text, src)
	}
}

// simple and relaxation are never asked: shallowWaterFoam runs PIMPLE.
func (shallowWater) simple(*emission, node, Source)  {}
func (shallowWater) relaxation() ([][2]any, float64) { return nil, 0 }
