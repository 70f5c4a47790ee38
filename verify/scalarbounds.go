package verify

import (
	"fmt"
	"math"
	"path"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
)

// IDScalarBounds: a passive scalar left the range of its initial and boundary values.
const IDScalarBounds = "FOAM-VERIFY-082"

// scalarBoundsTolerance is how far, as a fraction of the range of its initial and boundary
// values, a passive scalar may stray outside that range. Advection-diffusion without
// sources obeys a maximum principle; the discrete solution keeps it with a bounded (TVD)
// convection scheme up to the linear solver's tolerance. Measured here on the 1-D front of
// compiler/testdata/scalar (cell Peclet 5): Gauss linearUpwind overshoots by 4.4e-5 of the
// range; docs/verify.md gives the central (Gauss linear) scheme's wiggles.
const scalarBoundsTolerance = 1e-3

// passiveScalars are the fields a run transports as passive scalars: scalarTransportFoam's
// T, and the field of every scalarTransport function object in controlDict (default "s",
// scalarTransport.C:184).
func passiveScalars(r *Run) []string {
	var out []string
	if r.app == "scalarTransportFoam" {
		out = append(out, "T")
	}
	fns := r.control.Dict.Get("functions")
	if fns == nil || fns.Dict == nil {
		return out
	}
	for _, e := range fns.Dict.Entries {
		if e.Dict == nil || word(e.Dict.Get("type")) != "scalarTransport" {
			continue
		}
		name := "s"
		if f := word(e.Dict.Get("field")); f != "" {
			name = f
		}
		out = append(out, name)
	}
	return out
}

// checkScalarBounds judges every passive scalar of the run: its internalField in each judged
// time must stay within the range of the start time's values (internalField, every patch's
// value and inletValue), widened by scalarBoundsTolerance of that range.
func checkScalarBounds(r *Run) []finding.Finding {
	names := passiveScalars(r)
	all := foamcase.TimeDirs(r.dir)
	if len(names) == 0 || len(all) == 0 || len(r.caseTimes()) == 0 {
		return nil
	}
	start := all[0]
	var out []finding.Finding
	for _, name := range names {
		rel0 := path.Join(start, name)
		x, err := r.read(rel0)
		if err != nil {
			out = append(out, unreadable(rel0, err))
			continue
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		widen := func(vs []float64) {
			for _, v := range vs {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
		if in := x.Dict.Get("internalField"); in != nil {
			widen(fieldValues(in))
		}
		if bf := x.Dict.Get("boundaryField"); bf != nil && bf.Dict != nil {
			for _, p := range bf.Dict.Entries {
				if p.Dict == nil || isProcessorPatch(word(p.Dict.Get("type"))) {
					continue
				}
				for _, k := range []string{"value", "inletValue"} {
					if v := p.Dict.Get(k); v != nil && v.Dict == nil {
						widen(fieldValues(v))
					}
				}
			}
		}
		if math.IsInf(lo, 1) {
			continue
		}
		tol := scalarBoundsTolerance * math.Max(hi-lo, math.Max(math.Abs(hi), math.Abs(lo))*1e-12)
		if hi == lo {
			tol = scalarBoundsTolerance * math.Max(math.Abs(hi), 1)
		}
		passed := true
		for _, t := range r.caseTimes() {
			if t == start {
				continue
			}
			vals, rel, f, ok := readInternal(r, t, name)
			if !ok {
				out = append(out, f...)
				passed = false
				continue
			}
			mn, mx := minOf(vals), math.Inf(-1)
			for _, v := range vals {
				mx = math.Max(mx, v)
			}
			detail := fmt.Sprintf("method: min and max over internalField of the passive scalar %s against the range of %s (internalField, patch value and inletValue: the maximum principle of advection-diffusion without sources); threshold: [%g, %g] (%g of the range, docs/verify.md); measured: min %g, max %g",
				name, rel0, lo-tol, hi+tol, scalarBoundsTolerance, mn, mx)
			if mn < lo-tol || mx > hi+tol {
				passed = false
				out = append(out, finding.Finding{ID: IDScalarBounds, Severity: finding.Deny, Location: finding.Location{File: rel, Path: "/internalField"},
					Summary: fmt.Sprintf("the passive scalar %s left the range [%g, %g] of its initial and boundary values: min %g, max %g", name, lo, hi, mn, mx),
					Detail:  detail,
					Fix:     fmt.Sprintf("use a bounded convection scheme for div(phi,%s) (Gauss limitedLinear 1, Gauss vanLeer, or upwind) and rerun", name)})
			}
		}
		if passed {
			out = append(out, finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: finding.Location{File: path.Join(r.latest(), name)},
				Summary: fmt.Sprintf("the passive scalar %s stays within [%g, %g] (its initial and boundary values, tolerance %g of the range)", name, lo, hi, scalarBoundsTolerance)})
		}
	}
	return out
}

var scalarBoundsCheck = Check{Name: "scalar-bounds", File: "verify/scalarbounds.go",
	Doc: "a passive scalar (scalarTransportFoam's T, a scalarTransport function object's field) within the range of its initial and boundary values",
	IDs: []ID{
		{ID: IDScalarBounds, Severity: finding.Deny, Summary: "foamc verify: a passive scalar left the range of its initial and boundary values by more than 1e-3 of that range: reject",
			Fix: "use a bounded convection scheme for the scalar and rerun", Provenance: []string{"applications/solvers/basic/scalarTransportFoam/scalarTransportFoam.C", "src/functionObjects/solvers/scalarTransport/scalarTransport.C"}},
	},
	Run: checkScalarBounds,
}
