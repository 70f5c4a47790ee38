package runner

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/openfoam"
)

// Query asks the knowledge for the entry keyword under DictPath in File
// (case-relative), for a case with the given physics.
type Query struct {
	Solver   string
	Model    string // turbulence model, "laminar" when laminar
	File     string
	DictPath []string
	Keyword  string // "" asks for the whole file
	// BCType is this case's boundary condition type when the entry is a key of
	// a patch entry (DictPath boundaryField/<patch>): the contract's keys apply.
	BCType string
	// Skip passes over this many distinct answers (earlier ones did not help).
	Skip int
}

// Entry is the slash-separated foamDictionary path of the queried entry.
func (q Query) Entry() string {
	return strings.Join(append(append([]string(nil), q.DictPath...), q.Keyword), "/")
}

// Retrieved is an answer with its audit trail.
type Retrieved struct {
	Text   string `json:"text"`   // OpenFOAM syntax: the entry's value, or the whole file
	Source string `json:"source"` // tutorial case and file it came from
	Level  string `json:"level"`  // which cascade level matched (kb: q1..q6)
	// Retriever names the retriever that answered: the kb's template, keyword,
	// cascade or multi-source, or foamDictionary (TutorialRetriever).
	Retriever string `json:"retriever"`
	// Files are the tutorial files ("<case>/<file>") that supplied the answer
	// (the kb audit), and C++ header lines for a contract.
	Files []string `json:"files,omitempty"`
}

// Retriever is the heuristic keyword retriever repair uses: cascading search
// over reference cases, returning the smallest enclosing block (the entry itself).
type Retriever interface {
	Retrieve(ctx context.Context, q Query) (*Retrieved, error)
}

// TutorialRetriever searches the OpenFOAM tutorials directly, asking
// foamDictionary for the entry so includes, macros and regex keys resolve
// exactly as OpenFOAM resolves them. Cascade: same solver and turbulence model,
// then same solver, then same turbulence model, then any case.
type TutorialRetriever struct {
	Dir string // <source>/tutorials
	Env []string

	once  sync.Once
	cases []tutorialCase
	err   error
}

type tutorialCase struct {
	path   string // tutorial-relative
	solver string
	model  string
}

// readDict expands a tutorial dictionary (plain or .gz) into its case-document value.
func readDict(path string) map[string]any {
	if _, err := os.Stat(path); err != nil {
		path += ".gz"
	}
	x, err := grammar.ExpandFile(path, grammar.ExpandOptions{EtcDir: openfoam.Etc()})
	if err != nil || x.Dict == nil {
		return nil
	}
	return x.Dict.Value(grammar.ValueOptions{})
}

func (r *TutorialRetriever) index() error {
	r.once.Do(func() {
		r.err = filepath.WalkDir(r.Dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || (d.Name() != "controlDict" && d.Name() != "controlDict.gz") || filepath.Base(filepath.Dir(p)) != "system" {
				return nil
			}
			caseDir := filepath.Dir(filepath.Dir(p))
			app, _ := readDict(strings.TrimSuffix(p, ".gz"))["application"].(string)
			if app == "" {
				return nil
			}
			tc := tutorialCase{solver: app, model: "laminar"}
			tc.path, _ = filepath.Rel(r.Dir, caseDir)
			tp := readDict(filepath.Join(caseDir, "constant", "turbulenceProperties"))
			if st, _ := tp["simulationType"].(string); st != "" && st != "laminar" {
				sub, _ := tp[st].(map[string]any)
				for _, k := range []string{st + "Model", "model"} {
					if m, ok := sub[k].(string); ok {
						tc.model = m
						break
					}
				}
			}
			r.cases = append(r.cases, tc)
			return nil
		})
		sort.Slice(r.cases, func(i, j int) bool { return r.cases[i].path < r.cases[j].path })
		if r.err == nil && len(r.cases) == 0 {
			r.err = fmt.Errorf("runner: no tutorial cases under %s", r.Dir)
		}
	})
	return r.err
}

// maxProbes bounds foamDictionary calls per query (each is a process start).
const maxProbes = 60

// Retrieve implements Retriever.
func (r *TutorialRetriever) Retrieve(ctx context.Context, q Query) (*Retrieved, error) {
	if err := r.index(); err != nil {
		return nil, err
	}
	levels := []struct {
		name  string
		match func(tutorialCase) bool
	}{
		{"solver+model", func(c tutorialCase) bool { return c.solver == q.Solver && c.model == q.Model }},
		{"solver", func(c tutorialCase) bool { return c.solver == q.Solver && c.model != q.Model }},
		{"model", func(c tutorialCase) bool { return c.solver != q.Solver && c.model == q.Model }},
		{"any", func(c tutorialCase) bool { return c.solver != q.Solver && c.model != q.Model }},
	}
	f := foam{env: r.Env, read: []string{r.Dir}}
	probes := 0
	seen := map[string]bool{}
	// answer returns a hit unless it repeats an earlier text or is to be skipped.
	answer := func(rv *Retrieved) *Retrieved {
		// Nonuniform values belong to their own mesh: never an answer for another case.
		if q.Keyword != "" && strings.Contains(rv.Text, "nonuniform") {
			return nil
		}
		k := normSpace(rv.Text)
		if seen[k] {
			return nil
		}
		seen[k] = true
		if len(seen) <= q.Skip {
			return nil
		}
		return rv
	}
	for _, lv := range levels {
		for _, c := range r.cases {
			if !lv.match(c) {
				continue
			}
			file := filepath.Join(r.Dir, c.path, filepath.FromSlash(q.File))
			gz := false
			if _, err := os.Stat(file); err != nil {
				// The Debian examples gzip large files; OpenFOAM reads name.gz for name.
				if _, err := os.Stat(file + ".gz"); err != nil {
					continue
				}
				gz = true
			}
			src := filepath.ToSlash(filepath.Join(c.path, q.File))
			if q.Keyword == "" {
				b, err := readMaybeGz(file, gz)
				if err != nil {
					continue
				}
				if rv := answer(&Retrieved{Text: string(b), Source: "tutorial:" + src, Level: lv.name, Retriever: "foamDictionary", Files: []string{src}}); rv != nil {
					return rv, nil
				}
				continue
			}
			if probes++; probes > maxProbes {
				return nil, nil
			}
			v, err := f.get(ctx, file, q.Entry())
			if err != nil || v == "" {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				continue
			}
			if rv := answer(&Retrieved{Text: v, Source: "tutorial:" + src + ":" + q.Entry(), Level: lv.name, Retriever: "foamDictionary", Files: []string{src}}); rv != nil {
				return rv, nil
			}
		}
	}
	return nil, nil
}

// readMaybeGz reads path, or path.gz decompressed when gz is set.
func readMaybeGz(path string, gz bool) ([]byte, error) {
	if !gz {
		return os.ReadFile(path)
	}
	fh, err := os.Open(path + ".gz")
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	zr, err := gzip.NewReader(fh)
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}
