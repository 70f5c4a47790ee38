package verify

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/foamcase/polymesh"
)

// storedEnergyImbalance is the largest |d(stored energy)/dt + net outflow - wall heat|
// between the two last written times of a transient compressible run, relative to what
// enters (docs/verify.md: measured in real runs here).
const storedEnergyImbalance = 2e-2

// checkStoredEnergy judges a transient run's energy balance at the judged time t2: the
// rate of change of the energy stored in the cells, sum V (rho Cp T - p + rho |U|^2/2)
// (rho e + rho K with e = h - p/rho, the same Cp T datum as the fluxes), as the case's
// ddt scheme discretises it from the written times (closingStep), plus t2's net enthalpy
// outflow less wall heat, is zero: both schemes it closes are implicit, so the fluxes
// are those of the new time. Written times further apart than one step hold the fluxes
// of two instants, not their integral over the steps between (docs/verify.md: off by up
// to 32 % in an acoustic channel): not judged. rho is the written rho, or p/(R T) of a
// perfectGas.
func checkStoredEnergy(r *Run, t2 string, cp, gasR float64, eos string, patches []meshPatch, thermo string, notJudged func(string) []finding.Finding) []finding.Finding {
	st, why := closingStep(r, t2)
	if why != "" {
		return notJudged(why)
	}
	vol, err := cellVolumes(r.dir)
	if err != nil {
		return notJudged("cell volumes from constant/polyMesh: " + err.Error())
	}
	s := make([]float64, len(st.times))
	rate := 0.0
	for i, t := range st.times {
		if s[i], why = storedEnergy(r, t, cp, gasR, eos, vol); why != "" {
			return notJudged(why)
		}
		rate += st.coeffs[i] * s[i] / st.dt
	}
	f, why := boundaryEnthalpy(r, t2, cp, patches)
	if why != "" {
		return notJudged(why)
	}
	net := rate + f.net
	ratio := math.Abs(net) / f.in
	stored := make([]string, len(s))
	for i := range s {
		stored[i] = fmt.Sprintf("%.9g J at %s", s[i], st.times[i])
	}
	detail := fmt.Sprintf("method: rate of change of the stored energy sum V (rho Cp T - p + rho |U|^2/2) over the cells (volumes from constant/polyMesh; rho written or p/(R T) of a perfectGas), %s, plus the %s at %s (the implicit step's flux); %s; relative to what enters at %s (the inflow's enthalpy plus the heat entering through walls); threshold: |net| / inflow <= %g (measured in real runs here); measured: stored %s, rate %.6g W, net outflow %.6g W, net %.6g W, inflow %.6g W, ratio %.3g",
		st.text, f.method(), t2, thermo, t2, storedEnergyImbalance, strings.Join(stored, ", "), rate, f.net, net, f.in, ratio)
	return balance(IDEnergyImbalance, "energy", "energy imbalance (storage rate + net outflow)", t2, ratio, storedEnergyImbalance, finding.Location{File: f.rel}, detail,
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

// step is the time derivative of the last step as the case's ddt scheme writes it:
// d/dt E(t2) = sum coeffs[i] E(times[i]) / dt.
type step struct {
	times  []string
	coeffs []float64
	dt     float64
	text   string
}

// closingStep is the last step to t2 as the run took it, from the written times: an
// implicit Euler step from the time written before t2, or a backward (BDF2) step from the
// two written before it, each one fixed deltaT apart; otherwise the reason the balance
// cannot be closed from the written times. backward's coefficients are OpenFOAM's
// (v1912 backwardDdtScheme.C): coefft = 1 + dt/(dt + dt0), coefft00 = dt^2/(dt0 (dt +
// dt0)), coefft0 = coefft + coefft00, and the run's first step (timeIndex < 2, read from
// t2/uniform/time) is Euler (dt0 = GREAT). CrankNicolson is not judged: its step carries
// the previous step's ddt field (ddt0) with an off-centring coefficient, which the
// written times do not hold.
func closingStep(r *Run, t2 string) (step, string) {
	const cd, fs = "system/controlDict", "system/fvSchemes"
	all := foamcase.TimeDirs(r.dir)
	k := slices.Index(all, t2)
	if k < 1 {
		return step{}, "a transient run stores energy: the balance needs the time written before " + t2 + " and there is none"
	}
	y, err := r.dict(fs)
	if err != nil {
		return step{}, "unreadable " + fs + ": " + err.Error()
	}
	var ddt string
	if d := y.Dict.Get("ddtSchemes"); d != nil && d.Dict != nil {
		ddt = word(d.Dict.Get("default"))
	}
	if ddt != "Euler" && ddt != "backward" {
		return step{}, "a transient run stores energy: the balance closes an implicit Euler or backward step from the written times, and " + fs + " ddtSchemes default is " + ddt + " (CrankNicolson's step carries the previous step's ddt field, which is not written)"
	}
	x, err := r.dict(cd)
	if err != nil {
		return step{}, "unreadable " + cd + ": " + err.Error()
	}
	if switchOn(x.Dict.Get("adjustTimeStep")) {
		return step{}, "a transient run stores energy and " + cd + " adjusts the time step: the balance needs the written times one step apart, which a fixed deltaT equal to writeInterval gives"
	}
	dt, _, err := r.number(cd, []string{"deltaT"})
	if err != nil {
		return step{}, cd + ": " + err.Error()
	}
	// apart is the reason t1 and t2 are not one step apart, "" when they are.
	apart := func(t1, t2 string) string {
		v1, err1 := strconv.ParseFloat(t1, 64)
		v2, err2 := strconv.ParseFloat(t2, 64)
		if err1 != nil || err2 != nil || v2 <= v1 {
			return "times " + t1 + " and " + t2 + " are not increasing numbers"
		}
		if math.Abs(v2-v1-dt) > 1e-6*dt {
			return fmt.Sprintf("a transient run stores energy: the balance needs the boundary fluxes integrated over the steps between the written times, and %s and %s are %.6g steps of deltaT %g apart (only their two instants are written); write every step (writeInterval = deltaT) at the end of the run to have it judged", t1, t2, (v2-v1)/dt, dt)
		}
		return ""
	}
	if why := apart(all[k-1], t2); why != "" {
		return step{}, why
	}
	euler := step{times: []string{all[k-1], t2}, coeffs: []float64{-1, 1}, dt: dt,
		text: fmt.Sprintf("between %s and %s, one Euler step apart: (E(%s) - E(%s)) / %g", all[k-1], t2, t2, all[k-1], dt)}
	if ddt == "Euler" {
		return euler, ""
	}
	// The run's first step is Euler under backward too (timeIndex < 2).
	index, _, err := r.number(t2+"/uniform/time", []string{"index"})
	if err != nil {
		return step{}, "a transient run stepped by backward: the balance needs the step's time index (timeIndex < 2 is an Euler step) from " + t2 + "/uniform/time: " + err.Error()
	}
	if index < 2 {
		euler.text = fmt.Sprintf("between %s and %s, the run's first step (time index %g), which backward takes as Euler: (E(%s) - E(%s)) / %g", all[k-1], t2, index, t2, all[k-1], dt)
		return euler, ""
	}
	if k < 2 {
		return step{}, "a transient run stepped by backward: the balance needs the two times written before " + t2 + " and there is one"
	}
	if why := apart(all[k-2], all[k-1]); why != "" {
		return step{}, why
	}
	// A fixed deltaT: dt0 = dt, so coefft = 3/2, coefft0 = 2, coefft00 = 1/2.
	dt0 := dt
	c := 1 + dt/(dt+dt0)
	c00 := dt * dt / (dt0 * (dt + dt0))
	c0 := c + c00
	return step{times: []string{all[k-2], all[k-1], t2}, coeffs: []float64{c00, -c0, c}, dt: dt,
		text: fmt.Sprintf("over %s, %s and %s, one backward (BDF2) step: (%g E(%s) - %g E(%s) + %g E(%s)) / %g", all[k-2], all[k-1], t2, c, t2, c0, all[k-1], c00, all[k-2], dt)}, ""
}
