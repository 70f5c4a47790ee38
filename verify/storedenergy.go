package verify

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/foamcase/polymesh"
)

// storedEnergyImbalance is the largest |d(stored energy)/dt + net outflow - wall heat|
// between the two last written times of a transient compressible run, relative to what
// enters (docs/verify.md: measured in real runs here).
const storedEnergyImbalance = 2e-2

// checkStoredEnergy judges a transient run's energy balance between the judged time t2
// and the time written before it, t1, when they are one implicit Euler step apart: the
// change of the energy stored in the cells, sum V (rho Cp T - p + rho |U|^2/2) (rho e +
// rho K with e = h - p/rho, the same Cp T datum as the fluxes), over t2 - t1, plus t2's
// net enthalpy outflow less wall heat, is zero. Written times further apart hold the
// fluxes of two instants, not their integral over the steps between (docs/verify.md:
// off by up to 32 % in an acoustic channel): not judged. rho is the written rho, or
// p/(R T) of a perfectGas.
func checkStoredEnergy(r *Run, t2 string, cp, gasR float64, eos string, patches []meshPatch, thermo string, notJudged func(string) []finding.Finding) []finding.Finding {
	all := foamcase.TimeDirs(r.dir)
	k := slices.Index(all, t2)
	if k < 1 {
		return notJudged("a transient run stores energy: the balance needs the time written before " + t2 + " and there is none")
	}
	t1 := all[k-1]
	v1, err1 := strconv.ParseFloat(t1, 64)
	v2, err2 := strconv.ParseFloat(t2, 64)
	if err1 != nil || err2 != nil || v2 <= v1 {
		return notJudged("times " + t1 + " and " + t2 + " are not increasing numbers")
	}
	if why := oneEulerStep(r, t1, t2, v2-v1); why != "" {
		return notJudged(why)
	}
	vol, err := cellVolumes(r.dir)
	if err != nil {
		return notJudged("cell volumes from constant/polyMesh: " + err.Error())
	}
	var s [2]float64
	for i, t := range []string{t1, t2} {
		var why string
		if s[i], why = storedEnergy(r, t, cp, gasR, eos, vol); why != "" {
			return notJudged(why)
		}
	}
	var f [2]enthalpyFlux
	var why string
	if f[1], why = boundaryEnthalpy(r, t2, cp, patches); why != "" {
		return notJudged(why)
	}
	rate := (s[1] - s[0]) / (v2 - v1)
	net := rate + f[1].net
	ratio := math.Abs(net) / f[1].in
	detail := fmt.Sprintf("method: rate of change of the stored energy sum V (rho Cp T - p + rho |U|^2/2) over the cells (volumes from constant/polyMesh; rho written or p/(R T) of a perfectGas) between %s and %s, one Euler step apart, plus the %s at %s (the implicit Euler step's flux); %s; relative to what enters at %s (the inflow's enthalpy plus the heat entering through walls); threshold: |net| / inflow <= %g (measured in real runs here); measured: stored %.9g J at %s, %.9g J at %s, rate %.6g W, net outflow %.6g W, net %.6g W, inflow %.6g W, ratio %.3g",
		t1, t2, f[1].method(), t2, thermo, t2, storedEnergyImbalance, s[0], t1, s[1], t2, rate, f[1].net, net, f[1].in, ratio)
	return balance(IDEnergyImbalance, "energy", "energy imbalance (storage rate + net outflow)", t2, ratio, storedEnergyImbalance, finding.Location{File: f[1].rel}, detail,
		"the energy equation is not converged within the time steps: tighten the energy solver's tolerance or add outer correctors and rerun")
}

// storedEnergy is sum V (rho Cp T - p + rho |U|^2/2) [J] at time t.
func storedEnergy(run *Run, t string, cp, gasR float64, eos string, vol []float64) (float64, string) {
	read := func(name string) ([]float64, string) {
		_, in, rel, err := resultPatches(run, t, name)
		if err != nil {
			return nil, "no usable result field: " + err.Error()
		}
		if len(in) == 0 {
			return nil, rel + " has no internalField values"
		}
		return in, ""
	}
	tv, why := read("T")
	if why != "" {
		return 0, why
	}
	uv, why := read("U")
	if why != "" {
		return 0, why
	}
	pv, why := read("p")
	if why != "" {
		return 0, why
	}
	var rho []float64
	if _, _, _, err := resultPatches(run, t, "rho"); err == nil {
		if rho, why = read("rho"); why != "" {
			return 0, why
		}
	} else if eos != "perfectGas" {
		return 0, fmt.Sprintf("%s has no rho and the equation of state %s is not perfectGas", t, eos)
	}
	sum := 0.0
	for c, v := range vol {
		T, p := tv[min(c, len(tv)-1)], pv[min(c, len(pv)-1)]
		r := p / (gasR * T)
		if rho != nil {
			r = rho[min(c, len(rho)-1)]
		}
		j := min(c, len(uv)/3-1)
		u := uv[3*j : 3*j+3]
		sum += v * (r*cp*T - p + 0.5*r*(u[0]*u[0]+u[1]*u[1]+u[2]*u[2]))
	}
	return sum, ""
}

// cellVolumes are the cell volumes by the divergence theorem, V = sum over the cell's
// faces of (x - x0).Sf / 3 with x any point of a planar face (the mean of its points)
// and Sf outward, from constant/polyMesh points, faces, owner and neighbour.
func cellVolumes(dir string) ([]float64, error) {
	pts, faces, err := readPointsFaces(dir)
	if err != nil {
		return nil, err
	}
	pm := filepath.Join(dir, "constant", "polyMesh")
	owner, err := polymesh.Labels(pm, "owner")
	if err != nil {
		return nil, err
	}
	neighbour, err := polymesh.Labels(pm, "neighbour")
	if err != nil {
		return nil, err
	}
	if len(owner) != len(faces) || len(neighbour) > len(faces) || len(pts) == 0 {
		return nil, fmt.Errorf("constant/polyMesh: %d faces, %d owners, %d neighbours", len(faces), len(owner), len(neighbour))
	}
	n := 0
	for _, o := range owner {
		n = max(n, o+1)
	}
	vol := make([]float64, n)
	for i, fc := range faces {
		sf, err := polymesh.FaceArea(fc, pts)
		if err != nil {
			return nil, fmt.Errorf("face %d: %w", i, err)
		}
		var c [3]float64
		for _, p := range fc {
			for d := range c {
				c[d] += (pts[p][d] - pts[0][d]) / float64(len(fc))
			}
		}
		v := dot(c, sf) / 3
		vol[owner[i]] += v
		if i < len(neighbour) {
			if neighbour[i] < 0 || neighbour[i] >= n {
				return nil, fmt.Errorf("constant/polyMesh/neighbour: face %d has cell %d of %d", i, neighbour[i], n)
			}
			vol[neighbour[i]] -= v
		}
	}
	return vol, nil
}

// oneEulerStep: the run stepped from t1 to t2 in one implicit Euler step of the fixed
// deltaT; otherwise the reason the balance cannot be closed from the written times.
func oneEulerStep(r *Run, t1, t2 string, dt float64) string {
	const cd, fs = "system/controlDict", "system/fvSchemes"
	x, err := r.dict(cd)
	if err != nil {
		return "unreadable " + cd + ": " + err.Error()
	}
	if a := word(x.Dict.Get("adjustTimeStep")); a == "yes" || a == "on" || a == "true" {
		return "a transient run stores energy and " + cd + " adjusts the time step: the balance needs the written times " + t1 + " and " + t2 + " one step apart, which a fixed deltaT equal to writeInterval gives"
	}
	step, _, err := r.number(cd, []string{"deltaT"})
	if err != nil {
		return cd + ": " + err.Error()
	}
	if math.Abs(dt-step) > 1e-6*step {
		return fmt.Sprintf("a transient run stores energy: the balance needs the boundary fluxes integrated over the steps between the two last written times, and %s and %s are %.6g steps of deltaT %g apart (only their two instants are written); write every step (writeInterval = deltaT) at the end of the run to have it judged", t1, t2, dt/step, step)
	}
	y, err := r.dict(fs)
	if err != nil {
		return "unreadable " + fs + ": " + err.Error()
	}
	var ddt string
	if d := y.Dict.Get("ddtSchemes"); d != nil && d.Dict != nil {
		ddt = word(d.Dict.Get("default"))
	}
	if ddt != "Euler" {
		return "a transient run stores energy: the one-step balance assumes the implicit Euler scheme (the flux of the new time), and " + fs + " ddtSchemes default is " + ddt
	}
	return ""
}
