package lsp

import (
	"slices"
	"sort"
	"strings"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/kb"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// typing is where the cursor is while an entry is being typed, read from the raw text:
// the buffer then usually does not parse, so completion cannot use the syntax tree.
type typing struct {
	keys   []string // keywords of the enclosing dictionaries, outermost first
	words  []string // the statement's words before the cursor, its keyword first
	prefix string   // the part of the word under the cursor before it
	start  int      // offset where prefix starts
	// entries are the statements of the enclosing dictionary other than the one typed:
	// keyword -> value words.
	entries map[string][]string
}

type frame struct {
	key     string
	entries map[string][]string
}

// scanTyping reads src up to and past off with OpenFOAM's token boundaries (blanks,
// `;`, braces, comments, strings; a directive ends at its line end).
func scanTyping(src []byte, off int) typing {
	stack := []*frame{{entries: map[string][]string{}}}
	var stmt []string
	directive := false
	var at *typing
	var atFrame *frame
	capture := func(prefix string, start int) {
		t := typing{words: append([]string(nil), stmt...), prefix: prefix, start: start}
		for _, f := range stack[1:] {
			t.keys = append(t.keys, f.key)
		}
		at, atFrame = &t, stack[len(stack)-1]
	}
	end := func() {
		if len(stmt) > 0 && at != nil && stack[len(stack)-1] == atFrame && stmt[0] == at.wordsKey() {
			// the typed statement itself
		} else if len(stmt) > 0 {
			stack[len(stack)-1].entries[stmt[0]] = append([]string(nil), stmt[1:]...)
		}
		stmt, directive = nil, false
	}
	for i := 0; i < len(src); {
		c := src[i]
		if at == nil && i >= off {
			capture("", off)
		}
		switch {
		case c == '\n':
			if directive {
				end()
			}
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := strings.Index(string(src[i+2:]), "*/")
			if j < 0 {
				i = len(src)
			} else {
				i += j + 4
			}
		case c == '{':
			key := ""
			if len(stmt) > 0 {
				key = stmt[0]
			}
			stack[len(stack)-1].entries[key] = nil
			stack = append(stack, &frame{key: key, entries: map[string][]string{}})
			stmt, directive = nil, false
			i++
		case c == '}':
			end()
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
			i++
		case c == ';':
			end()
			i++
		default:
			j := i
			if c == '"' {
				for j++; j < len(src) && src[j] != '"' && src[j] != '\n'; j++ {
					if src[j] == '\\' {
						j++
					}
				}
				j = min(j+1, len(src))
			} else {
				for j < len(src) && !isBreak(src[j]) {
					j++
				}
			}
			if at == nil && off > i && off <= j {
				capture(string(src[i:off]), i)
			}
			if len(stmt) == 0 && c == '#' {
				directive = true
			}
			stmt = append(stmt, string(src[i:j]))
			i = j
		}
	}
	if at == nil {
		capture("", off)
	}
	at.entries = atFrame.entries
	return *at
}

// wordsKey is the keyword of the statement being typed ("" when none yet).
func (t *typing) wordsKey() string {
	if len(t.words) > 0 {
		return t.words[0]
	}
	return t.prefix
}

func (s *Server) completion(_ *glsp.Context, p *protocol.CompletionParams) (any, error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	if d.script {
		// the dictionary vocabulary means nothing in a shell script
		return protocol.CompletionList{Items: []protocol.CompletionItem{}}, nil
	}
	off := d.text.offset(p.Position)
	t := scanTyping(d.text.src, off)
	items := s.complete(d, t)
	rng := d.text.rng(t.start, off)
	out := make([]protocol.CompletionItem, 0, len(items))
	for _, it := range items {
		if !strings.HasPrefix(it.Label, t.prefix) && !strings.HasPrefix(strings.ToLower(it.Label), strings.ToLower(t.prefix)) {
			continue
		}
		it.TextEdit = protocol.TextEdit{Range: rng, NewText: it.Label}
		out = append(out, it)
	}
	return protocol.CompletionList{IsIncomplete: false, Items: out}, nil
}

// complete lists the candidates for the typing context.
func (s *Server) complete(d *document, t typing) []protocol.CompletionItem {
	if strings.HasPrefix(t.prefix, "$") {
		return s.macroItems(d, t)
	}
	k := s.knowledge()
	if k == nil {
		return nil
	}
	if patch, ok := inBoundary(t.keys); ok && len(t.keys) == 2 {
		return s.boundaryItems(d, k, t, patch)
	}
	if len(t.words) == 0 {
		return nil
	}
	keys := append(append([]string(nil), t.keys...), t.words[0])
	if v := wordContext(d.rel(), keys, len(t.words)-1); v != "" {
		voc := vocabularyNamed(v)
		names := voc.list(&k.Vocab)
		if v == "rasModels" || v == "lesModels" {
			names = s.models(d, k, v)
		}
		items := valueItems(names, voc.role, protocol.CompletionItemKindEnumMember)
		for i := range items {
			if doc, ok := k.Vocab.Docs[voc.key+"/"+items[i].Label]; ok {
				items[i].Documentation = markdown(doc.Text + "\n\nHeader: `" + doc.At + "`")
			}
		}
		return items
	}
	if len(t.keys) <= 1 && t.words[0] == "simulationType" && len(t.words) == 1 {
		return valueItems([]string{"laminar", "RAS", "LES"}, "turbulence modelling", protocol.CompletionItemKindEnumMember)
	}
	return nil
}

// models are the RAS or LES models of the case's compressibility.
func (s *Server) models(d *document, k *kb.KB, v string) []string {
	m := k.Vocab.RASModels
	if v == "lesModels" {
		m = k.Vocab.LESModels
	}
	if d.cs != nil && d.cs.c != nil {
		class := "incompressible"
		if d.cs.c.Features.Compressible {
			class = "compressible"
		}
		return m[class]
	}
	return modelNames(m)
}

func valueItems(names []string, detail string, kind protocol.CompletionItemKind) []protocol.CompletionItem {
	out := make([]protocol.CompletionItem, 0, len(names))
	for _, n := range names {
		out = append(out, protocol.CompletionItem{Label: n, Kind: &kind, Detail: &detail})
	}
	return out
}

// boundaryItems completes inside boundaryField/<patch>: the types that fit the field and
// the patch after `type`, else the keys the chosen type still needs.
func (s *Server) boundaryItems(d *document, k *kb.KB, t typing, patch string) []protocol.CompletionItem {
	if len(t.words) == 1 && t.words[0] == "type" {
		rank := ""
		if d.good != nil {
			rank = fieldRank(d.good)
		}
		var pt *foamcase.Patch
		solver := ""
		if d.cs != nil && d.cs.c != nil {
			pt, solver = patchOf(d.cs.c, d.rel(), patch), d.cs.c.Features.Solver
		}
		kind := protocol.CompletionItemKindEnumMember
		var out []protocol.CompletionItem
		for _, name := range bcTypes(k, rank, pt, solver) {
			ct, _ := k.Contract(name)
			detail := "boundary condition " + ct.Class
			doc := markdown(contractText(ct))
			out = append(out, protocol.CompletionItem{Label: name, Kind: &kind, Detail: &detail, Documentation: doc})
		}
		return out
	}
	if len(t.words) > 0 {
		return nil
	}
	kind := protocol.CompletionItemKindProperty
	typ := ""
	if v := t.entries["type"]; len(v) == 1 {
		typ = v[0]
	}
	ct, ok := k.Contract(typ)
	if !ok {
		if _, has := t.entries["type"]; has {
			return nil
		}
		detail := "the boundary condition type"
		return []protocol.CompletionItem{{Label: "type", Kind: &kind, Detail: &detail}}
	}
	type want struct{ key, detail string }
	var wants []want
	for _, key := range ct.Required {
		wants = append(wants, want{key, "required by " + typ})
	}
	if ct.ValueRequired && !slices.Contains(ct.Required, "value") {
		wants = append(wants, want{"value", "required by " + typ})
	}
	for _, cd := range ct.Conditional {
		if _, on := t.entries[cd.When]; on {
			wants = append(wants, want{cd.Key, "required by " + typ + " with " + cd.When})
		}
	}
	for _, o := range ct.OneOf {
		for _, key := range o.Keys {
			wants = append(wants, want{key, "one of " + strings.Join(o.Keys, ", ") + " (" + typ + ")"})
		}
	}
	optional := make([]string, 0, len(ct.Optional))
	for key := range ct.Optional {
		optional = append(optional, key)
	}
	sort.Strings(optional)
	for _, key := range optional {
		detail := "optional in " + typ
		if def := ct.Optional[key]; def != "" {
			detail += ", default " + def
		}
		wants = append(wants, want{key, detail})
	}
	var out []protocol.CompletionItem
	seen := map[string]bool{}
	for i, w := range wants {
		if _, has := t.entries[w.key]; has || seen[w.key] {
			continue
		}
		seen[w.key] = true
		detail := w.detail
		// required keys sort before optional ones, each in contract order
		sortText := string(rune('a'+min(i, 25))) + w.key
		if strings.HasPrefix(detail, "optional") {
			sortText = "z" + w.key
		}
		item := protocol.CompletionItem{Label: w.key, Kind: &kind, Detail: &detail, SortText: &sortText}
		if txt := keyText(ct, w.key); txt != "" {
			item.Documentation = markdown(txt)
		}
		out = append(out, item)
	}
	return out
}

// macroItems are the `$name` completions: the entries visible from the enclosing dictionary.
func (s *Server) macroItems(d *document, t typing) []protocol.CompletionItem {
	x := s.expanded(d)
	if x == nil {
		return nil
	}
	kind := protocol.CompletionItemKindVariable
	var out []protocol.CompletionItem
	seen := map[string]bool{}
	for sc := scope(x, append(append([]string(nil), t.keys...), "")); sc != nil; sc = sc.Parent() {
		for _, e := range sc.Entries {
			if e.Regex || seen[e.Key] {
				continue
			}
			seen[e.Key] = true
			detail := "dictionary"
			if e.Dict == nil {
				detail = grammar.FormatItems(e.Value)
			}
			out = append(out, protocol.CompletionItem{Label: "$" + e.Key, Kind: &kind, Detail: &detail})
		}
	}
	return out
}
