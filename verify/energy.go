package verify

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
)

// IDEnergyImbalance is the finding ID of this file's check (declared in its IDs).
const IDEnergyImbalance = "FOAM-VERIFY-042"

// energyImbalance is the largest net flux of total enthalpy over the boundary of a
// steady compressible run, walls' heat included, relative to what enters
// (docs/verify.md: measured in real runs here).
const energyImbalance = 1e-3

// checkEnergy: in a steady compressible run the total enthalpy phi (Cp T + |U|^2/2) that
// flows out is what flows in plus the heat the walls pass into the fluid (for a perfect
// gas with constant Cp, h + p/rho = Cp T whichever energy variable the solver uses). A
// wall whose T is not zeroGradient adds the integral OpenFOAM's wallHeatFlux object
// wrote for it at the judged time. Heat conducted through inlets and outlets and the
// gravity potential energy of buoyant solvers are neglected. A transient run stores
// energy, a held wall without wallHeatFlux output exchanges heat foamc cannot measure
// from the fields, a thermo with a T-dependent Cp needs its polynomial: those are not
// judged (041).
func checkEnergy(r *Run) []finding.Finding {
	times, sol := r.caseTimes(), r.sol
	if !sol.Compressible || len(times) == 0 {
		return nil
	}
	t := times[len(times)-1]
	notJudged := func(why string) []finding.Finding {
		return []finding.Finding{{ID: IDNotJudged, Severity: finding.Info, Location: finding.Location{File: t},
			Summary: "energy balance not judged: " + why,
			Detail:  "method: net flux of total enthalpy phi (Cp T + |U|^2/2) over the boundary relative to the inflow's; " + why}}
	}
	if r.regionCase() {
		return notJudged("a region case (constant/regionProperties): its regions' balances are per interface (" + IDInterfaceHeat + ")")
	}
	tp := r.file("constant/thermophysicalProperties")
	x, err := r.dict(tp)
	if err != nil {
		return notJudged("unreadable " + tp + ": " + err.Error())
	}
	var thermo, eos string
	if tt := x.Dict.Get("thermoType"); tt != nil && tt.Dict != nil {
		thermo, eos = word(tt.Dict.Get("thermo")), word(tt.Dict.Get("equationOfState"))
	}
	w, _, err := r.number(tp, []string{"mixture", "specie", "molWeight"})
	if err != nil {
		return notJudged(tp + ": " + err.Error())
	}
	var cp float64
	switch thermo {
	case "hConst":
		cp, _, err = r.number(tp, []string{"mixture", "thermodynamics", "Cp"})
	case "eConst":
		cp, _, err = r.number(tp, []string{"mixture", "thermodynamics", "Cv"})
		cp += universalGas / w
	default:
		return notJudged("thermo " + thermo + " has no constant Cp")
	}
	if err != nil {
		return notJudged(tp + ": " + err.Error())
	}
	patches, err := readPatches(r.dir)
	if err != nil {
		return notJudged("the mesh boundary is unreadable: " + err.Error())
	}
	if !sol.Steady {
		return checkStoredEnergy(r, t, cp, universalGas/w, eos, patches, thermoText(cp, tp, thermo), notJudged)
	}
	f, why := boundaryEnthalpy(r, t, cp, patches)
	if why != "" {
		return notJudged(why)
	}
	ratio := math.Abs(f.net) / f.in
	detail := fmt.Sprintf("method: %s, %s, relative to what enters (the inflow's enthalpy plus the heat entering through walls); threshold: |net| / inflow <= %g (measured in real runs here); measured: per patch %s; net %.6g W, inflow %.6g W, ratio %.3g",
		f.method(), thermoText(cp, tp, thermo), energyImbalance, strings.Join(f.parts, ", "), f.net, f.in, ratio)
	return balance(IDEnergyImbalance, "energy", "net total-enthalpy flux", t, ratio, energyImbalance, finding.Location{File: f.rel}, detail,
		"the energy equation has not converged: run more iterations, check the energy solver's tolerance and rerun")
}

func thermoText(cp float64, tp, thermo string) string {
	return fmt.Sprintf("Cp %g (%s, thermo %s)", cp, tp, thermo)
}

// enthalpyFlux is the net flux [W] of total enthalpy out of the boundary at one time,
// less the heat the walls pass into the fluid, and what enters.
type enthalpyFlux struct {
	net, in         float64
	parts, walls    []string
	heatFiles       []string
	rel, trel, urel string
}

func (f enthalpyFlux) method() string {
	wallText := "walls adiabatic (zeroGradient T)"
	if len(f.walls) > 0 {
		wallText = fmt.Sprintf("minus the heat the walls pass into the fluid (integral of wallHeatFlux, positive into the fluid, from %s): %s; other walls adiabatic (zeroGradient T)",
			strings.Join(f.heatFiles, ", "), strings.Join(f.walls, ", "))
	}
	return fmt.Sprintf("sum over the faces of the non-wall boundary patches of phi (Cp T + |U|^2/2) from %s, %s, %s, %s", f.rel, f.trel, f.urel, wallText)
}

// boundaryEnthalpy sums the enthalpy flux of time t; a non-empty reason says why it
// cannot be measured.
func boundaryEnthalpy(r *Run, t string, cp float64, patches []meshPatch) (enthalpyFlux, string) {
	var f enthalpyFlux
	phi, _, rel, err1 := resultPatches(r, t, "phi")
	tf, _, trel, err2 := resultPatches(r, t, "T")
	uf, _, urel, err3 := resultPatches(r, t, "U")
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			return f, "no usable result field: " + err.Error()
		}
	}
	f.rel, f.trel, f.urel = rel, trel, urel
	var heat *wallHeat
	for _, p := range patches {
		if coupled[p.typ] || p.typ == "empty" || p.faceCount == 0 {
			continue
		}
		if p.typ == "wall" {
			tw := tf[p.name].typ
			if tw == "zeroGradient" {
				continue
			}
			if heat == nil {
				tv, err := strconv.ParseFloat(t, 64)
				if err != nil {
					return f, "time " + t + " is not a number"
				}
				h, err := readWallHeat(r.dir, tv)
				if err != nil {
					return f, "unreadable wall heat flux: " + err.Error()
				}
				heat = &h
				f.heatFiles = h.files
			}
			q, ok := heat.q[p.name]
			if !ok {
				return f, fmt.Sprintf("wall %s exchanges heat (T is %s in %s) and no postProcessing/<object>/<start>/wallHeatFlux.dat has its row at time %s: add a wallHeatFlux function object (foamc compile emits foamc_wallHeatFlux)", p.name, tw, trel, t)
			}
			// q > 0 enters the fluid: the boundary's outflow must carry it away.
			f.net -= q
			if q > 0 {
				f.in += q
			}
			f.walls = append(f.walls, fmt.Sprintf("%s %.6g W", p.name, q))
			continue
		}
		ph, tv, uv := phi[p.name].vals, tf[p.name].vals, uf[p.name].vals
		if len(ph) == 0 || len(tv) == 0 || len(uv) < 3 {
			return f, fmt.Sprintf("patch %s has no phi, T or U values", p.name)
		}
		sum := 0.0
		for i := 0; i < p.faceCount; i++ {
			fl := ph[min(i, len(ph)-1)]
			j := min(i, len(uv)/3-1)
			u := uv[3*j : 3*j+3]
			e := fl * (cp*tv[min(i, len(tv)-1)] + 0.5*(u[0]*u[0]+u[1]*u[1]+u[2]*u[2]))
			sum += e
			if fl < 0 {
				f.in -= e
			}
		}
		f.net += sum
		f.parts = append(f.parts, fmt.Sprintf("%s %.6g W", p.name, sum))
	}
	if f.in == 0 {
		return f, "no inflow of enthalpy and no heat entering through a wall"
	}
	if len(f.parts) == 0 {
		f.parts = []string{"none open"}
	}
	return f, ""
}

var energyCheck = Check{Name: "energy", File: "verify/energy.go",
	Doc: "the energy balance of a compressible run: net total-enthalpy flux over the boundary (a transient run: with the stored energy)",
	IDs: []ID{
		{ID: IDEnergyImbalance, Severity: finding.Deny, Summary: "foamc verify: a steady compressible run with adiabatic walls whose net total-enthalpy flux phi (Cp T + |U|^2/2) over the boundary exceeds 1e-3 of the inflow's: reject",
			Fix: "converge the energy equation and rerun"},
	},
	Run: checkEnergy,
}
