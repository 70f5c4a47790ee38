package verify

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/schema"
)

// The finding IDs of this file's check (declared in its IDs).
const (
	IDSpecEvidence = "FOAM-VERIFY-055"
	IDNoSpec       = "FOAM-VERIFY-056"
)

// RecordedSpec is the spec foamc compile records in the case (compiler.RecordedSpec:
// verify must not import the compiler, the two names are kept equal by a test).
const RecordedSpec = "foamc.spec.json"

// spec is what verify reads of a case spec (docs/spec.md): the problem that was asked
// and the expectations.
type spec struct {
	Physics struct {
		Solver     string `json:"solver"`
		Turbulence string `json:"turbulence"`
	} `json:"physics"`
	Fluid struct {
		Nu        *float64 `json:"nu"`
		Rho       *float64 `json:"rho"`
		MolWeight *float64 `json:"molWeight"`
		Cp        *float64 `json:"Cp"`
		Mu        *float64 `json:"mu"`
		Pr        *float64 `json:"Pr"`
	} `json:"fluid"`
	Reference struct {
		U      *float64 `json:"U"`
		Length *float64 `json:"length"`
		P      *float64 `json:"p"`
		T      *float64 `json:"T"`
	} `json:"reference"`
	Boundaries map[string]*specBoundary `json:"boundaries"`
	Expect     []schema.Expect          `json:"expect"`

	// file names the spec in findings; dir resolves its relative paths; confine, for
	// the spec recorded in the case (the case's own data, not the user's), is the
	// directory every path it names must stay in.
	file, dir, confine string
	doc                *schema.Document
}

type specBoundary struct {
	Role     string           `json:"role"`
	U        *schema.Velocity `json:"U"`
	P        *schema.Scalar   `json:"p"`
	T        *schema.Scalar   `json:"T"`
	Velocity []float64        `json:"velocity"`
	Slip     bool             `json:"slip"`
}

// loadSpec reads the spec to judge the run against: the file --spec names (an error
// when it is not a valid spec: the caller asked for it), else the one foamc compile
// recorded in the case; nil when there is none.
func loadSpec(dir, file string) (*spec, []finding.Finding, error) {
	recorded := file == ""
	if recorded {
		file = filepath.Join(dir, RecordedSpec)
		if _, err := os.Stat(file); errors.Is(err, os.ErrNotExist) {
			return nil, []finding.Finding{{ID: IDNoSpec, Severity: finding.Info,
				Summary: "no spec: the problem that was asked and the expectations are not judged",
				Detail:  "method: look for --spec, then for the spec foamc compile records in the case (" + RecordedSpec + "); measured: neither",
				Fix:     "pass --spec SPEC, or compile the case with foamc compile"}}, nil
		}
	}
	doc, err := schema.LoadSpec(file)
	if err == nil {
		var s spec
		if err = decodeSpec(doc, &s); err == nil {
			s.file, s.dir, s.doc = caseRelative(dir, file), filepath.Dir(file), doc
			if recorded {
				s.file = RecordedSpec
				if s.confine, err = filepath.EvalSymlinks(dir); err != nil {
					return nil, nil, fmt.Errorf("verify: case %s: %w", dir, err)
				}
			}
			return &s, nil, nil
		}
	}
	if !recorded {
		return nil, nil, err
	}
	var fl finding.List
	detail := err.Error()
	if errors.As(err, &fl) && len(fl) > 0 {
		detail = fl[0].String()
	}
	return nil, []finding.Finding{{ID: IDSpecEvidence, Severity: finding.Warn, Location: finding.Location{File: RecordedSpec},
		Summary: "the spec recorded in the case is not a valid spec: the problem that was asked and the expectations cannot be judged",
		Detail:  "method: read and validate " + RecordedSpec + "; measured: " + detail,
		Fix:     "recompile the case with foamc compile, or pass --spec SPEC"}}, nil
}

func decodeSpec(doc *schema.Document, s *spec) error {
	raw, err := json.Marshal(doc.Value)
	if err != nil {
		return fmt.Errorf("re-encoding spec %s: %w", doc.File, err)
	}
	if err := json.Unmarshal(raw, s); err != nil {
		return fmt.Errorf("decoding validated spec %s: %w", doc.File, err)
	}
	return nil
}

// path resolves a spec-relative path.
func (s *spec) path(p string) (string, error) {
	if !filepath.IsAbs(p) {
		p = filepath.Join(s.dir, p)
	}
	if s.confine == "" {
		return p, nil
	}
	// A recorded spec is part of the case: whoever shipped the case chose its paths, so
	// it reads nothing outside the case (foamc compile copies reference data inside).
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", err
	}
	if rel, err := filepath.Rel(s.confine, real); err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return "", fmt.Errorf("%s names %s, outside the case: a spec recorded in the case reads only the case's files", RecordedSpec, p)
	}
	return real, nil
}

// locate is the location of a spec field (ptr an RFC 6901 pointer) in the spec file.
func (s *spec) locate(ptr string) finding.Location {
	loc := s.doc.Locate(ptr)
	loc.File = s.file
	return loc
}

// caseRelative names a --spec file as finding files are named, relative to the case
// directory (renderers join them with it), or absolute when no relative path exists.
func caseRelative(dir, file string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return file
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return abs
	}
	if rel, err := filepath.Rel(absDir, abs); err == nil {
		return rel
	}
	return abs
}

var specCheck = Check{Name: "spec", File: "verify/spec.go",
	Doc: "the spec to judge against: --spec, or the one foamc compile recorded in the case",
	IDs: []ID{
		{ID: IDSpecEvidence, Severity: finding.Warn, Summary: "foamc verify: the spec recorded in the case is invalid, or the files to compare the run with its spec are missing: insufficient",
			Fix: "recompile the case, or keep the result fields, constant/ and the mesh"},
		{ID: IDNoSpec, Severity: finding.Info, Summary: "foamc verify: no spec (no --spec, none recorded by foamc compile): the problem that was asked and the expectations are not judged",
			Fix: "pass --spec SPEC"},
	},
	Run: func(r *Run) []finding.Finding { return r.specNotes },
}
