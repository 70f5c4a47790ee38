package verify

import (
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

// spec is the spec to judge the run against (docs/spec.md): the one spec type, with
// where verify found it.
type spec struct {
	schema.Spec

	// file names the spec in findings; confine, for the spec recorded in the case (the
	// case's own data, not the user's), is the directory every path it names must stay in.
	file, confine string
}

// loadSpec reads the spec to judge the run against: the file --spec names (an error
// when it is not a valid spec: the caller asked for it), else the one foamc compile
// recorded in the case; nil when there is none.
func loadSpec(dir, file string) (*spec, []finding.Finding, error) {
	recorded := file == ""
	if recorded {
		file = filepath.Join(dir, schema.RecordedSpec)
		if _, err := os.Stat(file); errors.Is(err, os.ErrNotExist) {
			return nil, []finding.Finding{{ID: IDNoSpec, Severity: finding.Info,
				Summary: "no spec: the problem that was asked and the expectations are not judged",
				Detail:  "method: look for --spec, then for the spec foamc compile records in the case (" + schema.RecordedSpec + "); measured: neither",
				Fix:     "pass --spec SPEC, or compile the case with foamc compile"}}, nil
		}
	}
	ss, err := schema.LoadSpec(file)
	if err == nil {
		s := &spec{Spec: *ss, file: caseRelative(dir, file)}
		if recorded {
			s.file = schema.RecordedSpec
			if s.confine, err = filepath.EvalSymlinks(dir); err != nil {
				return nil, nil, fmt.Errorf("verify: case %s: %w", dir, err)
			}
		}
		return s, nil, nil
	}
	if !recorded {
		return nil, nil, err
	}
	var fl finding.List
	detail := err.Error()
	if errors.As(err, &fl) && len(fl) > 0 {
		detail = fl[0].String()
	}
	return nil, []finding.Finding{{ID: IDSpecEvidence, Severity: finding.Warn, Location: finding.Location{File: schema.RecordedSpec},
		Summary: "the spec recorded in the case is not a valid spec: the problem that was asked and the expectations cannot be judged",
		Detail:  "method: read and validate " + schema.RecordedSpec + "; measured: " + detail,
		Fix:     "recompile the case with foamc compile, or pass --spec SPEC"}}, nil
}

// path resolves a spec-relative path.
func (s *spec) path(p string) (string, error) {
	p = s.Path(p)
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
		return "", fmt.Errorf("%s names %s, outside the case: a spec recorded in the case reads only the case's files", schema.RecordedSpec, p)
	}
	return real, nil
}

// locate is the location of a spec field (ptr an RFC 6901 pointer) in the spec file.
func (s *spec) locate(ptr string) finding.Location {
	loc := s.Doc.Locate(ptr)
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
