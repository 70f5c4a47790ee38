package grammar

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Syntax JSON (docs/json-mapping.md): an ordered, reversible view of the syntax tree.
// Entries are arrays in file order; items use the most compact form that stays
// unambiguous:
//
//	word            "Gauss"                 string       {"string": "a b"}
//	label           12                      scalar       1e-05 or {"number": "1."} when the lexeme is not JSON
//	list ( … )      [items]                 counted      {"list": [items], "count": N}
//	$var            {"$ref": "$x"}          verbatim     {"verbatim": "…"}
//	[dims]          {"dims": [items]}       { block }    {"block": [entries]}
//	N{v}            {"uniformList": {"count": N, "value": item}}
//	punctuation     {"punct": ","}          directive    {"directive": "#eval", "args": [...], "text": "…", "brace": true}
//	numeric fast-path list  {"numList": {"count": N, "width": W, "labels": b, "raw": "…"}} (raw only with values)
//	binary list     {"binList": {"count": N, "elem": "vector"}} (data not kept)
//
//	entries: {"key": k, "value": [items]}, {"key": k, "regex": true, …}, {"key": k, "dict": [entries]},
//	{"key": "$k", "var": true, "dict": […]}, {"directive": "#include", "args": [items], "line": "…"},
//	{"subst": "$x", "semicolon": true}, {"list": item}

// SyntaxOptions controls ToJSON.
type SyntaxOptions struct {
	// Values keeps the raw text of fast-path numeric lists, making those reversible too.
	Values bool
}

// ToJSON returns the syntax-mode JSON of f (HTML characters unescaped: `List<vector>`
// stays readable).
func ToJSON(f *File, opts SyntaxOptions) ([]byte, error) {
	return ToSyntax(f, opts).MarshalJSON()
}

// isJSONNumber reports whether raw is a JSON number that decodes back to the same
// lexeme and kind.
func isJSONNumber(raw string) bool {
	if !json.Valid([]byte(raw)) || raw == "" || raw[0] == '"' || raw[0] == '{' || raw[0] == '[' {
		return false
	}
	_, err := strconv.ParseFloat(raw, 64)
	return err == nil
}

// FromJSON rebuilds a File from syntax-mode JSON. Positions are zero; bulk numeric
// lists without "raw" and binary lists come back empty (counts only).
func FromJSON(name string, data []byte) (*File, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var raw struct {
		Header []any `json:"header"`
		Body   []any `json:"body"`
		Stray  []any `json:"stray"`
	}
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("syntax JSON of %s: %w", name, err)
	}
	f := &File{Name: name}
	var err error
	if raw.Header != nil {
		hd, err := entriesFromJSON(raw.Header)
		if err != nil {
			return nil, fmt.Errorf("%s: header: %w", name, err)
		}
		f.Header = &DictEntry{Key: NewKey("FoamFile"), Dict: hd}
	}
	if f.Body, err = entriesFromJSON(raw.Body); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if raw.Stray != nil {
		if f.Stray, err = entriesFromJSON(raw.Stray); err != nil {
			return nil, fmt.Errorf("%s: stray block: %w", name, err)
		}
	}
	return f, nil
}

func entriesFromJSON(list []any) (*Dict, error) {
	d := &Dict{}
	for i, v := range list {
		e, err := entryFromJSON(v)
		if err != nil {
			return nil, fmt.Errorf("entry %d: %w", i, err)
		}
		d.Entries = append(d.Entries, e)
	}
	return d, nil
}

func keyFromJSON(m map[string]any) Key {
	name, _ := m["key"].(string)
	k := Key{Name: name, Raw: name}
	k.Regex, _ = m["regex"].(bool)
	k.Var, _ = m["var"].(bool)
	if k.Regex {
		k.Raw = quote(name)
	}
	return k
}

func entryFromJSON(v any) (Entry, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("an entry must be an object, got %T", v)
	}
	switch {
	case m["directive"] != nil:
		name, _ := m["directive"].(string)
		args, err := itemsFromJSON(m["args"])
		if err != nil {
			return nil, err
		}
		line, _ := m["line"].(string)
		return &DirectiveEntry{Name: name, Args: args, Line: line}, nil
	case m["subst"] != nil:
		raw, _ := m["subst"].(string)
		semi, _ := m["semicolon"].(bool)
		return &SubstEntry{Var: &Variable{Raw: raw}, Semicolon: semi}, nil
	case m["list"] != nil && m["key"] == nil:
		it, err := itemFromJSON(m["list"])
		if err != nil {
			return nil, err
		}
		return &ListEntry{Value: it}, nil
	case m["dict"] != nil:
		list, _ := m["dict"].([]any)
		d, err := entriesFromJSON(list)
		if err != nil {
			return nil, err
		}
		return &DictEntry{Key: keyFromJSON(m), Dict: d}, nil
	case m["key"] != nil:
		items, err := itemsFromJSON(m["value"])
		if err != nil {
			return nil, err
		}
		return &PrimitiveEntry{Key: keyFromJSON(m), Value: items}, nil
	}
	return nil, fmt.Errorf("unknown entry object with keys %v", slices.Sorted(maps.Keys(m)))
}

func itemsFromJSON(v any) ([]Item, error) {
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("items must be an array, got %T", v)
	}
	out := make([]Item, 0, len(list))
	for _, x := range list {
		it, err := itemFromJSON(x)
		if err != nil {
			return nil, err
		}
		out = append(out, it)
	}
	return out, nil
}

func numberFromRaw(raw string) (*Number, error) {
	kind, i, f, ok := classifyNumber(raw)
	if !ok {
		return nil, fmt.Errorf("bad number %q", raw)
	}
	return &Number{Raw: raw, Kind: kind, Int: i, Float: f}, nil
}

func jsonInt(v any) int64 {
	switch n := v.(type) {
	case json.Number:
		i, _ := n.Int64()
		return i
	case float64:
		return int64(n)
	}
	return 0
}

func itemFromJSON(v any) (Item, error) {
	switch x := v.(type) {
	case string:
		return &Word{Value: x}, nil
	case json.Number:
		return numberFromRaw(string(x))
	case []any:
		items, err := itemsFromJSON(x)
		if err != nil {
			return nil, err
		}
		return &List{Items: items}, nil
	case map[string]any:
		if len(x) == 0 {
			return nil, fmt.Errorf("empty item object")
		}
		switch {
		case x["string"] != nil:
			s, _ := x["string"].(string)
			return Str(s), nil
		case x["number"] != nil:
			s, _ := x["number"].(string)
			return numberFromRaw(s)
		case x["punct"] != nil:
			s, _ := x["punct"].(string)
			return &Punct{Value: s}, nil
		case x["$ref"] != nil:
			s, _ := x["$ref"].(string)
			return &Variable{Raw: s}, nil
		case x["verbatim"] != nil:
			s, _ := x["verbatim"].(string)
			return &Verbatim{Text: s}, nil
		case x["list"] != nil:
			items, err := itemsFromJSON(x["list"])
			if err != nil {
				return nil, err
			}
			return &List{Counted: true, Count: jsonInt(x["count"]), Items: items}, nil
		case x["numList"] != nil:
			m, _ := x["numList"].(map[string]any)
			l := &NumList{Count: jsonInt(m["count"]), Width: int(jsonInt(m["width"]))}
			l.AllLabels, _ = m["labels"].(bool)
			if raw, ok := m["raw"].(string); ok {
				l.Raw = raw
				if k := strings.IndexByte(raw, '('); k >= 0 {
					l.body = raw[k:]
				}
			}
			return l, nil
		case x["binList"] != nil:
			m, _ := x["binList"].(map[string]any)
			elem, _ := m["elem"].(string)
			return &BinList{Count: jsonInt(m["count"]), Elem: elem}, nil
		case x["uniformList"] != nil:
			m, _ := x["uniformList"].(map[string]any)
			val, err := itemFromJSON(m["value"])
			if err != nil {
				return nil, err
			}
			return &UniformList{Count: jsonInt(m["count"]), Value: val}, nil
		case x["dims"] != nil:
			items, err := itemsFromJSON(x["dims"])
			if err != nil {
				return nil, err
			}
			return &DimSet{Items: items}, nil
		case x["block"] != nil:
			list, _ := x["block"].([]any)
			return entriesFromJSON(list)
		case x["directive"] != nil:
			name, _ := x["directive"].(string)
			args, err := itemsFromJSON(x["args"])
			if err != nil {
				return nil, err
			}
			d := &DirectiveItem{Name: name, Args: args}
			d.Brace, _ = x["brace"].(bool)
			d.Text, _ = x["text"].(string)
			return d, nil
		}
		return nil, fmt.Errorf("unknown item object with keys %v", slices.Sorted(maps.Keys(x)))
	}
	return nil, fmt.Errorf("unexpected JSON %T in items", v)
}
