package lsp

import (
	"bytes"
	"fmt"

	"github.com/foamc/foamc/finding"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// codeAction offers the structured repairs of the findings in the requested range:
// each near match of a misspelt word, and the finding's edits.
func (s *Server) codeAction(_ *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	out := []protocol.CodeAction{}
	if d.cs == nil {
		return out, nil
	}
	quickfix := protocol.CodeActionKindQuickFix
	for _, f := range d.cs.findings {
		if f.Repair == nil || findingFile(f) != d.rel() {
			continue
		}
		r := findingRange(d, f.Location)
		if !overlaps(r, p.Range) {
			continue
		}
		diag := s.diagnostics(d, []finding.Finding{f})
		if sg := f.Repair.Suggest; sg != nil {
			at := wordIn(d.text, r, sg.Word)
			for i, cand := range sg.Candidates {
				if at == nil {
					break
				}
				preferred := i == 0
				out = append(out, protocol.CodeAction{
					Title: fmt.Sprintf("%s: replace %q with %q", f.ID, sg.Word, cand), Kind: &quickfix,
					Diagnostics: diag, IsPreferred: &preferred,
					Edit: &protocol.WorkspaceEdit{Changes: map[string][]protocol.TextEdit{
						d.uri: {{Range: *at, NewText: cand}},
					}},
				})
			}
		}
	}
	return out, nil
}

// wordIn is the range of the first whole occurrence of word inside r.
func wordIn(t *text, r protocol.Range, word string) *protocol.Range {
	if word == "" {
		return nil
	}
	from, to := t.offset(r.Start), t.offset(r.End)
	for i := from; i < to; {
		j := bytes.Index(t.src[i:to], []byte(word))
		if j < 0 {
			return nil
		}
		a, b := i+j, i+j+len(word)
		if (a == 0 || isBreak(t.src[a-1]) || t.src[a-1] == '"') && (b >= len(t.src) || isBreak(t.src[b]) || t.src[b] == '"') {
			rng := t.rng(a, b)
			return &rng
		}
		i = a + 1
	}
	return nil
}

func overlaps(a, b protocol.Range) bool {
	return !(posLess(a.End, b.Start) || posLess(b.End, a.Start))
}

func posLess(a, b protocol.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}
