package compiler

import (
	"fmt"
	"github.com/foamc/foamc/schema"

	"github.com/foamc/foamc/kb"
)

// Boundary-condition domains per role x field x regime (the v1912 tutorials' practice; wall
// choices of turbulence fields from kb.WallBCs), most preferred first. The CSP picks the first candidate the rules allow.

func cur(t string) candidate { return candidate{t, curated(refModels + " (role x field x regime)")} }

func cands(ts ...string) []candidate {
	out := make([]candidate, len(ts))
	for i, t := range ts {
		out[i] = cur(t)
	}
	return out
}

var turbulenceFields = map[string]bool{"k": true, "epsilon": true, "omega": true, "nuTilda": true}

func (c *resolution) bcDomain(field string, pt meshPatch, b *schema.Boundary) []candidate {
	f := c.feat
	if d := c.fam().bcDomain(c, field, pt, b); d != nil {
		return d
	}
	switch b.Role {
	case "empty", "wedge":
		return cands(b.Role)
	case "cyclic":
		if cyclicTypes[pt.Type] {
			// The coupled patchField of the mesh's coupling (cyclicAMI on a pipe sector).
			return cands(pt.Type)
		}
		return cands(b.Role)
	case "symmetry":
		if pt.Type == "symmetryPlane" {
			return cands("symmetryPlane", "symmetry")
		}
		return cands("symmetry", "symmetryPlane")
	case "wall":
		if b.Slip {
			switch field {
			case "U":
				return []candidate{{"slip", specSrc("/boundaries/" + escape(pt.Name) + "/slip")}}
			case "nut", "alphat":
				return cands("calculated")
			case "T":
				return c.wallT(pt, b)
			}
			return cands("zeroGradient")
		}
		switch field {
		case "U":
			if b.Velocity != nil {
				return []candidate{{"movingWallVelocity", specSrc("/boundaries/" + escape(pt.Name) + "/velocity")}}
			}
			return cands("noSlip")
		case "p":
			return cands("zeroGradient")
		case "T":
			return c.wallT(pt, b)
		case "nut":
			ts := kb.WallBCs(field, f.Model)
			// nutkWallFunction assumes the first cell in the log layer; below y+ 30 Spalding's
			// law covers the viscous and buffer layers too.
			if ts[0] == "nutkWallFunction" {
				if yp, ok := c.yPlus(); ok && yp.Value < 30 {
					d := Source{Kind: KindDerived, Formula: yp.Formula + fmt.Sprintf(" = %.3g < 30: a wall function valid at every y+", yp.Value), Inputs: yp.Inputs}
					return []candidate{{"nutUSpaldingWallFunction", d}, cur("nutkWallFunction"), cur("calculated")}
				}
			}
			return cands(ts...)
		case "k", "epsilon", "omega", "nuTilda", "alphat":
			return cands(kb.WallBCs(field, f.Model)...)
		}
	case "inlet":
		if ma, ok := c.inletMach(b); ok && c.feat.Compressible && ma.Value > 1 {
			if d := c.supersonicInlet(field, pt, b, ma); d != nil {
				return d
			}
		}
		if c.staticSubsonicInlet(b) {
			d := Source{Kind: KindDerived, Formula: "subsonic inlet with static p, T and U: isentropic total conditions",
				Spec: "/boundaries/" + escape(pt.Name)}
			switch field {
			case "U":
				return []candidate{{"pressureInletOutletVelocity", d}}
			case "p":
				return []candidate{{"totalPressure", d}}
			case "T":
				return []candidate{{"totalTemperature", d}}
			}
		}
		switch field {
		case "U":
			if b.P != nil && b.P.Total {
				return []candidate{{"pressureInletOutletVelocity", specSrc("/boundaries/" + escape(pt.Name) + "/p/total")}}
			}
			if staticPressureInlet(b) {
				return []candidate{{"pressureInletOutletVelocity", specSrc("/boundaries/" + escape(pt.Name) + "/p")}}
			}
			return []candidate{{"fixedValue", specSrc("/boundaries/" + escape(pt.Name) + "/U")}}
		case "p":
			if b.P != nil && b.P.Total {
				return []candidate{{"totalPressure", specSrc("/boundaries/" + escape(pt.Name) + "/p/total")}}
			}
			if staticPressureInlet(b) {
				return []candidate{{"fixedValue", specSrc("/boundaries/" + escape(pt.Name) + "/p")}}
			}
			return cands("zeroGradient")
		case "T":
			if b.T != nil && b.T.Total {
				return []candidate{{"totalTemperature", specSrc("/boundaries/" + escape(pt.Name) + "/T/total")}}
			}
			return []candidate{{"fixedValue", specSrc("/boundaries/" + escape(pt.Name) + "/T")}}
		case "k":
			if t := b.Turbulence; t != nil && t.K == nil && (t.Intensity != nil || c.spec.Reference.Intensity != nil) && f.Class == "RAS" && b.U != nil {
				return cands("turbulentIntensityKineticEnergyInlet", "fixedValue")
			}
			return cands("fixedValue")
		case "epsilon", "omega", "nuTilda":
			return cands("fixedValue")
		case "nut", "alphat":
			return cands("calculated")
		}
	case "outlet":
		if c.outletSupersonic(b) {
			if field == "nut" || field == "alphat" {
				return cands("calculated")
			}
			return []candidate{{"zeroGradient", Source{Kind: KindDerived, Formula: "supersonic outlet (Ma > 1, no outlet p): every variable extrapolated"}}}
		}
		switch field {
		case "p":
			if why, in := c.exitMaySupersonic(pt, b); why != "" {
				src := Source{Kind: KindDerived, Formula: why + ": the exit may be supersonic or reflect waves; p relaxes towards the outlet p (non-reflecting)",
					Inputs: in, Spec: "/boundaries/" + escape(pt.Name) + "/p"}
				if c.feat.Steady {
					// advective conditions need a time derivative; a steady solver extrapolates.
					return []candidate{{"fixedValue", specSrc("/boundaries/" + escape(pt.Name) + "/p")}}
				}
				return []candidate{{"waveTransmissive", src}, {"fixedValue", specSrc("/boundaries/" + escape(pt.Name) + "/p")}}
			}
			return cands("fixedValue")
		case "U", "T", "k", "epsilon", "omega", "nuTilda":
			return cands("inletOutlet", "zeroGradient")
		case "nut", "alphat":
			return cands("calculated")
		}
	case "atmosphere":
		c.fail(IDUnsupported, "/boundaries/"+escape(pt.Name)+"/role", "the role atmosphere is compiled for free-surface (VoF) solvers; "+c.feat.Solver+" has one fluid",
			"use outlet with p for an open boundary, or a VoF solver (interFoam)")
		return cands("zeroGradient")
	case "freestream":
		if ma, ok := c.inletMach(b); ok && c.feat.Compressible && !c.feat.Buoyant && ma.Value > 1 {
			return c.supersonicFreestream(field, pt, b, ma)
		}
		switch field {
		case "U":
			return cands("freestreamVelocity")
		case "p":
			return cands("freestreamPressure")
		case "nut", "alphat":
			return cands("calculated")
		}
		return cands("inletOutlet", "zeroGradient")
	}
	return nil
}

func (c *resolution) wallT(pt meshPatch, b *schema.Boundary) []candidate {
	switch {
	case b.T != nil:
		return []candidate{{"fixedValue", specSrc("/boundaries/" + escape(pt.Name) + "/T")}}
	case b.HeatFlux != nil && *b.HeatFlux != 0:
		c.fail(IDUnsupported, "/boundaries/"+escape(pt.Name)+"/heatFlux", "a non-zero wall heat flux is not compiled yet", "give a wall temperature T or heatFlux 0")
		return cands("zeroGradient")
	case b.HeatFlux != nil:
		return []candidate{{"zeroGradient", specSrc("/boundaries/" + escape(pt.Name) + "/heatFlux")}}
	}
	return cands("zeroGradient")
}

// patchSupersonic: a compressible inlet whose U and T give Ma > 1.
func (c *resolution) patchSupersonic(b *schema.Boundary) bool {
	ma, ok := c.inletMach(b)
	return ok && c.feat.Compressible && ma.Value > 1
}

// inletMach is the Mach number of an inlet or freestream patch that states U and T. A total
// T0 gives the static T = T0 - |U|^2 / (2 Cp) (energy balance); false without U, T or a
// perfect gas, or when |U| exceeds the speed T0 can reach.
func (c *resolution) inletMach(b *schema.Boundary) (derivation, bool) {
	f := c.spec.Fluid
	if b.U == nil || b.T == nil || f.MolWeight == nil || f.Cp == nil {
		return derivation{}, false
	}
	g := deriveGas(*f.MolWeight, *f.Cp)
	U := mag(b.U.Vector())
	T := c.staticT(b)
	if T <= 0 {
		return derivation{}, false
	}
	ma := g.mach(U, T)
	if b.T.Total {
		ma.Formula += ", T = T0 - |U|^2 / (2 Cp)"
		ma.Inputs["T0"], ma.Inputs["Cp"] = b.T.Value, *f.Cp
	}
	return ma, true
}

// staticT is the static temperature of a patch that states U and T (static, or total).
func (c *given) staticT(b *schema.Boundary) float64 {
	if !b.T.Total {
		return b.T.Value
	}
	U := mag(b.U.Vector())
	return b.T.Value - U*U/(2**c.spec.Fluid.Cp)
}

// supersonicInlet: at Ma > 1 every characteristic enters the domain, so U, p and T are all
// fixed (a zeroGradient p or a totalPressure/pressureInletOutletVelocity pair lets the
// inflow drift: those are subsonic inlets). Totals are converted to the static values.
func (c *resolution) supersonicInlet(field string, pt meshPatch, b *schema.Boundary, ma derivation) []candidate {
	bp := "/boundaries/" + escape(pt.Name)
	d := Source{Kind: KindDerived, Formula: fmt.Sprintf("supersonic inlet, Ma = %.3g > 1 (%s): U, p and T fixed", ma.Value, ma.Formula),
		Inputs: ma.Inputs, Spec: bp}
	switch field {
	case "U", "T":
		return []candidate{{"fixedValue", d}}
	case "p":
		if b.P == nil {
			c.open("boundaries/"+pt.Name+"/p", bp+"/p", fmt.Sprintf("the static pressure of a supersonic inlet (Ma = %.3g): no information travels upstream to it", ma.Value), "number")
		}
		return []candidate{{"fixedValue", d}}
	}
	return nil // turbulence fields: as at any inlet
}

// supersonicFreestream: freestreamPressure blends towards zeroGradient p on inflow faces,
// right for a subsonic far field but not at Ma > 1, where nothing inside reaches the inflow.
// A supersonic far field takes supersonicFreestream for U (the free-stream state, turned by
// a Prandtl-Meyer expansion or an oblique shock to the local flow direction) with p
// extrapolated, as tutorials/compressible/sonicFoam/RAS/nacaAirfoil.
func (c *resolution) supersonicFreestream(field string, pt meshPatch, b *schema.Boundary, ma derivation) []candidate {
	bp := "/boundaries/" + escape(pt.Name)
	d := Source{Kind: KindDerived, Formula: fmt.Sprintf("supersonic far field, Ma = %.3g > 1 (%s): supersonicFreestream U, p extrapolated (tutorials/compressible/sonicFoam/RAS/nacaAirfoil)", ma.Value, ma.Formula),
		Inputs: ma.Inputs, Spec: bp}
	switch field {
	case "U":
		if b.P == nil {
			c.open("boundaries/"+pt.Name+"/p", bp+"/p", fmt.Sprintf("the free-stream static pressure of a supersonic far field (Ma = %.3g)", ma.Value), "number")
		}
		return []candidate{{"supersonicFreestream", d}}
	case "p":
		return []candidate{{"zeroGradient", d}}
	case "nut", "alphat":
		return cands("calculated")
	}
	return cands("inletOutlet", "zeroGradient")
}

// inletStatic is the static p or T a supersonic inlet fixes: the spec's static value, or the
// isentropic static value of its total (p = p0 / (1 + (gamma-1)/2 Ma^2)^(gamma/(gamma-1))).
func (c *emission) inletStatic(field string, b *schema.Boundary, ma derivation) (float64, derivation, bool) {
	g := deriveGas(*c.spec.Fluid.MolWeight, *c.spec.Fluid.Cp)
	switch {
	case field == "T" && b.T.Total:
		T := c.staticT(b)
		return T, derivation{T, "T = T0 - |U|^2 / (2 Cp)", map[string]float64{"T0": b.T.Value, "U": mag(b.U.Vector()), "Cp": *c.spec.Fluid.Cp}}, true
	case field == "p" && b.P != nil && b.P.Total:
		r := g.totalPressure(1, ma.Value)
		p := b.P.Value / r.Value
		return p, derivation{p, "p = p0 / (1 + (gamma-1)/2 Ma^2)^(gamma/(gamma-1))", map[string]float64{"p0": b.P.Value, "Ma": ma.Value, "gamma": g.Gamma.Value}}, true
	}
	return 0, derivation{}, false
}

// outletSupersonic: a compressible outlet without a static pressure in a case whose inflow
// (an inlet or a far field) is supersonic.
func (c *resolution) outletSupersonic(b *schema.Boundary) bool {
	return c.feat.Compressible && b.P == nil && c.supersonic()
}

// exitMaySupersonic estimates whether a compressible outlet that states a static pressure
// may see supersonic outflow or shocks: a supersonic inlet (Ma > 1 from its U and T); where
// the mesh shows a diverging passage between a total-pressure inlet and the outlet, the
// nozzle regime of its area ratio at the pressure ratio (nozzleReason); otherwise a
// total-to-static pressure ratio across the domain above the critical (choking) ratio.
// It returns the reason and its inputs, or "" for a subsonic exit.
func (c *resolution) exitMaySupersonic(pt meshPatch, b *schema.Boundary) (string, map[string]float64) {
	s := c.spec
	if !c.feat.Compressible || c.feat.Buoyant || b.P == nil || b.P.Total || s.Fluid.MolWeight == nil || s.Fluid.Cp == nil {
		return "", nil
	}
	g := deriveGas(*s.Fluid.MolWeight, *s.Fluid.Cp)
	for _, n := range sortedKeys(s.Boundaries) {
		ib := s.Boundaries[n]
		if ib.Role != "inlet" && ib.Role != "freestream" {
			continue
		}
		if ma, ok := c.inletMach(ib); ok && ma.Value > 1 {
			return fmt.Sprintf("inlet %s at Ma = %.3g", n, ma.Value), ma.Inputs
		}
		if ib.Role != "inlet" || ib.P == nil || !ib.P.Total || b.P.Value <= 0 {
			continue
		}
		if why, in, ok := c.nozzleReason(g, n, pt.Name, ib.P.Value, b.P.Value); ok {
			if why != "" {
				return why, in
			}
			continue
		}
		if r := ib.P.Value / b.P.Value; r > g.criticalRatio() {
			return fmt.Sprintf("p0/p = %.3g across the domain, above the critical ratio %.3g", r, g.criticalRatio()),
				map[string]float64{"p0": ib.P.Value, "p": b.P.Value, "gamma": g.Gamma.Value}
		}
	}
	return "", nil
}

// staticPressureInlet: an inlet that states a static pressure and no velocity (a channel
// driven by a pressure difference). The pressure is held and the velocity follows from the
// flux; without this the stated p was dropped and the inlet became a wall at rest.
func staticPressureInlet(b *schema.Boundary) bool {
	return b.P != nil && !b.P.Total && b.U == nil
}

// staticSubsonicInlet: a compressible inlet that gives static p and T and a velocity below
// Mach 1. Fixing U, p and T at a subsonic inlet over-specifies it, so foamc imposes the
// isentropic total conditions p0, T0 derived from them and lets the velocity follow.
func (c *resolution) staticSubsonicInlet(b *schema.Boundary) bool {
	return c.feat.Compressible && !c.feat.Buoyant && b.U != nil && b.P != nil && !b.P.Total && b.T != nil && !b.T.Total &&
		c.spec.Fluid.MolWeight != nil && c.spec.Fluid.Cp != nil && !c.patchSupersonic(b)
}
