package grammar

import (
	"math"
	"strconv"
	"strings"
)

// Builders for code that constructs dictionaries (the compiler) and prints them with Format.
// Built nodes carry zero positions; the printers lay them out canonically.

// NewDict returns an empty dictionary.
func NewDict() *Dict { return &Dict{} }

// find returns the index of the last entry whose plain (non-regex) keyword is key, or -1.
// It is the builder's own exact match, not OpenFOAM's lookup (see lookup*.go for that).
func (d *Dict) find(key string) int {
	for i := len(d.Entries) - 1; i >= 0; i-- {
		switch e := d.Entries[i].(type) {
		case *PrimitiveEntry:
			if !e.Key.Regex && e.Key.Name == key {
				return i
			}
		case *DictEntry:
			if !e.Key.Regex && e.Key.Name == key {
				return i
			}
		}
	}
	return -1
}

// Find returns the entry whose plain keyword equals key exactly (the last one when duplicated),
// or nil. It does no regex, scoping or `$` expansion.
func (d *Dict) Find(key string) Entry {
	if i := d.find(key); i >= 0 {
		return d.Entries[i]
	}
	return nil
}

// ListItems is the items of the list that ends entry key (nil when the entry has none). A
// purely numeric list of 64 or more elements (the vertices or faces of a big blockMeshDict)
// arrives as one NumList token and is expanded.
func (d *Dict) ListItems(key string) []Item {
	e, ok := d.Find(key).(*PrimitiveEntry)
	if !ok || len(e.Value) == 0 {
		return nil
	}
	switch l := e.Value[len(e.Value)-1].(type) {
	case *List:
		return l.Items
	case *NumList:
		return l.Expand().Items
	}
	return nil
}

// Set makes `key items…;` a primitive entry, replacing an existing entry of that key in place
// (keeping its position) or appending. No items gives the keyword-only entry `key;`.
func (d *Dict) Set(key string, items ...Item) *PrimitiveEntry {
	e := &PrimitiveEntry{Key: NewKey(key), Value: items}
	if i := d.find(key); i >= 0 {
		keepPlace(&e.Range, &e.Key, d.Entries[i])
		d.Entries[i] = e
	} else {
		d.Entries = append(d.Entries, e)
	}
	return e
}

// SetDict returns the sub-dictionary `key { … }`, creating it (appended) or turning a primitive
// entry of that key into an empty dictionary in place.
func (d *Dict) SetDict(key string) *Dict {
	i := d.find(key)
	if i >= 0 {
		if de, ok := d.Entries[i].(*DictEntry); ok {
			return de.Dict
		}
	}
	de := &DictEntry{Key: NewKey(key), Dict: NewDict()}
	if i >= 0 {
		keepPlace(&de.Range, &de.Key, d.Entries[i])
		d.Entries[i] = de
	} else {
		d.Entries = append(d.Entries, de)
	}
	return de.Dict
}

// keepPlace gives a replacement entry the start and keyword position of the entry it replaces,
// so Print keeps it (and the comments around it) where the old one was; its value is laid out
// canonically.
func keepPlace(r *Range, k *Key, old Entry) {
	switch o := old.(type) {
	case *PrimitiveEntry:
		r.Pos, k.Range = o.Pos, o.Key.Range
	case *DictEntry:
		r.Pos, k.Range = o.Pos, o.Key.Range
	}
}

// Add appends an entry as is (duplicates, directives, regex keys).
func (d *Dict) Add(e Entry) { d.Entries = append(d.Entries, e) }

// Remove deletes every entry with the plain keyword key and reports whether one existed.
func (d *Dict) Remove(key string) bool {
	found := false
	out := d.Entries[:0]
	for _, e := range d.Entries {
		var k *Key
		switch e := e.(type) {
		case *PrimitiveEntry:
			k = &e.Key
		case *DictEntry:
			k = &e.Key
		}
		if k != nil && !k.Regex && k.Name == key {
			found = true
			continue
		}
		out = append(out, e)
	}
	clear(d.Entries[len(out):])
	d.Entries = out
	return found
}

// NewKey returns a plain word keyword.
func NewKey(name string) Key { return Key{Name: name, Raw: name} }

// RegexKey returns a quoted (regular expression) keyword such as `"(U|k|epsilon)"`.
func RegexKey(pattern string) Key {
	return Key{Name: pattern, Raw: quote(pattern), Regex: true}
}

// NewWord returns a bare word item.
func NewWord(s string) *Word { return &Word{Value: s} }

// ListWords returns the words inside the lists of a value, in order: `species (O2 N2);`
// gives O2, N2.
func ListWords(value []Item) []string {
	var out []string
	for _, it := range value {
		if l, ok := it.(*List); ok {
			for _, w := range l.Items {
				if w, ok := w.(*Word); ok {
					out = append(out, w.Value)
				}
			}
		}
	}
	return out
}

// Words returns one word item per string, for values like `Gauss linear`.
func Words(ss ...string) []Item {
	out := make([]Item, len(ss))
	for i, s := range ss {
		out[i] = NewWord(s)
	}
	return out
}

// Str returns a double-quoted string item with the needed escapes.
func Str(s string) *String { return &String{Raw: quote(s), Value: s} }

// quote writes s the way v1912 reads it back: only `"` needs a backslash (other backslashes are
// kept literally by the reader).
func quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('"')
	return b.String()
}

// Num returns a number item written in the shortest form that reads back to exactly f
// (`1e-05`, `0.001`, `300`). An integral value in label range lexes as a label, and Kind says so.
// NaN and infinities are written as `nan`/`inf`/`-inf`, which v1912 cannot read back.
func Num(f float64) *Number {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return &Number{Raw: strconv.FormatFloat(f, 'g', -1, 64), Kind: ScalarKind, Float: f}
	}
	raw := strconv.FormatFloat(f, 'g', -1, 64)
	if strings.HasSuffix(raw, "e+00") {
		raw = strings.TrimSuffix(raw, "e+00")
	}
	n := &Number{Raw: raw}
	n.Kind, n.Int, n.Float, _ = classifyNumber(raw)
	return n
}

// Label returns a label (integer) item.
func Label(i int64) *Number {
	raw := strconv.FormatInt(i, 10)
	n := &Number{Raw: raw}
	n.Kind, n.Int, n.Float, _ = classifyNumber(raw)
	return n
}

// ListOf returns an uncounted list `( items… )`.
func ListOf(items ...Item) *List { return &List{Items: items} }

// CountedListOf returns `N( items… )` with N = len(items), the form OpenFOAM writes for lists.
func CountedListOf(items ...Item) *List {
	return &List{Items: items, Counted: true, Count: int64(len(items))}
}

// Vector returns `(x y z)`.
func Vector(x, y, z float64) *List { return ListOf(Num(x), Num(y), Num(z)) }

// Nums returns a list of numbers `(a b c …)`.
func Nums(fs ...float64) *List {
	items := make([]Item, len(fs))
	for i, f := range fs {
		items[i] = Num(f)
	}
	return ListOf(items...)
}

// Dims returns a dimension set from its exponents in OpenFOAM order
// [mass length time temperature moles current luminous-intensity] (7, or the legacy 5).
func Dims(exponents ...int) *DimSet {
	items := make([]Item, len(exponents))
	for i, e := range exponents {
		items[i] = Label(int64(e))
	}
	return &DimSet{Items: items}
}

// Uniform returns the value `uniform v` for a field's internalField or a patch value.
func Uniform(v Item) []Item { return []Item{NewWord("uniform"), v} }

// UniformListOf returns `N{v}`.
func UniformListOf(n int64, v Item) *UniformList { return &UniformList{Count: n, Value: v} }

// Var returns a variable item; name is written after `$` as given (`Var("a.b")` → `$a.b`).
func Var(name string) *Variable { return &Variable{Raw: "$" + name} }

// NewFile returns a file with a standard FoamFile header (version 2.0, format ascii, class,
// location when not empty, object) and the v1912 banner.
func NewFile(class, object, location string, body *Dict) *File {
	if body == nil {
		body = NewDict()
	}
	h := NewDict()
	h.Set("version", &Number{Raw: "2.0", Kind: ScalarKind, Float: 2})
	h.Set("format", NewWord("ascii"))
	h.Set("class", NewWord(class))
	if location != "" {
		h.Set("location", Str(location))
	}
	h.Set("object", NewWord(object))
	return &File{
		Name:           object,
		Header:         &DictEntry{Key: NewKey("FoamFile"), Dict: h},
		Body:           body,
		StandardBanner: true,
	}
}
