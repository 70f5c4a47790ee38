package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/workflow/session"
	"github.com/sourcegraph/jsonrpc2"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// testSession is foamc lsp's session without flags, shared by every test of the
// package so that the rules compile once.
var testSession = session.New(session.Options{})

// copyTutorial copies a tutorial case of the v1912 source package into a temporary directory.
func copyTutorial(t testing.TB, rel string) string {
	src := filepath.Join(foamtest.Tutorials(t), rel)
	dst := filepath.Join(t.TempDir(), filepath.Base(rel))
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		r, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, r), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, r), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// client is the editor side of a server running over an in-memory pipe.
type client struct {
	t     *testing.T
	conn  *jsonrpc2.Conn
	diags chan protocol.PublishDiagnosticsParams
}

func start(t *testing.T) *client {
	t.Helper()
	ctx := context.Background()
	a, b := net.Pipe()
	srv := New(Options{Session: testSession})
	done := make(chan bool, 1)
	go func() { done <- srv.Serve(ctx, a) }()
	c := &client{t: t, diags: make(chan protocol.PublishDiagnosticsParams, 256)}
	c.conn = jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(b, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
			if req.Method == protocol.ServerTextDocumentPublishDiagnostics && req.Params != nil {
				var p protocol.PublishDiagnosticsParams
				if err := json.Unmarshal(*req.Params, &p); err != nil {
					t.Errorf("publishDiagnostics: %v", err)
				}
				c.diags <- p
			}
			return nil, nil
		}))
	var init protocol.InitializeResult
	c.call(protocol.MethodInitialize, protocol.InitializeParams{}, &init)
	if init.ServerInfo == nil || init.ServerInfo.Name != "foamc" {
		t.Fatalf("initialize: server info %+v", init.ServerInfo)
	}
	c.notify(protocol.MethodInitialized, protocol.InitializedParams{})
	t.Cleanup(func() {
		c.call(protocol.MethodShutdown, nil, nil)
		c.notify(protocol.MethodExit, nil)
		select {
		case ok := <-done:
			if !ok {
				t.Error("Serve reported an exit without shutdown")
			}
		case <-time.After(10 * time.Second):
			t.Error("server did not stop after exit")
		}
		c.conn.Close()
	})
	return c
}

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// open opens path with text (its content on disk when text is "") and returns the
// diagnostics published for it.
func (c *client) open(path, text string) []protocol.Diagnostic {
	c.t.Helper()
	if text == "" {
		b, err := os.ReadFile(path)
		if err != nil {
			c.t.Fatal(err)
		}
		text = string(b)
	}
	c.notify(protocol.MethodTextDocumentDidOpen, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: pathURI(path), LanguageID: "foam", Version: 1, Text: text,
	}})
	return c.waitDiags(path)
}

func (c *client) change(path, text string, version int32) []protocol.Diagnostic {
	c.t.Helper()
	c.notify(protocol.MethodTextDocumentDidChange, protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: pathURI(path)}, Version: version},
		ContentChanges: []any{protocol.TextDocumentContentChangeEventWhole{Text: text}},
	})
	return c.waitDiags(path)
}

func (c *client) waitDiags(path string) []protocol.Diagnostic {
	c.t.Helper()
	for {
		select {
		case p := <-c.diags:
			if p.URI == pathURI(path) {
				return p.Diagnostics
			}
		case <-time.After(time.Minute):
			c.t.Fatalf("no diagnostics for %s", path)
		}
	}
}

// posOf is the position of the n-th (0-based) occurrence of needle in text, plus shift characters.
func posOf(t *testing.T, text, needle string, shift int) protocol.Position {
	t.Helper()
	i := strings.Index(text, needle)
	if i < 0 {
		t.Fatalf("%q not in text", needle)
	}
	return newText([]byte(text)).position(i + shift)
}

func doc(path string) protocol.TextDocumentIdentifier {
	return protocol.TextDocumentIdentifier{URI: pathURI(path)}
}

// codeOf is a diagnostic's finding ID, read from its data: glsp's IntegerOrString
// cannot decode (its UnmarshalJSON has a value receiver), so a client-side Code is empty.
func codeOf(d protocol.Diagnostic) string {
	var dd diagData
	decode(d.Data, &dd)
	return dd.ID
}

func find(diags []protocol.Diagnostic, code string) *protocol.Diagnostic {
	for i := range diags {
		if codeOf(diags[i]) == code {
			return &diags[i]
		}
	}
	return nil
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A misspelt boundary-condition type is a located diagnostic with a quick fix; fixing
// the buffer clears it.
func TestDiagnosticsAndCodeAction(t *testing.T) {
	c := start(t)
	dir := copyTutorial(t, "incompressible/simpleFoam/pitzDaily")
	u := filepath.Join(dir, "0", "U")
	good := readText(t, u)
	bad := strings.Replace(good, "fixedValue;", "fixedValu;", 1)
	diags := c.open(u, bad)
	bc := find(diags, "FOAM-BC-001")
	if bc == nil {
		t.Fatalf("no FOAM-BC-001 among %+v", diags)
	}
	want := posOf(t, bad, "type            fixedValu;", 0)
	if bc.Range.Start != want || bc.Range.End.Line != want.Line || bc.Range.End.Character <= want.Character+uint32(len("type")) {
		t.Errorf("range %+v, want the `type fixedValu;` entry from %+v", bc.Range, want)
	}
	if *bc.Severity != protocol.DiagnosticSeverityError || !strings.Contains(bc.Message, "fixedValu") {
		t.Errorf("diagnostic %+v", bc)
	}

	var actions []protocol.CodeAction
	c.call(protocol.MethodTextDocumentCodeAction, protocol.CodeActionParams{
		TextDocument: doc(u), Range: bc.Range, Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{*bc}},
	}, &actions)
	if len(actions) == 0 {
		t.Fatal("no code action for the misspelt type")
	}
	edits := actions[0].Edit.Changes[pathURI(u)]
	if len(edits) != 1 || edits[0].NewText != "fixedValue" {
		t.Fatalf("first action %q edits %+v", actions[0].Title, edits)
	}
	fixed := applyEdits(bad, edits)
	if fixed != good {
		t.Errorf("applying %q does not restore the file", actions[0].Title)
	}

	if d := find(c.change(u, fixed, 2), "FOAM-BC-001"); d != nil {
		t.Errorf("FOAM-BC-001 still reported after the fix: %+v", d)
	}
}

func applyEdits(text string, edits []protocol.TextEdit) string {
	t := newText([]byte(text))
	// edits of one action do not overlap; apply from the end
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		a, b := t.offset(e.Range.Start), t.offset(e.Range.End)
		text = text[:a] + e.NewText + text[b:]
		t = newText([]byte(text))
	}
	return text
}

// A file that does not parse gets the parser's finding with a range on the offending
// token, and only that; the rest of the case is checked against its last good text, so
// half-typed 0/p does not turn into "field p is missing" on controlDict.
func TestParseErrorDiagnostic(t *testing.T) {
	c := start(t)
	dir := copyTutorial(t, "incompressible/simpleFoam/pitzDaily")
	cd := filepath.Join(dir, "system", "controlDict")
	before := c.open(cd, "")
	p := filepath.Join(dir, "0", "p")
	good := readText(t, p)
	c.open(p, good)
	bad := strings.Replace(good, "type            zeroGradient;", "type            zeroGradient }", 1)
	c.notify(protocol.MethodTextDocumentDidChange, protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: doc(p), Version: 2},
		ContentChanges: []any{protocol.TextDocumentContentChangeEventWhole{Text: bad}},
	})
	got := c.waitAll(p, cd)
	diags := got[p]
	if len(diags) != 1 || !strings.HasPrefix(codeOf(diags[0]), "FOAM-PARSE-") {
		t.Fatalf("0/p: want one parse diagnostic, got %+v", diags)
	}
	parse := diags[0]
	if parse.Range.Start == parse.Range.End {
		t.Errorf("empty range %+v", parse.Range)
	}
	tx := newText([]byte(bad))
	if got := bad[tx.offset(parse.Range.Start):tx.offset(parse.Range.End)]; strings.TrimSpace(got) == "" {
		t.Errorf("range %+v covers only blanks", parse.Range)
	}
	if !reflect.DeepEqual(summaries(got[cd]), summaries(before)) {
		t.Errorf("controlDict while 0/p is broken: %v, before: %v", summaries(got[cd]), summaries(before))
	}
}

// waitAll collects the next diagnostics of each path.
func (c *client) waitAll(paths ...string) map[string][]protocol.Diagnostic {
	c.t.Helper()
	out := map[string][]protocol.Diagnostic{}
	for len(out) < len(paths) {
		select {
		case p := <-c.diags:
			for _, path := range paths {
				if p.URI == pathURI(path) {
					out[path] = p.Diagnostics
				}
			}
		case <-time.After(time.Minute):
			c.t.Fatalf("diagnostics of %v: only %d", paths, len(out))
		}
	}
	return out
}

func summaries(ds []protocol.Diagnostic) []string {
	out := []string{}
	for _, d := range ds {
		out = append(out, fmt.Sprintf("%s %v %s", codeOf(d), d.Range, d.Message))
	}
	return out
}

func hoverText(t *testing.T, c *client, path string, pos protocol.Position) string {
	t.Helper()
	var h *protocol.Hover
	c.call(protocol.MethodTextDocumentHover, protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: doc(path), Position: pos}}, &h)
	if h == nil {
		return ""
	}
	var mc protocol.MarkupContent
	if !decode(h.Contents, &mc) {
		t.Fatalf("hover contents %+v", h.Contents)
	}
	return mc.Value
}

func TestHover(t *testing.T) {
	c := start(t)
	dir := copyTutorial(t, "incompressible/simpleFoam/pitzDaily")
	u := filepath.Join(dir, "0", "U")
	text := strings.Replace(readText(t, u), "type            zeroGradient;",
		"type            inletOutlet;\n        inletValue      $internalField;", 1)
	c.open(u, text)

	h := hoverText(t, c, u, posOf(t, text, "inletOutlet", 3))
	for _, want := range []string{"**inletOutlet**", "Required", "`inletValue`", "Optional", "`phi` (default `phi`)", "inletOutletFvPatchField.H"} {
		if !strings.Contains(h, want) {
			t.Errorf("contract hover lacks %q:\n%s", want, h)
		}
	}
	h = hoverText(t, c, u, posOf(t, text, "$internalField", 2))
	if !strings.Contains(h, "uniform (0 0 0)") {
		t.Errorf("macro hover: %s", h)
	}
	h = hoverText(t, c, u, posOf(t, text, "frontAndBack", 2))
	if !strings.Contains(h, "mesh patch **frontAndBack**: type `empty`") || !strings.Contains(h, "system/blockMeshDict") {
		t.Errorf("patch hover: %s", h)
	}
	h = hoverText(t, c, u, posOf(t, text, "inletValue", 2))
	if !strings.Contains(h, "required") || !strings.Contains(h, "Inlet value for reverse flow") {
		t.Errorf("key hover: %s", h)
	}

	s := filepath.Join(dir, "system", "fvSchemes")
	st := readText(t, s)
	c.open(s, "")
	if h := hoverText(t, c, s, posOf(t, st, "linearUpwind", 4)); !strings.Contains(h, "interpolation scheme") ||
		!strings.Contains(h, "gradient-based explicit correction") || !strings.Contains(h, "linearUpwind.H:") {
		t.Errorf("scheme hover: %s", h)
	}
	f := filepath.Join(dir, "system", "fvSolution")
	ft := readText(t, f)
	c.open(f, "")
	if h := hoverText(t, c, f, posOf(t, ft, "GAMG", 1)); !strings.Contains(h, "linear solver") || !strings.Contains(h, "multigrid") {
		t.Errorf("solver hover: %s", h)
	}

	// a finding's rule description
	bad := strings.Replace(text, "fixedValue;", "fixedValu;", 1)
	c.change(u, bad, 2)
	h = hoverText(t, c, u, posOf(t, bad, "fixedValu;", 2))
	if !strings.Contains(h, "FOAM-BC-001") || !strings.Contains(h, "fixedValu") {
		t.Errorf("finding hover: %s", h)
	}
}

func completionLabels(t *testing.T, c *client, path string, pos protocol.Position) []string {
	t.Helper()
	var list protocol.CompletionList
	c.call(protocol.MethodTextDocumentCompletion, protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: doc(path), Position: pos}}, &list)
	var out []string
	for _, it := range list.Items {
		out = append(out, it.Label)
	}
	return out
}

func TestCompletion(t *testing.T) {
	c := start(t)
	dir := copyTutorial(t, "incompressible/simpleFoam/pitzDaily")
	u := filepath.Join(dir, "0", "U")
	orig := readText(t, u)
	c.open(u, orig)

	// while typing `type fix` (the file does not parse)
	typing := strings.Replace(orig, "type            fixedValue;", "type            fix", 1)
	c.change(u, typing, 2)
	got := completionLabels(t, c, u, posOf(t, typing, "type            fix", len("type            fix")))
	if !slices.Contains(got, "fixedValue") || !slices.Contains(got, "fixedProfile") || slices.Contains(got, "zeroGradient") {
		t.Errorf("types after `type fix`: %v", got)
	}
	// a vector field on a patch: no scalar-only types, no constraint types, no wall functions
	typing = strings.Replace(orig, "type            fixedValue;", "type            ", 1)
	c.change(u, typing, 3)
	got = completionLabels(t, c, u, posOf(t, typing, "type            \n", len("type            ")))
	if !slices.Contains(got, "flowRateInletVelocity") || slices.Contains(got, "totalPressure") || slices.Contains(got, "empty") ||
		slices.Contains(got, "nutkWallFunction") || slices.Contains(got, "maxwellSlipU") {
		t.Errorf("vector types on the inlet: %d items, %v", len(got), got)
	}
	// the empty patch takes empty
	typing = strings.Replace(orig, "type            empty;", "type            ", 1)
	c.change(u, typing, 4)
	got = completionLabels(t, c, u, posOf(t, typing, "type            \n    }\n}", len("type            ")))
	if len(got) != 1 || got[0] != "empty" {
		t.Errorf("types on the empty patch: %v", got)
	}
	// keys the chosen type still needs
	typing = strings.Replace(orig, "type            zeroGradient;", "type            inletOutlet;\n        ", 1)
	c.change(u, typing, 5)
	got = completionLabels(t, c, u, posOf(t, typing, "inletOutlet;\n        ", len("inletOutlet;\n        ")))
	if len(got) == 0 || got[0] != "inletValue" || !slices.Contains(got, "phi") || slices.Contains(got, "type") {
		t.Errorf("keys for inletOutlet: %v", got)
	}

	// macros visible from the entry
	typing = strings.Replace(orig, "value           uniform (10 0 0);", "value           $int", 1)
	c.change(u, typing, 6)
	got = completionLabels(t, c, u, posOf(t, typing, "$int", len("$int")))
	if !slices.Contains(got, "$internalField") {
		t.Errorf("macros after `$int`: %v", got)
	}

	// schemes, linear solvers, turbulence models, function objects
	for _, tc := range []struct{ file, old, new, want string }{
		{"system/fvSchemes", "bounded Gauss linearUpwind grad(U);", "bounded Gauss lin", "linearUpwind"},
		{"system/fvSchemes", "default         steadyState;", "default         ", "Euler"},
		{"system/fvSolution", "solver          GAMG;", "solver          ", "PBiCGStab"},
		{"system/fvSolution", "smoother        GaussSeidel;", "smoother        ", "DILUGaussSeidel"},
		{"constant/turbulenceProperties", "RASModel        kEpsilon;", "RASModel        kO", "kOmegaSST"},
		{"system/controlDict", "#includeFunc streamlines", "#includeFunc streamlines\n    probes1 { type pro", "probes"},
	} {
		p := filepath.Join(dir, filepath.FromSlash(tc.file))
		orig := readText(t, p)
		if !strings.Contains(orig, tc.old) {
			t.Fatalf("%s has no %q", tc.file, tc.old)
		}
		text := strings.Replace(orig, tc.old, tc.new, 1)
		c.open(p, text)
		got := completionLabels(t, c, p, posOf(t, text, tc.new, len(tc.new)))
		if !slices.Contains(got, tc.want) {
			t.Errorf("%s after %q: %v lacks %s", tc.file, tc.new, got, tc.want)
		}
	}
}

func TestDefinition(t *testing.T) {
	c := start(t)
	dir := copyTutorial(t, "incompressible/simpleFoam/pitzDaily")
	if err := os.WriteFile(filepath.Join(dir, "0", "inletValues"), []byte("inletU uniform (10 0 0);\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	u := filepath.Join(dir, "0", "U")
	text := strings.Replace(readText(t, u), "dimensions", "#include \"inletValues\"\n\ndimensions", 1)
	text = strings.Replace(text, "value           uniform (10 0 0);", "value           $inletU;", 1)
	c.open(u, text)

	var locs []protocol.Location
	c.call(protocol.MethodTextDocumentDefinition, protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: doc(u), Position: posOf(t, text, "$inletU", 3)}}, &locs)
	if len(locs) != 1 || locs[0].URI != pathURI(filepath.Join(dir, "0", "inletValues")) || locs[0].Range.Start.Line != 0 {
		t.Errorf("definition of $inletU: %+v", locs)
	}
	locs = nil
	c.call(protocol.MethodTextDocumentDefinition, protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: doc(u), Position: posOf(t, text, "#include", 2)}}, &locs)
	if len(locs) != 1 || locs[0].URI != pathURI(filepath.Join(dir, "0", "inletValues")) {
		t.Errorf("definition of the #include: %+v", locs)
	}
}

func TestSymbolsAndFormatting(t *testing.T) {
	c := start(t)
	dir := copyTutorial(t, "incompressible/simpleFoam/pitzDaily")
	u := filepath.Join(dir, "0", "U")
	text := strings.Replace(readText(t, u), "type            noSlip;", "type noSlip;   ", 1)
	c.open(u, text)

	var syms []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, protocol.DocumentSymbolParams{TextDocument: doc(u)}, &syms)
	var names []string
	var bf *protocol.DocumentSymbol
	for i, s := range syms {
		names = append(names, s.Name)
		if s.Name == "boundaryField" {
			bf = &syms[i]
		}
	}
	if strings.Join(names, " ") != "FoamFile dimensions internalField boundaryField" || bf == nil || len(bf.Children) != 5 ||
		bf.Children[0].Name != "inlet" || bf.Children[0].Children[0].Name != "type" || *bf.Children[0].Children[0].Detail != "fixedValue" {
		t.Errorf("symbols %v; boundaryField %+v", names, bf)
	}

	var edits []protocol.TextEdit
	c.call(protocol.MethodTextDocumentFormatting, protocol.DocumentFormattingParams{TextDocument: doc(u)}, &edits)
	f, err := grammar.Parse(u, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(edits) != 1 || applyEdits(text, edits) != string(grammar.Format(f)) {
		t.Errorf("formatting edits %+v do not give foamc fmt's output", edits)
	}
}
