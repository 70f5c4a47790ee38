package verify

import (
	"fmt"
	"math"

	"github.com/foamc/foamc/finding"
)

// IDMachImplausible is the finding ID of this file's check (declared in its IDs).
const IDMachImplausible = "FOAM-VERIFY-057"

// plausibleMach is the bound on a run's largest local Mach number given the spec's
// Mach scale Ma: 3 Ma + 1. The +1 lets a subsonic flow go locally supersonic (a
// transonic airfoil at Ma 0.8 peaks near 1.3-1.5); the factor 3 covers expansion fans
// of supersonic flows (a Prandtl-Meyer expansion turning Ma 2 by 30 degrees gives 3.4).
// Measured here: docs/verify.md's 057 row.
func plausibleMach(ma float64) float64 { return 3*ma + 1 }

// gasGamma is the ratio of specific heats of a perfect gas of constant Cp and molar
// weight w: Cp / (Cp - R), R = RR / w.
func gasGamma(cp, w float64) float64 { return cp / (cp - universalGas/w) }

// runGas reads the run's Cp and molWeight from constant/thermophysicalProperties
// (Foundation 12: physicalProperties).
func runGas(r *Run) (cp, w float64, err error) {
	tp := r.file("constant/thermophysicalProperties")
	if cp, _, err = r.number(tp, []string{"mixture", "thermodynamics", "Cp"}); err != nil {
		return 0, 0, err
	}
	w, _, err = r.number(tp, []string{"mixture", "specie", "molWeight"})
	return cp, w, err
}

// machScale is the spec's largest Mach number: its largest velocity scale over the
// speed of sound at the lowest static temperature it names (reference.T, boundary T; a
// total T less the velocity scale's dynamic part). ok is false when the spec names no
// velocity, temperature or gas.
func (s *spec) machScale() (ma, u, t float64, ok bool) {
	u = s.velocityScale()
	if u == 0 || s.Fluid.Cp == nil || s.Fluid.MolWeight == nil {
		return 0, 0, 0, false
	}
	cp, w := *s.Fluid.Cp, *s.Fluid.MolWeight
	t = math.Inf(1)
	if s.Reference.T != nil {
		t = *s.Reference.T
	}
	for _, b := range s.Boundaries {
		switch {
		case b.T != nil && b.T.Total:
			t = math.Min(t, b.T.Value-u*u/(2*cp))
		case b.T != nil:
			t = math.Min(t, b.T.Value)
		}
	}
	if math.IsInf(t, 1) || t <= 0 {
		return 0, 0, 0, false
	}
	return u / math.Sqrt(gasGamma(cp, w)*universalGas/w*t), u, t, true
}

// localMach: a compressible run's largest Mach number |U| / sqrt(gamma R T) over the
// cells of the latest judged time against plausibleMach of the spec's Mach scale.
func (p *problem) localMach() {
	if !p.sol.Compressible {
		return
	}
	maSpec, uSpec, tSpec, ok := p.s.machScale()
	if !ok {
		return
	}
	cp, w, err := runGas(p.r)
	if err != nil {
		p.insufficient("read the run's gas for its local Mach number", err)
		return
	}
	_, uIn, urel, err1 := resultPatches(p.r, p.t, "U")
	_, tIn, trel, err2 := resultPatches(p.r, p.t, "T")
	for _, err := range []error{err1, err2} {
		if err != nil {
			p.insufficient("read U and T for the local Mach number", err)
			return
		}
	}
	us := vectors(uIn)
	if len(us) == 0 || len(tIn) != 1 && len(tIn) != len(us) {
		p.insufficient("read U and T for the local Mach number", fmt.Errorf("%s holds %d cell values, %s %d", urel, len(us), trel, len(tIn)))
		return
	}
	rg := gasGamma(cp, w) * universalGas / w
	ma, at, tAt := 0.0, -1, 0.0
	for i, v := range us {
		t := tIn[min(i, len(tIn)-1)] // a uniform T holds one value
		if t <= 0 {
			continue // a non-positive T is judged by the bounds checks
		}
		if m := math.Sqrt(dot(v, v) / (rg * t)); m > ma || at < 0 {
			ma, at, tAt = m, i, t
		}
	}
	if at < 0 {
		return
	}
	bound := plausibleMach(maSpec)
	detail := fmt.Sprintf("method: Ma = |U| / sqrt(gamma R T) in every cell of internalField of %s and %s, gamma %.4g and R %.5g from %s (Cp %g, molWeight %g), against the spec's Mach scale %.4g (velocity scale %g, lowest static T %g); threshold: Ma <= 3 x %.4g + 1 = %.4g; measured: largest Ma %.4g at cell %d (|U| %.4g, T %.4g)",
		urel, trel, gasGamma(cp, w), universalGas/w, p.r.file("constant/thermophysicalProperties"), cp, w, maSpec, uSpec, tSpec, maSpec, bound, ma, at, math.Sqrt(dot(us[at], us[at])), tAt)
	loc := finding.Location{File: urel, Path: "/internalField"}
	if ma > bound {
		p.add(finding.Finding{ID: IDMachImplausible, Severity: finding.Deny, Location: loc, Detail: detail,
			Summary: fmt.Sprintf("%s: the local Mach number reaches %.3g, above %.3g (3 times the spec's Mach scale %.3g plus 1)", urel, ma, bound, maSpec),
			Fix:     "the run has run away or is not the flow the spec asks (speed too high or temperature collapsed): check the time step, the boundary values, the thermophysical properties and the mesh, and rerun"})
		return
	}
	p.add(finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: loc, Detail: detail,
		Summary: fmt.Sprintf("the largest local Mach number %.3g is within %.3g (3 times the spec's Mach scale %.3g plus 1)", ma, bound, maSpec)})
}
