package verify

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/foamc/foamc/finding"
)

// The finding IDs of this file's check (declared in its IDs).
const (
	IDMassImbalance = "FOAM-VERIFY-040"
	IDNotJudged     = "FOAM-VERIFY-041"
)

// massImbalance is the largest net mass flux over the boundary, relative to the
// inflow, a run is accepted with (docs/verify.md: measured in real runs here, converged
// runs stay below 1e-6; the unconverged pitzDaily at 20 iterations is at 1.7e-2).
const massImbalance = 1e-3

// roundOff is the boundary flux, relative to the largest internal face flux, below which a
// domain is closed: double-precision sums of a face's fluxes leave 1e-16 relative, a
// written closed cavity shows 1e-14 (buoyantSimpleFoam, walls 1.7e-21 against faces 1e-7).
const roundOff = 1e-9

// flux is the boundary flux of one judged time: per patch the sum of phi and the
// inflow (sum of the negative face fluxes, sign reversed).
type flux struct {
	rel          string
	net, in, out float64
	// internalMax is the largest |phi| of an internal face: the scale below which a
	// boundary flux is round-off (a closed cavity's walls carry 1e-21 where its faces carry 1e-7).
	internalMax    float64
	perPatch       map[string]float64
	inflowPerPatch map[string]float64
	names          []string
}

// boundaryFlux sums phi of time t over the boundary patches that are not coupled.
func boundaryFlux(r *Run, t string, patches []meshPatch) (*flux, error) {
	pf, internal, rel, err := resultPatches(r, t, "phi")
	if err != nil {
		return nil, err
	}
	fl := &flux{rel: rel, perPatch: map[string]float64{}, inflowPerPatch: map[string]float64{}}
	for _, x := range internal {
		fl.internalMax = math.Max(fl.internalMax, math.Abs(x))
	}
	for _, p := range patches {
		if coupled[p.typ] || p.typ == "empty" || p.faceCount == 0 {
			continue
		}
		v, ok := pf[p.name]
		if !ok {
			return nil, fmt.Errorf("%s has no boundaryField entry for patch %s", rel, p.name)
		}
		if len(v.vals) != p.faceCount && !(len(v.vals) == 1 && p.faceCount > 0) {
			return nil, fmt.Errorf("%s: patch %s has %d values for %d faces", rel, p.name, len(v.vals), p.faceCount)
		}
		sum, in := 0.0, 0.0
		for i := 0; i < p.faceCount; i++ {
			x := v.vals[min(i, len(v.vals)-1)]
			sum += x
			if x < 0 {
				in -= x
			}
		}
		fl.perPatch[p.name], fl.inflowPerPatch[p.name] = sum, in
		fl.net += sum
		fl.in += in
		fl.out += sum + in
		fl.names = append(fl.names, p.name)
	}
	sort.Strings(fl.names)
	return fl, nil
}

func (fl *flux) describe() string {
	var parts []string
	for _, n := range fl.names {
		parts = append(parts, fmt.Sprintf("%s %.6g", n, fl.perPatch[n]))
	}
	return strings.Join(parts, ", ")
}

// checkConservation: the net flux of phi over the boundary of the latest judged time,
// relative to the inflow. A transient compressible run stores mass (the net flux is
// d(mass)/dt), so it is not judged.
func checkConservation(r *Run) []finding.Finding {
	times, sol := r.caseTimes(), r.sol
	if len(times) == 0 {
		return nil
	}
	t := times[len(times)-1]
	notJudged := func(why string) []finding.Finding {
		return []finding.Finding{{ID: IDNotJudged, Severity: finding.Info, Location: finding.Location{File: t + "/phi"},
			Summary: "mass conservation not judged: " + why,
			Detail:  "method: net flux of phi over the boundary relative to the inflow; " + why}}
	}
	if sol.Compressible && !sol.Steady {
		return notJudged("a transient compressible run stores mass: its net boundary flux is d(mass)/dt, not zero")
	}
	if r.app == "shallowWaterFoam" {
		// Its phi is the discharge's flux; the depth changes (FOAM-VERIFY-081 judges a closed domain).
		return notJudged("a shallowWaterFoam run stores water: its net boundary flux is the rate of change of the water volume sum(h V), not zero")
	}
	patches, err := readPatches(r.dir)
	if err != nil {
		return notJudged("the mesh boundary is unreadable: " + err.Error())
	}
	fl, err := boundaryFlux(r, t, patches)
	if err != nil {
		return notJudged("no usable phi: " + err.Error())
	}
	// Relative to the inflow; a boundary with outflow only (a domain draining a
	// compressed gas) relative to the outflow.
	scale := fl.in
	if scale == 0 {
		scale = fl.out
	}
	loc := finding.Location{File: fl.rel}
	kind := "volumetric"
	if sol.Compressible {
		kind = "mass"
	}
	if negligible := roundOff * fl.internalMax; scale == 0 || fl.in <= negligible && fl.out <= negligible {
		return []finding.Finding{{ID: IDCheckPassed, Severity: finding.Info, Location: loc,
			Summary: fmt.Sprintf("closed domain: no flux through the boundary in %s", fl.rel),
			Detail: fmt.Sprintf("method: sum of phi over every face of the non-coupled boundary patches (per patch: %s); threshold: inflow and outflow <= %g of the largest internal face flux %.3g (round-off); measured: inflow %.3g, outflow %.3g",
				fl.describe(), roundOff, fl.internalMax, fl.in, fl.out)}}
	}
	rel := math.Abs(fl.net) / scale
	detail := fmt.Sprintf("method: sum of %s flux phi over every face of the non-coupled boundary patches of %s (per patch: %s), net relative to the inflow; threshold: |net| / inflow <= %g (measured in real runs here); measured: net %.6g, inflow %.6g, outflow %.6g, ratio %.3g",
		kind, fl.rel, fl.describe(), massImbalance, fl.net, fl.in, fl.out, rel)
	return balance(IDMassImbalance, "mass", "net boundary flux", t, rel, massImbalance, loc, detail,
		"the pressure-velocity coupling has not converged: run more iterations (steady) or tighten the pressure solver tolerance and the PISO/PIMPLE correctors (transient)")
}

// balance judges a conservation ratio (net boundary flux over the inflow) against its
// limit: a passed check, or a reject with the id.
func balance(id, quantity, flux, t string, ratio, limit float64, loc finding.Location, detail, fix string) []finding.Finding {
	if ratio <= limit {
		return []finding.Finding{{ID: IDCheckPassed, Severity: finding.Info, Location: loc, Detail: detail,
			Summary: fmt.Sprintf("%s is conserved in %s: %s %.3g of the inflow", quantity, t, flux, ratio)}}
	}
	return []finding.Finding{{ID: id, Severity: finding.Deny, Location: loc, Detail: detail, Fix: fix,
		Summary: fmt.Sprintf("%s is not conserved in %s: %s %.3g of the inflow (threshold %g)", quantity, t, flux, ratio, limit)}}
}

var conservationCheck = Check{Name: "conservation", File: "verify/conservation.go",
	Doc: "mass conservation: the net flux of phi over the boundary of the latest judged time, relative to the inflow",
	IDs: []ID{
		{ID: IDMassImbalance, Severity: finding.Deny, Summary: "foamc verify: the net flux of phi over the boundary exceeds 1e-3 of the inflow (mass not conserved): reject",
			Fix: "converge the pressure-velocity coupling (more iterations, tighter pressure tolerance) and rerun"},
		{ID: IDNotJudged, Severity: finding.Info, Summary: "foamc verify: a check not made, and why (mass or energy balance of a transient compressible run, energy with a heated wall or a T-dependent Cp, inflow without rho, Reynolds number without scales)",
			Fix: "nothing: the reason is stated"},
	},
	Run: func(r *Run) []finding.Finding {
		if t := r.latest(); t != "" && !r.reconstructed() {
			return []finding.Finding{{ID: IDNotJudged, Severity: finding.Info, Location: finding.Location{File: t},
				Summary: "conservation and the problem that was asked not judged: time " + t + " is not in the case directory (a decomposed run?)",
				Detail:  "method: phi, U, p, T of the latest judged time in the case directory; measured: absent",
				Fix:     "reconstruct the run (reconstructPar) and verify again"}}
		}
		return checkConservation(r)
	},
}
