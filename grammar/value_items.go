package grammar

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
)

// The inverse of the expanded JSON mapping (docs/case-document.md §1): a value the kb, a rule or the
// compiler holds in case-document form becomes items or a dictionary the printer writes as OpenFOAM
// text. Expanding the printed text gives the value back (TestValueItemsRoundTrip).
//
// The mapping is not injective, so the inverse chooses, as the v1912 tutorials write values: an
// array at entry level is one list (`phases (water air)`, `fields (U p)`, `(0 0 1)`), except a
// dimensioned value (`[0 2 -1 0 0 0 0] 1e-05`, `nu [0 2 -1 0 0 0 0] 1e-05`) and, in scheme
// dictionaries (SchemeItems, and ValueDict under a `…Schemes` keyword), a scheme specification
// (`Gauss linear`, `bounded Gauss limitedLinear 1`): several items. The tutorials have 2,585
// several-word entries, all but one in fv/faSchemes, and 376 single word lists, none there.

// ValueItems returns the items of one entry's value: string -> word (a quoted string when the text
// does not read back as that one word), int64/int/json.Number label -> label, float64 -> scalar
// (written so that it reads back as a scalar: 1 -> 1.0), array -> items or a list (above),
// object -> a `{ … }` block or the tagged forms $dims, $uniform, $nonuniform (with values),
// $uniformList and $verbatim; nil -> no items (the keyword-only entry `key;`).
func ValueItems(v any) ([]Item, error) { return valueItems(v, false) }

// SchemeItems is ValueItems for an entry of a scheme dictionary (divSchemes, gradSchemes… of
// fvSchemes or faSchemes): an array of words and numbers is the several items of a scheme
// specification (`Gauss linearUpwind grad(U)`), not a list.
func SchemeItems(v any) ([]Item, error) { return valueItems(v, true) }

func valueItems(v any, schemes bool) ([]Item, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case []any:
		if entryItems(x, schemes) {
			return itemsOf(x)
		}
	case map[string]any:
		if u, ok := x["$uniform"]; ok && len(x) == 1 {
			it, err := valueItem(u)
			if err != nil {
				return nil, fmt.Errorf("$uniform: %w", err)
			}
			return []Item{NewWord("uniform"), it}, nil
		}
		if nu, ok := x["$nonuniform"]; ok && len(x) == 1 {
			return nonuniformItems(nu)
		}
	}
	var it Item
	var err error
	if m, ok := v.(map[string]any); ok && !tagged(m) {
		it, err = valueDict(m, schemes) // a whole scheme dictionary keeps the scheme layout
	} else {
		it, err = valueItem(v)
	}
	if err != nil {
		return nil, err
	}
	return []Item{it}, nil
}

// ValueDict returns the dictionary of an expanded object: plain keys in sorted order (the mapping
// keeps no order), then the "$regex" entries as quoted keywords in definition order. An object
// value is a sub-dictionary; nil is a keyword-only entry.
func ValueDict(obj map[string]any) (*Dict, error) { return valueDict(obj, false) }

func valueDict(obj map[string]any, schemes bool) (*Dict, error) {
	d := NewDict()
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		if k == "$regex" {
			continue
		}
		if !isWord(k) {
			return nil, fmt.Errorf("keyword %q is not a word (a quoted keyword is a regex: put it under $regex)", k)
		}
		e, err := valueEntry(NewKey(k), obj[k], schemes)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
		d.Add(e)
	}
	if rx, ok := obj["$regex"]; ok {
		list, ok := rx.([]any)
		if !ok {
			return nil, fmt.Errorf("$regex: want an array of {pattern, value}, got %T", rx)
		}
		for i, r := range list {
			m, ok := r.(map[string]any)
			pat, okp := m["pattern"].(string)
			if !ok || !okp {
				return nil, fmt.Errorf("$regex[%d]: want {pattern, value}", i)
			}
			e, err := valueEntry(RegexKey(pat), m["value"], schemes)
			if err != nil {
				return nil, fmt.Errorf("%q: %w", pat, err)
			}
			d.Add(e)
		}
	}
	return d, nil
}

// FormatItems prints value items in canonical layout (the text after a keyword, without `;`), e.g.
// for foamDictionary -set or a dictionary edit.
func FormatItems(items []Item) string {
	p := &printer{canonical: true, prevEnd: -1, line: 1, col: 1}
	p.items(items, sepNone, false)
	return strings.TrimSpace(p.buf.String())
}

func valueEntry(k Key, v any, schemes bool) (Entry, error) {
	if m, ok := v.(map[string]any); ok && !tagged(m) {
		sub, err := valueDict(m, schemes || strings.HasSuffix(k.Name, "Schemes"))
		if err != nil {
			return nil, err
		}
		return &DictEntry{Key: k, Dict: sub}, nil
	}
	items, err := valueItems(v, schemes)
	if err != nil {
		return nil, err
	}
	return &PrimitiveEntry{Key: k, Value: items}, nil
}

// tagged reports an object of the mapping's tagged forms ("$dims", "$uniform"…); "$regex" alone
// marks a dictionary.
func tagged(m map[string]any) bool {
	for k := range m {
		if strings.HasPrefix(k, "$") && k != "$regex" {
			return true
		}
	}
	return false
}

// entryItems decides whether an entry-level array is several items rather than one list: a
// dimensioned value, or in a scheme dictionary any flat array of two or more items.
func entryItems(a []any, schemes bool) bool {
	if len(a) < 2 {
		return false
	}
	dims := false
	for _, e := range a {
		switch x := e.(type) {
		case []any:
			return false
		case map[string]any:
			if !tagged(x) {
				return false
			}
			dims = dims || has(x, "$dims")
		}
	}
	// `uniform X` and `nonuniform …` would read back as the tagged forms.
	if s, ok := a[0].(string); ok && (s == "uniform" && len(a) == 2 || s == "nonuniform") {
		return false
	}
	return dims || schemes
}

func itemsOf(a []any) ([]Item, error) {
	out := make([]Item, 0, len(a))
	for i, e := range a {
		it, err := valueItem(e)
		if err != nil {
			return nil, fmt.Errorf("[%d]: %w", i, err)
		}
		out = append(out, it)
	}
	return out, nil
}

// valueItem maps one value to one item.
func valueItem(v any) (Item, error) {
	switch x := v.(type) {
	case string:
		if isWord(x) {
			return NewWord(x), nil
		}
		return Str(x), nil
	case int64:
		return Label(x), nil
	case int:
		return Label(int64(x)), nil
	case float64:
		return scalar(x)
	case json.Number:
		n := &Number{Raw: x.String()}
		var ok bool
		if n.Kind, n.Int, n.Float, ok = classifyNumber(n.Raw); !ok {
			return nil, fmt.Errorf("number %q is not an OpenFOAM number", x)
		}
		return n, nil
	case []any:
		items, err := itemsOf(x)
		if err != nil {
			return nil, err
		}
		return ListOf(items...), nil
	case map[string]any:
		return objectItem(x)
	case nil:
		return nil, fmt.Errorf("null inside a value (only a whole entry can be keyword-only)")
	}
	return nil, fmt.Errorf("%T is not a value of the expanded mapping", v)
}

func objectItem(m map[string]any) (Item, error) {
	if !tagged(m) {
		return ValueDict(m)
	}
	switch {
	case has(m, "$dims"):
		dims, ok := m["$dims"].([]any)
		if !ok || len(m) != 1 {
			return nil, fmt.Errorf("$dims: an unreadable dimension set (%v) cannot be written", m["raw"])
		}
		items, err := itemsOf(dims)
		if err != nil {
			return nil, fmt.Errorf("$dims: %w", err)
		}
		return &DimSet{Items: items}, nil
	case has(m, "$verbatim") && len(m) == 1:
		s, ok := m["$verbatim"].(string)
		if !ok {
			return nil, fmt.Errorf("$verbatim: want a string")
		}
		return &Verbatim{Text: s}, nil
	case has(m, "$uniformList") && len(m) == 1:
		u, _ := m["$uniformList"].(map[string]any)
		n, ok := count(u["size"])
		if !ok {
			return nil, fmt.Errorf("$uniformList: want {size, value}")
		}
		it, err := valueItem(u["value"])
		if err != nil {
			return nil, fmt.Errorf("$uniformList: %w", err)
		}
		return UniformListOf(n, it), nil
	case has(m, "$uniform"), has(m, "$nonuniform"):
		return nil, fmt.Errorf("%v is a whole entry value, not an item inside one", slices.Sorted(maps.Keys(m)))
	}
	// $codeStream, $calc, $eval (dynamic code is never written), $elided, $error, $include.
	return nil, fmt.Errorf("%v cannot be written as OpenFOAM text", slices.Sorted(maps.Keys(m)))
}

// nonuniformItems writes `nonuniform List<T> N(…)`; only a value with its data can be written.
func nonuniformItems(v any) ([]Item, error) {
	m, _ := v.(map[string]any)
	vals, ok := m["values"].([]any)
	if !ok {
		return nil, fmt.Errorf("$nonuniform without values (size %v): the field data are not in the value", m["size"])
	}
	items, err := itemsOf(vals)
	if err != nil {
		return nil, fmt.Errorf("$nonuniform: %w", err)
	}
	out := []Item{NewWord("nonuniform")}
	if t, _ := m["type"].(string); t != "" {
		out = append(out, NewWord("List<"+t+">"))
	}
	return append(out, CountedListOf(items...)), nil
}

// scalar writes f so that it reads back as a scalar, never as a label (1 -> 1.0).
func scalar(f float64) (*Number, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, fmt.Errorf("%v cannot be read back by OpenFOAM v1912", f)
	}
	n := Num(f)
	if n.Kind == LabelKind {
		raw := n.Raw + ".0"
		n = &Number{Raw: raw}
		n.Kind, n.Int, n.Float, _ = classifyNumber(raw)
	}
	return n, nil
}

func count(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case int:
		return int64(x), true
	case float64:
		return int64(x), x == math.Trunc(x)
	case json.Number:
		i, err := x.Int64()
		return i, err == nil
	}
	return 0, false
}

func has(m map[string]any, k string) bool { _, ok := m[k]; return ok }

// isWord reports whether s reads back as exactly the one word s (the parser decides: numbers,
// `$…`, `#…`, punctuation, blanks and unbalanced parentheses do not).
func isWord(s string) bool {
	if s == "" || strings.ContainsAny(s, " \t\r\n\"';{}[]") {
		return false
	}
	f, err := Parse("", []byte("k "+s+";"))
	if err != nil || f.Body == nil || len(f.Body.Entries) != 1 {
		return false
	}
	e, ok := f.Body.Entries[0].(*PrimitiveEntry)
	if !ok || len(e.Value) != 1 {
		return false
	}
	w, ok := e.Value[0].(*Word)
	return ok && w.Value == s
}
