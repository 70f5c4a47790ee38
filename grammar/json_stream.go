package grammar

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"unicode/utf8"
)

// jsonWriter streams JSON in exactly the layout encoding/json gives the same value
// (Encoder with SetIndent and SetEscapeHTML(false), or compact), so the syntax mapping
// is written entry by entry without building a tree of maps: a 2 M-key dictionary's
// tree of maps plus the encoder's whole-output buffer took over 1 GB.
type jsonWriter struct {
	w      *bufio.Writer
	nl     []byte // "\n" + prefix + indent per level; nil when compact
	indent string
	counts []int // elements written so far in each open object or array
	esc    bytes.Buffer
	enc    *json.Encoder
}

func newJSONWriter(w *bufio.Writer, prefix, indent string) *jsonWriter {
	j := &jsonWriter{w: w, indent: indent}
	if prefix != "" || indent != "" {
		j.nl = append([]byte{'\n'}, prefix...)
	}
	j.enc = json.NewEncoder(&j.esc)
	j.enc.SetEscapeHTML(false)
	return j
}

// sep starts the next element of the innermost object or array.
func (j *jsonWriter) sep() {
	n := len(j.counts) - 1
	if j.counts[n] > 0 {
		j.w.WriteByte(',')
	}
	j.counts[n]++
	j.w.Write(j.nl)
}

func (j *jsonWriter) begin(c byte) {
	j.w.WriteByte(c)
	j.counts = append(j.counts, 0)
	if j.nl != nil {
		j.nl = append(j.nl, j.indent...)
	}
}

func (j *jsonWriter) end(c byte) {
	n := len(j.counts) - 1
	if j.nl != nil {
		j.nl = j.nl[:len(j.nl)-len(j.indent)]
		if j.counts[n] > 0 {
			j.w.Write(j.nl)
		}
	}
	j.counts = j.counts[:n]
	j.w.WriteByte(c)
}

// key starts an object member; callers write members in sorted key order, as
// encoding/json does for maps.
func (j *jsonWriter) key(k string) {
	j.sep()
	j.str(k)
	j.w.WriteByte(':')
	if j.nl != nil {
		j.w.WriteByte(' ')
	}
}

func (j *jsonWriter) raw(s string) { j.w.WriteString(s) }

func (j *jsonWriter) int(n int64) { j.w.WriteString(strconv.FormatInt(n, 10)) }

func (j *jsonWriter) bool(b bool) { j.w.WriteString(strconv.FormatBool(b)) }

// str writes s quoted: plain ASCII directly, anything else through encoding/json so
// the escaping (control characters, U+2028, invalid UTF-8) stays the library's.
func (j *jsonWriter) str(s string) {
	plain := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			plain = false
			break
		}
	}
	if plain {
		j.w.WriteByte('"')
		j.w.WriteString(s)
		j.w.WriteByte('"')
		return
	}
	j.esc.Reset()
	j.enc.Encode(s) // a string always encodes
	j.w.Write(bytes.TrimSuffix(j.esc.Bytes(), []byte("\n")))
}

// value writes a mapped value (Value, EntryValue) as encoding/json nests it at the
// current depth; strings and labels, the bulk of a large dictionary, directly.
func (j *jsonWriter) value(v any) error {
	switch v := v.(type) {
	case nil:
		j.raw("null")
	case string:
		j.str(v)
	case int64:
		j.int(v)
	default:
		if j.nl != nil {
			j.enc.SetIndent(string(j.nl[1:]), j.indent)
		}
		j.esc.Reset()
		if err := j.enc.Encode(v); err != nil {
			return err
		}
		j.w.Write(bytes.TrimSuffix(j.esc.Bytes(), []byte("\n")))
	}
	return nil
}

// member writes the object member name: v.
func (j *jsonWriter) member(name string, v any) error {
	j.key(name)
	return j.value(v)
}

// strMember writes {"name": s}.
func (j *jsonWriter) strMember(name, s string) {
	j.begin('{')
	j.key(name)
	j.str(s)
	j.end('}')
}

// Syntax is the syntax-mode JSON of a file (docs/json-mapping.md), encoded on demand.
type Syntax struct {
	f    *File
	opts SyntaxOptions
}

// ToSyntax returns the syntax-mode value of f, for embedding in other JSON.
func ToSyntax(f *File, opts SyntaxOptions) Syntax { return Syntax{f, opts} }

// MarshalJSON encodes s compactly.
func (s Syntax) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	if err := s.WriteJSON(&b, "", ""); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// WriteJSON streams s to w laid out as json.Encoder with SetIndent(prefix, indent)
// would lay it out inside a value at that prefix (compact when both are empty).
func (s Syntax) WriteJSON(w io.Writer, prefix, indent string) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	j := newJSONWriter(bw, prefix, indent)
	j.syntaxFile(s.f, s.opts)
	return bw.Flush()
}

func (j *jsonWriter) syntaxFile(f *File, opts SyntaxOptions) {
	j.begin('{')
	j.key("header")
	if f.Header != nil {
		j.entries(f.Header.Dict, opts)
	} else {
		j.raw("null")
	}
	j.key("body")
	if f.Body != nil {
		j.entries(f.Body, opts)
	} else {
		j.raw("[]")
	}
	if f.Stray != nil && len(f.Stray.Entries) > 0 {
		j.key("stray")
		j.entries(f.Stray, opts)
	}
	j.end('}')
}

// array writes xs as a JSON array, each element by write.
func array[T any](j *jsonWriter, xs []T, write func(T)) {
	j.begin('[')
	for _, x := range xs {
		j.sep()
		write(x)
	}
	j.end(']')
}

func (j *jsonWriter) entries(d *Dict, opts SyntaxOptions) {
	array(j, d.Entries, func(e Entry) { j.entry(e, opts) })
}

// entry writes members in the sorted order encoding/json gives map keys.
func (j *jsonWriter) entry(e Entry, opts SyntaxOptions) {
	switch e := e.(type) {
	case *PrimitiveEntry:
		j.begin('{')
		j.key("key")
		j.str(e.Key.Name)
		if e.Key.Regex {
			j.key("regex")
			j.bool(true)
		}
		j.key("value")
		j.items(e.Value, opts)
		if e.Key.Var {
			j.key("var")
			j.bool(true)
		}
		j.end('}')
	case *DictEntry:
		j.begin('{')
		j.key("dict")
		j.entries(e.Dict, opts)
		j.key("key")
		j.str(e.Key.Name)
		if e.Key.Regex {
			j.key("regex")
			j.bool(true)
		}
		if e.Key.Var {
			j.key("var")
			j.bool(true)
		}
		j.end('}')
	case *DirectiveEntry:
		j.begin('{')
		j.key("args")
		j.items(e.Args, opts)
		j.key("directive")
		j.str(e.Name)
		if e.Line != "" {
			j.key("line")
			j.str(e.Line)
		}
		j.end('}')
	case *SubstEntry:
		j.begin('{')
		j.key("semicolon")
		j.bool(e.Semicolon)
		j.key("subst")
		j.str(e.Var.Raw)
		j.end('}')
	case *ListEntry:
		j.begin('{')
		j.key("list")
		j.item(e.Value, opts)
		j.end('}')
	default:
		j.raw("null")
	}
}

func (j *jsonWriter) items(items []Item, opts SyntaxOptions) {
	array(j, items, func(it Item) { j.item(it, opts) })
}

func (j *jsonWriter) item(it Item, opts SyntaxOptions) {
	switch v := it.(type) {
	case *Word:
		j.str(v.Value)
	case *String:
		j.strMember("string", v.Value)
	case *Number:
		if isJSONNumber(v.Raw) {
			j.raw(v.Raw)
		} else {
			j.strMember("number", v.Raw)
		}
	case *Punct:
		j.strMember("punct", v.Value)
	case *Variable:
		j.strMember("$ref", v.Raw)
	case *Verbatim:
		j.strMember("verbatim", v.Text)
	case *List:
		if !v.Counted {
			j.items(v.Items, opts)
			return
		}
		j.begin('{')
		j.key("count")
		j.int(v.Count)
		j.key("list")
		j.items(v.Items, opts)
		j.end('}')
	case *NumList:
		j.begin('{')
		j.key("numList")
		j.begin('{')
		j.key("count")
		j.int(v.Count)
		j.key("labels")
		j.bool(v.AllLabels)
		if opts.Values {
			j.key("raw")
			j.str(v.Raw)
		}
		j.key("width")
		j.int(int64(v.Width))
		j.end('}')
		j.end('}')
	case *BinList:
		j.begin('{')
		j.key("binList")
		j.begin('{')
		j.key("count")
		j.int(v.Count)
		j.key("elem")
		j.str(v.Elem)
		j.end('}')
		j.end('}')
	case *UniformList:
		j.begin('{')
		j.key("uniformList")
		j.begin('{')
		j.key("count")
		j.int(v.Count)
		j.key("value")
		j.item(v.Value, opts)
		j.end('}')
		j.end('}')
	case *DimSet:
		j.begin('{')
		j.key("dims")
		j.items(v.Items, opts)
		j.end('}')
	case *Dict:
		j.begin('{')
		j.key("block")
		j.entries(v, opts)
		j.end('}')
	case *DirectiveItem:
		j.begin('{')
		j.key("args")
		j.items(v.Args, opts)
		if v.Brace {
			j.key("brace")
			j.bool(true)
		}
		j.key("directive")
		j.str(v.Name)
		if v.Brace {
			j.key("text")
			j.str(v.Text)
		}
		j.end('}')
	default:
		j.raw("null")
	}
}
