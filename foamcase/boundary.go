package foamcase

import (
	"fmt"
	"os"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
)

// IDBoundary: a polyMesh/boundary file that is not a list of `name { type …; … }`.
const IDBoundary = "FOAM-CASE-002"

// ReadBoundary reads a polyMesh/boundary file (path, or path.gz when only that exists):
// its patches in file order with type, nFaces, startFace and inGroups, and the parsed file for a
// caller that edits it. A file that is not a boundary list is a located finding.
func ReadBoundary(path string) (*grammar.File, []Patch, error) {
	if _, err := os.Stat(path); err != nil {
		if _, gzErr := os.Stat(path + ".gz"); gzErr != nil {
			return nil, nil, fmt.Errorf("foamcase: %w", err)
		}
		path += ".gz"
	}
	f, err := grammar.ParseFile(path)
	if err != nil {
		return nil, nil, err
	}
	notList := func(pos grammar.Pos, what string) error {
		return finding.Finding{ID: IDBoundary, Severity: finding.Deny, Summary: path + " is not a boundary list: " + what,
			Fix:      "write the patches as `N ( name { type patch; nFaces n; startFace s; } … )`",
			Location: finding.Location{File: path, Line: int(pos.Line), Column: int(pos.Column)}}
	}
	le := f.TopList()
	if le == nil {
		return nil, nil, notList(grammar.Pos{Line: 1, Column: 1}, "no top-level list")
	}
	list, ok := le.Value.(*grammar.List)
	if !ok {
		return nil, nil, notList(le.Pos, "no top-level list")
	}
	entries, bad := boundaryEntries(list)
	if bad != nil {
		return nil, nil, notList(bad.Span().Pos, "an entry is not `name { … }`")
	}
	patches := make([]Patch, len(entries))
	for i, e := range entries {
		patches[i] = e.patch(path, "")
	}
	return f, patches, nil
}

// boundaryEntry is one `name { … }` of a boundary list.
type boundaryEntry struct {
	name  *grammar.Word
	block *grammar.Dict
}

// boundaryEntries pairs a boundary list's items; bad is the first item that breaks the
// pairing (the well-formed entries are still returned).
func boundaryEntries(list *grammar.List) (out []boundaryEntry, bad grammar.Item) {
	for i := 0; i+1 < len(list.Items); i += 2 {
		name, ok := list.Items[i].(*grammar.Word)
		block, ok2 := list.Items[i+1].(*grammar.Dict)
		if !ok || !ok2 {
			if bad == nil {
				bad = list.Items[i]
			}
			continue
		}
		out = append(out, boundaryEntry{name, block})
	}
	return out, bad
}

func (e boundaryEntry) patch(source, region string) Patch {
	v := grammar.ItemValue(e.block, grammar.ValueOptions{}).(map[string]any)
	p := Patch{Name: e.name.Value, Source: source, Region: region, InGroups: wordList(v["inGroups"])}
	p.Type, _ = v["type"].(string)
	if n, ok := v["nFaces"].(int64); ok {
		p.NFaces = &n
	}
	if s, ok := v["startFace"].(int64); ok {
		p.StartFace = &s
	}
	return p
}
