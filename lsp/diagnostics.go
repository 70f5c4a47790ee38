package lsp

import (
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// diagData travels in Diagnostic.Data so a code action finds its finding again.
type diagData struct {
	ID   string `json:"id"`
	Path string `json:"path,omitempty"`
}

var severities = map[finding.Severity]protocol.DiagnosticSeverity{
	finding.Deny: protocol.DiagnosticSeverityError,
	finding.Warn: protocol.DiagnosticSeverityWarning,
	finding.Info: protocol.DiagnosticSeverityInformation,
}

// diagnostics converts the findings of one open document.
func (s *Server) diagnostics(d *document, fs []finding.Finding) []protocol.Diagnostic {
	out := []protocol.Diagnostic{}
	source := "foamc"
	for _, f := range fs {
		sev, ok := severities[f.Severity]
		if !ok {
			sev = protocol.DiagnosticSeverityHint
		}
		msg := f.Summary
		if f.Detail != "" {
			msg += "\n" + f.Detail
		}
		if f.Fix != "" {
			msg += "\nfix: " + f.Fix
		}
		diag := protocol.Diagnostic{
			Range:    findingRange(d, f.Location),
			Severity: &sev,
			Code:     &protocol.IntegerOrString{Value: f.ID},
			Source:   &source,
			Message:  msg,
			Data:     diagData{ID: f.ID, Path: f.Location.Path},
		}
		for _, r := range f.Related {
			if r.File == "" {
				continue
			}
			uri, rng := s.locationOf(d, r.Location)
			msg := r.Message
			if msg == "" {
				msg = "related: " + r.Location.String()
			}
			diag.RelatedInformation = append(diag.RelatedInformation, protocol.DiagnosticRelatedInformation{
				Location: protocol.Location{URI: uri, Range: rng}, Message: msg,
			})
		}
		out = append(out, diag)
	}
	return out
}

// locationOf resolves a location in another file of d's case (opening nothing: the
// range is the token at the position, read from the open buffer or from disk).
func (s *Server) locationOf(d *document, l finding.Location) (string, protocol.Range) {
	path := l.File
	if d.cs != nil {
		path = d.cs.abs(l.File)
	}
	if o := s.docs[path]; o != nil {
		return o.uri, findingRange(o, l)
	}
	t := newText(readFile(path))
	off := t.lineCol(l.Line, l.Column)
	return pathURI(path), t.rng(off, t.tokenEnd(off))
}

// findingRange is the source range a finding covers in d: its explicit end when it has
// one, else the whole entry whose keyword it points at (`type fixedValu;`), else the
// token at its position; a finding without a line covers the first line.
func findingRange(d *document, l finding.Location) protocol.Range {
	t := d.text
	if l.Line <= 0 {
		return t.rng(0, t.lineEnd(0))
	}
	off := t.lineCol(l.Line, l.Column)
	if l.EndLine > 0 {
		return t.rng(off, t.lineCol(l.EndLine, l.EndColumn))
	}
	if d.file != nil {
		if e := entryAt(d.file.Body, off); e != nil {
			end := int(e.Span().End.Offset)
			// one line is enough to show where: a long dictionary entry is cut at its line end
			if le := t.lineEnd(int(t.position(off).Line)); end > le {
				end = le
			}
			return t.rng(off, end)
		}
	}
	return t.rng(off, t.tokenEnd(off))
}

// entryAt finds the entry whose keyword starts at off.
func entryAt(d *grammar.Dict, off int) grammar.Entry {
	if d == nil {
		return nil
	}
	for _, e := range d.Entries {
		r := e.Span()
		if !within(r, off) {
			continue
		}
		switch e := e.(type) {
		case *grammar.PrimitiveEntry:
			if int(e.Key.Pos.Offset) == off {
				return e
			}
			for _, it := range e.Value {
				if b, ok := it.(*grammar.Dict); ok {
					if x := entryAt(b, off); x != nil {
						return x
					}
				}
			}
		case *grammar.DictEntry:
			if int(e.Key.Pos.Offset) == off {
				return e
			}
			return entryAt(e.Dict, off)
		case *grammar.DirectiveEntry:
			if int(r.Pos.Offset) == off {
				return e
			}
		}
	}
	return nil
}

// findingsAt are the findings of d whose range holds pos.
func (s *Server) findingsAt(d *document, pos protocol.Position) []finding.Finding {
	if d.cs == nil {
		return nil
	}
	var out []finding.Finding
	for _, f := range d.cs.findings {
		if findingFile(f) != d.rel() {
			continue
		}
		r := findingRange(d, f.Location)
		if inRange(r, pos) {
			out = append(out, f)
		}
	}
	return out
}

func inRange(r protocol.Range, p protocol.Position) bool {
	before := func(a, b protocol.Position) bool {
		return a.Line < b.Line || a.Line == b.Line && a.Character <= b.Character
	}
	return before(r.Start, p) && before(p, r.End)
}

// ruleText describes a finding's rule for hover.
func (s *Server) ruleText(f finding.Finding) string {
	var b strings.Builder
	b.WriteString("**" + f.ID + "** (" + string(f.Severity) + "): " + f.Summary + "\n\n")
	if eng, err := s.rulesEngine(); err == nil {
		if r, ok := eng.Rule(f.ID); ok {
			if r.Title != "" {
				b.WriteString("*" + r.Title + "*\n\n")
			}
			if r.Description != "" {
				b.WriteString(r.Description + "\n\n")
			}
		}
	}
	if f.Fix != "" {
		b.WriteString("Fix: " + f.Fix + "\n\n")
	}
	if len(f.Provenance) > 0 {
		b.WriteString("Source: `" + strings.Join(f.Provenance, "`, `") + "`\n\n")
	}
	return b.String()
}
