package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func (r *repairer) turbulenceModel(ctx context.Context) string {
	st, err := r.f.get(ctx, "constant/turbulenceProperties", "simulationType")
	if err != nil || st == "laminar" || st == "" {
		return "laminar"
	}
	for _, k := range []string{st + "/" + st + "Model", st + "/model"} {
		if m, err := r.f.get(ctx, "constant/turbulenceProperties", k); err == nil && m != "" {
			return m
		}
	}
	return "laminar"
}

func (r *repairer) retrieve(ctx context.Context, q Query) (*Retrieved, error) {
	if r.opt.Retriever == nil {
		return nil, nil
	}
	q.Solver, q.Model = r.solver, r.model
	if q.BCType == "" && len(q.DictPath) == 2 && q.DictPath[0] == "boundaryField" {
		q.BCType, _ = r.f.get(ctx, q.File, "boundaryField/"+q.DictPath[1]+"/type")
	}
	return r.opt.Retriever.Retrieve(ctx, q)
}

// retrieveEntry: the heuristic keyword retriever's block for a missing entry.
func (r *repairer) retrieveEntry(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	if f.File == "" || f.Keyword == "" {
		return nil, nil
	}
	dp := f.DictPath
	if f.Kind == KindMissingValue && len(dp) == 0 && f.Patch != "" {
		dp = []string{"boundaryField", f.Patch}
	}
	q := Query{File: f.File, DictPath: dp, Keyword: f.Keyword, Skip: skip}
	got, err := r.retrieve(ctx, q)
	if err != nil || got == nil {
		return nil, err
	}
	return &candidate{strategy: "keyword-retrieval", level: got.Level, prov: provenance(got), sources: []string{got.Source},
		edits: []Edit{{File: f.File, Entry: q.Entry(), New: got.Text}}}, nil
}

// referenceValue replaces the value of the entry at f.DictPath by the
// reference case's value for the same entry, when they differ.
func (r *repairer) referenceValue(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	n := len(f.DictPath)
	if f.File == "" || n == 0 {
		return nil, nil
	}
	if strings.HasPrefix(f.DictPath[n-1], "$") {
		return nil, nil // a regex-entry pointer names no keyword
	}
	q := Query{File: f.File, DictPath: f.DictPath[:n-1], Keyword: f.DictPath[n-1]}
	old, _ := r.f.get(ctx, f.File, q.Entry())
	var got *Retrieved
	// The case's own (wrong) value may be a reference value too: skip it.
	for q.Skip = skip; q.Skip < skip+retrievalTries; q.Skip++ {
		g, err := r.retrieve(ctx, q)
		if err != nil || g == nil {
			return nil, err
		}
		if normSpace(old) != normSpace(g.Text) {
			got = g
			break
		}
	}
	if got == nil {
		return nil, nil
	}
	return &candidate{strategy: "reference-value", level: got.Level, prov: provenance(got), sources: []string{got.Source},
		edits: []Edit{{File: f.File, Entry: q.Entry(), Old: old, New: got.Text}}}, nil
}

// internalFieldValue fills a missing patch value (value, inletValue, ...) with
// the field's internalField, the value OpenFOAM itself would start from.
func (r *repairer) internalFieldValue(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	if !strings.HasPrefix(f.File, "0") || !strings.HasSuffix(strings.ToLower(f.Keyword), "value") {
		return nil, nil
	}
	dp := f.DictPath
	if len(dp) == 0 && f.Patch != "" {
		dp = []string{"boundaryField", f.Patch}
	}
	v, err := r.f.get(ctx, f.File, "internalField")
	if err != nil || v == "" {
		return nil, nil
	}
	entry := strings.Join(append(append([]string(nil), dp...), f.Keyword), "/")
	return &candidate{strategy: "internal-field-value", sources: []string{"case:" + f.File + ":internalField"},
		edits: []Edit{{File: f.File, Entry: entry, New: v}}}, nil
}

// retrieveBlock replaces a linear-solver dictionary whole (compound blocks are
// chosen whole, never merged key by key).
func (r *repairer) retrieveBlock(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	if f.File == "" || len(f.DictPath) == 0 {
		return nil, nil
	}
	q := Query{File: f.File, DictPath: f.DictPath[:len(f.DictPath)-1], Keyword: f.DictPath[len(f.DictPath)-1], Skip: skip}
	got, err := r.retrieve(ctx, q)
	if err != nil || got == nil || f.Keyword != "" && strings.Contains(got.Text, f.Keyword+";") {
		return nil, err
	}
	old, _ := r.f.get(ctx, f.File, q.Entry())
	return &candidate{strategy: "block-retrieval", level: got.Level, prov: provenance(got), sources: []string{got.Source},
		edits: []Edit{{File: f.File, Entry: q.Entry(), Old: old, New: got.Text}}}, nil
}

// retrieveFile restores a missing file from the best-matching tutorial; field
// files get one boundaryField entry per mesh patch of this case.
func (r *repairer) retrieveFile(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	if f.File == "" || f.File == "system/controlDict" {
		// controlDict names the solver: a reference case cannot stand in for it.
		return nil, nil
	}
	var got *Retrieved
	// A field with nonuniform values belongs to its own mesh: take the next
	// reference whose internalField is uniform.
	for s := skip; s < skip+5; s++ {
		g, err := r.retrieve(ctx, Query{File: f.File, Skip: s})
		if err != nil || g == nil {
			return nil, err
		}
		if !strings.HasPrefix(f.File, "0/") || !strings.Contains(g.Text, "nonuniform") {
			got = g
			break
		}
	}
	if got == nil {
		return nil, nil
	}
	c := &candidate{strategy: "file-retrieval", level: got.Level, prov: provenance(got), sources: []string{got.Source}}
	if !strings.HasPrefix(f.File, "0/") {
		c.edits = []Edit{{File: f.File, New: "(file from " + got.Source + ")", content: []byte(got.Text)}}
		return c, nil
	}
	// Keep the tutorial's header, dimensions and internalField; rebuild the
	// boundaryField for this mesh in a temporary file, then write it whole.
	tmp, err := os.CreateTemp(r.dir, ".foamc-field-*")
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	rel := filepath.Base(tmp.Name())
	if err := os.WriteFile(tmp.Name(), []byte(got.Text), 0o644); err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	if err := r.f.set(ctx, rel, "boundaryField", "{}"); err != nil {
		return nil, nil
	}
	field := filepath.Base(f.File)
	for _, pt := range r.patches() {
		text, src, prov := r.patchText(ctx, f.File, rel, field, pt.name, pt.typ)
		c.prov = append(c.prov, prov...)
		if err := r.f.set(ctx, rel, "boundaryField/"+pt.name, text); err != nil {
			return nil, nil
		}
		c.sources = append(c.sources, "boundaryField/"+pt.name+" <- "+src)
	}
	b, err := os.ReadFile(tmp.Name())
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	c.edits = []Edit{{File: f.File, New: "(field from " + got.Source + ", boundaryField for this mesh)", content: b}}
	return c, nil
}
