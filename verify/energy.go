package verify

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/openfoam"
)

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
func checkEnergy(dir string, times []string, sol openfoam.Solver) []finding.Finding {
	if !sol.Compressible || len(times) == 0 {
		return nil
	}
	t := times[len(times)-1]
	notJudged := func(why string) []finding.Finding {
		return []finding.Finding{{ID: IDNotJudged, Severity: finding.Info, Location: finding.Location{File: t},
			Summary: "energy balance not judged: " + why,
			Detail:  "method: net flux of total enthalpy phi (Cp T + |U|^2/2) over the boundary relative to the inflow's; " + why}}
	}
	if !sol.Steady {
		return notJudged("a transient run stores energy: its net boundary flux is d(energy)/dt, not zero")
	}
	const tp = "constant/thermophysicalProperties"
	x, err := expand(dir, tp)
	if err != nil {
		return notJudged("unreadable " + tp + ": " + err.Error())
	}
	var thermo string
	if tt := x.Dict.Get("thermoType"); tt != nil && tt.Dict != nil {
		thermo = word(tt.Dict.Get("thermo"))
	}
	w, _, err := dictNumber(dir, tp, []string{"mixture", "specie", "molWeight"})
	if err != nil {
		return notJudged(tp + ": " + err.Error())
	}
	var cp float64
	switch thermo {
	case "hConst":
		cp, _, err = dictNumber(dir, tp, []string{"mixture", "thermodynamics", "Cp"})
	case "eConst":
		cp, _, err = dictNumber(dir, tp, []string{"mixture", "thermodynamics", "Cv"})
		cp += universalGas / w
	default:
		return notJudged("thermo " + thermo + " has no constant Cp")
	}
	if err != nil {
		return notJudged(tp + ": " + err.Error())
	}
	patches, err := readPatches(dir)
	if err != nil {
		return notJudged("the mesh boundary is unreadable: " + err.Error())
	}
	phi, _, rel, err1 := resultPatches(dir, t, "phi")
	tf, _, trel, err2 := resultPatches(dir, t, "T")
	uf, _, urel, err3 := resultPatches(dir, t, "U")
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			return notJudged("no usable result field: " + err.Error())
		}
	}
	var net, in float64
	var parts, walls []string
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
					return notJudged("time " + t + " is not a number")
				}
				h, err := readWallHeat(dir, tv)
				if err != nil {
					return notJudged("unreadable wall heat flux: " + err.Error())
				}
				heat = &h
			}
			q, ok := heat.q[p.name]
			if !ok {
				return notJudged(fmt.Sprintf("wall %s exchanges heat (T is %s in %s) and no postProcessing/<object>/<start>/wallHeatFlux.dat has its row at time %s: add a wallHeatFlux function object (foamc compile emits foamc_wallHeatFlux)", p.name, tw, trel, t))
			}
			// q > 0 enters the fluid: it leaves the balance as an outflow would not.
			net -= q
			if q > 0 {
				in += q
			}
			walls = append(walls, fmt.Sprintf("%s %.6g W", p.name, q))
			continue
		}
		ph, tv, uv := phi[p.name].vals, tf[p.name].vals, uf[p.name].vals
		if len(ph) == 0 || len(tv) == 0 || len(uv) < 3 {
			return notJudged(fmt.Sprintf("patch %s has no phi, T or U values", p.name))
		}
		sum := 0.0
		for i := 0; i < p.faceCount; i++ {
			f := ph[min(i, len(ph)-1)]
			j := min(i, len(uv)/3-1)
			u := uv[3*j : 3*j+3]
			e := f * (cp*tv[min(i, len(tv)-1)] + 0.5*(u[0]*u[0]+u[1]*u[1]+u[2]*u[2]))
			sum += e
			if f < 0 {
				in -= e
			}
		}
		net += sum
		parts = append(parts, fmt.Sprintf("%s %.6g W", p.name, sum))
	}
	if in == 0 {
		return notJudged("no inflow of enthalpy and no heat entering through a wall")
	}
	if len(parts) == 0 {
		parts = []string{"none open"}
	}
	wallText := "walls adiabatic (zeroGradient T)"
	if heat != nil {
		wallText = fmt.Sprintf("minus the heat the walls pass into the fluid (integral of wallHeatFlux, positive into the fluid, from %s): %s; other walls adiabatic (zeroGradient T)",
			strings.Join(heat.files, ", "), strings.Join(walls, ", "))
	}
	ratio := math.Abs(net) / in
	detail := fmt.Sprintf("method: sum over the faces of the non-wall boundary patches of phi (Cp T + |U|^2/2) from %s, %s, %s, Cp %g (%s, thermo %s), %s, relative to what enters (the inflow's enthalpy plus the heat entering through walls); threshold: |net| / inflow <= %g (measured in real runs here); measured: per patch %s; net %.6g W, inflow %.6g W, ratio %.3g",
		rel, trel, urel, cp, tp, thermo, wallText, energyImbalance, strings.Join(parts, ", "), net, in, ratio)
	loc := finding.Location{File: rel}
	return balance(IDEnergyImbalance, "energy", "net total-enthalpy flux", t, ratio, energyImbalance, loc, detail,
		"the energy equation has not converged: run more iterations, check the energy solver's tolerance and rerun")
}
