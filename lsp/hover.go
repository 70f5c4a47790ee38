package lsp

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/openfoam"
)

func (s *Server) hover(_ *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	var parts []string
	for _, f := range s.findingsAt(d, p.Position) {
		parts = append(parts, s.ruleText(f))
	}
	var rng *protocol.Range
	if d.file != nil {
		c := locate(d.file, d.text.offset(p.Position))
		if body, r := s.hoverAt(d, c); body != "" {
			parts = append(parts, body)
			rng = r
		}
	}
	if len(parts) == 0 {
		return nil, nil
	}
	return &protocol.Hover{Contents: markdown(strings.Join(parts, "\n---\n")), Range: rng}, nil
}

// hoverAt explains what the cursor points at: a macro, a boundary-condition type or key,
// a scheme, solver or model name.
func (s *Server) hoverAt(d *document, c cursor) (string, *protocol.Range) {
	var node grammar.Node = c.item
	if c.onKey {
		node = c.entry
	}
	if node == nil {
		return "", nil
	}
	r := d.text.rng(int(node.Span().Pos.Offset), int(node.Span().End.Offset))
	if c.onKey {
		switch e := c.entry.(type) {
		case *grammar.PrimitiveEntry:
			r = d.text.rng(int(e.Key.Pos.Offset), int(e.Key.End.Offset))
		case *grammar.DictEntry:
			r = d.text.rng(int(e.Key.Pos.Offset), int(e.Key.End.Offset))
		}
	}
	if v, ok := c.item.(*grammar.Variable); ok && !c.onKey {
		return s.macroHover(d, c, v), &r
	}
	k := s.knowledge()
	if k == nil {
		return "", nil
	}
	if patch, ok := inBoundary(c.keys); ok && len(c.keys) == 2 && c.onKey && d.cs != nil {
		if p := patchOf(d.cs.c, d.rel(), patch); p != nil {
			return patchText(p), &r
		}
		return "", nil
	}
	if patch, ok := inBoundary(c.keys); ok && len(c.keys) == 3 {
		if c.keys[2] == "type" && !c.onKey && c.word() != "" {
			if ct, ok := k.Contract(c.word()); ok {
				return contractText(ct), &r
			}
			return "", nil
		}
		if c.onKey {
			if t := s.patchTypeName(d, patch); t != "" {
				if ct, ok := k.Contract(t); ok {
					if txt := keyText(ct, c.keys[2]); txt != "" {
						return txt, &r
					}
				}
			}
		}
		return "", nil
	}
	if w := c.word(); w != "" && !c.onKey {
		if txt := vocabText(k, wordContext(d.rel(), c.keys, c.index), w); txt != "" {
			return txt, &r
		}
	}
	return "", nil
}

// patchTypeName is the `type` of a boundaryField entry in d's last good parse.
func (s *Server) patchTypeName(d *document, patch string) string {
	x := s.expanded(d)
	if x == nil {
		return ""
	}
	bf := x.Dict.Get("boundaryField")
	if bf == nil || bf.Dict == nil {
		return ""
	}
	pe := grammar.Lookup(bf.Dict, patch)
	if pe == nil || pe.Dict == nil {
		return ""
	}
	if t := pe.Dict.Get("type"); t != nil && len(t.Value) == 1 {
		if w, ok := t.Value[0].(*grammar.Word); ok {
			return w.Value
		}
	}
	return ""
}

// expanded is d's expansion: the case's (the buffer as loaded by the last lint), else
// the buffer's own.
func (s *Server) expanded(d *document) *grammar.Expanded {
	if d.cs != nil && d.cs.c != nil {
		if x := d.cs.c.Expanded[strings.TrimSuffix(d.rel(), ".gz")]; x != nil && x.File == d.file {
			return x
		}
	}
	if d.good == nil {
		return nil
	}
	opts := grammar.ExpandOptions{CaseDir: filepath.Dir(d.path), EtcDir: openfoam.Etc()}
	if d.cs != nil {
		opts = grammar.ExpandOptions{CaseDir: d.cs.root, EtcDir: openfoam.Etc(), Parse: s.parse(d.cs)}
	}
	return grammar.Expand(d.good, d.path, opts)
}

// scope is the expanded dictionary holding the entry at keys (its keyword last).
func scope(x *grammar.Expanded, keys []string) *grammar.ExpDict {
	sc := x.Dict
	for _, k := range keys[:max(0, len(keys)-1)] {
		e := grammar.Lookup(sc, k)
		if e == nil || e.Dict == nil {
			break
		}
		sc = e.Dict
	}
	return sc
}

// macroTarget resolves the `$name` at the cursor to the entry it expands to.
func (s *Server) macroTarget(d *document, c cursor, v *grammar.Variable) *grammar.ExpEntry {
	x := s.expanded(d)
	if x == nil {
		return nil
	}
	return grammar.LookupScoped(scope(x, c.keys), v.Name(), true)
}

func (s *Server) macroHover(d *document, c cursor, v *grammar.Variable) string {
	e := s.macroTarget(d, c, v)
	if e == nil {
		return fmt.Sprintf("`%s`: not defined before this point (nor in the environment)", v.Raw)
	}
	var val string
	if e.Dict != nil {
		val = grammar.FormatItems([]grammar.Item{e.Dict.AST()})
	} else {
		val = grammar.FormatItems(e.Value)
	}
	return fmt.Sprintf("`%s` expands to\n```\n%s\n```\ndefined at %s:%d:%d", v.Raw, val, e.Source.File, e.Source.Pos.Line, e.Source.Pos.Column)
}

// contractText is a boundary condition's contract as markdown, one paragraph a part.
func contractText(c *kb.Contract) string {
	parts := []string{fmt.Sprintf("**%s** boundary condition (`%s`)", c.Type, c.Class)}
	if len(c.Ranks) > 0 {
		parts = append(parts, "Fields: "+strings.Join(c.Ranks, ", "))
	}
	evidence := map[string]kb.KeyEvidence{}
	for _, e := range c.Keys {
		evidence[e.Key] = e
	}
	line := func(key, extra string) string {
		l := fmt.Sprintf("- `%s`%s", key, extra)
		if e, ok := evidence[key]; ok && e.Description != "" {
			l += " — " + e.Description
		}
		return l
	}
	required := []string{}
	for _, k := range c.Required {
		required = append(required, line(k, ""))
	}
	if c.ValueRequired && !slices.Contains(c.Required, "value") {
		required = append(required, line("value", ""))
	}
	if len(required) > 0 {
		parts = append(parts, "Required:\n"+strings.Join(required, "\n"))
	}
	if len(c.Optional) > 0 {
		keys := make([]string, 0, len(c.Optional))
		for k := range c.Optional {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		optional := []string{}
		for _, k := range keys {
			def := ""
			if c.Optional[k] != "" {
				def = " (default `" + c.Optional[k] + "`)"
			}
			optional = append(optional, line(k, def))
		}
		parts = append(parts, "Optional:\n"+strings.Join(optional, "\n"))
	}
	var cond []string
	for _, cd := range c.Conditional {
		l := fmt.Sprintf("- `%s` required when `%s` is set", cd.Key, cd.When)
		if len(cd.Unless) > 0 {
			l += fmt.Sprintf(" (unless %s)", strings.Join(cd.Unless, ", "))
		}
		cond = append(cond, l)
	}
	for _, o := range c.OneOf {
		cond = append(cond, fmt.Sprintf("- one of `%s`", strings.Join(o.Keys, "`, `")))
	}
	if len(cond) > 0 {
		parts = append(parts, "Conditional:\n"+strings.Join(cond, "\n"))
	}
	if len(required)+len(c.Optional)+len(cond) == 0 {
		parts = append(parts, "No keys besides `type`.")
	}
	if c.Constraint != "" {
		parts = append(parts, fmt.Sprintf("Only on `%s` patches.", c.Constraint))
	}
	if c.RequiresWall || c.WallFunction {
		parts = append(parts, "Wall patches only (wall function).")
	}
	if len(c.Bases) > 0 {
		parts = append(parts, "Derives from: "+strings.Join(c.Bases, " → "))
	}
	if h := header(c.Provenance); h != "" {
		parts = append(parts, "Header: `"+h+"`")
	}
	return strings.Join(parts, "\n\n")
}

// header is the first C++ header among provenance lines.
func header(prov []string) string {
	for _, p := range prov {
		file, _, _ := strings.Cut(p, ":")
		if strings.HasSuffix(file, ".H") {
			return p
		}
	}
	return ""
}

// keyText explains one key of a boundary condition.
func keyText(c *kb.Contract, key string) string {
	for _, e := range c.Keys {
		if e.Key != key {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "`%s` of **%s**: %s", key, c.Type, e.Status)
		if e.Default != "" {
			fmt.Fprintf(&b, ", default `%s`", e.Default)
		}
		if e.Description != "" {
			b.WriteString("\n\n" + e.Description)
		}
		if e.Note != "" {
			b.WriteString("\n\n" + e.Note)
		}
		if e.Provenance != "" {
			b.WriteString("\n\nSource: `" + strings.ReplaceAll(e.Provenance, " ", "`, `") + "`")
		}
		return b.String()
	}
	if key == "value" && c.ValueRequired {
		return fmt.Sprintf("`value` of **%s**: required (the patch values, read by the constructor)", c.Type)
	}
	return ""
}

// vocabText explains a selectable name: the vocabulary the context expects first, else
// any vocabulary that has it.
func vocabText(k *kb.KB, want, word string) string {
	order := vocabularies
	if want != "" {
		order = append([]vocabulary{vocabularyNamed(want)}, vocabularies...)
	}
	for _, v := range order {
		if !slices.Contains(v.list(&k.Vocab), word) {
			continue
		}
		txt := fmt.Sprintf("**%s**: %s", word, v.role)
		if doc, ok := k.Vocab.Docs[v.key+"/"+word]; ok {
			txt += "\n\n" + doc.Text + "\n\nHeader: `" + doc.At + "`"
		} else if at := registeredAt(k, v.key, word); at != "" {
			txt += "\n\nRegistered at `" + at + "`"
		}
		return txt
	}
	return ""
}

// patchText describes the mesh patch a boundaryField entry applies to.
func patchText(p *foamcase.Patch) string {
	txt := fmt.Sprintf("mesh patch **%s**: type `%s`", p.Name, p.Type)
	if p.NFaces != nil {
		txt += fmt.Sprintf(", %d faces", *p.NFaces)
	}
	if len(p.InGroups) > 0 {
		txt += ", groups " + strings.Join(p.InGroups, ", ")
	}
	if p.Region != "" {
		txt += ", region " + p.Region
	}
	return txt + "\n\nfrom `" + p.Source + "`"
}
