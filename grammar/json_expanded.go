package grammar

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// ValueOptions controls the expanded JSON mapping (docs/case-document.md section 1).
type ValueOptions struct {
	// Values includes the data of `nonuniform` fields under "values"; by default only
	// the element type and size are kept.
	Values bool
}

// MaxUniformListExpand is the largest `N{v}` written out as N copies.
const MaxUniformListExpand = 10000

// Value maps an expanded dictionary to JSON-able Go values: map[string]any objects,
// []any arrays, string, int64 (labels), float64 (scalars), nil (keyword-only), and
// the tagged objects of the mapping ("$regex", "$uniform", "$nonuniform", "$dims", …).
func (d *ExpDict) Value(opts ValueOptions) map[string]any {
	out := make(map[string]any, len(d.Entries))
	for _, e := range d.Entries {
		if !e.Regex {
			out[e.Key] = e.value(opts)
		}
	}
	if regex := d.regexValue(opts); regex != nil {
		out["$regex"] = regex
	}
	return out
}

// value maps one entry's value: a sub-dictionary's object or the entry's items.
func (e *ExpEntry) value(opts ValueOptions) any {
	if e.Dict != nil {
		return e.Dict.Value(opts)
	}
	return EntryValue(e.Value, opts)
}

// regexValue is the "$regex" member of d: its pattern entries in order, nil when none.
func (d *ExpDict) regexValue(opts ValueOptions) []any {
	var regex []any
	for _, e := range d.Entries {
		if e.Regex {
			regex = append(regex, regexItem(e.Key, e.value(opts)))
		}
	}
	return regex
}

// regexItem is one "$regex" item. "re" is the RE2 form OpenFOAM's ERE has (KeyRegex)
// when it differs from the pattern, null when foamc cannot translate it: rules match
// keywords against "re" when present.
func regexItem(pattern string, value any) map[string]any {
	item := map[string]any{"pattern": pattern, "value": value}
	if re, ok := KeyRegex(pattern); !ok {
		item["re"] = nil
	} else if re != pattern {
		item["re"] = re
	}
	return item
}

// ValueJSON is the expanded JSON mapping of a file (Expanded.Value), encoded on demand.
type ValueJSON struct {
	x    *Expanded
	opts ValueOptions
}

// JSON returns the mapping of x for streaming.
func (x *Expanded) JSON(opts ValueOptions) ValueJSON { return ValueJSON{x, opts} }

// WriteJSON writes exactly what encoding/json writes for x.Value(opts) with
// SetIndent(prefix, indent) and SetEscapeHTML(false) (compact when both are empty),
// without building the whole tree of maps: dictionaries are walked in sorted key
// order and only each primitive entry's value is mapped and encoded. For a 2 M-key
// dictionary that tree beside the expanded one took the process over 1 GB.
func (v ValueJSON) WriteJSON(w io.Writer, prefix, indent string) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	j := newJSONWriter(bw, prefix, indent)
	var err error
	if v.x.List != nil {
		// List files (polyMesh/boundary, points…) map through Value as a whole.
		err = j.value(v.x.Value(v.opts))
	} else {
		err = j.expDict(v.x.Dict, v.opts)
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

// expDict writes the object d.Value would give, members in encoding/json's map key
// order (bytewise), "$regex" among them when d has pattern entries.
func (j *jsonWriter) expDict(d *ExpDict, opts ValueOptions) error {
	ents := make([]*ExpEntry, 0, len(d.Entries))
	hasRegex := false
	for _, e := range d.Entries {
		if e.Regex {
			hasRegex = true
		} else {
			ents = append(ents, e)
		}
	}
	slices.SortFunc(ents, func(a, b *ExpEntry) int { return strings.Compare(a.Key, b.Key) })
	// No plain keyword is "$regex": a word cannot start with '$' (that is a macro).
	regexDone := !hasRegex
	j.begin('{')
	for _, e := range ents {
		if !regexDone && e.Key > "$regex" {
			if err := j.member("$regex", d.regexValue(opts)); err != nil {
				return err
			}
			regexDone = true
		}
		var err error
		if e.Dict != nil {
			j.key(e.Key)
			err = j.expDict(e.Dict, opts)
		} else {
			err = j.member(e.Key, EntryValue(e.Value, opts))
		}
		if err != nil {
			return err
		}
	}
	if !regexDone {
		if err := j.member("$regex", d.regexValue(opts)); err != nil {
			return err
		}
	}
	j.end('}')
	return nil
}

// Value is the JSON mapping of the whole file: the body object, or the array of a
// top-level list file (polyMesh/boundary becomes an array of {"name": …, entries}).
func (x *Expanded) Value(opts ValueOptions) any {
	if x.List != nil {
		if l, ok := x.List.(*List); ok && isNamedDictList(l.Items) {
			var out []any
			for i := 0; i+1 < len(l.Items); i += 2 {
				obj := ItemValue(l.Items[i+1], opts).(map[string]any)
				obj["name"] = ItemValue(l.Items[i], opts)
				out = append(out, obj)
			}
			return out
		}
		return ItemValue(x.List, opts)
	}
	return x.Dict.Value(opts)
}

// isNamedDictList reports a list of `name { … }` pairs (polyMesh/boundary).
func isNamedDictList(items []Item) bool {
	if len(items)%2 != 0 {
		return false
	}
	for i := 0; i < len(items); i += 2 {
		if _, ok := items[i].(*Word); !ok {
			return false
		}
		if _, ok := items[i+1].(*Dict); !ok {
			return false
		}
	}
	return true
}

// EntryValue maps the items of one primitive entry: none → nil, one → that item,
// `uniform X` → {"$uniform": X}, `nonuniform List<T> N(…)` → {"$nonuniform": …},
// several → an array.
func EntryValue(items []Item, opts ValueOptions) any {
	switch len(items) {
	case 0:
		return nil
	case 1:
		return ItemValue(items[0], opts)
	}
	// `N (…)` with a matching count is a counted list as a List<T> reader sees it
	// (polyMesh inGroups `1(wall)`, #includeFunc's `fields 1(U)`).
	if n, ok := items[0].(*Number); ok && len(items) == 2 && n.Kind == LabelKind {
		if l, ok := items[1].(*List); ok && int64(len(l.Items)) == n.Int {
			return ItemValue(l, opts)
		}
	}
	if w, ok := items[0].(*Word); ok {
		switch {
		case w.Value == "uniform" && len(items) == 2:
			return map[string]any{"$uniform": ItemValue(items[1], opts)}
		case w.Value == "nonuniform":
			if nu, ok := nonuniformValue(items[1:], opts); ok {
				return map[string]any{"$nonuniform": nu}
			}
		}
	}
	out := make([]any, 0, len(items))
	for _, it := range items {
		out = append(out, ItemValue(it, opts))
	}
	return out
}

// nonuniformValue maps `List<T> N(…)` (also `List<T> N{v}` and a plain `N(…)`).
func nonuniformValue(items []Item, opts ValueOptions) (map[string]any, bool) {
	typ := ""
	if w, ok := items[0].(*Word); ok && strings.HasPrefix(w.Value, "List<") && strings.HasSuffix(w.Value, ">") {
		typ = w.Value[len("List<") : len(w.Value)-1]
		items = items[1:]
	}
	// A separate count label may precede an uncounted list.
	if len(items) == 2 {
		if n, ok := items[0].(*Number); ok && n.Kind == LabelKind {
			if l, ok := items[1].(*List); ok && int64(len(l.Items)) == n.Int {
				items = items[1:]
			}
		}
	}
	if len(items) != 1 {
		return nil, false
	}
	var size int64
	switch v := items[0].(type) {
	case *List:
		size = int64(len(v.Items))
	case *NumList:
		size = v.Count
	case *BinList:
		size = v.Count
	case *UniformList:
		size = v.Count
	default:
		return nil, false
	}
	out := map[string]any{"type": typ, "size": size}
	if opts.Values {
		out["values"] = ItemValue(items[0], ValueOptions{Values: true})
	}
	return out, true
}

// ItemValue maps one item.
func ItemValue(it Item, opts ValueOptions) any {
	switch v := it.(type) {
	case *Word:
		return v.Value
	case *String:
		return v.Value
	case *Number:
		switch v.Kind {
		case LabelKind:
			return v.Int
		case ScalarKind:
			return v.Float
		}
		// A lexeme readScalar rejects (1e999: out of range) stays text, not a number.
		return v.Raw
	case *Punct:
		return v.Value
	case *Variable:
		return v.Raw
	case *Verbatim:
		return map[string]any{"$verbatim": v.Text}
	case *List:
		out := make([]any, 0, len(v.Items))
		for _, x := range v.Items {
			out = append(out, ItemValue(x, opts))
		}
		return out
	case *NumList:
		vals, err := numListValue(v)
		if err != nil {
			return map[string]any{"$error": err.Error()}
		}
		return vals
	case *BinList:
		vals, err := decodeBinList(v)
		if err != nil {
			return map[string]any{"$error": err.Error()}
		}
		return vals
	case *UniformList:
		val := ItemValue(v.Value, opts)
		if v.Count < 0 || v.Count > MaxUniformListExpand {
			return map[string]any{"$uniformList": map[string]any{"size": v.Count, "value": val}}
		}
		out := make([]any, v.Count)
		for i := range out {
			out[i] = ItemValue(v.Value, opts)
		}
		return out
	case *DimSet:
		dims, err := dimensions(v.Items)
		if err != nil {
			return map[string]any{"$dims": nil, "raw": itemsText(v.Items), "error": err.Error()}
		}
		return map[string]any{"$dims": dims}
	case *Dict:
		return blockValue(v, opts)
	case *DirectiveItem:
		return directiveValue(v, opts)
	}
	return nil
}

// blockValue maps a `{ … }` inside a value with the same merge rule as a dictionary:
// a repeated keyword keeps its first position and takes the last value.
func blockValue(b *Dict, opts ValueOptions) map[string]any {
	d := NewExpDict(nil)
	for _, e := range b.Entries {
		switch e := e.(type) {
		case *PrimitiveEntry:
			d.add(&ExpEntry{Key: e.Key.Name, Regex: e.Key.Regex, Value: e.Value}, true)
		case *DictEntry:
			sub := &ExpEntry{Key: e.Key.Name, Regex: e.Key.Regex, Value: []Item{e.Dict}}
			d.add(sub, true)
		case *SubstEntry:
			d.add(&ExpEntry{Key: e.Var.Raw, Value: nil}, true)
		case *DirectiveEntry:
			d.add(&ExpEntry{Key: e.Name, Value: e.Args}, true)
		}
	}
	return d.Value(opts)
}

func directiveValue(v *DirectiveItem, opts ValueOptions) any {
	name := strings.TrimPrefix(v.Name, "#")
	switch name {
	case "codeStream":
		if len(v.Args) == 1 {
			if b, ok := v.Args[0].(*Dict); ok {
				return map[string]any{"$codeStream": blockValue(b, opts)}
			}
		}
	case "calc", "eval":
		if v.Brace {
			return map[string]any{"$" + name: v.Text}
		}
		if len(v.Args) == 1 {
			switch a := v.Args[0].(type) {
			case *String:
				return map[string]any{"$" + name: a.Value}
			case *Verbatim:
				return map[string]any{"$" + name: a.Text}
			}
		}
	}
	return map[string]any{"$" + name: EntryValue(v.Args, opts)}
}

// numListValue decodes a fast-path numeric list: rows of Width components, or for
// nested lists (faces `4(0 1 2 3)`) the expanded nodes with inner counts dropped.
func numListValue(l *NumList) ([]any, error) {
	if l.Width <= 0 {
		return countedItems(l.Expand().Items), nil
	}
	var nums []any
	if l.AllLabels {
		vals, err := l.Labels()
		if err != nil {
			return nil, err
		}
		nums = make([]any, len(vals))
		for i, v := range vals {
			nums[i] = v
		}
	} else {
		vals, err := l.Floats()
		if err != nil {
			return nil, err
		}
		nums = make([]any, len(vals))
		for i, v := range vals {
			nums[i] = v
		}
	}
	if l.Width == 1 {
		return nums, nil
	}
	out := make([]any, 0, len(nums)/l.Width)
	for i := 0; i+l.Width <= len(nums); i += l.Width {
		out = append(out, nums[i:i+l.Width:i+l.Width])
	}
	return out, nil
}

// countedItems maps the items of purely numeric data, where a label before a list
// of that many elements is the list's count.
func countedItems(items []Item) []any {
	out := make([]any, 0, len(items))
	for i := 0; i < len(items); i++ {
		if n, ok := items[i].(*Number); ok && n.Kind == LabelKind && i+1 < len(items) {
			if l, ok := items[i+1].(*List); ok && int64(len(l.Items)) == n.Int {
				continue
			}
		}
		if l, ok := items[i].(*List); ok {
			out = append(out, countedItems(l.Items))
			continue
		}
		out = append(out, ItemValue(items[i], ValueOptions{}))
	}
	return out
}

// decodeBinList decodes a binary contiguous list into rows of components.
func decodeBinList(b *BinList) ([]any, error) {
	comps := b.Components
	if comps <= 0 {
		comps = 1
	}
	size := b.ScalarBytes
	if b.IsLabel {
		size = b.LabelBytes
	}
	if size != 4 && size != 8 {
		return nil, fmt.Errorf("unsupported element size %d", size)
	}
	if int64(len(b.Data)) != b.Count*int64(comps*size) {
		return nil, fmt.Errorf("binary list holds %d bytes, expected %d", len(b.Data), b.Count*int64(comps*size))
	}
	var order binary.ByteOrder = binary.LittleEndian
	if b.BigEndian {
		order = binary.BigEndian
	}
	read := func(k int) any {
		p := b.Data[k*size:]
		switch {
		case b.IsLabel && size == 4:
			return int64(int32(order.Uint32(p)))
		case b.IsLabel:
			return int64(order.Uint64(p))
		case size == 4:
			return float64(math.Float32frombits(order.Uint32(p)))
		}
		return math.Float64frombits(order.Uint64(p))
	}
	out := make([]any, b.Count)
	for r := range out {
		if comps == 1 {
			out[r] = read(r)
			continue
		}
		row := make([]any, comps)
		for c := range row {
			row[c] = read(r*comps + c)
		}
		out[r] = row
	}
	return out, nil
}

// siUnits are the named units of v1912's default unitSet (etc/controlDict
// DimensionedConstants) as exponents of [kg m s K mol A cd].
var siUnits = map[string][7]float64{
	"kg": {1, 0, 0, 0, 0, 0, 0}, "m": {0, 1, 0, 0, 0, 0, 0}, "s": {0, 0, 1, 0, 0, 0, 0},
	"K": {0, 0, 0, 1, 0, 0, 0}, "mol": {0, 0, 0, 0, 1, 0, 0}, "A": {0, 0, 0, 0, 0, 1, 0},
	"cd": {0, 0, 0, 0, 0, 0, 1}, "kmol": {0, 0, 0, 0, 1, 0, 0},
	"N": {1, 1, -2, 0, 0, 0, 0}, "Pa": {1, -1, -2, 0, 0, 0, 0}, "J": {1, 2, -2, 0, 0, 0, 0},
	"W": {1, 2, -3, 0, 0, 0, 0}, "Hz": {0, 0, -1, 0, 0, 0, 0}, "g": {1, 0, 0, 0, 0, 0, 0},
	"cm": {0, 1, 0, 0, 0, 0, 0}, "mm": {0, 1, 0, 0, 0, 0, 0}, "um": {0, 1, 0, 0, 0, 0, 0},
	"km": {0, 1, 0, 0, 0, 0, 0}, "ms": {0, 0, 1, 0, 0, 0, 0}, "us": {0, 0, 1, 0, 0, 0, 0},
	"min": {0, 0, 1, 0, 0, 0, 0}, "hr": {0, 0, 1, 0, 0, 0, 0}, "day": {0, 0, 1, 0, 0, 0, 0},
	"l": {0, 3, 0, 0, 0, 0, 0}, "ml": {0, 3, 0, 0, 0, 0, 0}, "C": {0, 0, 0, 1, 0, 0, 0},
}

// namedDims are Foundation's named dimension sets (Foam::dimensions(), dimensionSets.C,
// OpenFOAM-12): `[velocity]`, `[kinematicPressure]`, … The names do not clash with v1912's units.
var namedDims = map[string][7]float64{
	"mass": {1, 0, 0, 0, 0, 0, 0}, "length": {0, 1, 0, 0, 0, 0, 0}, "time": {0, 0, 1, 0, 0, 0, 0},
	"temperature": {0, 0, 0, 1, 0, 0, 0}, "moles": {0, 0, 0, 0, 1, 0, 0}, "current": {0, 0, 0, 0, 0, 1, 0},
	"luminousIntensity": {0, 0, 0, 0, 0, 0, 1},
	"area":              {0, 2, 0, 0, 0, 0, 0}, "volume": {0, 3, 0, 0, 0, 0, 0}, "rate": {0, 0, -1, 0, 0, 0, 0},
	"velocity": {0, 1, -1, 0, 0, 0, 0}, "momentum": {1, 1, -1, 0, 0, 0, 0}, "acceleration": {0, 1, -2, 0, 0, 0, 0},
	"density": {1, -3, 0, 0, 0, 0, 0}, "force": {1, 1, -2, 0, 0, 0, 0}, "energy": {1, 2, -2, 0, 0, 0, 0},
	"power": {1, 2, -3, 0, 0, 0, 0}, "pressure": {1, -1, -2, 0, 0, 0, 0}, "kinematicPressure": {0, 2, -2, 0, 0, 0, 0},
	"compressibility": {0, -2, 2, 0, 0, 0, 0}, "gasConstant": {0, 2, -2, -1, 0, 0, 0},
	"specificHeatCapacity": {0, 2, -2, -1, 0, 0, 0}, "kinematicViscosity": {0, 2, -1, 0, 0, 0, 0},
	"dynamicViscosity": {1, -1, -1, 0, 0, 0, 0}, "thermalConductivity": {1, 1, -3, -1, 0, 0, 0},
	"volumetricFlux": {0, 3, -1, 0, 0, 0, 0}, "massFlux": {1, 0, -1, 0, 0, 0, 0},
}

// dimensions maps the items of `[ … ]` to the 7 SI exponents: 7 numbers as
// written, the legacy 5-number form padded with zeros, or named units with ^
// exponents, `/` (divides the next unit) and `*`.
func dimensions(items []Item) ([]any, error) {
	allNum := len(items) > 0
	for _, it := range items {
		if _, ok := it.(*Number); !ok {
			allNum = false
			break
		}
	}
	var exps [7]float64
	if allNum {
		if len(items) != 7 && len(items) != 5 {
			return nil, fmt.Errorf("a dimension set has 5 or 7 exponents, got %d", len(items))
		}
		for k, it := range items {
			exps[k] = it.(*Number).Float
		}
		return dimsValue(exps), nil
	}
	// Symbolic: re-split the text, because `m^2/s^2` may arrive as one word.
	text := itemsText(items)
	text = strings.NewReplacer("/", " / ", "*", " * ").Replace(text)
	sign := 1.0
	for _, tok := range strings.Fields(text) {
		switch tok {
		case "/":
			sign = -1
			continue
		case "*":
			continue
		}
		unit, exp := tok, 1.0
		if k := strings.IndexByte(tok, '^'); k >= 0 {
			unit = tok[:k]
			e, err := strconv.ParseFloat(tok[k+1:], 64)
			if err != nil {
				return nil, fmt.Errorf("bad exponent in %q", tok)
			}
			exp = e
		}
		u, ok := siUnits[unit]
		if !ok {
			u, ok = namedDims[unit]
		}
		if !ok {
			return nil, fmt.Errorf("unknown unit %q", unit)
		}
		for k := range exps {
			exps[k] += sign * exp * u[k]
		}
		sign = 1
	}
	return dimsValue(exps), nil
}

func dimsValue(exps [7]float64) []any {
	out := make([]any, 7)
	for k, e := range exps {
		if e == math.Trunc(e) {
			out[k] = int64(e)
		} else {
			out[k] = e
		}
	}
	return out
}
