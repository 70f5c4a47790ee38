package lsp

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar/dictedit"
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
		if len(f.Repair.Edits) > 0 {
			we, err := s.workspaceEdit(d.cs, f.Repair.Edits)
			if err != nil {
				s.log.Printf("%s: repair of %s not offered: %v", d.rel(), f.ID, err)
			} else {
				preferred := f.Repair.Suggest == nil
				out = append(out, protocol.CodeAction{
					Title: f.ID + ": " + editsTitle(f.Repair.Edits), Kind: &quickfix,
					Diagnostics: diag, IsPreferred: &preferred, Edit: we,
				})
			}
		}
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

// workspaceEdit applies a finding's edits, in order, to the current text of each file
// they name (the open buffer, else the file on disk) with grammar/dictedit, which finds
// the entry at each pointer by the grammar's positions and changes only its bytes; the
// result travels as the one changed span of each file, a missing file is created whole.
func (s *Server) workspaceEdit(cs *caseState, edits []finding.Edit) (*protocol.WorkspaceEdit, error) {
	type fileEdit struct {
		before *text // nil: the file does not exist
		after  []byte
		create bool
	}
	files := map[string]*fileEdit{}
	var order []string
	for _, e := range edits {
		path := cs.abs(e.File)
		fe := files[path]
		if fe == nil {
			fe = &fileEdit{}
			if d := s.docs[path]; d != nil {
				fe.before = d.text
			} else if b, err := os.ReadFile(path); err == nil {
				fe.before = newText(b)
			}
			if fe.before != nil {
				fe.after = fe.before.src
			}
			files[path] = fe
			order = append(order, path)
		}
		var err error
		switch e.Op {
		case finding.EditCreateFile:
			if fe.before != nil {
				return nil, fmt.Errorf("%s exists already", e.File)
			}
			fe.create, fe.after = true, []byte(e.Value)
		case finding.EditSet, finding.EditAdd, finding.EditRemove:
			key, ok := pointerKey(e.Pointer)
			switch {
			case !ok:
				err = fmt.Errorf("pointer %q has a key with a slash", e.Pointer)
			case fe.after == nil:
				err = fmt.Errorf("%s does not exist", e.File)
			case e.Op == finding.EditRemove:
				fe.after, err = dictedit.RemoveEntry(fe.after, key)
			default:
				fe.after, err = dictedit.SetEntry(fe.after, key, e.Value)
			}
		default:
			err = fmt.Errorf("unknown edit op %q", e.Op)
		}
		if err != nil {
			return nil, fmt.Errorf("%s %s%s: %w", e.Op, e.File, e.Pointer, err)
		}
	}
	we := &protocol.WorkspaceEdit{}
	creates := false
	for _, fe := range files {
		creates = creates || fe.create
	}
	for _, path := range order {
		fe, uri := files[path], pathURI(path)
		var te protocol.TextEdit
		if fe.create {
			te = protocol.TextEdit{NewText: string(fe.after)}
		} else {
			te = minimalEdit(fe.before, fe.after)
		}
		if !creates {
			if we.Changes == nil {
				we.Changes = map[string][]protocol.TextEdit{}
			}
			we.Changes[uri] = []protocol.TextEdit{te}
			continue
		}
		// file creation needs documentChanges, which then carry every edit in order
		if fe.create {
			we.DocumentChanges = append(we.DocumentChanges, protocol.CreateFile{Kind: "create", URI: uri})
		}
		we.DocumentChanges = append(we.DocumentChanges, protocol.TextDocumentEdit{
			TextDocument: protocol.OptionalVersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}},
			Edits:        []any{te},
		})
	}
	return we, nil
}

// pointerKey is an RFC 6901 pointer as dictedit's slash-separated key path; a key that
// itself holds a slash cannot be written that way.
func pointerKey(p string) (string, bool) {
	parts := finding.SplitPointer(p)
	if len(parts) == 0 {
		return "", false
	}
	for _, part := range parts {
		if strings.Contains(part, "/") || part == "" {
			return "", false
		}
	}
	return strings.Join(parts, "/"), true
}

// editsTitle says what the edits do, for the action's title.
func editsTitle(edits []finding.Edit) string {
	var parts []string
	for _, e := range edits {
		key, _ := pointerKey(e.Pointer)
		switch e.Op {
		case finding.EditCreateFile:
			parts = append(parts, "create "+e.File)
		case finding.EditRemove:
			parts = append(parts, "remove "+key+" from "+e.File)
		default:
			parts = append(parts, e.Op+" "+key+" "+e.Value+" in "+e.File)
		}
	}
	return strings.Join(parts, "; ")
}
