package verify

import (
	"fmt"
	"math"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/grammar"
)

// bound is a physical lower bound of a field: values must be >= min (> min when strict).
type bound struct {
	field  string
	min    float64
	strict bool
	// dims, when set, are the SI exponents the field must have for the bound to apply
	// (scalarTransportFoam's T is a dimensionless passive scalar, not a temperature).
	dims []float64
	// compressible limits the bound to compressible solvers (p is kinematic otherwise).
	compressible bool
	source       string
}

const turbSource = "non-negative by definition (k = 1/2 u'.u', dissipation rates and eddy viscosities >= 0); OpenFOAM itself clips them with bound() (src/finiteVolume/cfdTools/general/bound/bound.C)"

var bounds = []bound{
	{field: "k", source: turbSource},
	{field: "epsilon", source: turbSource},
	{field: "omega", source: turbSource},
	{field: "nut", source: turbSource},
	{field: "nuTilda", source: "Spalart-Allmaras working variable, non-negative in the standard model (OpenFOAM clips it with bound())"},
	{field: "T", strict: true, dims: []float64{0, 0, 0, 1, 0, 0, 0}, source: "absolute temperature in K is positive (thermodynamics)"},
	{field: "rho", strict: true, dims: []float64{1, -3, 0, 0, 0, 0, 0}, source: "density is positive"},
	{field: "p", strict: true, dims: []float64{1, -1, -2, 0, 0, 0, 0}, compressible: true, source: "absolute pressure in Pa of a compressible solver is positive (equation of state)"},
}

// checkFields reads every field file of time directory t (in each processor
// directory of a decomposed layout), one file at a time: non-finite values anywhere
// in internalField or a boundary patch value reject, and so do values outside a
// bound.
func checkFields(r *Run, t string) []finding.Finding {
	dir, l, sol := r.dir, r.layout, r.sol
	var out []finding.Finding
	seen := map[string]float64{} // "file op bound" -> minimum over the file's pieces
	var ranges []phaseRange
	for _, part := range l.parts {
		cells, haveCells := meshCells(dir, part)
		ents, err := os.ReadDir(filepath.Join(dir, part, t))
		if err != nil {
			out = append(out, unreadable(path.Join(part, t), err))
			continue
		}
		for _, e := range ents {
			if e.IsDir() {
				continue // uniform/ (time state), polyMesh/
			}
			rel := path.Join(part, t, e.Name())
			x, err := r.read(rel)
			if err != nil {
				out = append(out, unreadable(rel, err))
				continue
			}
			if !strings.HasSuffix(x.File.HeaderWord("class"), "Field") {
				continue
			}
			name := strings.TrimSuffix(e.Name(), ".gz")
			in := x.Dict.Get("internalField")
			if in == nil {
				continue
			}
			// A volume field has a value per cell (surface fields per internal face, point
			// fields per point: not counted here).
			if n, ok := listCount(in); ok && haveCells && n != cells && strings.HasPrefix(x.File.HeaderWord("class"), "vol") {
				out = append(out, finding.Finding{ID: IDCountMismatch, Severity: finding.Deny,
					Summary:  fmt.Sprintf("%s holds %d internalField values for a mesh of %d cells", rel, n, cells),
					Detail:   fmt.Sprintf("method: the nonuniform list's size against nCells of %s's owner file; measured: %d != %d", path.Join(part, "constant/polyMesh"), n, cells),
					Fix:      "the field was not written for this mesh (copied from another case, or the mesh changed): map it (mapFields) or rerun",
					Location: finding.Location{File: rel, Line: line(in), Path: "/internalField"}})
				continue
			}
			vals := fieldValues(in)
			if f, bad := nonFinite(rel, "/internalField", in, vals); bad {
				out = append(out, f)
				continue
			}
			for _, p := range patchValues(x.Dict.Get("boundaryField")) {
				if f, bad := nonFinite(rel, "/boundaryField/"+p.name+"/value", p.e, fieldValues(p.e)); bad {
					out = append(out, f)
				}
			}
			if isPhaseFraction(name, x) {
				pr, f, bad := checkPhase(rel, in, vals)
				if bad {
					out = append(out, f)
				} else if pr.n > 0 {
					ranges = append(ranges, pr)
				}
			}
			for _, b := range bounds {
				if b.field != name || b.compressible && !sol.Compressible || b.dims != nil && !sameDims(x.Dict.Get("dimensions"), b.dims) {
					continue
				}
				if f, bad := b.check(rel, in, vals); bad {
					out = append(out, f)
				} else if len(vals) > 0 {
					shown := rel
					if l.decomposed() {
						shown = path.Join("processor*", t, e.Name())
					}
					key := fmt.Sprintf("%s %s %g", shown, b.op(), b.min)
					if m, ok := seen[key]; !ok || minOf(vals) < m {
						seen[key] = minOf(vals)
					}
				}
			}
		}
	}
	where := t
	if l.decomposed() {
		where = fmt.Sprintf("%s (%d processor directories)", t, len(l.parts))
	}
	if len(seen) > 0 {
		var held []string
		for _, k := range sortedKeys(seen) {
			file, rest, _ := strings.Cut(k, " ")
			held = append(held, fmt.Sprintf("%s min %g %s", file, seen[k], rest))
		}
		out = append(out, finding.Finding{ID: IDCheckPassed, Severity: finding.Info,
			Summary:  fmt.Sprintf("bounds hold in %s: %s", where, strings.Join(held, "; ")),
			Detail:   "method: minimum over internalField (over every processor's piece of a decomposed case) against the physical lower bound of each field (docs/verify.md)",
			Location: finding.Location{File: t}})
	}
	return append(out, phasePassed(where, t, ranges)...)
}

// meshCells is the cell count of a layout part's mesh, from its owner file's header.
func meshCells(dir, part string) (int64, bool) {
	for _, name := range []string{"owner", "owner.gz"} {
		if n, ok := foamcase.OwnerCells(filepath.Join(dir, part, "constant", "polyMesh", name)); ok {
			return n, true
		}
	}
	return 0, false
}

// listCount is the element count of a nonuniform field value (ASCII or binary list).
func listCount(e *grammar.ExpEntry) (int64, bool) {
	for _, it := range e.Value {
		switch l := it.(type) {
		case *grammar.NumList:
			return l.Count, true
		case *grammar.BinList:
			return l.Count, true
		}
	}
	return 0, false
}

func unreadable(rel string, err error) finding.Finding {
	return finding.Finding{ID: IDUnreadable, Severity: finding.Warn, Summary: "a result file foamc cannot read: " + rel,
		Detail: err.Error(), Fix: "check the file (foamc reads ASCII, binary and .gz fields)", Location: finding.Location{File: rel}}
}

type patchValue struct {
	name string
	e    *grammar.ExpEntry
}

// patchValues lists each boundary patch's `value` entry, in patch order (processor
// patches are inter-processor faces, not boundaries).
func patchValues(bf *grammar.ExpEntry) []patchValue {
	if bf == nil || bf.Dict == nil {
		return nil
	}
	var out []patchValue
	for _, p := range bf.Dict.Entries {
		if p.Dict == nil {
			continue
		}
		if isProcessorPatch(word(p.Dict.Get("type"))) {
			continue
		}
		if v := p.Dict.Get("value"); v != nil && v.Dict == nil {
			out = append(out, patchValue{p.Key, v})
		}
	}
	return out
}

// fieldValues returns the numbers of a field entry's value. A nonuniform list is
// decoded straight from the grammar's number-list token (ASCII) or raw payload
// (binary), one slice for the field, which is dropped once the file is judged; other
// forms (uniform values, lists holding nan/inf words) go through values.
func fieldValues(e *grammar.ExpEntry) []float64 {
	for _, it := range e.Value {
		switch l := it.(type) {
		case *grammar.NumList:
			if v, err := l.Floats(); err == nil {
				return v
			}
		case *grammar.BinList:
			if v, err := l.Floats(); err == nil && !l.IsLabel {
				return v
			}
		}
	}
	return values(e.Value)
}

// values flattens a field value (`uniform X`, `nonuniform List<T> N(...)`, ASCII or
// binary, decoded by the grammar) into its numbers in order. OpenFOAM writes a
// non-finite value as the word nan/inf (`-inf` lexes as '-' then inf); those become
// NaN and +-Inf.
func values(items []grammar.Item) []float64 {
	var out []float64
	neg := false
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case float64:
			out = append(out, v)
		case int64:
			out = append(out, float64(v))
		case string:
			switch s := strings.ToLower(v); {
			case s == "-":
				neg = true
				return
			case strings.Contains(s, "nan"):
				out = append(out, math.NaN())
			case strings.Contains(s, "inf"):
				sign := 1
				if neg || strings.HasPrefix(s, "-") {
					sign = -1
				}
				out = append(out, math.Inf(sign))
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			if u, ok := v["$uniform"]; ok {
				walk(u)
			}
			if nu, ok := v["$nonuniform"].(map[string]any); ok {
				walk(nu["values"])
			}
		}
		neg = false
	}
	walk(grammar.EntryValue(items, grammar.ValueOptions{Values: true}))
	return out
}

func line(e *grammar.ExpEntry) int { return int(e.Source.Pos.Line) }

func nonFinite(rel, ptr string, e *grammar.ExpEntry, vals []float64) (finding.Finding, bool) {
	n, first := 0, -1
	for i, v := range vals {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			if first < 0 {
				first = i
			}
			n++
		}
	}
	if n == 0 {
		return finding.Finding{}, false
	}
	return finding.Finding{ID: IDNonFinite, Severity: finding.Deny,
		Summary:  fmt.Sprintf("%s holds %d non-finite value(s) (nan/inf) in %s", rel, n, strings.TrimPrefix(ptr, "/")),
		Detail:   fmt.Sprintf("method: decode every number of %s%s; threshold: all finite; measured: %d of %d non-finite, first at index %d (%g)", rel, ptr, n, len(vals), first, vals[first]),
		Fix:      "the run diverged: reduce the time step or relax under-relaxation, check boundary conditions and mesh quality, and rerun",
		Location: finding.Location{File: rel, Line: line(e), Path: ptr}}, true
}

func (b bound) op() string {
	if b.strict {
		return ">"
	}
	return ">="
}

func (b bound) ok(v float64) bool {
	if b.strict {
		return v > b.min
	}
	return v >= b.min
}

func (b bound) check(rel string, e *grammar.ExpEntry, vals []float64) (finding.Finding, bool) {
	n, at := 0, -1
	for i, v := range vals {
		if !b.ok(v) {
			n++
			if at < 0 || v < vals[at] {
				at = i
			}
		}
	}
	if n == 0 {
		return finding.Finding{}, false
	}
	return finding.Finding{ID: IDBounds, Severity: finding.Deny,
		Summary: fmt.Sprintf("%s out of physical bounds: min %g at index %d, want %s %s %g", rel, vals[at], at, b.field, b.op(), b.min),
		Detail: fmt.Sprintf("method: minimum over internalField of %s; threshold: %s %s %g (%s); measured: %d of %d values violate it, min %g at index %d",
			rel, b.field, b.op(), b.min, b.source, n, len(vals), vals[at], at),
		Fix:      "use bounded convection schemes (bounded Gauss upwind/limitedLinear for turbulence), check inlet values and rerun",
		Location: finding.Location{File: rel, Line: line(e), Path: "/internalField"}}, true
}

func minOf(vals []float64) float64 {
	m := math.Inf(1)
	for _, v := range vals {
		m = math.Min(m, v)
	}
	return m
}

// sameDims compares a field's `dimensions` entry with SI exponents.
func sameDims(e *grammar.ExpEntry, want []float64) bool {
	if e == nil {
		return false
	}
	m, ok := grammar.EntryValue(e.Value, grammar.ValueOptions{}).(map[string]any)
	if !ok {
		return false
	}
	got, ok := m["$dims"].([]any)
	if !ok || len(got) != len(want) {
		return false
	}
	for i, g := range got {
		var v float64
		switch g := g.(type) {
		case float64:
			v = g
		case int64:
			v = float64(g)
		}
		if v != want[i] {
			return false
		}
	}
	return true
}

var fieldsCheck = Check{Name: "fields", File: "verify/fields.go",
	Doc: "every field file of each judged time: cell count, non-finite values, physical bounds, phase fractions",
	IDs: []ID{
		{ID: IDCountMismatch, Severity: finding.Deny, Summary: "foamc verify: a nonuniform internalField whose size is not the mesh's cell count (nCells of the owner file): reject",
			Fix: "map the field to the mesh (mapFields) or rerun"},
		{ID: IDBounds, Severity: finding.Deny, Summary: "foamc verify: a field below its physical bound (k, epsilon, omega, nut, nuTilda >= 0; absolute T, rho, compressible p > 0): reject",
			Fix: "use bounded schemes, check inlet values and rerun", Provenance: []string{"src/finiteVolume/cfdTools/general/bound/bound.C"}},
		{ID: IDNonFinite, Severity: finding.Deny, Summary: "foamc verify: nan or inf in a field's internalField or patch values: reject",
			Fix: "the run diverged: reduce the time step or relax under-relaxation and rerun"},
		{ID: IDPhaseField, Severity: finding.Deny, Summary: "foamc verify: a phase fraction alpha.* outside [0, 1] by more than 1e-3 in a written field: reject",
			Fix: "lower maxCo/maxAlphaCo, raise nAlphaCorr or nLimiterIter and rerun", File: "verify/phase.go"},
	},
	Run: func(r *Run) []finding.Finding {
		var out []finding.Finding
		for _, t := range r.times {
			out = append(out, checkFields(r, t)...)
		}
		return out
	},
}
