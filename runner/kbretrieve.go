package runner

import (
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/openfoam"
)

// KBRetriever answers repair queries from the knowledge base (issue 6: repair
// deterministically first): the data-driven template for fvSolution, the
// heuristic keyword retriever for entries, the cascading retriever for whole
// files and the boundary-condition contracts (multi-source retriever) for keys
// of a patch entry. Values come in case-document form and are written as
// OpenFOAM text with grammar.ValueItems. Every answer carries the kb audit:
// retriever, query level and the tutorial files it came from.
//
// The kb leaves out mesh, meshing and decomposition dictionaries (blockMeshDict,
// snappyHexMeshDict, decomposeParDict, polyMesh), elides lists longer than 64
// items and keeps no nonuniform field data; queries it cannot answer go to
// Fallback when set (the foamDictionary TutorialRetriever).
type KBRetriever struct {
	KB       *kb.KB
	Fallback Retriever
}

// DefaultRetriever is the repair retriever every caller wants: the kb answers, and the
// OpenFOAM tutorials (read with foamDictionary) answer what it does not hold (mesh and
// decomposition dictionaries). tutorials "" means openfoam.Tutorials(); without any
// tutorials only the kb answers.
func DefaultRetriever(k *kb.KB, tutorials string) Retriever {
	r := &KBRetriever{KB: k}
	if tutorials == "" {
		tutorials = openfoam.Tutorials()
	}
	if tutorials != "" {
		r.Fallback = &TutorialRetriever{Dir: tutorials, Env: openfoam.Env()}
	}
	return r
}

// fvSolution dictionaries the template retriever assembles.
var templateRoots = map[string]bool{"solvers": true, "PISO": true, "PIMPLE": true, "SIMPLE": true, "relaxationFactors": true, "potentialFlow": true}

// maxSamples bounds the samples a kb query returns (distinct answers for Skip).
const maxSamples = 20

// Retrieve implements Retriever.
func (r *KBRetriever) Retrieve(ctx context.Context, q Query) (*Retrieved, error) {
	seen := map[string]bool{}
	skip := q.Skip
	// take returns a candidate unless it repeats an earlier one or is skipped.
	take := func(c *Retrieved) *Retrieved {
		k := normSpace(c.Text)
		if c.Text == "" || seen[k] {
			return nil
		}
		seen[k] = true
		if skip > 0 {
			skip--
			return nil
		}
		return c
	}
	kq := kb.Query{Solver: q.Solver, Turbulence: q.Model, Target: q.File, NMax: maxSamples}
	if q.Keyword == "" {
		for _, c := range r.files(kq) {
			if got := take(c); got != nil {
				return got, nil
			}
		}
	} else {
		for _, gen := range []func(kb.Query, Query) []*Retrieved{r.template, r.keyword, r.contract} {
			for _, c := range gen(kq, q) {
				if got := take(c); got != nil {
					return got, nil
				}
			}
		}
	}
	if r.Fallback == nil {
		return nil, nil
	}
	// The fallback counts its own distinct answers.
	fq := q
	fq.Skip = skip
	return r.Fallback.Retrieve(ctx, fq)
}

// template: the fvSolution entry from the data-driven template (one answer).
func (r *KBRetriever) template(kq kb.Query, q Query) []*Retrieved {
	segs := append(append([]string(nil), q.DictPath...), q.Keyword)
	if path.Base(q.File) != "fvSolution" || !templateRoots[segs[0]] {
		return nil
	}
	res := r.KB.Template(kq, 0)
	v, ok := lookupPath(res.Dict, segs)
	if !ok {
		return nil
	}
	text, err := valueText(v, q.File)
	if err != nil {
		return nil
	}
	ptr := finding.Pointer(segs...)
	var files []string
	for _, e := range res.Entries {
		// The entry itself or the compound block holding it.
		if e.Path == ptr || strings.HasPrefix(ptr, e.Path+"/") || strings.HasPrefix(e.Path, ptr+"/") {
			for _, c := range e.Cases {
				files = appendUnique(files, c+"/"+q.File)
			}
		}
	}
	if len(files) == 0 {
		return nil
	}
	return []*Retrieved{{Text: text, Source: "kb template:" + q.File + ":" + strings.Join(segs, "/") + " <- " + files[0],
		Retriever: "template", Level: level(res.Audit.Level), Files: files}}
}

// keyword: the heuristic keyword retriever's smallest enclosing blocks, one per case.
func (r *KBRetriever) keyword(kq kb.Query, q Query) []*Retrieved {
	kq.Path = finding.Pointer(q.DictPath...)
	res := r.KB.Keyword(kq, q.Keyword)
	var out []*Retrieved
	for _, s := range res.Samples {
		block, ok := s.Value.(map[string]any)
		if !ok {
			continue
		}
		v, ok := lookupKeyword(block, q.Keyword)
		if !ok {
			continue
		}
		text, err := valueText(v, q.File)
		if err != nil {
			continue // bulk data of another mesh, dynamic code, elided lists
		}
		file := s.Case + "/" + s.File
		out = append(out, &Retrieved{Text: text, Source: "tutorial:" + file + ":" + q.Entry(),
			Retriever: "keyword", Level: level(s.Level), Files: []string{file}})
	}
	return out
}

// contract: a key of a patch entry from the BC's header contract united with
// tutorial examples of that BC type (most common example value, else the default).
func (r *KBRetriever) contract(kq kb.Query, q Query) []*Retrieved {
	if q.BCType == "" || len(q.DictPath) != 2 || q.DictPath[0] != "boundaryField" {
		return nil
	}
	res := r.KB.BC(kq, q.BCType)
	for _, k := range res.Keys {
		if k.Key != q.Keyword {
			continue
		}
		var text string
		var err error
		switch {
		case k.Value != nil:
			text, err = valueText(k.Value, q.File)
		case k.Default != "":
			text = k.Default
		}
		if err != nil || text == "" {
			return nil
		}
		files := res.Audit.Files
		src := "kb bc:" + q.BCType + "/" + k.Key + " (" + k.Status + ", " + fmt.Sprint(k.Examples) + " example(s))"
		return []*Retrieved{{Text: text, Source: src, Retriever: "multi-source", Level: level(res.Audit.Level),
			Files: append(files, res.Audit.HeaderLines...)}}
	}
	return nil
}

// files: whole files from the cascading retriever, written with a FoamFile header.
func (r *KBRetriever) files(kq kb.Query) []*Retrieved {
	res := r.KB.Cascade(kq)
	classes := map[string]string{}
	for _, rec := range res.Records {
		for f, c := range rec.Classes {
			classes[rec.Path+"/"+f] = c
		}
	}
	var out []*Retrieved
	for _, s := range res.Samples {
		obj, ok := s.Value.(map[string]any)
		if !ok {
			continue
		}
		body, err := grammar.ValueDict(obj)
		if err != nil {
			continue // nonuniform data of another mesh, elided lists
		}
		class := classes[s.Case+"/"+s.File]
		if class == "" {
			class = "dictionary"
		}
		dir, name := path.Split(kq.Target)
		text := string(grammar.Format(grammar.NewFile(class, name, strings.TrimSuffix(dir, "/"), body)))
		file := s.Case + "/" + s.File
		out = append(out, &Retrieved{Text: text, Source: "tutorial:" + file, Retriever: "cascade", Level: level(s.Level), Files: []string{file}})
	}
	return out
}

// valueText writes a case-document value of file as OpenFOAM text (a
// dictionary as `{ … }`); scheme files keep several-word scheme specifications.
func valueText(v any, file string) (string, error) {
	toItems := grammar.ValueItems
	if b := path.Base(file); b == "fvSchemes" || b == "faSchemes" {
		toItems = grammar.SchemeItems
	}
	items, err := toItems(v)
	if err != nil {
		return "", err
	}
	if len(items) == 0 {
		return "", fmt.Errorf("keyword-only entry")
	}
	return grammar.FormatItems(items), nil
}

// lookupPath follows segs through objects with OpenFOAM's lookup (exact, then regex keys).
func lookupPath(v any, segs []string) (any, bool) {
	for _, s := range segs {
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = grammar.LookupValue(obj, s); !ok {
			return nil, false
		}
	}
	return v, true
}

// lookupKeyword finds kw in a block as the keyword retriever matched it:
// normalised (quotes and blanks stripped), exact keys before regex keys.
func lookupKeyword(block map[string]any, kw string) (any, bool) {
	if v, ok := grammar.LookupValue(block, kw); ok {
		return v, true
	}
	for k, v := range block {
		if k != "$regex" && kb.NormalizeKeyword(k) == kw {
			return v, true
		}
	}
	return nil, false
}

func level(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("q%d", n)
}

func appendUnique(s []string, v string) []string {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}
