package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar/dictedit"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// A finding's structured edits become one code action: set/add/remove located by
// pointer in the open buffer (with its unsaved changes) and in a file on disk, and a
// missing file created.
func TestEditActions(t *testing.T) {
	dir := copyTutorial(t, "incompressible/simpleFoam/pitzDaily")
	s := New(Options{Session: testSession})
	sol := filepath.Join(dir, "system", "fvSolution")
	// the buffer differs from the disk: the edits apply to what the editor shows
	buffer := strings.Replace(readText(t, sol), "consistent      yes;", "consistent      no;", 1)
	if err := s.didOpen(nil, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: pathURI(sol), Text: buffer}}); err != nil {
		t.Fatal(err)
	}
	d := s.docs[sol]
	line := strings.Count(buffer[:strings.Index(buffer, "SIMPLE")], "\n") + 1
	d.cs.findings = append(d.cs.findings, finding.Finding{
		ID: "FOAM-TEST-001", Severity: finding.Deny, Summary: "test repair",
		Location: finding.Location{File: "system/fvSolution", Line: line, Column: 1},
		Repair: &finding.Repair{Edits: []finding.Edit{
			{Op: finding.EditSet, File: "system/fvSolution", Pointer: "/SIMPLE/nNonOrthogonalCorrectors", Value: "2"},
			{Op: finding.EditAdd, File: "system/fvSolution", Pointer: "/SIMPLE/pRefCell", Value: "0"},
			{Op: finding.EditRemove, File: "system/fvSolution", Pointer: "/relaxationFactors"},
			{Op: finding.EditSet, File: "system/fvSchemes", Pointer: "/ddtSchemes/default", Value: "Euler"},
			{Op: finding.EditCreateFile, File: "constant/extraDict", Value: "FoamFile { object extraDict; }\na 1;\n"},
		}},
	})
	res, err := s.codeAction(nil, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: pathURI(sol)},
		Range: protocol.Range{Start: protocol.Position{Line: uint32(line - 1)}, End: protocol.Position{Line: uint32(line - 1), Character: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	actions := res.([]protocol.CodeAction)
	var a *protocol.CodeAction
	for i := range actions {
		if strings.HasPrefix(actions[i].Title, "FOAM-TEST-001: ") {
			a = &actions[i]
		}
	}
	if a == nil || a.Edit == nil {
		t.Fatalf("no action for the edits among %+v", actions)
	}
	if !strings.Contains(a.Title, "set SIMPLE/nNonOrthogonalCorrectors 2 in system/fvSolution") || !strings.Contains(a.Title, "create constant/extraDict") {
		t.Errorf("title %q", a.Title)
	}

	// expected: the same edits through dictedit on the buffer and the disk file
	want := []byte(buffer)
	for _, step := range []func([]byte) ([]byte, error){
		func(b []byte) ([]byte, error) { return dictedit.SetEntry(b, "SIMPLE/nNonOrthogonalCorrectors", "2") },
		func(b []byte) ([]byte, error) { return dictedit.SetEntry(b, "SIMPLE/pRefCell", "0") },
		func(b []byte) ([]byte, error) { return dictedit.RemoveEntry(b, "relaxationFactors") },
	} {
		if want, err = step(want); err != nil {
			t.Fatal(err)
		}
	}
	sch := filepath.Join(dir, "system", "fvSchemes")
	wantSchemes, err := dictedit.SetEntry(readFile(sch), "ddtSchemes/default", "Euler")
	if err != nil {
		t.Fatal(err)
	}

	got := map[string]string{}
	created := map[string]bool{}
	for _, ch := range a.Edit.DocumentChanges {
		switch ch := ch.(type) {
		case protocol.CreateFile:
			created[ch.URI] = true
		case protocol.TextDocumentEdit:
			path, _ := uriPath(ch.TextDocument.URI)
			before := ""
			if !created[ch.TextDocument.URI] {
				before = string(readFile(path))
				if path == sol {
					before = buffer
				}
			}
			for _, e := range ch.Edits {
				before = applyEdits(before, []protocol.TextEdit{e.(protocol.TextEdit)})
			}
			got[path] = before
		}
	}
	if got[sol] != string(want) {
		t.Errorf("fvSolution after the action:\n%s\nwant:\n%s", got[sol], want)
	}
	if got[sch] != string(wantSchemes) {
		t.Errorf("fvSchemes after the action:\n%s", got[sch])
	}
	extra := filepath.Join(dir, "constant", "extraDict")
	if !created[pathURI(extra)] || got[extra] != "FoamFile { object extraDict; }\na 1;\n" {
		t.Errorf("extraDict not created: %v %q", created, got[extra])
	}
	if _, err := os.Stat(extra); err == nil {
		t.Error("the action wrote to disk; only the editor applies it")
	}

	// an edit that cannot apply (a file to create exists) offers no action
	d.cs.findings[len(d.cs.findings)-1].Repair.Edits = []finding.Edit{{Op: finding.EditCreateFile, File: "system/fvSchemes", Value: "x"}}
	res, _ = s.codeAction(nil, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: pathURI(sol)},
		Range: protocol.Range{Start: protocol.Position{Line: uint32(line - 1)}, End: protocol.Position{Line: uint32(line - 1), Character: 3}}})
	for _, a := range res.([]protocol.CodeAction) {
		if strings.HasPrefix(a.Title, "FOAM-TEST-001") {
			t.Errorf("action offered for an impossible edit: %q", a.Title)
		}
	}
}

func TestPointerKey(t *testing.T) {
	for p, want := range map[string]string{"/PISO/pRefCell": "PISO/pRefCell", "/a~0b/c": "a~b/c", "/div(phi,U)": "div(phi,U)"} {
		if got, ok := pointerKey(p); !ok || got != want {
			t.Errorf("pointerKey(%q) = %q, %v", p, got, ok)
		}
	}
	if _, ok := pointerKey("/files/0~1U"); ok {
		t.Error("a key with a slash was accepted")
	}
}
