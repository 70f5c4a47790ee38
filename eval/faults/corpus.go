// Package faults is the fault corpus: faults injected into OpenFOAM v1912
// tutorials by declarative edits, a harness that runs each faulted case in real
// OpenFOAM and classifies the outcome, the recorded outcomes, and the lint
// recall test (see docs/faults.md).
package faults

import (
	"bytes"
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"

	"gopkg.in/yaml.v3"
)

//go:embed corpus.yaml
var corpusYAML []byte

// Base is a tutorial reduced to a few solver steps.
type Base struct {
	Name     string `yaml:"name"`
	Tutorial string `yaml:"tutorial"` // path under tutorials/
	// Case, instead of a tutorial, is a case directory of the corpus (cases/<name>, relative
	// to eval/faults): a case foamc compiled where no tutorial has the feature's layout.
	Case   string `yaml:"case"`
	Solver string `yaml:"solver"` // controlDict application, checked by Validate against the tutorial
	// Steps run before the solver, in order (blockMesh, setFields...); a step's words after
	// the program are its arguments ("splitMeshRegions -cellZonesOnly -overwrite").
	Steps []string `yaml:"steps"`
	// Prepare shortens the run (endTime, writeInterval) and does what the
	// tutorial's Allrun does besides running programs (restore 0.orig).
	Prepare []Edit `yaml:"prepare"`
}

// Fault is one injected problem.
type Fault struct {
	ID      string `yaml:"id"`
	Base    string `yaml:"base"`
	Summary string `yaml:"summary"`
	// Rules are the rule IDs that should flag the fault (FOAM-<inventory id>).
	Rules []string `yaml:"rules"`
	Edits []Edit   `yaml:"edits"`
}

// Corpus is corpus.yaml.
type Corpus struct {
	Bases  []Base  `yaml:"bases"`
	Faults []Fault `yaml:"faults"`
}

// Base returns the named base.
func (c *Corpus) Base(name string) (Base, bool) {
	for _, b := range c.Bases {
		if b.Name == name {
			return b, true
		}
	}
	return Base{}, false
}

// Solvers lists the distinct solvers of the corpus's faults, sorted.
func (c *Corpus) Solvers() []string {
	seen := map[string]bool{}
	for _, f := range c.Faults {
		if b, ok := c.Base(f.Base); ok {
			seen[b.Solver] = true
		}
	}
	out := make([]string, 0, len(seen))
	for s := range seen {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// Load returns the embedded corpus, validated.
func Load() (*Corpus, error) {
	return Parse(corpusYAML)
}

// Parse reads and validates a corpus document.
func Parse(data []byte) (*Corpus, error) {
	var c Corpus
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("fault corpus: %w", err)
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return &c, nil
}

var (
	idRe   = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	ruleRe = regexp.MustCompile(`^FOAM-[A-Z]+-[0-9]{3}$`)
)

// Validate checks names, references and edit shapes.
func (c *Corpus) Validate() error {
	bases := map[string]bool{}
	for _, b := range c.Bases {
		if !idRe.MatchString(b.Name) || bases[b.Name] {
			return fmt.Errorf("fault corpus: base %q: name must be unique kebab-case", b.Name)
		}
		bases[b.Name] = true
		if (b.Tutorial == "") == (b.Case == "") || b.Solver == "" {
			return fmt.Errorf("fault corpus: base %q: a tutorial or a case, and the solver, are required", b.Name)
		}
		if err := checkRel(b.Tutorial + b.Case); err != nil {
			return fmt.Errorf("fault corpus: base %q: tutorial: %w", b.Name, err)
		}
		for _, e := range b.Prepare {
			if err := e.Validate(); err != nil {
				return fmt.Errorf("fault corpus: base %q: %w", b.Name, err)
			}
		}
	}
	ids := map[string]bool{}
	for _, f := range c.Faults {
		if !idRe.MatchString(f.ID) || ids[f.ID] {
			return fmt.Errorf("fault corpus: fault %q: id must be unique kebab-case", f.ID)
		}
		ids[f.ID] = true
		if !bases[f.Base] {
			return fmt.Errorf("fault corpus: fault %q: unknown base %q", f.ID, f.Base)
		}
		if f.Summary == "" || len(f.Edits) == 0 || len(f.Rules) == 0 {
			return fmt.Errorf("fault corpus: fault %q: summary, rules and edits are required", f.ID)
		}
		for _, r := range f.Rules {
			if !ruleRe.MatchString(r) {
				return fmt.Errorf("fault corpus: fault %q: rule %q is not FOAM-<CATEGORY>-<nnn>", f.ID, r)
			}
		}
		for _, e := range f.Edits {
			if err := e.Validate(); err != nil {
				return fmt.Errorf("fault corpus: fault %q: %w", f.ID, err)
			}
		}
	}
	return nil
}

// Materialize writes the case for a base with extra edits (nil for the
// baseline) into dst, which must not exist yet: the tutorial is copied, the
// base's Prepare edits applied, then the fault's edits.
func Materialize(tutorials string, b Base, edits []Edit, dst string) error {
	if _, err := os.Stat(dst); err == nil {
		return fmt.Errorf("materialize %s: %s already exists", b.Name, dst)
	}
	src := filepath.Join(tutorials, filepath.FromSlash(b.Tutorial))
	if b.Case != "" {
		src = filepath.Join(corpusDir(), filepath.FromSlash(b.Case))
	}
	if st, err := os.Stat(src); err != nil || !st.IsDir() {
		return fmt.Errorf("materialize %s: tutorial %s not found", b.Name, src)
	}
	if err := CopyTree(src, dst); err != nil {
		return fmt.Errorf("materialize %s: %w", b.Name, err)
	}
	if err := ApplyAll(dst, b.Prepare); err != nil {
		return fmt.Errorf("materialize %s: prepare: %w", b.Name, err)
	}
	if err := ApplyAll(dst, edits); err != nil {
		return fmt.Errorf("materialize %s: %w", b.Name, err)
	}
	return nil
}

// corpusDir is this package's source directory, which holds the corpus' own cases.
func corpusDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(file)
}
