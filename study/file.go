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
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/schema"
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

// validator checks study files against schema/study.schema.json: types, allowed values,
// required and unknown fields (with a did-you-mean). decode checks what a schema cannot:
// zipped lengths, duplicate names, ranges that never reach their end, reference files.
var validator = schema.NewStudyValidator(IDInvalid)

type decoder struct {
	d    *schema.Document
	errs finding.List
}

func (c *decoder) bad(ptr, format string, a ...any) {
	c.errs = append(c.errs, finding.Finding{ID: IDInvalid, Severity: finding.Deny, Location: c.d.Locate(ptr),
		Summary: fmt.Sprintf(format, a...), Fix: "correct the study file (docs/study.md)"})
}

// The schema has checked the shapes: the accessors below only convert.
func asMap(v any) map[string]any { m, _ := v.(map[string]any); return m }
func str(v any) string           { s, _ := v.(string); return s }

// num reads a finite number (a varied value may be any JSON: results.go asks too).
func num(v any) (float64, bool) {
	switch n := v.(type) {
	case int64:
		return float64(n), true
	case float64:
		return n, !math.IsNaN(n) && !math.IsInf(n, 0)
	}
	return 0, false
}

func number(v any) float64 { n, _ := num(v); return n }

// maxVariants bounds a study: far above a real sweep, far below a typo's product.
const maxVariants = 1000

func decode(d *schema.Document, path string) (*File, error) {
	if err := validator.Validate(d); err != nil {
		return nil, err
	}
	c := &decoder{d: d}
	f := &File{Path: path, Version: 1, Kind: KindSweep, doc: d, Run: RunSettings{Concurrency: 1}}
	top := asMap(d.Value)
	f.Name = str(top["name"])
	if v, ok := top["kind"]; ok {
		f.Kind = str(v)
	}
	f.Base = resolve(path, str(top["base"]))
	f.Vary = c.axes(top["vary"])
	f.Parameter = str(top["parameter"])
	if m := asMap(top["reference"]); m != nil {
		f.References = map[string]string{}
		for _, k := range slices.Sorted(maps.Keys(m)) {
			ref := resolve(path, str(m[k]))
			if _, err := schema.ReadReference(ref); err != nil {
				c.bad("/reference/"+finding.EscapeToken(k), "/reference/%s: %v", k, err)
			}
			f.References[k] = ref
		}
	}
	if m := asMap(top["refine"]); m != nil {
		f.Refine = &Refine{Ratio: number(m["ratio"]), Levels: int(number(m["levels"]))}
		if list, ok := m["directions"].([]any); ok {
			for _, e := range list {
				f.Refine.Directions = append(f.Refine.Directions, int(number(e)))
			}
			sort.Ints(f.Refine.Directions)
		}
	}
	if m := asMap(top["run"]); m != nil {
		if x, ok := m["concurrency"]; ok {
			f.Run.Concurrency = int(number(x))
		}
		f.Run.Steps = int(number(m["steps"]))
		if x, ok := m["timeout"]; ok {
			d, err := time.ParseDuration(str(x))
			if err != nil || d <= 0 {
				c.bad("/run/timeout", "/run/timeout: %v: want a duration such as 10m", x)
			}
			f.Run.Timeout = d
		}
		f.Run.Slurm, _ = m["slurm"].(bool)
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

func resolve(file, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(filepath.Dir(file), p)
}

func (c *decoder) axes(v any) []Axis {
	list, _ := v.([]any)
	var out []Axis
	for i, item := range list {
		ptr := fmt.Sprintf("/vary/%d", i)
		group, ok := asMap(item)["zip"].([]any)
		if !ok {
			out = append(out, Axis{Params: []Param{c.param(ptr, item)}})
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
	}
	return out
}

func (c *decoder) param(ptr string, v any) Param {
	m := asMap(v)
	p := Param{Path: str(m["path"]), Name: str(m["name"])}
	if p.Name == "" {
		p.Name = strings.TrimPrefix(p.Path, "/")
	}
	if list, ok := m["values"].([]any); ok {
		p.Values = list
	} else {
		p.Values = c.rangeValues(ptr+"/range", asMap(m["range"]))
	}
	return p
}

// rangeValues expands {from, to, step} or {from, to, count} (count >= 2: evenly spaced,
// both ends included); a step range ends at the last value <= to (within round-off).
func (c *decoder) rangeValues(ptr string, m map[string]any) []any {
	from, to := number(m["from"]), number(m["to"])
	var out []any
	if x, ok := m["count"]; ok {
		n := int(number(x))
		for i := range n {
			out = append(out, from+(to-from)*float64(i)/float64(n-1))
		}
		return out
	}
	step := number(m["step"])
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
	return out
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
