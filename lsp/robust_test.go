package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Every request at every line of real tutorial files (includes, macros, regions,
// compressible physics) answers without an error or a panic.
func TestRequestsEverywhere(t *testing.T) {
	for _, rel := range []string{
		"incompressible/simpleFoam/motorBike",
		"heatTransfer/chtMultiRegionFoam/multiRegionHeater",
		"compressible/rhoPimpleFoam/RAS/angledDuct",
	} {
		t.Run(filepath.Base(rel), func(t *testing.T) {
			dir := copyTutorial(t, rel)
			s := New(Options{Session: testSession})
			var files []string
			filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() && hasHeaderText(p) {
					files = append(files, p)
				}
				return nil
			})
			if len(files) < 10 {
				t.Fatalf("only %d dictionaries in %s", len(files), rel)
			}
			for _, p := range files {
				src := string(readFile(p))
				uri := pathURI(p)
				if err := s.didOpen(nil, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, Text: src}}); err != nil {
					t.Fatalf("open %s: %v", p, err)
				}
				d := s.docs[p]
				if d.cs == nil {
					t.Fatalf("%s: no case found", p)
				}
				id := protocol.TextDocumentIdentifier{URI: uri}
				for line, l := range strings.Split(src, "\n") {
					for _, col := range []int{0, len(l) / 3, len(l) / 2, len(l)} {
						tp := protocol.TextDocumentPositionParams{TextDocument: id, Position: protocol.Position{Line: uint32(line), Character: uint32(col)}}
						if _, err := s.hover(nil, &protocol.HoverParams{TextDocumentPositionParams: tp}); err != nil {
							t.Fatalf("hover %s:%d:%d: %v", p, line+1, col+1, err)
						}
						if _, err := s.completion(nil, &protocol.CompletionParams{TextDocumentPositionParams: tp}); err != nil {
							t.Fatalf("completion %s:%d:%d: %v", p, line+1, col+1, err)
						}
						if _, err := s.definition(nil, &protocol.DefinitionParams{TextDocumentPositionParams: tp}); err != nil {
							t.Fatalf("definition %s:%d:%d: %v", p, line+1, col+1, err)
						}
					}
				}
				if _, err := s.documentSymbol(nil, &protocol.DocumentSymbolParams{TextDocument: id}); err != nil {
					t.Fatalf("symbols %s: %v", p, err)
				}
				if _, err := s.codeAction(nil, &protocol.CodeActionParams{TextDocument: id, Range: protocol.Range{End: protocol.Position{Line: 1 << 20}}}); err != nil {
					t.Fatalf("code actions %s: %v", p, err)
				}
				if d.err == nil {
					if _, err := s.formatting(nil, &protocol.DocumentFormattingParams{TextDocument: id}); err != nil {
						t.Fatalf("formatting %s: %v", p, err)
					}
				}
			}
		})
	}
}

func hasHeaderText(p string) bool {
	b := readFile(p)
	return len(b) < 1<<20 && strings.Contains(string(b[:min(len(b), 4096)]), "FoamFile")
}

// A dictionary outside any case still gets its parse errors, and an included file's
// macros resolve in the case that includes it.
func TestOutsideCase(t *testing.T) {
	s := New(Options{Session: testSession})
	p := filepath.Join(t.TempDir(), "someDict")
	var published []protocol.PublishDiagnosticsParams
	s.notify = func(_ string, params any) { published = append(published, params.(protocol.PublishDiagnosticsParams)) }
	if err := s.didOpen(nil, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: pathURI(p), Text: "a 1;\nb { c 2;\n"}}); err != nil {
		t.Fatal(err)
	}
	if len(published) != 1 || len(published[0].Diagnostics) != 1 || !strings.HasPrefix(codeOf(published[0].Diagnostics[0]), "FOAM-PARSE-") {
		t.Fatalf("published %+v", published)
	}
	if s.docs[p].cs != nil {
		t.Error("a file outside any case got a case")
	}
}
