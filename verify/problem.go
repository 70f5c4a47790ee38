package verify

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/openfoam"
)

// The finding IDs of this file's check (declared in its IDs).
const (
	IDHeldValue   = "FOAM-VERIFY-050"
	IDFluid       = "FOAM-VERIFY-051"
	IDInflow      = "FOAM-VERIFY-052"
	IDSimilarity  = "FOAM-VERIFY-053"
	IDImplausible = "FOAM-VERIFY-054"
)

// Thresholds of the problem checks (docs/verify.md).
const (
	// heldTolerance: a patch that holds a value writes it back to 8 digits (the
	// compiled writePrecision), so anything beyond 1e-6 relative is a different value.
	heldTolerance = 1e-6
	// inflowTolerance: through a fixed-velocity inlet phi = U.Sf to the written
	// precision (measured here: 1e-9 relative); 1 % leaves room for warped faces.
	inflowTolerance = 0.01
	// similarityTolerance: Reynolds and Mach numbers of the run and the spec.
	similarityTolerance = 0.01
	// plausibleSpeed: the largest |U| a run may reach, in multiples of the spec's
	// largest velocity scale (measured here: 1.5 in laminar channel flow, 1.0 in the
	// lid-driven cavity, 1.3 behind the pitzDaily step; a diverging run leaves it by
	// orders of magnitude).
	plausibleSpeed = 10.0
)

// problem is the state of the problem checks of one judged time.
type problem struct {
	r   *Run
	t   string
	s   *spec
	sol openfoam.Solver
	out []finding.Finding
	// ratio of measured to specified velocity scale, from the inflow or a moving wall.
	uRatio   float64
	uRatioOf string
}

func (p *problem) add(f finding.Finding) { p.out = append(p.out, f) }

func (p *problem) insufficient(what string, err error) {
	p.add(finding.Finding{ID: IDSpecEvidence, Severity: finding.Warn,
		Summary: "cannot compare the run with its spec: " + what,
		Detail:  fmt.Sprintf("method: %s; measured: %v", what, err),
		Fix:     "keep the result fields and constant/ of the run (and the mesh) in the case", Location: finding.Location{File: p.t}})
}

// checkProblem judges whether the run is the problem its spec asked for, in the latest
// judged time: held boundary values, fluid properties, inflow, Reynolds and Mach
// numbers, and the velocity scale of the field.
func checkProblem(r *Run) []finding.Finding {
	times := r.caseTimes()
	if len(times) == 0 {
		return nil
	}
	p := &problem{r: r, t: times[len(times)-1], s: r.spec, sol: r.sol}
	p.held()
	p.fluid()
	p.inflow()
	p.similarity()
	p.mach()
	p.plausible()
	p.localMach()
	return p.out
}

// patchNames are the spec's boundaries in order.
func (p *problem) patchNames() []string {
	names := make([]string, 0, len(p.s.Boundaries))
	for n := range p.s.Boundaries {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// holds are the boundary condition types that hold their value (what the spec says
// the patch is) on every face.
var holds = map[string]bool{"fixedValue": true, "uniformFixedValue": true, "movingWallVelocity": true, "noSlip": true}

// held: the value every face of a patch holds in the result equals the spec's.
func (p *problem) held() {
	type want struct {
		field, what string
		v           []float64
		scale       float64
	}
	fieldCache := map[string]map[string]patchField{}
	files := map[string]string{}
	read := func(field string) map[string]patchField {
		if pf, ok := fieldCache[field]; ok {
			return pf
		}
		pf, _, rel, err := resultPatches(p.r, p.t, field)
		if err != nil {
			pf = nil
		}
		fieldCache[field], files[field] = pf, rel
		return pf
	}
	uScale := p.s.velocityScale()
	var ok []string
	for _, name := range p.patchNames() {
		b := p.s.Boundaries[name]
		var ws []want
		if b.U != nil {
			u := b.U.Vector()
			ws = append(ws, want{"U", "U", u[:], uScale})
		}
		if b.Role == "wall" && !b.Slip {
			v := [3]float64{}
			if len(b.Velocity) == 3 {
				v = [3]float64{b.Velocity[0], b.Velocity[1], b.Velocity[2]}
			}
			ws = append(ws, want{"U", "wall velocity", v[:], uScale})
		}
		// (A buoyant solver's p is calculated from p_rgh: it does not hold a value and is
		// skipped below.)
		if b.P != nil && !b.P.Total {
			ps := uScale * uScale
			if p.sol.Compressible {
				ps = math.Abs(b.P.Value)
			}
			ws = append(ws, want{"p", "p", []float64{b.P.Value}, ps})
		}
		if b.T != nil && !b.T.Total {
			ws = append(ws, want{"T", "T", []float64{b.T.Value}, math.Abs(b.T.Value)})
		}
		for _, w := range ws {
			pf := read(w.field)
			v, present := pf[name]
			if pf == nil || !present || !holds[v.typ] || len(v.vals) < len(w.v) {
				continue // not a patch that holds the value: the inflow check covers inlets
			}
			tol := heldTolerance * math.Max(w.scale, norm(w.v))
			worst, at := 0.0, 0
			n := len(v.vals) / len(w.v)
			for i := 0; i < n; i++ {
				d := 0.0
				for c := range w.v {
					d += (v.vals[i*len(w.v)+c] - w.v[c]) * (v.vals[i*len(w.v)+c] - w.v[c])
				}
				if d = math.Sqrt(d); d > worst {
					worst, at = d, i
				}
			}
			got := v.vals[at*len(w.v) : (at+1)*len(w.v)]
			rel := files[w.field]
			specPtr := "/boundaries/" + finding.EscapeToken(name)
			if worst > tol {
				p.add(finding.Finding{ID: IDHeldValue, Severity: finding.Deny,
					Location: finding.Location{File: rel, Line: v.line, Path: "/boundaryField/" + finding.EscapeToken(name) + "/value"},
					Related:  []finding.Related{{Location: p.s.locate(specPtr), Message: "what the spec asks"}},
					Summary:  fmt.Sprintf("%s: patch %s holds %s %s, the spec asks %s", rel, name, w.what, fmtVec(got), fmtVec(w.v)),
					Detail: fmt.Sprintf("method: every face value of the %s patch %s in %s against boundaries.%s of %s; threshold: deviation <= %.3g (%g of the scale %g); measured: largest deviation %.6g at face %d",
						v.typ, name, rel, name, p.s.file, tol, heldTolerance, math.Max(w.scale, norm(w.v)), worst, at),
					Fix: "the case was changed after compilation or compiled from another spec: recompile it from the spec (foamc compile) and rerun"})
			} else {
				ok = append(ok, fmt.Sprintf("%s %s %s", name, w.what, fmtVec(w.v)))
			}
		}
	}
	if len(ok) > 0 {
		p.add(finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: finding.Location{File: p.t},
			Summary: fmt.Sprintf("the held boundary values in %s are the spec's: %s", p.t, strings.Join(ok, "; ")),
			Detail:  fmt.Sprintf("method: every face value of the patches that hold a value (fixedValue and the like) against %s; threshold: relative %g", p.s.file, heldTolerance)})
	}
}

// fluid: the properties in constant/ are the spec's.
func (p *problem) fluid() {
	f := p.s.Fluid
	type prop struct {
		file string
		path []string
		name string
		want *float64
	}
	var props []prop
	if p.sol.Compressible {
		tp := p.r.file("constant/thermophysicalProperties")
		props = []prop{{tp, []string{"mixture", "specie", "molWeight"}, "molWeight", f.MolWeight},
			{tp, []string{"mixture", "thermodynamics", "Cp"}, "Cp", f.Cp},
			{tp, []string{"mixture", "transport", "mu"}, "mu", f.Mu},
			{tp, []string{"mixture", "transport", "Pr"}, "Pr", f.Pr}}
	} else {
		props = []prop{{p.r.file("constant/transportProperties"), []string{"nu"}, "nu", f.Nu}}
	}
	var ok []string
	for _, pr := range props {
		if pr.want == nil {
			continue
		}
		got, line, err := p.r.number(pr.file, pr.path)
		if err != nil {
			p.insufficient("read "+pr.file+" "+strings.Join(pr.path, "/"), err)
			continue
		}
		ptr := "/" + strings.Join(pr.path, "/")
		if math.Abs(got-*pr.want) > heldTolerance*math.Abs(*pr.want) {
			p.add(finding.Finding{ID: IDFluid, Severity: finding.Deny, Location: finding.Location{File: pr.file, Line: line, Path: ptr},
				Related: []finding.Related{{Location: p.s.locate("/fluid/" + pr.name), Message: "what the spec asks"}},
				Summary: fmt.Sprintf("%s: %s is %g, the spec asks fluid.%s %g", pr.file, pr.name, got, pr.name, *pr.want),
				Detail:  fmt.Sprintf("method: %s %s against fluid.%s of %s; threshold: relative %g; measured: %g (ratio %.4g)", pr.file, ptr, pr.name, p.s.file, heldTolerance, got, got / *pr.want),
				Fix:     "the run used another fluid than the spec: recompile the case from the spec (foamc compile) and rerun"})
		} else {
			ok = append(ok, fmt.Sprintf("%s %g", pr.name, got))
		}
	}
	if len(ok) > 0 {
		p.add(finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: finding.Location{File: props[0].file},
			Summary: "the fluid in constant/ is the spec's: " + strings.Join(ok, ", "),
			Detail:  fmt.Sprintf("method: the fluid properties in constant/ against fluid of %s; threshold: relative %g", p.s.file, heldTolerance)})
	}
}

// number is the number at path in a case dictionary (a dimensioned value's number)
// and its line.
func (r *Run) number(rel string, path []string) (float64, int, error) {
	x, err := r.dict(rel)
	if err != nil {
		return 0, 0, err
	}
	d := x.Dict
	var e *grammar.ExpEntry
	for i, k := range path {
		if e = d.Get(k); e == nil {
			return 0, 0, fmt.Errorf("no entry %s", strings.Join(path[:i+1], "/"))
		}
		if i < len(path)-1 {
			if e.Dict == nil {
				return 0, 0, fmt.Errorf("%s is not a dictionary", strings.Join(path[:i+1], "/"))
			}
			d = e.Dict
		}
	}
	vals := values(e.Value)
	if len(vals) == 0 {
		return 0, 0, fmt.Errorf("%s holds no number", strings.Join(path, "/"))
	}
	// `nu [0 2 -1 0 0 0 0] 0.001`: the value is the last number.
	return vals[len(vals)-1], line(e), nil
}

// inflow: the flux of phi through each inlet the spec gives a velocity equals the
// spec's velocity times the patch's area vector (times the density the run holds there,
// for a compressible solver's mass flux).
func (p *problem) inflow() {
	var inlets []string
	for _, n := range p.patchNames() {
		if b := p.s.Boundaries[n]; b.Role == "inlet" && b.U != nil {
			inlets = append(inlets, n)
		}
	}
	if len(inlets) == 0 {
		p.wallRatio()
		return
	}
	patches, err := readPatches(p.r.dir)
	if err != nil {
		p.insufficient("read constant/polyMesh/boundary", err)
		return
	}
	names := map[string]bool{}
	for _, n := range inlets {
		names[n] = true
	}
	areas, err := patchAreas(p.r.dir, patches, names)
	if err != nil {
		p.insufficient("compute the inlet areas from constant/polyMesh", err)
		return
	}
	if !written(p.r.dir, p.t, "phi") {
		// rhoCentralFoam never writes phi: its absence is no missing evidence the user could
		// keep, so the inflow is left unjudged, as conservation leaves it.
		p.add(finding.Finding{ID: IDNotJudged, Severity: finding.Info, Location: finding.Location{File: p.t + "/phi"},
			Summary: "inflow not judged: the run wrote no phi (rhoCentralFoam, for one, never writes it)",
			Detail:  "method: phi against U.Sf on each inlet; measured: no " + p.t + "/phi"})
		return
	}
	phi, _, rel, err := resultPatches(p.r, p.t, "phi")
	if err != nil {
		p.insufficient("read phi", err)
		return
	}
	var rho map[string]patchField
	if p.sol.Compressible {
		if rho, _, _, err = resultPatches(p.r, p.t, "rho"); err != nil {
			p.add(finding.Finding{ID: IDNotJudged, Severity: finding.Info, Location: finding.Location{File: p.t + "/rho"},
				Summary: "inflow not judged: the compressible run wrote no rho, which its mass flux phi needs",
				Detail:  "method: phi (mass flux) against rho U.Sf on each inlet; measured: " + err.Error()})
			return
		}
	}
	totalGot, totalWant := 0.0, 0.0
	var ok []string
	for _, n := range inlets {
		u := p.s.Boundaries[n].U.Vector()
		a := areas[n]
		if _, ok := phi[n]; !ok || len(a) == 0 {
			p.add(finding.Finding{ID: IDNotJudged, Severity: finding.Info, Location: finding.Location{File: rel},
				Summary: fmt.Sprintf("inflow through %s not judged: it is not a patch of the mesh with faces (a patch group?)", n),
				Detail:  "method: sum of phi over the inlet's faces; measured: no such patch in constant/polyMesh/boundary and " + rel})
			return
		}
		want := 0.0
		for i, sf := range a {
			r := 1.0
			if rho != nil {
				rv := rho[n].vals
				if len(rv) == 0 {
					p.insufficient("read rho on inlet "+n, fmt.Errorf("no value"))
					return
				}
				r = rv[min(i, len(rv)-1)]
			}
			want += r * dot(u, sf)
		}
		got := 0.0
		for _, x := range phi[n].vals {
			got += x
		}
		if len(phi[n].vals) == 1 && len(a) > 1 {
			got *= float64(len(a))
		}
		totalGot += got
		totalWant += want
		dev := math.Abs(got-want) / math.Abs(want)
		kind := "volumetric flux"
		if rho != nil {
			kind = "mass flux (rho from " + p.t + "/rho)"
		}
		detail := fmt.Sprintf("method: sum of phi over inlet %s in %s (%d faces) against the spec's U %s . the face area vectors from constant/polyMesh (%s); threshold: |measured - spec| <= %g of the spec's; measured: %.6g, spec %.6g (ratio %.4g)",
			n, rel, len(a), fmtVec(u[:]), kind, inflowTolerance, got, want, got/want)
		if want == 0 || dev > inflowTolerance {
			p.add(finding.Finding{ID: IDInflow, Severity: finding.Deny, Location: finding.Location{File: rel, Path: "/boundaryField/" + finding.EscapeToken(n)},
				Related: []finding.Related{{Location: p.s.locate("/boundaries/" + finding.EscapeToken(n) + "/U"), Message: "what the spec asks"}},
				Summary: fmt.Sprintf("the inflow through patch %s is %.6g, the spec's U %s gives %.6g (ratio %.4g)", n, got, fmtVec(u[:]), want, got/want),
				Detail:  detail,
				Fix:     "the run is not the problem the spec asks: recompile the case from the spec (foamc compile) and rerun"})
		} else {
			ok = append(ok, fmt.Sprintf("%s %.6g (spec %.6g)", n, got, want))
		}
	}
	if totalWant != 0 {
		p.uRatio, p.uRatioOf = totalGot/totalWant, "the inflow through "+strings.Join(inlets, ", ")
	}
	if len(ok) > 0 {
		p.add(finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: finding.Location{File: rel},
			Summary: "the inflow is the spec's: " + strings.Join(ok, "; "),
			Detail:  fmt.Sprintf("method: sum of phi over each inlet against the spec's U . the face area vectors from constant/polyMesh; threshold: relative %g", inflowTolerance)})
	}
}

// wallRatio: without inlets the velocity scale is a moving wall's (the lid of a cavity).
func (p *problem) wallRatio() {
	pf, _, _, err := resultPatches(p.r, p.t, "U")
	if err != nil {
		return
	}
	for _, n := range p.patchNames() {
		b := p.s.Boundaries[n]
		if b.Role != "wall" || len(b.Velocity) != 3 || norm(b.Velocity) == 0 {
			continue
		}
		v := vectors(pf[n].vals)
		if len(v) == 0 {
			continue
		}
		mean := 0.0
		for _, x := range v {
			mean += math.Sqrt(dot(x, x)) / float64(len(v))
		}
		p.uRatio, p.uRatioOf = mean/norm(b.Velocity), "the speed of moving wall "+n
		return
	}
}

// similarity: the Reynolds number U L / nu of the run is the spec's (U scaled by what
// the inflow or a moving wall measured, nu from constant/), and so is the Mach number
// of a compressible run at its inlets.
func (p *problem) similarity() {
	s := p.s
	u, l := s.velocityScale(), 0.0
	if s.Reference.Length != nil {
		l = *s.Reference.Length
	}
	if u == 0 || l == 0 || p.uRatio == 0 {
		p.add(finding.Finding{ID: IDNotJudged, Severity: finding.Info, Location: finding.Location{File: p.t},
			Summary: "Reynolds number not judged: the spec gives no velocity scale and reference.length, or the run's velocity scale was not measured",
			Detail:  fmt.Sprintf("method: Re = U L / nu of the run against the spec's; measured: U %g, L %g, velocity ratio %g", u, l, p.uRatio)})
		return
	}
	var nuSpec, nuRun float64
	var nuFile string
	if p.sol.Compressible {
		if s.Fluid.Mu == nil {
			return
		}
		// The kinematic viscosity of a compressible run depends on its density: compare
		// mu (rho cancels when the run's density is the spec's, which the inflow judged).
		nuSpec = *s.Fluid.Mu
		tp := p.r.file("constant/thermophysicalProperties")
		v, _, err := p.r.number(tp, []string{"mixture", "transport", "mu"})
		if err != nil {
			return
		}
		nuRun, nuFile = v, tp+" mixture/transport/mu"
	} else {
		if s.Fluid.Nu == nil {
			return
		}
		nuSpec = *s.Fluid.Nu
		tf := p.r.file("constant/transportProperties")
		v, _, err := p.r.number(tf, []string{"nu"})
		if err != nil {
			return
		}
		nuRun, nuFile = v, tf+" nu"
	}
	reSpec := u * l / nuSpec
	reRun := u * p.uRatio * l / nuRun
	dev := math.Abs(reRun/reSpec - 1)
	detail := fmt.Sprintf("method: Re = U L / nu with U the spec's velocity scale %g times the measured/specified ratio %.6g of %s, L = reference.length %g, nu from %s (%g) against the spec's fluid (%g); threshold: relative %g; measured: Re %.6g, spec %.6g",
		u, p.uRatio, p.uRatioOf, l, nuFile, nuRun, nuSpec, similarityTolerance, reRun, reSpec)
	if p.sol.Compressible {
		detail = strings.Replace(detail, "Re = U L / nu", "Re = rho U L / mu (rho as the inflow judged it)", 1)
	}
	loc := finding.Location{File: p.t}
	if dev > similarityTolerance {
		p.add(finding.Finding{ID: IDSimilarity, Severity: finding.Deny, Location: loc, Detail: detail,
			Related: []finding.Related{{Location: s.locate("/reference"), Message: "the spec's scales"}},
			Summary: fmt.Sprintf("the run's Reynolds number is %.4g, the spec's is %.4g (ratio %.4g)", reRun, reSpec, reRun/reSpec),
			Fix:     "the run is not the flow the spec asks: recompile the case from the spec (foamc compile) and rerun"})
	} else {
		p.add(finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: loc, Detail: detail,
			Summary: fmt.Sprintf("the run's Reynolds number %.4g is the spec's", reRun)})
	}
}

// universalGas is OpenFOAM's RR, the universal gas constant in J/(kmol K)
// (src/OpenFOAM/global/constants/thermodynamic/thermodynamicConstants.C).
const universalGas = 8314.47

// mach: the Mach number at a compressible run's first inlet with a velocity, from the
// speed and temperature the run holds there and its gas (Cp, molWeight in constant/),
// against the spec's inlet velocity, static temperature and fluid.
func (p *problem) mach() {
	s := p.s
	if !p.sol.Compressible || s.Fluid.Cp == nil || s.Fluid.MolWeight == nil {
		return
	}
	var name string
	for _, n := range p.patchNames() {
		if b := s.Boundaries[n]; b.Role == "inlet" && b.U != nil {
			name = n
			break
		}
	}
	if name == "" {
		return
	}
	b := s.Boundaries[name]
	u := b.U.Vector()
	speed := norm(u[:])
	tSpec := 0.0
	switch {
	case b.T != nil && b.T.Total:
		tSpec = b.T.Value - speed*speed/(2**s.Fluid.Cp)
	case b.T != nil:
		tSpec = b.T.Value
	case s.Reference.T != nil:
		tSpec = *s.Reference.T
	default:
		return
	}
	maSpec := speed / math.Sqrt(gasGamma(*s.Fluid.Cp, *s.Fluid.MolWeight)*universalGas / *s.Fluid.MolWeight * tSpec)
	cp, w, err1 := runGas(p.r)
	up, _, urel, err3 := resultPatches(p.r, p.t, "U")
	tp, _, trel, err4 := resultPatches(p.r, p.t, "T")
	for _, err := range []error{err1, err3, err4} {
		if err != nil {
			p.insufficient("read the run's gas and inlet state for its Mach number", err)
			return
		}
	}
	mean := func(v []float64, comps int) float64 {
		sum, n := 0.0, len(v)/comps
		for i := 0; i < n; i++ {
			sum += norm(v[i*comps : (i+1)*comps])
		}
		return sum / float64(max(n, 1))
	}
	uRun, tRun := mean(up[name].vals, 3), mean(tp[name].vals, 1)
	if tRun <= 0 {
		p.insufficient("read T on inlet "+name, fmt.Errorf("%s holds no positive value there", trel))
		return
	}
	maRun := uRun / math.Sqrt(gasGamma(cp, w)*universalGas/w*tRun)
	detail := fmt.Sprintf("method: Ma = |U| / sqrt(gamma R T) on inlet %s: the run's mean |U| %g (%s) and T %g (%s), gamma and R from %s (Cp %g, molWeight %g), against the spec's U %s, static T %g and fluid (Cp %g, molWeight %g); threshold: relative %g; measured: Ma %.6g, spec %.6g",
		name, uRun, urel, tRun, trel, p.r.file("constant/thermophysicalProperties"), cp, w, fmtVec(u[:]), tSpec, *s.Fluid.Cp, *s.Fluid.MolWeight, similarityTolerance, maRun, maSpec)
	loc := finding.Location{File: urel}
	if maSpec == 0 || math.Abs(maRun/maSpec-1) > similarityTolerance {
		p.add(finding.Finding{ID: IDSimilarity, Severity: finding.Deny, Location: loc, Detail: detail,
			Related: []finding.Related{{Location: s.locate("/boundaries/" + finding.EscapeToken(name)), Message: "what the spec asks"}},
			Summary: fmt.Sprintf("the run's Mach number at patch %s is %.4g, the spec's is %.4g", name, maRun, maSpec),
			Fix:     "the run is not the flow the spec asks: recompile the case from the spec (foamc compile) and rerun"})
		return
	}
	p.add(finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: loc, Detail: detail,
		Summary: fmt.Sprintf("the run's Mach number at patch %s, %.4g, is the spec's", name, maRun)})
}

// plausible: the largest speed in the field against the spec's velocity scale.
func (p *problem) plausible() {
	u := p.s.velocityScale()
	if u == 0 {
		return
	}
	_, in, rel, err := resultPatches(p.r, p.t, "U")
	if err != nil || len(in) < 3 {
		return
	}
	vs := vectors(in)
	max, at := 0.0, 0
	for i, v := range vs {
		if m := math.Sqrt(dot(v, v)); m > max {
			max, at = m, i
		}
	}
	detail := fmt.Sprintf("method: largest |U| over internalField of %s against the spec's largest velocity scale %g (reference.U, inlet and wall velocities); threshold: %g times the scale; measured: %.6g at cell %d (%.3g times)",
		rel, u, plausibleSpeed, max, at, max/u)
	loc := finding.Location{File: rel, Path: "/internalField"}
	if max > plausibleSpeed*u {
		p.add(finding.Finding{ID: IDImplausible, Severity: finding.Deny, Location: loc, Detail: detail,
			Summary: fmt.Sprintf("%s: |U| reaches %.4g, %.3g times the spec's velocity scale %g", rel, max, max/u, u),
			Fix:     "the run has run away (diverging or wrongly scaled): check the time step, the boundary values and the mesh, and rerun"})
		return
	}
	p.add(finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: loc, Detail: detail,
		Summary: fmt.Sprintf("the largest speed %.4g is %.3g times the spec's velocity scale", max, max/u)})
}

// velocityScale is the largest velocity the spec names: reference.U, inlet velocities,
// moving walls.
func (s *spec) velocityScale() float64 {
	u := 0.0
	if s.Reference.U != nil {
		u = *s.Reference.U
	}
	for _, b := range s.Boundaries {
		if b.U != nil {
			v := b.U.Vector()
			u = math.Max(u, norm(v[:]))
		}
		if len(b.Velocity) == 3 {
			u = math.Max(u, norm(b.Velocity))
		}
	}
	return u
}

func norm(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x * x
	}
	return math.Sqrt(s)
}

func fmtVec(v []float64) string {
	if len(v) == 1 {
		return fmt.Sprintf("%g", v[0])
	}
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = fmt.Sprintf("%g", x)
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// written reports whether time t of the case holds field (plain or gzipped).
func written(dir, t, field string) bool {
	for _, name := range []string{field, field + ".gz"} {
		if _, err := os.Stat(filepath.Join(dir, t, name)); !errors.Is(err, fs.ErrNotExist) {
			return true
		}
	}
	return false
}

var problemCheck = Check{Name: "problem", File: "verify/problem.go", Needs: NeedSpec,
	Doc: "the problem that was asked: held boundary values, fluid properties, inflow, Reynolds and Mach numbers, the velocity scale of the field",
	IDs: []ID{
		{ID: IDHeldValue, Severity: finding.Deny, Summary: "foamc verify --spec: a patch holds another value than the spec's boundary (inlet U, wall velocity, static p, T): reject",
			Fix: "recompile the case from the spec and rerun"},
		{ID: IDFluid, Severity: finding.Deny, Summary: "foamc verify --spec: a fluid property in constant/ differs from the spec's fluid: reject",
			Fix: "recompile the case from the spec and rerun"},
		{ID: IDInflow, Severity: finding.Deny, Summary: "foamc verify --spec: the flux of phi through an inlet differs by more than 1 % from the spec's U times the inlet's area vector: reject",
			Fix: "recompile the case from the spec and rerun"},
		{ID: IDSimilarity, Severity: finding.Deny, Summary: "foamc verify --spec: the run's Reynolds number differs by more than 1 % from the spec's: reject",
			Fix: "recompile the case from the spec and rerun"},
		{ID: IDImplausible, Severity: finding.Deny, Summary: "foamc verify --spec: the largest speed in the field exceeds 10 times the spec's velocity scale: reject",
			Fix: "check the time step, boundary values and mesh and rerun"},
		{ID: IDMachImplausible, Severity: finding.Deny, Summary: "foamc verify --spec: a compressible run's largest local Mach number |U| / sqrt(gamma R T) exceeds 3 times the spec's Mach scale plus 1: reject",
			Fix: "check the time step, boundary values, thermophysical properties and mesh and rerun", File: "verify/mach.go"},
	},
	Run: checkProblem,
}
