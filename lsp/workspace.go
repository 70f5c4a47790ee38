package lsp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/openfoam"
	"github.com/foamc/foamc/workflow/session"
)

// document is an open editor buffer.
type document struct {
	uri  string
	path string
	text *text
	// file is the parse of text (nil when it does not parse: err says why).
	file *grammar.File
	err  error
	// good is the last text that parsed, for features that need structure while the
	// user is half-way through typing an entry.
	good *grammar.File
	cs   *caseState
	// script: a shell script (the Allrun), not a dictionary: never parsed, its text read
	// by the case's Allrun reading (Server.script), its diagnostics those on the file.
	script bool
}

// isScript says whether an opened document is a shell script: the editor says so
// (languageId sh or bash, VS Code's shellscript) or it starts with a #! line, as every
// tutorial's Allrun does.
func isScript(languageID string, src []byte) bool {
	switch languageID {
	case "sh", "bash", "shellscript":
		return true
	}
	return bytes.HasPrefix(src, []byte("#!"))
}

func (d *document) set(src []byte, max int) {
	if len(src) > max {
		// Not parsed, not kept: the editor's buffer says what it holds, the server
		// bounds what it analyses.
		d.text, d.file = newText(nil), nil
		d.err = finding.Finding{ID: "FOAM-PARSE-008", Severity: finding.Deny,
			Summary: fmt.Sprintf("the document is %d bytes, over the language server's limit of %d: not analysed", len(src), max),
			Fix:     "check the file with foamc lint, or start foamc lsp with a higher --max-document-bytes"}
		return
	}
	d.text = newText(src)
	if d.script {
		return
	}
	d.file, d.err = grammar.Parse(d.path, src)
	if d.file != nil {
		d.good = d.file
	}
}

// rel is the document's case-relative name ("0/U"), or its path outside a case.
func (d *document) rel() string {
	if d.cs == nil {
		return d.path
	}
	return d.cs.rel(d.path)
}

// standaloneFindings are the parse and expansion findings of a file outside any case.
func (d *document) standaloneFindings() []finding.Finding {
	if d.script {
		return nil
	}
	if d.err != nil {
		return parseFindings(d.path, d.err)
	}
	x := grammar.Expand(d.file, d.path, grammar.ExpandOptions{CaseDir: filepath.Dir(d.path), EtcDir: openfoam.Etc()})
	return x.Findings
}

// parseFindings turns a parse error into findings (a bare error becomes FOAM-CASE-001,
// as foamcase reports an unreadable file).
func parseFindings(name string, err error) []finding.Finding {
	var fd finding.Finding
	if errors.As(err, &fd) {
		fd.Location.File = name
		return []finding.Finding{fd}
	}
	return []finding.Finding{{ID: "FOAM-CASE-001", Severity: finding.Deny, Summary: "cannot read " + name,
		Detail: err.Error(), Location: finding.Location{File: name}}}
}

// caseState is one case directory with open files.
type caseState struct {
	root string
	// c and findings are the last load and lint.
	c        *foamcase.Case
	findings []finding.Finding
	// parsed caches the parse of each file read from disk, by path, while its size and
	// modification time stay the same: a re-lint parses only the changed buffer.
	parsed map[string]parsedFile
	// published lists the URIs that got diagnostics, to clear them when they are gone.
	published map[string]bool
}

type parsedFile struct {
	size  int64
	mtime time.Time
	file  *grammar.File
	err   error
}

func (cs *caseState) rel(path string) string {
	r, err := filepath.Rel(cs.root, path)
	if err != nil || strings.HasPrefix(r, "..") {
		return path
	}
	return filepath.ToSlash(r)
}

func (cs *caseState) abs(rel string) string {
	if filepath.IsAbs(rel) {
		return rel
	}
	return filepath.Join(cs.root, filepath.FromSlash(rel))
}

// caseOf returns the case holding path (nil when no ancestor has system/controlDict).
func (s *Server) caseOf(path string) *caseState {
	root := grammar.FindCaseDir(path)
	if st, err := os.Stat(filepath.Join(root, "system", "controlDict")); err != nil || st.IsDir() {
		return nil
	}
	if cs := s.cases[root]; cs != nil {
		return cs
	}
	cs := &caseState{root: root, parsed: map[string]parsedFile{}, published: map[string]bool{}}
	s.cases[root] = cs
	return cs
}

// parse is the case loader's parser: open buffers as they are in the editor, other
// files from disk, parsed again only when they changed.
func (s *Server) parse(cs *caseState) func(string) (*grammar.File, error) {
	return func(path string) (*grammar.File, error) {
		path = filepath.Clean(path)
		if d := s.docs[path]; d != nil && !d.script {
			if d.file == nil && d.good != nil {
				// half-typed: the rest of the case is checked against the last text
				// that parsed (lintCase shows the parse error instead of its findings)
				return d.good, nil
			}
			return d.file, d.err
		}
		st, err := os.Stat(path)
		if err != nil {
			return grammar.ParseFile(path)
		}
		if p, ok := cs.parsed[path]; ok && p.size == st.Size() && p.mtime.Equal(st.ModTime()) {
			return p.file, p.err
		}
		f, err := grammar.ParseFile(path)
		cs.parsed[path] = parsedFile{size: st.Size(), mtime: st.ModTime(), file: f, err: err}
		return f, err
	}
}

// script serves the Allrun reading the open scripts as they are in the editor: an
// unsaved Allrun counts, as a dictionary's unsaved buffer does.
func (s *Server) script(path string) ([]byte, bool) {
	d := s.docs[filepath.Clean(path)]
	if d == nil || !d.script || d.err != nil {
		return nil, false
	}
	return d.text.src, true
}

// relint loads the case again (reusing unchanged parses) and evaluates the rules.
func (s *Server) relint(cs *caseState) error {
	if s.opts.Session == nil {
		return errNoSession
	}
	c, fs, err := s.opts.Session.LintCase(context.Background(), cs.root, session.LoadOptions{Parse: s.parse(cs), Script: s.script})
	if err != nil {
		return err
	}
	cs.c, cs.findings = c, fs
	return nil
}

// lintCase re-lints cs and publishes the diagnostics of its open files. A case that
// cannot be evaluated still gets its open files' parse findings.
func (s *Server) lintCase(cs *caseState) {
	err := s.relint(cs)
	if err != nil {
		s.log.Printf("lint %s: %v", cs.root, err)
		cs.findings = nil
	}
	// An open file that does not parse shows its parse error, not the findings of
	// its last good text (their positions no longer hold).
	broken := map[string]bool{}
	for _, d := range s.docs {
		if d.cs == cs && d.err != nil && (err != nil || d.good != nil) {
			broken[d.rel()] = true
		}
	}
	if len(broken) > 0 {
		kept := cs.findings[:0]
		for _, f := range cs.findings {
			if !broken[findingFile(f)] {
				kept = append(kept, f)
			}
		}
		cs.findings = kept
		for _, d := range s.docs {
			if d.cs == cs && broken[d.rel()] {
				cs.findings = append(cs.findings, parseFindings(d.rel(), d.err)...)
			}
		}
		finding.Sort(cs.findings)
	}
	byFile := map[string][]finding.Finding{}
	for _, f := range cs.findings {
		byFile[findingFile(f)] = append(byFile[findingFile(f)], f)
	}
	now := map[string]bool{}
	for _, d := range s.docs {
		if d.cs != cs {
			continue
		}
		now[d.uri] = true
		s.publish(d.uri, s.diagnostics(d, byFile[d.rel()]))
	}
	for uri := range cs.published {
		if !now[uri] {
			s.publish(uri, []protocol.Diagnostic{})
		}
	}
	cs.published = now
}

// readFile is a file's content for positions ("" when unreadable: ranges then clamp).
func readFile(path string) []byte {
	b, _ := os.ReadFile(path)
	return b
}

// findingFile is the case file a finding shows on: its own, and for a finding about the
// whole case the file that makes the directory a case.
func findingFile(f finding.Finding) string {
	if f.Location.File == "" {
		return "system/controlDict"
	}
	return f.Location.File
}
