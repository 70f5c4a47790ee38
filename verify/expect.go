package verify

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/foamc/foamc/chart"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/schema"
)

// The finding IDs of this file's check (declared in its IDs).
const (
	IDExpectMissed   = "FOAM-VERIFY-060"
	IDExpectNoOutput = "FOAM-VERIFY-061"
)

// measurement is what an expectation measured: the value, how, from which files.
type measurement struct {
	value  float64
	files  []string
	method string
	// history is the measured quantity at every row, from..to the rows judged (the
	// picture of it: monitorPicture).
	history  chart.Series
	from, to float64
}

// checkExpect judges every expect: item against the output of its function object
// expect_<name> (docs/verify.md): met is a passed check, missed rejects, missing or
// unusable output leaves the evidence insufficient.
// Each measured item also gives its picture: the monitored quantity with the rows
// judged, or the line's profile against the reference.
// A steady run's scalar items are also judged for drift (judgeDrift).
func checkExpect(r *Run) []finding.Finding {
	dir, s, steady := r.dir, r.spec, r.sol.Steady
	var out []finding.Finding
	for i := range s.Expect {
		e := &s.Expect[i]
		ptr := fmt.Sprintf("/expect/%d", i)
		related := []finding.Related{{Location: s.locate(ptr), Message: "the expectation"}}
		var f finding.Finding
		var pic *picture
		if e.Line != nil {
			f, pic = judgeLine(dir, s, e)
		} else {
			m, err := measure(dir, s, e)
			if err != nil {
				f = noOutput(e, err)
			} else {
				f = judgeValue(e, m)
				pic = expectMonitor(e, m)
				if d, ok := judgeDrift(e, m); steady && ok {
					d.Related = related
					out = append(out, d)
				}
			}
		}
		f.Related = related
		out = append(out, f)
		if pic != nil {
			r.addPicture(*pic)
		}
	}
	return out
}

// quantityOf names what a scalar expectation measures, for a picture's axis.
func quantityOf(e *schema.Expect) string {
	switch {
	case e.ForceCoeff != "":
		return e.ForceCoeff
	case e.Nusselt != nil:
		return "Nu"
	case e.Point != nil && e.Point.Component != "":
		return e.Point.Field + "_" + e.Point.Component
	case e.Point != nil:
		return e.Point.Field
	case e.PatchAverage != nil:
		return "mean " + e.PatchAverage.Field + " on " + e.PatchAverage.Patch
	}
	return e.Kind()
}

// expectMonitor is the picture of a scalar expectation: its quantity over the run
// with the rows the value came from (the average window, or the last row) marked.
func expectMonitor(e *schema.Expect, m measurement) *picture {
	var w chart.Window // the last row only: nothing to shade
	if e.Average != nil {
		w = chart.Window{From: m.from, To: m.to, Label: fmt.Sprintf("average window (time >= %g)", e.Average.From)}
	}
	pic, err := monitorPicture(e.Name, m.files[len(m.files)-1], quantityOf(e), m.history.X, m.history.Y, w)
	if err != nil {
		return nil // a history gonum cannot draw leaves the judgement alone
	}
	return &pic
}

func noOutput(e *schema.Expect, err error) finding.Finding {
	return finding.Finding{ID: IDExpectNoOutput, Severity: finding.Warn,
		Summary:  fmt.Sprintf("expect %s: cannot measure %s: %v", e.Name, e.Kind(), err),
		Detail:   fmt.Sprintf("method: read the output of function object %s under postProcessing/%s/; measured: %v", e.FunctionObject(), e.OutputDir(), err),
		Fix:      "compile the case with foamc compile (it emits " + e.FunctionObject() + ") and run it; for average, run past average.from",
		Location: finding.Location{File: "postProcessing/" + e.OutputDir()}}
}

// measure reads the series of a scalar expectation and reduces it: the last row, or
// the mean over the average window.
func measure(dir string, s *spec, e *schema.Expect) (measurement, error) {
	var base string
	var cols []string
	component := ""
	switch {
	case e.ForceCoeff != "":
		base, cols = "coefficient", []string{map[string]string{"Cm": "CmPitch"}[e.ForceCoeff]}
		if cols[0] == "" {
			cols[0] = e.ForceCoeff
		}
	case e.PressureDrop != nil:
		base, cols = "fieldValueDelta", []string{"p"}
	case e.FlowRate != nil:
		base, cols = "surfaceFieldValue", []string{"sum(phi)"}
	case e.PatchAverage != nil:
		base, cols, component = "surfaceFieldValue", []string{"areaAverage(" + e.PatchAverage.Field + ")"}, e.PatchAverage.Component
	case e.WallShearStress != nil:
		base, cols, component = "surfaceFieldValue", []string{"areaAverage(wallShearStress)"}, e.WallShearStress.Component
	case e.Nusselt != nil:
		base, cols = "surfaceFieldValue", []string{"areaAverage(wallHeatFlux)", "areaAverage(T)"}
	case e.Point != nil:
		// A probes file has no column names: its one probe is the first value.
		base, cols, component = e.Point.Field, []string{"probe 0"}, e.Point.Component
	}
	ser, err := readSeries(dir, e.OutputDir(), base)
	if err != nil && e.ForceCoeff != "" {
		// Foundation 12's forceCoeffs writes forceCoeffs.dat: Cm (the moment about
		// pitchAxis, v1912's CmPitch), Cd, Cl, Cl(f), Cl(r), and no Cs (forceCoeffs.C:60-63, 219-222).
		if f12, err12 := readSeries(dir, e.OutputDir(), "forceCoeffs"); err12 == nil {
			ser, err, cols = f12, nil, []string{e.ForceCoeff}
		}
	}
	if err != nil {
		return measurement{}, err
	}
	idx := make([]int, len(cols))
	for i, c := range cols {
		if e.Point != nil {
			break
		}
		if idx[i], err = ser.column(c); err != nil {
			return measurement{}, err
		}
	}
	rows := ser.window(avgFrom(e))
	if len(rows) == 0 {
		return measurement{}, fmt.Errorf("no row at time >= %g in %s (last time %g)", e.Average.From, strings.Join(ser.files, ", "), ser.rows[len(ser.rows)-1].t)
	}
	var k float64
	if e.Nusselt != nil {
		if k, err = conductivity(s); err != nil {
			return measurement{}, err
		}
	}
	value := func(r seriesRow) (float64, error) {
		var v []float64
		for _, i := range idx {
			if i >= len(r.vals) {
				return 0, fmt.Errorf("%s: the row at time %g has %d values, want column %d", strings.Join(ser.files, ", "), r.t, len(r.vals), i+1)
			}
			c, err := pick(r.vals[i], component)
			if err != nil {
				return 0, fmt.Errorf("%s column %s: %w", strings.Join(ser.files, ", "), cols[0], err)
			}
			v = append(v, c)
		}
		x := v[0]
		if e.Nusselt != nil {
			// Nu = q L / (k (Tw - Tref)) with the patch means of q and Tw.
			if v[1] == e.Nusselt.Tref {
				return 0, fmt.Errorf("the wall's mean T equals Tref %g at time %g: no Nusselt number", e.Nusselt.Tref, r.t)
			}
			x = v[0] * e.Nusselt.Length / (k * (v[1] - e.Nusselt.Tref))
		}
		if math.Abs(x) >= vgreat {
			return 0, fmt.Errorf("%s: %g at time %g: the probe location is outside the mesh", strings.Join(ser.files, ", "), x, r.t)
		}
		return x, nil
	}
	sum := 0.0
	for _, r := range rows {
		x, err := value(r)
		if err != nil {
			return measurement{}, err
		}
		sum += x
	}
	// The whole history, for the picture: rows that cannot be measured are left out.
	var hist chart.Series
	for _, r := range ser.rows {
		if x, err := value(r); err == nil {
			hist.X, hist.Y = append(hist.X, r.t), append(hist.Y, x)
		}
	}
	what := strings.Join(cols, ", ")
	if component != "" {
		what += " component " + component
	}
	method := fmt.Sprintf("column %s of the last row (time %g)", what, rows[0].t)
	if e.Average != nil {
		method = fmt.Sprintf("mean of column %s over the %d rows at time >= %g (%g..%g)", what, len(rows), e.Average.From, rows[0].t, rows[len(rows)-1].t)
	}
	if e.Nusselt != nil {
		method += fmt.Sprintf(", Nu = q L / (k (Tw - Tref)) with L %g, Tref %g, k = Cp mu / Pr = %.6g from the spec's fluid", e.Nusselt.Length, e.Nusselt.Tref, k)
	}
	return measurement{value: sum / float64(len(rows)), files: ser.files, method: method, history: hist, from: rows[0].t, to: rows[len(rows)-1].t}, nil
}

func avgFrom(e *schema.Expect) *float64 {
	if e.Average == nil {
		return nil
	}
	return &e.Average.From
}

// conductivity is the fluid's thermal conductivity k = Cp mu / Pr from the spec.
func conductivity(s *spec) (float64, error) {
	f := s.Fluid
	if f.Cp == nil || f.Mu == nil || f.Pr == nil {
		return 0, fmt.Errorf("a Nusselt number needs fluid.Cp, fluid.mu and fluid.Pr in the spec (k = Cp mu / Pr)")
	}
	return *f.Cp * *f.Mu / *f.Pr, nil
}

// pick is one component (x, y, z, magnitude) of a value, or the scalar itself.
func pick(v []float64, component string) (float64, error) {
	switch {
	case component == "" && len(v) == 1:
		return v[0], nil
	case component == "magnitude" && len(v) == 3:
		return math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2]), nil
	case len(component) == 1 && len(v) == 3 && strings.Contains("xyz", component):
		return v[component[0]-'x'], nil
	}
	return 0, fmt.Errorf("a value of %d component(s) has no component %q", len(v), component)
}

// tolerance is the allowed deviation from want and how it was set.
func tolerance(t schema.Tolerance, want float64) (float64, string) {
	if t.Absolute != nil {
		return *t.Absolute, fmt.Sprintf("absolute %g", *t.Absolute)
	}
	return *t.Relative * math.Abs(want), fmt.Sprintf("relative %g of |%g|", *t.Relative, want)
}

func judgeValue(e *schema.Expect, m measurement) finding.Finding {
	want := *e.Value
	tol, how := tolerance(e.Tolerance, want)
	dev := math.Abs(m.value - want)
	errPct := ""
	if want != 0 {
		errPct = fmt.Sprintf(", error %.3g%%", 100*dev/math.Abs(want))
	}
	detail := fmt.Sprintf("method: %s of %s; threshold: |measured - %g| <= %.4g (%s); measured: %g (deviation %.3g%s)",
		m.method, strings.Join(m.files, ", "), want, tol, how, m.value, dev, errPct)
	loc := finding.Location{File: m.files[len(m.files)-1]}
	measure := &finding.Measure{Value: m.value, Reference: want, Deviation: dev, Tolerance: tol}
	if dev <= tol {
		return finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: loc, Detail: detail, Measure: measure,
			Summary: fmt.Sprintf("expect %s met: %s %.6g, expected %g +- %.4g", e.Name, e.Kind(), m.value, want, tol)}
	}
	return finding.Finding{ID: IDExpectMissed, Severity: finding.Deny, Location: loc, Detail: detail, Measure: measure,
		Summary: fmt.Sprintf("expect %s missed: %s %.6g, expected %g +- %.4g%s", e.Name, e.Kind(), m.value, want, tol, errPct),
		Fix:     "the result does not reach the expected value: refine the mesh, converge further or check the setup (boundary values, fluid, model); or correct the expectation"}
}

// judgeLine compares a sampled line with its reference data, point by point: the
// samples of the `reference` set (at the reference coordinates, foamc compile puts them
// there) are interpolated linearly along the axis at each reference coordinate; the
// largest deviation is judged. A relative tolerance is relative to the largest |value| of
// the reference data (a profile crosses zero).
func judgeLine(dir string, s *spec, e *schema.Expect) (finding.Finding, *picture) {
	l := e.Line
	file, err := s.path(l.Reference)
	var ref [][2]float64
	if err == nil {
		ref, err = schema.ReadReference(file)
	}
	if err != nil {
		return noOutput(e, fmt.Errorf("reference data: %w", err)), nil
	}
	times, profs, err := readProfiles(dir, e.FunctionObject(), "reference", l.Field)
	if err != nil {
		return noOutput(e, err), nil
	}
	var use []profile
	var used []float64
	for i, p := range profs {
		if e.Average == nil && i == len(profs)-1 || e.Average != nil && times[i] >= e.Average.From {
			use, used = append(use, p), append(used, times[i])
		}
	}
	if len(use) == 0 {
		return noOutput(e, fmt.Errorf("no sample at time >= %g (last written %g)", e.Average.From, times[len(times)-1])), nil
	}
	// The mean profile over the window, each as value(coordinate), interpolated at the
	// reference coordinates.
	got := make([]float64, len(ref))
	for _, p := range use {
		xs, ys := make([]float64, len(p.points)), make([]float64, len(p.points))
		for i := range p.points {
			xs[i] = l.Coordinate(p.points[i])
			if ys[i], err = pick(p.vals[i], l.Component); err != nil {
				return noOutput(e, fmt.Errorf("%s: %w", p.file, err)), nil
			}
		}
		for i, r := range ref {
			v, ok := interpolate(xs, ys, r[0])
			if !ok {
				return noOutput(e, fmt.Errorf("%s has no sample around %s = %g (sampled %d points; a point outside the mesh is dropped)", p.file, l.Axis, r[0], len(xs))), nil
			}
			got[i] += v / float64(len(use))
		}
	}
	scale := 0.0
	for _, r := range ref {
		scale = math.Max(scale, math.Abs(r[1]))
	}
	tol, how := tolerance(e.Tolerance, scale)
	if e.Tolerance.Relative != nil {
		how = fmt.Sprintf("relative %g of the reference's largest |value| %g", *e.Tolerance.Relative, scale)
	}
	worst, rms := 0, 0.0
	for i, r := range ref {
		d := math.Abs(got[i] - r[1])
		rms += d * d
		if d > math.Abs(got[worst]-ref[worst][1]) {
			worst = i
		}
	}
	rms = math.Sqrt(rms / float64(len(ref)))
	maxDev := math.Abs(got[worst] - ref[worst][1])
	files := make([]string, len(use))
	for i, p := range use {
		files[i] = p.file
	}
	method := fmt.Sprintf("samples of set `reference` in %s, component %q, interpolated linearly along %s at the %d reference coordinates of %s", strings.Join(files, ", "), l.Component, l.Axis, len(ref), l.Reference)
	if e.Average != nil {
		method = fmt.Sprintf("mean over the %d written times >= %g of the ", len(use), e.Average.From) + method
	}
	detail := fmt.Sprintf("method: %s; threshold: max |measured - reference| <= %.4g (%s); measured: max deviation %.4g at %s = %g (measured %.4g, reference %.4g), rms %.4g",
		method, tol, how, maxDev, l.Axis, ref[worst][0], got[worst], ref[worst][1], rms)
	loc := finding.Location{File: files[len(files)-1]}
	var pic *picture
	coords := make([]float64, len(ref))
	for i, r := range ref {
		coords[i] = r[0]
	}
	quantity := l.Field
	if l.Component != "" {
		quantity += "_" + l.Component
	}
	if p, err := profilePicture(e.Name, loc.File, quantity, l.Axis, l.Reference, coords, got, ref); err == nil {
		pic = &p // a profile gonum cannot draw (nan samples) leaves the judgement alone
	}
	measure := &finding.Measure{Value: got[worst], Reference: ref[worst][1], Deviation: maxDev, Tolerance: tol,
		At: fmt.Sprintf("%s=%g", l.Axis, ref[worst][0])}
	if maxDev <= tol {
		return finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: loc, Detail: detail, Measure: measure,
			Summary: fmt.Sprintf("expect %s met: %s along the line within %g of %s at all %d points (max deviation %.3g)", e.Name, l.Field, tol, l.Reference, len(ref), maxDev)}, pic
	}
	return finding.Finding{ID: IDExpectMissed, Severity: finding.Deny, Location: loc, Detail: detail, Measure: measure,
		Summary: fmt.Sprintf("expect %s missed: %s along the line deviates %.3g from %s at %s = %g, more than %g", e.Name, l.Field, maxDev, l.Reference, l.Axis, ref[worst][0], tol),
		Fix:     "the profile does not match the reference: refine the mesh, converge further or check the setup; or correct the expectation"}, pic
}

// interpolate is y(x0) by linear interpolation in the samples (xs in any order); ok is
// false outside their range.
func interpolate(xs, ys []float64, x0 float64) (float64, bool) {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return xs[idx[a]] < xs[idx[b]] })
	const eps = 1e-9
	for k := 0; k < len(idx); k++ {
		i := idx[k]
		if math.Abs(xs[i]-x0) <= eps*math.Max(1, math.Abs(x0)) {
			return ys[i], true
		}
		if k+1 < len(idx) {
			j := idx[k+1]
			if xs[i] < x0 && x0 < xs[j] {
				w := (x0 - xs[i]) / (xs[j] - xs[i])
				return ys[i] + w*(ys[j]-ys[i]), true
			}
		}
	}
	return 0, false
}

var expectCheck = Check{Name: "expect", File: "verify/expect.go", Needs: NeedSpec,
	Doc: "the spec's expect: items against the output of their function objects, and a steady run's drift",
	IDs: []ID{
		{ID: IDExpectMissed, Severity: finding.Deny, Summary: "foamc verify: an expect: item of the spec is missed (measured value outside value +- tolerance, or a line sample off its reference data): reject",
			Fix: "refine, converge or correct the setup; or correct the expectation"},
		{ID: IDExpectNoOutput, Severity: finding.Warn, Summary: "foamc verify: an expect: item cannot be measured (no or unusable postProcessing/expect_<name>/ output, empty average window): insufficient",
			Fix: "compile the case with foamc compile and run it"},
		{ID: IDDrift, Severity: finding.Deny, Summary: "foamc verify: a steady run's scalar expect: item still drifts (a least-squares line over its last 10 % of rows, at least 10, or its average window, changes more than the item's tolerance): reject",
			Fix: "run more iterations until the monitored quantity settles", File: "verify/drift.go"},
	},
	Run: checkExpect,
}
