package validation

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/foamc/foamc/schema"
)

// expectRow is one line of the validation table: what foamc verify measured for one
// expectation of a spec. The finding that judged it is found by its related location, the
// spec's /expect/<i>; the numbers are its measure (finding.Measure), never read from prose.
type expectRow struct {
	name, quantity                        string
	measured, reference, err, tol, status string
	finding                               *finding
}

// rowFor finds the finding verify wrote for the i-th expectation e.
func rowFor(i int, e schema.Expect, fs []finding) expectRow {
	r := expectRow{name: e.Name, quantity: quantity(e), status: "no finding"}
	ptr := fmt.Sprintf("/expect/%d", i)
	for k := range fs {
		f := &fs[k]
		if !slices.ContainsFunc(f.Related, func(rel relatedLoc) bool { return rel.Path == ptr }) {
			continue
		}
		r.finding = f
		switch {
		case f.Severity == "info":
			r.status = "pass"
		case f.Severity == "deny":
			r.status = "FAIL"
		default:
			r.status = f.Severity + " " + f.ID
		}
		switch m := f.Measure; {
		case m == nil:
			r.measured = f.Summary + " (" + f.Detail + ")"
		case m.At != "":
			r.measured = fmt.Sprintf("%.4g at %s", m.Value, m.At)
			r.reference = fmt.Sprintf("%.4g", m.Reference)
			r.err, r.tol = fmt.Sprintf("max %.4g", m.Deviation), fmt.Sprintf("%.4g", m.Tolerance)
		default:
			r.measured, r.reference = fmt.Sprintf("%.9g", m.Value), fmt.Sprintf("%g", m.Reference)
			r.err, r.tol = fmt.Sprintf("%.3g", m.Deviation), fmt.Sprintf("%.4g", m.Tolerance)
			if m.Reference != 0 {
				r.err += fmt.Sprintf(" (%.3g%%)", 100*m.Deviation/math.Abs(m.Reference))
			}
		}
		break
	}
	return r
}

// quantity says in a few words what an expectation measures.
func quantity(e schema.Expect) string {
	comp := func(field, c string) string {
		if c == "" {
			return field
		}
		return field + "_" + c
	}
	switch {
	case e.Line != nil:
		return fmt.Sprintf("%s(%s) vs %s", comp(e.Line.Field, e.Line.Component), e.Line.Axis, e.Line.Reference)
	case e.Point != nil:
		return fmt.Sprintf("%s at %v", comp(e.Point.Field, e.Point.Component), e.Point.At)
	case e.WallShearStress != nil:
		return fmt.Sprintf("wall shear %s on %s", e.WallShearStress.Component, e.WallShearStress.Patch)
	case e.PressureDrop != nil:
		return fmt.Sprintf("p(%s) - p(%s)", e.PressureDrop.From, e.PressureDrop.To)
	case e.FlowRate != nil:
		return "flow rate through " + e.FlowRate.Patch
	case e.PatchAverage != nil:
		return fmt.Sprintf("mean %s on %s", comp(e.PatchAverage.Field, e.PatchAverage.Component), e.PatchAverage.Patch)
	case e.Nusselt != nil:
		return "Nu on " + e.Nusselt.Patch
	case e.ForceCoeff != "":
		return e.ForceCoeff
	}
	return e.Name
}

// renderTable prints the accepted cases' measurements and the wrong variants' verdicts.
func renderTable(outcomes []*outcome) string {
	var b strings.Builder
	prof := *profile
	if prof == "" {
		prof = "as the specs say (default accurate)"
	}
	fmt.Fprintf(&b, "Validation against the literature (foamc verify --spec, OpenFOAM v1912), numerics profile %s\n\n", prof)
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "case\tquantity\tmeasured\treference\terror\ttolerance\tverdict\t")
	for _, o := range outcomes {
		if o.variant != good {
			continue
		}
		for _, r := range o.expects {
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", o.dir, r.quantity, r.measured, r.reference, r.err, r.tol, r.status)
		}
		fmt.Fprintf(w, "%s\t(whole case: %s)\t\t\t\t\t%s\t\n", o.dir, o.took.Round(100e6), o.verdict)
	}
	w.Flush()
	b.WriteString("\nWrong variants (each must be rejected, judged against its own spec and against the case's)\n\n")
	w = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "case\t--spec\tverdict\treasons\t")
	for _, o := range outcomes {
		if o.variant != wrong {
			continue
		}
		writeReasons(w, o.dir+"/wrong", "wrong/spec.yaml", o.verdict, o.reasons)
		writeReasons(w, "", "spec.yaml", o.askedVerdict, o.asked)
	}
	w.Flush()
	return b.String()
}

// writeReasons prints one verdict with its denials, one per line.
func writeReasons(w io.Writer, name, spec, verdict string, fs []finding) {
	var reasons []string
	for _, f := range fs {
		if f.Severity == "deny" {
			reasons = append(reasons, clip(f.ID+" "+f.Summary, 150))
		}
	}
	if len(reasons) == 0 {
		reasons = []string{"(none)"}
	}
	fmt.Fprintf(w, "%s\t%s\t%s\t%s\t\n", name, spec, verdict, reasons[0])
	for _, r := range reasons[1:] {
		fmt.Fprintf(w, "\t\t\t%s\t\n", r)
	}
}

// clip shortens a long reason (a convergence finding lists every residual) for the table.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-3] + "..."
}
