package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/suggest"
)

// nearestName replaces an unknown name by the closest valid one OpenFOAM listed.
func (r *repairer) nearestName(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	near := suggest.DidYouMean(f.Keyword, f.Valid)
	if len(near) == 0 || f.File == "" {
		return nil, nil
	}
	best := near[0]
	src := fmt.Sprintf("OpenFOAM's list of valid %s types (nearest to %q)", f.What, f.Keyword)
	if f.Rule != "" {
		src = fmt.Sprintf("rule %s: did you mean %q", f.Rule, best)
	}
	c := &candidate{strategy: "nearest-name", sources: []string{src}}
	if len(f.DictPath) > 0 {
		dict := strings.Join(f.DictPath, "/")
		keys, _ := r.f.keywords(ctx, f.File, dict)
		for _, k := range keys {
			if v, err := r.f.get(ctx, f.File, dict+"/"+k); err == nil && v == f.Keyword {
				c.edits = append(c.edits, Edit{File: f.File, Entry: dict + "/" + k, Old: v, New: best})
			}
		}
		// The path may name the primitive entry itself (a scheme): replace the word in its value.
		if v, err := r.f.get(ctx, f.File, dict); len(keys) == 0 && err == nil {
			if nv := replaceWord(v, f.Keyword, best); nv != v {
				c.edits = append(c.edits, Edit{File: f.File, Entry: dict, Old: v, New: nv})
			}
		}
		if len(c.edits) > 0 {
			return c, nil
		}
	}
	// No location (scheme errors name only the token): replace the word in the file.
	path := filepath.Join(r.dir, filepath.FromSlash(f.File))
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil
	}
	out := replaceWord(string(b), f.Keyword, best)
	if out == string(b) {
		return nil, nil
	}
	c.edits = []Edit{{File: f.File, Old: f.Keyword, New: best, content: []byte(out)}}
	return c, nil
}

// replaceWord replaces whole-word occurrences of old (delimited by space,
// parentheses or ';') by nw.
func replaceWord(s, old, nw string) string {
	re := regexp.MustCompile(`(^|[\s(;])` + regexp.QuoteMeta(old) + `([\s);]|$)`)
	// Two passes: adjacent matches share a delimiter.
	for i := 0; i < 2; i++ {
		s = re.ReplaceAllString(s, "${1}"+nw+"${2}")
	}
	return s
}

// dimensions resets field dimensions that differ from a tutorial of the same solver.
func (r *repairer) dimensions(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	c := &candidate{strategy: "dimensions"}
	fields := append([]string(nil), f.Fields...)
	sort.Strings(fields)
	for _, fld := range fields {
		file := "0/" + fld
		if _, err := os.Stat(filepath.Join(r.dir, file)); err != nil {
			continue
		}
		cur, err := r.f.get(ctx, file, "dimensions")
		if err != nil {
			continue
		}
		got, err := r.retrieve(ctx, Query{File: file, Keyword: "dimensions", Skip: skip})
		if err != nil {
			return nil, err
		}
		if got == nil || normSpace(got.Text) == normSpace(cur) {
			continue
		}
		c.edits = append(c.edits, Edit{File: file, Entry: "dimensions", Old: cur, New: got.Text})
		c.sources = append(c.sources, got.Source)
		c.prov = append(c.prov, provenance(got)...)
		c.level = got.Level
	}
	return c, nil
}

func normSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// semicolon terminates the entry whose value swallowed the next keyword.
func (r *repairer) semicolon(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	if f.File == "" || f.Keyword == "" {
		return nil, nil
	}
	path := filepath.Join(r.dir, filepath.FromSlash(f.File))
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil
	}
	lines := strings.Split(string(b), "\n")
	re := regexp.MustCompile(`^\s*` + regexp.QuoteMeta(f.Keyword) + `\s+[^;{}]*[^\s;{}]\s*$`)
	last := len(lines)
	if f.Line > 0 && f.Line <= len(lines) {
		last = f.Line
	}
	for i := last - 1; i >= 0; i-- {
		if re.MatchString(lines[i]) {
			old := lines[i]
			lines[i] = strings.TrimRight(old, " \t") + ";"
			return &candidate{strategy: "terminate-entry", sources: []string{fmt.Sprintf("%s:%d: entry '%s' has excess tokens (missing ';')", f.File, i+1, f.Keyword)},
				edits: []Edit{{File: f.File, Old: strings.TrimSpace(old), New: strings.TrimSpace(lines[i]), content: []byte(strings.Join(lines, "\n"))}}}, nil
		}
	}
	return nil, nil
}

// relaxation restores relaxationFactors on a SIMPLE-family case lacking them
// (without them the first iteration divides by zero: rules SOL-006).
func (r *repairer) relaxation(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	if _, err := r.f.get(ctx, "system/fvSolution", "SIMPLE"); err != nil && !strings.Contains(strings.ToLower(r.solver), "simple") {
		return nil, nil
	}
	if _, err := r.f.get(ctx, "system/fvSolution", "relaxationFactors"); err == nil {
		return nil, nil
	}
	got, err := r.retrieve(ctx, Query{File: "system/fvSolution", Keyword: "relaxationFactors", Skip: skip})
	if err != nil || got == nil {
		return nil, err
	}
	return &candidate{strategy: "relaxation-retrieval", level: got.Level, prov: provenance(got), sources: []string{got.Source, "rule SOL-006"},
		edits: []Edit{{File: "system/fvSolution", Entry: "relaxationFactors", New: got.Text}}}, nil
}

// courant halves deltaT when the log shows a Courant number above 1.
func (r *repairer) courant(ctx context.Context, p *LogParser) (*candidate, error) {
	co := 0.0
	for _, s := range p.Steps {
		co = max(co, s.CourantMax)
	}
	if co <= 1 {
		return nil, nil
	}
	cur, err := r.f.get(ctx, "system/controlDict", "deltaT")
	if err != nil {
		return nil, nil
	}
	dt, err := strconv.ParseFloat(cur, 64)
	if err != nil || dt <= 0 {
		return nil, nil
	}
	nw := strconv.FormatFloat(dt/2, 'g', 12, 64)
	return &candidate{strategy: "halve-deltaT", sources: []string{fmt.Sprintf("log: max Courant number %.3g > 1 (rule TIME-001)", co)},
		edits: []Edit{{File: "system/controlDict", Entry: "deltaT", Old: cur, New: nw}}}, nil
}
