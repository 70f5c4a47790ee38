// Package study runs many variants of one case spec and gathers what they measured: a
// parameter sweep (lists, ranges, products, zipped lists of spec fields) or a grid
// convergence study (blockMesh cell counts refined by a ratio), each variant compiled,
// gated, run and verified in its own case directory, with one results table, plots
// against the varied parameter, the grid convergence index (Celik et al. 2008) and a
// resumable record of every variant's inputs and outcome (docs/study.md).
package study

import (
	"fmt"
	"maps"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/schema"
	"github.com/foamc/foamc/suggest"
)

// Finding IDs of studies (catalogued in rules/goids.go).
const (
	IDInvalid  = "FOAM-STUDY-001" // the study file: a value or field the study schema rejects
	IDChanged  = "FOAM-STUDY-002" // a recorded variant whose inputs changed, refused without --redo
	IDNoRefine = "FOAM-STUDY-003" // a convergence study whose mesh cannot be refined
)

// Kinds of study.
const (
	KindSweep       = "sweep"
	KindConvergence = "convergence"
)

// File is a decoded study file (docs/study.md).
type File struct {
	Path    string
	Version int
	Name    string
	Kind    string
	// Base is the spec every variant starts from, resolved against the study file.
	Base string
	// Vary are the axes: the variants are their product; one axis is one parameter or
	// a zipped group of parameters of equal length.
	Vary []Axis
	// Parameter names the x axis of the plots (default the first parameter).
	Parameter string
	// References maps an expect: name to a CSV of published data (parameter, value).
	References map[string]string
	Refine     *Refine
	Run        RunSettings
	doc        *schema.Document
}

// Axis is one dimension of the sweep.
type Axis struct{ Params []Param }

// Param is one varied spec field (Path, an RFC 6901 pointer into the spec) or, without a
// path, a label column (a Reynolds number zipped with the viscosity that sets it).
type Param struct {
	Name, Path string
	Values     []any
}

// Refine is a convergence study's refinement of the blockMeshDict cell counts.
type Refine struct {
	Ratio  float64
	Levels int
	// Directions are the block-local directions (0, 1, 2) refined; default every
	// direction with more than one cell in some block (a 2-D case's empty direction stays).
	Directions []int
}

// RunSettings is how variants run.
type RunSettings struct {
	Concurrency int
	Steps       int
	Timeout     time.Duration
	Slurm       bool
}

var nameRE = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

// Load reads and validates a study file; every problem is a located finding (finding.List).
func Load(path string) (*File, error) {
	d, err := schema.Load(path)
	if err != nil {
		return nil, err
	}
	return decode(d, path)
}

// Parse is Load for bytes; file names them and resolves relative paths.
func Parse(file string, data []byte) (*File, error) {
	d, err := schema.Parse(file, data)
	if err != nil {
		return nil, err
	}
	return decode(d, file)
}

type decoder struct {
	d    *schema.Document
	errs finding.List
}

func (c *decoder) bad(ptr, format string, a ...any) {
	c.errs = append(c.errs, finding.Finding{ID: IDInvalid, Severity: finding.Deny, Location: c.d.Locate(ptr),
		Summary: fmt.Sprintf(format, a...), Fix: "correct the study file (docs/study.md)"})
}

// fields checks the keys of the mapping at ptr: unknown keys are findings with a
// did-you-mean, missing required ones too.
func (c *decoder) fields(ptr string, v any, known, required []string) map[string]any {
	m, ok := v.(map[string]any)
	if !ok {
		c.bad(ptr, "%s: want a mapping", label(ptr))
		return nil
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if !slices.Contains(known, k) {
			f := finding.Finding{ID: IDInvalid, Severity: finding.Deny, Location: c.d.LocateKey(ptr + "/" + k),
				Summary: fmt.Sprintf("%s: unknown field %q", label(ptr), k), Fix: "remove or correct the field (docs/study.md)"}
			if s := suggest.Closest(k, known); s != "" {
				f.Summary += fmt.Sprintf(" (did you mean %q?)", s)
				f.Repair = &finding.Repair{Suggest: &finding.Suggestion{Word: s, Candidates: []string{s}}}
			}
			c.errs = append(c.errs, f)
		}
	}
	for _, k := range required {
		if _, ok := m[k]; !ok {
			c.bad(ptr, "%s: missing field %q", label(ptr), k)
		}
	}
	return m
}

func label(ptr string) string {
	if ptr == "" {
		return "study"
	}
	return ptr
}

func mapsKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func (c *decoder) str(ptr string, v any) string {
	s, ok := v.(string)
	if !ok {
		c.bad(ptr, "%s: want a string", ptr)
	}
	return s
}

func num(v any) (float64, bool) {
	switch n := v.(type) {
	case int64:
		return float64(n), true
	case float64:
		return n, !math.IsNaN(n) && !math.IsInf(n, 0)
	}
	return 0, false
}

func (c *decoder) number(ptr string, v any) float64 {
	n, ok := num(v)
	if !ok {
		c.bad(ptr, "%s: want a finite number", ptr)
	}
	return n
}

func (c *decoder) integer(ptr string, v any, lo int) int {
	n, ok := v.(int64)
	if !ok || n < int64(lo) {
		c.bad(ptr, "%s: want a whole number >= %d", ptr, lo)
		return lo
	}
	return int(n)
}

// maxVariants bounds a study: far above a real sweep, far below a typo's product.
const maxVariants = 1000

func decode(d *schema.Document, path string) (*File, error) {
	c := &decoder{d: d}
	f := &File{Path: path, Kind: KindSweep, doc: d, Run: RunSettings{Concurrency: 1}}
	top := c.fields("", d.Value, []string{"version", "name", "description", "kind", "base", "vary", "parameter", "reference", "refine", "run"}, []string{"version", "name", "base"})
	if top == nil {
		return nil, c.errs
	}
	if v, ok := top["version"]; ok {
		if f.Version = c.integer("/version", v, 1); f.Version != 1 {
			c.bad("/version", "/version: only version 1 exists")
		}
	}
	if v, ok := top["name"]; ok {
		if f.Name = c.str("/name", v); f.Name != "" && !nameRE.MatchString(f.Name) {
			c.bad("/name", "/name: %q: use letters, digits, '.', '_' and '-'", f.Name)
		}
	}
	if v, ok := top["description"]; ok {
		c.str("/description", v)
	}
	if v, ok := top["kind"]; ok {
		f.Kind = c.str("/kind", v)
		if f.Kind != KindSweep && f.Kind != KindConvergence {
			c.bad("/kind", "/kind: %q: want %s or %s", f.Kind, KindSweep, KindConvergence)
		}
	}
	if v, ok := top["base"]; ok {
		if b := c.str("/base", v); b != "" {
			f.Base = resolve(path, b)
		}
	}
	if v, ok := top["vary"]; ok {
		f.Vary = c.axes(v)
	}
	if v, ok := top["parameter"]; ok {
		f.Parameter = c.str("/parameter", v)
	}
	if v, ok := top["reference"]; ok {
		if m := c.fields("/reference", v, mapsKeys(asMap(v)), nil); m != nil {
			f.References = map[string]string{}
			for _, k := range slices.Sorted(maps.Keys(m)) {
				ref := resolve(path, c.str("/reference/"+k, m[k]))
				if _, err := schema.ReadReference(ref); err != nil {
					c.bad("/reference/"+k, "/reference/%s: %v", k, err)
				}
				f.References[k] = ref
			}
		}
	}
	if v, ok := top["refine"]; ok {
		f.Refine = c.refine(v)
	}
	if v, ok := top["run"]; ok {
		if m := c.fields("/run", v, []string{"concurrency", "steps", "timeout", "slurm"}, nil); m != nil {
			if x, ok := m["concurrency"]; ok {
				f.Run.Concurrency = c.integer("/run/concurrency", x, 1)
			}
			if x, ok := m["steps"]; ok {
				f.Run.Steps = c.integer("/run/steps", x, 0)
			}
			if x, ok := m["timeout"]; ok {
				d, err := time.ParseDuration(c.str("/run/timeout", x))
				if err != nil || d <= 0 {
					c.bad("/run/timeout", "/run/timeout: %v: want a duration such as 10m", x)
				}
				f.Run.Timeout = d
			}
			if x, ok := m["slurm"]; ok {
				b, ok := x.(bool)
				if !ok {
					c.bad("/run/slurm", "/run/slurm: want true or false")
				}
				f.Run.Slurm = b
			}
		}
	}
	switch {
	case f.Kind == KindConvergence && f.Refine == nil:
		c.bad("", "a convergence study needs refine: {ratio, levels}")
	case f.Kind == KindSweep && f.Refine != nil:
		c.bad("/refine", "/refine belongs to kind: convergence")
	case f.Kind == KindSweep && len(f.Vary) == 0 && top["vary"] == nil:
		c.bad("", "a sweep needs vary: the spec fields to vary")
	}
	names := f.paramNames()
	for i, n := range names {
		if slices.Contains(names[:i], n) {
			c.bad("/vary", "/vary: the parameter %q is given twice", n)
		}
	}
	if f.Parameter != "" && !slices.Contains(names, f.Parameter) {
		c.bad("/parameter", "/parameter: %q is not a varied parameter (have %s)", f.Parameter, strings.Join(names, ", "))
	}
	if n := f.count(); n > maxVariants {
		c.bad("/vary", "/vary: %d variants, more than a study runs (%d)", n, maxVariants)
	}
	if len(c.errs) > 0 {
		finding.Sort(c.errs)
		return nil, c.errs
	}
	return f, nil
}

func asMap(v any) map[string]any { m, _ := v.(map[string]any); return m }

func resolve(file, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(filepath.Dir(file), p)
}

func (c *decoder) axes(v any) []Axis {
	list, ok := v.([]any)
	if !ok {
		c.bad("/vary", "/vary: want a list of parameters")
		return nil
	}
	var out []Axis
	for i, item := range list {
		ptr := fmt.Sprintf("/vary/%d", i)
		if m, ok := item.(map[string]any); ok && m["zip"] != nil {
			c.fields(ptr, m, []string{"zip"}, nil)
			group, ok := m["zip"].([]any)
			if !ok || len(group) < 2 {
				c.bad(ptr+"/zip", "%s/zip: want a list of two or more parameters", ptr)
				continue
			}
			var ax Axis
			for j, g := range group {
				ax.Params = append(ax.Params, c.param(fmt.Sprintf("%s/zip/%d", ptr, j), g))
			}
			for j, p := range ax.Params {
				if len(p.Values) != len(ax.Params[0].Values) {
					c.bad(fmt.Sprintf("%s/zip/%d", ptr, j), "%s/zip: zipped parameters need equal lengths: %s has %d values, %s %d", ptr, p.Name, len(p.Values), ax.Params[0].Name, len(ax.Params[0].Values))
				}
			}
			out = append(out, ax)
			continue
		}
		out = append(out, Axis{Params: []Param{c.param(ptr, item)}})
	}
	return out
}

func (c *decoder) param(ptr string, v any) Param {
	m := c.fields(ptr, v, []string{"name", "path", "values", "range"}, nil)
	var p Param
	if m == nil {
		return p
	}
	if x, ok := m["path"]; ok {
		p.Path = c.str(ptr+"/path", x)
		if !strings.HasPrefix(p.Path, "/") {
			c.bad(ptr+"/path", "%s/path: %q: want a JSON pointer into the spec, e.g. /fluid/nu", ptr, p.Path)
		}
	}
	if x, ok := m["name"]; ok {
		p.Name = c.str(ptr+"/name", x)
	}
	switch {
	case p.Name == "" && p.Path == "":
		c.bad(ptr, "%s: give a path (the spec field) or a name (a label column), or both", ptr)
	case p.Name == "":
		p.Name = strings.TrimPrefix(p.Path, "/")
	}
	_, hasValues := m["values"]
	_, hasRange := m["range"]
	switch {
	case hasValues == hasRange:
		c.bad(ptr, "%s: give exactly one of values or range", ptr)
	case hasValues:
		list, ok := m["values"].([]any)
		if !ok || len(list) == 0 {
			c.bad(ptr+"/values", "%s/values: want a non-empty list", ptr)
		}
		p.Values = list
	default:
		p.Values = c.rangeValues(ptr+"/range", m["range"])
	}
	return p
}

// rangeValues expands {from, to, step} or {from, to, count} (count >= 2: evenly spaced,
// both ends included); a step range ends at the last value <= to (within round-off).
func (c *decoder) rangeValues(ptr string, v any) []any {
	m := c.fields(ptr, v, []string{"from", "to", "step", "count"}, []string{"from", "to"})
	if m == nil || m["from"] == nil || m["to"] == nil {
		return nil
	}
	from, to := c.number(ptr+"/from", m["from"]), c.number(ptr+"/to", m["to"])
	_, hasStep := m["step"]
	_, hasCount := m["count"]
	var out []any
	switch {
	case hasStep == hasCount:
		c.bad(ptr, "%s: give exactly one of step or count", ptr)
	case hasCount:
		n := c.integer(ptr+"/count", m["count"], 2)
		for i := range n {
			out = append(out, from+(to-from)*float64(i)/float64(n-1))
		}
	default:
		step := c.number(ptr+"/step", m["step"])
		if step == 0 || (to-from)/step < 0 {
			c.bad(ptr+"/step", "%s/step: %g never reaches %g from %g", ptr, step, to, from)
			return nil
		}
		n := int(math.Floor((to-from)/step+1e-9)) + 1
		if n > maxVariants {
			c.bad(ptr, "%s: %d values, more than a study runs (%d)", ptr, n, maxVariants)
			return nil
		}
		for i := range n {
			out = append(out, from+step*float64(i))
		}
	}
	return out
}

func (c *decoder) refine(v any) *Refine {
	m := c.fields("/refine", v, []string{"ratio", "levels", "directions"}, []string{"ratio", "levels"})
	if m == nil {
		return nil
	}
	r := &Refine{}
	if x, ok := m["ratio"]; ok {
		if r.Ratio = c.number("/refine/ratio", x); r.Ratio <= 1 {
			c.bad("/refine/ratio", "/refine/ratio: %g: want a ratio > 1 (Celik et al. 2008 advise >= 1.3)", r.Ratio)
		}
	}
	if x, ok := m["levels"]; ok {
		r.Levels = c.integer("/refine/levels", x, 3)
	}
	if x, ok := m["directions"]; ok {
		list, ok := x.([]any)
		if !ok || len(list) == 0 {
			c.bad("/refine/directions", "/refine/directions: want a list of block directions 0, 1, 2")
		}
		for i, e := range list {
			n, ok := e.(int64)
			if !ok || n < 0 || n > 2 || slices.Contains(r.Directions, int(n)) {
				c.bad(fmt.Sprintf("/refine/directions/%d", i), "/refine/directions: want distinct block directions 0, 1, 2")
				continue
			}
			r.Directions = append(r.Directions, int(n))
		}
		sort.Ints(r.Directions)
	}
	return r
}

func (f *File) paramNames() []string {
	var out []string
	for _, a := range f.Vary {
		for _, p := range a.Params {
			out = append(out, p.Name)
		}
	}
	return out
}

// heads are the first parameter of each axis: a zipped group's leader names it.
func (f *File) heads() []string {
	var out []string
	for _, a := range f.Vary {
		if len(a.Params) > 0 {
			out = append(out, a.Params[0].Name)
		}
	}
	return out
}

func (f *File) count() int {
	n := 1
	for _, a := range f.Vary {
		if len(a.Params) > 0 {
			n *= max(1, len(a.Params[0].Values))
			if n > maxVariants {
				return n
			}
		}
	}
	if f.Refine != nil {
		n *= max(1, f.Refine.Levels)
	}
	return n
}

// XParameter is the parameter the plots draw the quantities against.
func (f *File) XParameter() string {
	if f.Parameter != "" {
		return f.Parameter
	}
	if names := f.paramNames(); len(names) > 0 {
		return names[0]
	}
	return ""
}
