// Package schema holds the JSON Schemas foamc validates against (embedded) and the spec
// loader: YAML or JSON read through yaml.v3 nodes so that every problem names both the
// JSON path and the line/column in the spec file.
package schema

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/saferead"
)

// Document is a spec read from YAML or JSON: a JSON-compatible value (map[string]any,
// []any, string, float64, int64, bool, nil) and where each part of it came from.
type Document struct {
	File  string
	Value any
	// pos maps an RFC 6901 pointer to the location of its value; keyPos to the location
	// of the mapping key that introduced it (a better place for "unknown field").
	pos    map[string]finding.Location
	keyPos map[string]finding.Location
	lines  []string
	// values left to convert: aliases share nodes, so a few lines of anchors can stand
	// for exponentially many values ("billion laughs").
	budget int
}

// MaxValues bounds the values a spec expands to, aliases followed: far above any real
// spec (a few hundred), far below what exhausts memory.
const MaxValues = 100_000

// Locate returns the location of ptr, or of its longest present prefix.
func (d *Document) Locate(ptr string) finding.Location {
	for p := ptr; ; {
		if l, ok := d.pos[p]; ok {
			l.Path = ptr
			return l
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return finding.Location{File: d.File, Path: ptr}
		}
		p = p[:i]
	}
}

// LocateKey is Locate but prefers the mapping key that introduced ptr.
func (d *Document) LocateKey(ptr string) finding.Location {
	if l, ok := d.keyPos[ptr]; ok {
		l.Path = ptr
		return l
	}
	return d.Locate(ptr)
}

// Excerpt returns the source line of loc with a caret under its column.
func (d *Document) Excerpt(loc finding.Location) string {
	if loc.Line < 1 || loc.Line > len(d.lines) {
		return ""
	}
	line := d.lines[loc.Line-1]
	col := loc.Column
	if col < 1 {
		col = 1
	}
	return line + "\n" + strings.Repeat(" ", col-1) + "^"
}

// Finding builds a located finding about ptr in this document.
func (d *Document) Finding(id string, sev finding.Severity, ptr, summary, fix string) finding.Finding {
	loc := d.Locate(ptr)
	return finding.Finding{ID: id, Severity: sev, Summary: summary, Fix: fix, Location: loc, Excerpt: d.Excerpt(loc)}
}

// Parse reads a spec from YAML or JSON bytes (JSON is read by the YAML 1.2 reader, which
// keeps line and column). Syntax problems and duplicate keys are findings.
func Parse(file string, data []byte) (*Document, error) {
	d := &Document{File: file, pos: map[string]finding.Location{}, keyPos: map[string]finding.Location{},
		lines: strings.Split(string(data), "\n")}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		// The parser's reason, at the position it found the problem (a construct left
		// open, e.g. a flow mapping without its '}', is named as related).
		loc := finding.Location{File: file}
		msg := err.Error()
		var related []finding.Related
		var le *yaml.LoadError
		if errors.As(err, &le) {
			loc.Line, loc.Column = le.Mark.Line, le.Mark.Column
			msg = le.Message
			if le.ContextMsg != "" && le.ContextMark.Line > 0 && le.ContextMark != le.Mark {
				related = append(related, finding.Related{Location: finding.Location{File: file, Line: le.ContextMark.Line, Column: le.ContextMark.Column}, Message: le.ContextMsg})
			}
		}
		return nil, finding.List{{ID: "FOAM-SPEC-001", Severity: finding.Deny, Summary: "the spec is not valid YAML or JSON: " + msg,
			Detail: err.Error(), Fix: "fix the syntax at the given line", Location: loc, Related: related, Excerpt: d.Excerpt(loc)}}
	}
	if len(root.Content) == 0 {
		return nil, finding.List{{ID: "FOAM-SPEC-001", Severity: finding.Deny, Summary: "the spec is empty",
			Fix: "write a spec (see docs/spec.md)", Location: finding.Location{File: file}}}
	}
	var errs finding.List
	d.budget = MaxValues
	d.Value = d.convert(root.Content[0], "", &errs)
	if len(errs) > 0 {
		finding.Sort(errs)
		return nil, errs
	}
	return d, nil
}

// Load reads a spec file.
func Load(path string) (*Document, error) {
	data, err := saferead.ReadFile(path, 0)
	if err != nil {
		return nil, finding.List{{ID: "FOAM-SPEC-001", Severity: finding.Deny, Summary: "cannot read the spec",
			Detail: err.Error(), Fix: "check the path", Location: finding.Location{File: path}}}
	}
	return Parse(path, data)
}

func (d *Document) at(n *yaml.Node) finding.Location {
	return finding.Location{File: d.File, Line: n.Line, Column: n.Column}
}

func (d *Document) convert(n *yaml.Node, ptr string, errs *finding.List) any {
	alias := n
	for n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if d.budget--; d.budget < 0 {
		if d.budget == -1 {
			loc := d.at(alias)
			*errs = append(*errs, finding.Finding{ID: "FOAM-SPEC-001", Severity: finding.Deny,
				Summary: fmt.Sprintf("the spec expands to more than %d values (YAML aliases repeat what they name)", MaxValues),
				Fix:     "write the values out, or use fewer nested aliases", Location: loc, Excerpt: d.Excerpt(loc)})
		}
		return nil
	}
	d.pos[ptr] = d.at(n)
	switch n.Kind {
	case yaml.DocumentNode:
		return d.convert(n.Content[0], ptr, errs)
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Tag == "!!merge" {
				loc := d.at(k)
				*errs = append(*errs, finding.Finding{ID: "FOAM-SPEC-001", Severity: finding.Deny,
					Summary: "YAML merge keys (<<) are not supported in specs", Fix: "write the keys out",
					Location: loc, Excerpt: d.Excerpt(loc)})
				continue
			}
			key := k.Value
			child := ptr + finding.Pointer(key)
			if _, dup := m[key]; dup {
				loc := d.at(k)
				loc.Path = child
				first := d.keyPos[child]
				*errs = append(*errs, finding.Finding{ID: "FOAM-SPEC-004", Severity: finding.Deny,
					Summary: fmt.Sprintf("duplicate key %q", key), Fix: "remove one of the two entries",
					Location: loc, Related: []finding.Related{{Location: first, Message: "first defined here"}}, Excerpt: d.Excerpt(loc)})
				continue
			}
			kl := d.at(k)
			kl.Path = child
			d.keyPos[child] = kl
			m[key] = d.convert(v, child, errs)
		}
		return m
	case yaml.SequenceNode:
		s := make([]any, len(n.Content))
		for i, c := range n.Content {
			s[i] = d.convert(c, ptr+"/"+strconv.Itoa(i), errs)
		}
		return s
	case yaml.ScalarNode:
		return scalar(n)
	}
	return nil
}

// scalar resolves a YAML scalar with the YAML 1.2 core schema (what yaml.v3 resolves),
// keeping integers as int64 so "version: 1" stays an integer.
func scalar(n *yaml.Node) any {
	switch n.ShortTag() {
	case "!!null":
		return nil
	case "!!bool":
		var b bool
		if n.Decode(&b) == nil {
			return b
		}
	case "!!int":
		var i int64
		if n.Decode(&i) == nil {
			return i
		}
	case "!!float":
		var f float64
		if n.Decode(&f) == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return f
		}
	}
	return n.Value
}
