package study

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/chart"
	"github.com/foamc/foamc/schema"
)

// Convergence is the grid convergence of one quantity over the levels of one variant
// group (the same parameters, every refinement level): Celik et al.'s procedure on the
// three finest levels that measured it.
type Convergence struct {
	Params   string  `json:"params,omitempty"`
	Quantity string  `json:"quantity"`
	Levels   []Level `json:"levels"`
	GCI      *GCI    `json:"gci,omitempty"`
	// Problem says why there is no GCI (fewer than three measured levels, equal cell
	// counts, no solution of eq. 3).
	Problem string `json:"problem,omitempty"`
}

// Level is one refinement level's measurement.
type Level struct {
	ID    string  `json:"id"`
	Level int     `json:"level"`
	Cells int     `json:"cells"`
	H     float64 `json:"h"`
	Value float64 `json:"value"`
}

// Results files in the study directory.
const (
	ResultsCSV      = "results.csv"
	ResultsMarkdown = "results.md"
)

// quantities are the expect: names measured by any variant, in first-seen order.
func quantities(vs []*Outcome) []string {
	var out []string
	for _, o := range vs {
		for _, m := range o.Measures {
			if m.Kind == "value" && !slices.Contains(out, m.Name) {
				out = append(out, m.Name)
			}
		}
	}
	return out
}

func (o *Outcome) measure(name, kind string) (Measure, bool) {
	for _, m := range o.Measures {
		if m.Name == name && m.Kind == kind {
			return m, true
		}
	}
	return Measure{}, false
}

func (o *Outcome) param(name string) (any, bool) {
	for _, p := range o.Params {
		if p.Name == name {
			return p.Value, true
		}
	}
	return nil, false
}

func writeResults(f *File, variants []Variant, res *Result) error {
	qs := quantities(res.Variants)
	header, rows := table(f, res.Variants, qs)
	var c bytes.Buffer
	w := csv.NewWriter(&c)
	_ = w.Write(header)
	for _, r := range rows {
		_ = w.Write(r)
	}
	w.Flush()
	if err := os.WriteFile(filepath.Join(res.Dir, ResultsCSV), c.Bytes(), 0o644); err != nil {
		return fmt.Errorf("study: %w", err)
	}
	res.Files = append(res.Files, filepath.Join(res.Dir, ResultsCSV))
	if f.Refine != nil {
		res.Convergence = convergence(res.Variants, qs, variants[0].Dims)
	}
	pics, err := plots(f, res, qs)
	if err != nil {
		return err
	}
	var md strings.Builder
	fmt.Fprintf(&md, "# Study %s (%s)\n\n", f.Name, f.Kind)
	md.WriteString(markdownTable(header, rows))
	if len(res.Convergence) > 0 {
		md.WriteString("\n## Grid convergence (Celik et al. 2008)\n\n")
		md.WriteString(convergenceMarkdown(res.Convergence))
	}
	if len(pics) > 0 {
		md.WriteString("\n## Plots\n\n")
		for _, p := range pics {
			rel, _ := filepath.Rel(res.Dir, p)
			fmt.Fprintf(&md, "![%s](%s)\n", strings.TrimSuffix(filepath.Base(p), ".png"), filepath.ToSlash(rel))
		}
	}
	if err := os.WriteFile(filepath.Join(res.Dir, ResultsMarkdown), []byte(md.String()), 0o644); err != nil {
		return fmt.Errorf("study: %w", err)
	}
	res.Files = append(res.Files, filepath.Join(res.Dir, ResultsMarkdown))
	res.Files = append(res.Files, pics...)
	return nil
}

func num6(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

// table is the results table: one row per variant, its parameters, mesh, state,
// verdict, solver steps and wall time, then per expect: quantity its value, reference, deviation, whether it was
// met and, for a steady run, its drift; the reason last.
func table(f *File, vs []*Outcome, qs []string) ([]string, [][]string) {
	header := []string{"variant"}
	header = append(header, f.paramNames()...)
	if f.Refine != nil {
		header = append(header, "level")
	}
	header = append(header, "cells", "state", "status", "verdict", "steps", "wall time")
	drift := map[string]bool{}
	for _, o := range vs {
		for _, m := range o.Measures {
			if m.Kind == "drift" {
				drift[m.Name] = true
			}
		}
	}
	for _, q := range qs {
		header = append(header, q, q+" reference", q+" deviation", q+" met")
		if drift[q] {
			header = append(header, q+" drift")
		}
	}
	header = append(header, "reason")
	var rows [][]string
	for _, o := range vs {
		row := []string{o.ID}
		for _, n := range f.paramNames() {
			v, _ := o.param(n)
			row = append(row, format(v))
		}
		if f.Refine != nil {
			row = append(row, strconv.Itoa(o.Level))
		}
		cells := ""
		if o.Cells > 0 {
			cells = strconv.Itoa(o.Cells)
		}
		steps := ""
		if o.Steps > 0 {
			steps = strconv.Itoa(o.Steps)
		}
		row = append(row, cells, o.State, o.Status, o.Verdict, steps, o.WallTime)
		for _, q := range qs {
			if m, ok := o.measure(q, "value"); ok {
				ref := num6(m.Reference)
				if m.At != "" {
					ref += " at " + m.At
				}
				row = append(row, num6(m.Value), ref, num6(m.Deviation), strconv.FormatBool(m.Met))
			} else {
				row = append(row, "", "", "", "")
			}
			if drift[q] {
				d := ""
				if m, ok := o.measure(q, "drift"); ok {
					d = num6(m.Value)
				}
				row = append(row, d)
			}
		}
		rows = append(rows, append(row, o.Reason))
	}
	return header, rows
}

func markdownTable(header []string, rows [][]string) string {
	var b strings.Builder
	cell := func(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "|", `\|`), "\n", " ") }
	b.WriteString("|")
	for _, h := range header {
		b.WriteString(" " + cell(h) + " |")
	}
	b.WriteString("\n|")
	for range header {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for _, r := range rows {
		b.WriteString("|")
		for _, c := range r {
			b.WriteString(" " + cell(c) + " |")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// convergence groups the finished variants by their parameters and applies Celik et
// al.'s procedure per quantity to the three finest levels that measured it. The cell size
// is h = (1/N)^(1/d) with N the cells blockMesh wrote and d the refined directions: the
// domain's size cancels in every ratio.
func convergence(vs []*Outcome, qs []string, dims int) []Convergence {
	groups := map[string][]*Outcome{}
	var order []string
	for _, o := range vs {
		var parts []string
		for _, p := range o.Params {
			parts = append(parts, p.Name+"="+format(p.Value))
		}
		key := strings.Join(parts, " ")
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], o)
	}
	var out []Convergence
	for _, key := range order {
		for _, q := range qs {
			c := Convergence{Params: key, Quantity: q}
			for _, o := range groups[key] {
				m, ok := o.measure(q, "value")
				if o.State != StateDone || !ok || o.Cells == 0 || m.At != "" {
					continue
				}
				c.Levels = append(c.Levels, Level{ID: o.ID, Level: o.Level, Cells: o.Cells, Value: m.Value,
					H: math.Pow(1/float64(o.Cells), 1/float64(max(1, dims)))})
			}
			sort.Slice(c.Levels, func(i, j int) bool { return c.Levels[i].Cells > c.Levels[j].Cells })
			switch {
			case len(c.Levels) < 3:
				c.Problem = fmt.Sprintf("%d level(s) measured %s: the procedure needs three", len(c.Levels), q)
			default:
				l := c.Levels
				g, err := Celik([3]float64{l[0].H, l[1].H, l[2].H}, [3]float64{l[0].Value, l[1].Value, l[2].Value})
				if err != nil {
					c.Problem = err.Error()
				} else {
					c.GCI = &g
				}
			}
			out = append(out, c)
		}
	}
	return out
}

func convergenceMarkdown(cs []Convergence) string {
	var b strings.Builder
	b.WriteString("| parameters | quantity | cells (fine, medium, coarse) | values | r21 | r32 | convergence | p | extrapolated | e_a21 | e_ext21 | GCI_fine21 | GCI32/(r21^p GCI21) | asymptotic range |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, c := range cs {
		if c.GCI == nil {
			fmt.Fprintf(&b, "| %s | %s | | | | | %s | | | | | | | |\n", c.Params, c.Quantity, c.Problem)
			continue
		}
		g := c.GCI
		l := c.Levels
		cells := fmt.Sprintf("%d, %d, %d", l[0].Cells, l[1].Cells, l[2].Cells)
		vals := fmt.Sprintf("%s, %s, %s", num6(g.Phi[0]), num6(g.Phi[1]), num6(g.Phi[2]))
		if !g.Reliable {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %.4g | %.4g | %s | | | | | | | |\n", c.Params, c.Quantity, cells, vals, g.R21, g.R32, g.Kind)
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %.4g | %.4g | %s | %.4g | %s | %.3g%% | %.3g%% | %.3g%% | %.4g | %v |\n",
			c.Params, c.Quantity, cells, vals, g.R21, g.R32, g.Kind, g.P, num6(g.Extrapolated), 100*g.EA21, 100*g.EExt21, 100*g.GCIFine, g.Asymptotic, g.InAsymptotic)
	}
	return b.String()
}

// plots draws each quantity against the study's parameter (a sweep) or against the cell
// size (a convergence study, with the extrapolated value at h = 0), with the study's
// reference data beside it.
func plots(f *File, res *Result, qs []string) ([]string, error) {
	var out []string
	dir := filepath.Join(res.Dir, "plots")
	for _, q := range qs {
		var ref chart.Series
		if file, ok := f.References[q]; ok {
			rows, err := schema.ReadReference(file)
			if err != nil {
				return nil, fmt.Errorf("study: reference of %s: %w", q, err)
			}
			ref.Name = "reference (" + filepath.Base(file) + ")"
			for _, r := range rows {
				ref.X, ref.Y = append(ref.X, r[0]), append(ref.Y, r[1])
			}
		}
		var fig *chart.Figure
		var err error
		if f.Refine != nil {
			fig, err = convergencePlot(res, q, ref)
		} else {
			fig, err = sweepPlot(f, res, q, ref)
		}
		if err != nil {
			return nil, err
		}
		if fig == nil {
			continue
		}
		path := filepath.Join(dir, safeName(q)+".png")
		if err := fig.WritePNG(path); err != nil {
			return nil, err
		}
		out = append(out, path)
	}
	return out, nil
}

func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == ' ' || r == os.PathSeparator {
			return '_'
		}
		return r
	}, s)
}

type point struct{ x, y float64 }

func series(name string, pts []point) chart.Series {
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].x < pts[j].x })
	s := chart.Series{Name: name}
	for _, p := range pts {
		s.X, s.Y = append(s.X, p.x), append(s.Y, p.y)
	}
	return s
}

func sweepPlot(f *File, res *Result, q string, ref chart.Series) (*chart.Figure, error) {
	x := f.XParameter()
	var pts []point
	for _, o := range res.Variants {
		m, ok := o.measure(q, "value")
		v, _ := o.param(x)
		xv, isNum := num(v)
		if ok && isNum && o.State == StateDone {
			y := m.Value
			if m.At != "" {
				y = m.Deviation // a line: its largest deviation from the reference
			}
			pts = append(pts, point{xv, y})
		}
	}
	if len(pts) == 0 {
		return nil, nil
	}
	return chart.Profile(fmt.Sprintf("%s: %s against %s", f.Name, q, x), x, q, series("foamc study ("+q+")", pts), ref)
}

func convergencePlot(res *Result, q string, ref chart.Series) (*chart.Figure, error) {
	var pts []point
	title := fmt.Sprintf("%s: %s against cell size", res.Study, q)
	for _, c := range res.Convergence {
		if c.Quantity != q {
			continue
		}
		for _, l := range c.Levels {
			pts = append(pts, point{l.H, l.Value})
		}
		if c.GCI != nil && c.GCI.Reliable && ref.X == nil {
			ref = chart.Series{Name: "Richardson extrapolation (h = 0)", X: []float64{0}, Y: []float64{c.GCI.Extrapolated}}
			title += fmt.Sprintf(" (p = %.3g, GCI_fine %.3g%%)", c.GCI.P, 100*c.GCI.GCIFine)
		}
	}
	if len(pts) == 0 {
		return nil, nil
	}
	return chart.Profile(title, "cell size h = (1/N)^(1/d)", q, series("foamc study ("+q+")", pts), ref)
}

// Summary is the study's last lines: how many variants ran, their states and verdicts.
func (r *Result) Summary() string {
	count := map[string]int{}
	ran := 0
	for _, o := range r.Variants {
		k := o.State
		if o.Verdict != "" {
			k += " (" + o.Verdict + ")"
		}
		count[k]++
		if o.Ran {
			ran++
		}
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(count)) {
		parts = append(parts, fmt.Sprintf("%d %s", count[k], k))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "study %s: %d variant(s), %d run now: %s\n", r.Study, len(r.Variants), ran, strings.Join(parts, ", "))
	for _, c := range r.Convergence {
		what := c.Problem
		if c.GCI != nil {
			what = c.GCI.Summary()
		}
		p := ""
		if c.Params != "" {
			p = " [" + c.Params + "]"
		}
		fmt.Fprintf(&b, "convergence of %s%s: %s\n", c.Quantity, p, what)
	}
	if r.Interrupted {
		b.WriteString("interrupted: run the same command again to resume (only unfinished variants run)\n")
	}
	for _, f := range r.Files {
		if !strings.HasSuffix(f, ".png") {
			fmt.Fprintf(&b, "results: %s\n", f)
		}
	}
	return b.String()
}
