package rules

import (
	"encoding/json"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/open-policy-agent/opa/v1/ast"
)

// jsonValue decodes one JSON document straight into an OPA value, the value
// ast.InterfaceToValue gives for the document decoded with json.Decoder.UseNumber. Going
// through Go maps costs twice the time and memory, and data.kb is decoded at every start.
func jsonValue(b []byte) (ast.Value, error) {
	d := jsonDecoder{b: b}
	v, err := d.value()
	if err == nil {
		d.space()
		if d.i < len(d.b) {
			err = d.errorf("data after the document")
		}
	}
	if err != nil {
		return nil, fmt.Errorf("json: %w", err)
	}
	return v, nil
}

type jsonDecoder struct {
	b []byte
	i int
}

func (d *jsonDecoder) errorf(format string, args ...any) error {
	return fmt.Errorf("offset %d: %s", d.i, fmt.Sprintf(format, args...))
}

func (d *jsonDecoder) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *jsonDecoder) value() (ast.Value, error) {
	d.space()
	if d.i == len(d.b) {
		return nil, d.errorf("unexpected end of input")
	}
	switch c := d.b[d.i]; {
	case c == '{':
		return d.object()
	case c == '[':
		return d.array()
	case c == '"':
		s, err := d.str()
		return ast.String(s), err
	case c == 't':
		return ast.Boolean(true), d.literal("true")
	case c == 'f':
		return ast.Boolean(false), d.literal("false")
	case c == 'n':
		return ast.Null{}, d.literal("null")
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	default:
		return nil, d.errorf("unexpected %q", c)
	}
}

func (d *jsonDecoder) literal(word string) error {
	if len(d.b)-d.i < len(word) || string(d.b[d.i:d.i+len(word)]) != word {
		return d.errorf("invalid literal")
	}
	d.i += len(word)
	return nil
}

func (d *jsonDecoder) object() (ast.Value, error) {
	d.i++ // {
	var pairs [][2]*ast.Term
	d.space()
	if d.i < len(d.b) && d.b[d.i] == '}' {
		d.i++
		return ast.NewObject(), nil
	}
	for {
		d.space()
		if d.i == len(d.b) || d.b[d.i] != '"' {
			return nil, d.errorf("object key expected")
		}
		k, err := d.str()
		if err != nil {
			return nil, err
		}
		d.space()
		if d.i == len(d.b) || d.b[d.i] != ':' {
			return nil, d.errorf("':' expected")
		}
		d.i++
		v, err := d.value()
		if err != nil {
			return nil, err
		}
		pairs = append(pairs, [2]*ast.Term{ast.StringTerm(k), ast.NewTerm(v)})
		if done, err := d.next('}'); err != nil || done {
			return ast.NewObject(pairs...), err
		}
	}
}

func (d *jsonDecoder) array() (ast.Value, error) {
	d.i++ // [
	var terms []*ast.Term
	d.space()
	if d.i < len(d.b) && d.b[d.i] == ']' {
		d.i++
		return ast.NewArray(), nil
	}
	for {
		v, err := d.value()
		if err != nil {
			return nil, err
		}
		terms = append(terms, ast.NewTerm(v))
		if done, err := d.next(']'); err != nil || done {
			return ast.NewArray(terms...), err
		}
	}
}

// next consumes the ',' between elements or the closing bracket (done).
func (d *jsonDecoder) next(closing byte) (done bool, err error) {
	d.space()
	if d.i == len(d.b) {
		return false, d.errorf("unexpected end of input")
	}
	switch d.b[d.i] {
	case ',':
		d.i++
		return false, nil
	case closing:
		d.i++
		return true, nil
	}
	return false, d.errorf("',' or %q expected", closing)
}

// str reads a string token. Invalid UTF-8, which encoding/json replaces, is left to it.
func (d *jsonDecoder) str() (string, error) {
	start := d.i
	d.i++ // opening quote
	escaped, ascii := false, true
	for d.i < len(d.b) {
		switch c := d.b[d.i]; {
		case c == '\\':
			escaped = true
			d.i += 2
			continue
		case c == '"':
			d.i++
			raw := d.b[start+1 : d.i-1]
			if !ascii && !utf8.Valid(raw) {
				var s string
				if err := json.Unmarshal(d.b[start:d.i], &s); err != nil {
					return "", d.errorf("string: %v", err)
				}
				return s, nil
			}
			if !escaped {
				return string(raw), nil
			}
			return d.unescape(raw)
		case c < 0x20:
			return "", d.errorf("control character in string")
		case c >= 0x80:
			ascii = false
		}
		d.i++
	}
	return "", d.errorf("unterminated string")
}

// unescape decodes the escapes of a string's raw text (json.Marshal escapes <, > and &
// as \u003c..., so they are common in the kb).
func (d *jsonDecoder) unescape(raw []byte) (string, error) {
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		i++
		if i == len(raw) {
			return "", d.errorf("string: bad escape")
		}
		switch raw[i] {
		case '"', '\\', '/':
			out = append(out, raw[i])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := hex4(raw[i+1:])
			if !ok {
				return "", d.errorf("string: bad \\u escape")
			}
			i += 4
			if utf16.IsSurrogate(r) {
				r2, ok := rune(0), false
				if len(raw) > i+2 && raw[i+1] == '\\' && raw[i+2] == 'u' {
					r2, ok = hex4(raw[i+3:])
				}
				if dec := utf16.DecodeRune(r, r2); ok && dec != utf8.RuneError {
					r = dec
					i += 6
				} else {
					r = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, r)
		default:
			return "", d.errorf("string: bad escape")
		}
	}
	return string(out), nil
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// number reads a number with JSON's grammar; OPA keeps its text (ast.Number).
func (d *jsonDecoder) number() (ast.Value, error) {
	start := d.i
	digits := func() int {
		n := 0
		for d.i < len(d.b) && d.b[d.i] >= '0' && d.b[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	if d.b[d.i] == '-' {
		d.i++
	}
	if d.i < len(d.b) && d.b[d.i] == '0' {
		d.i++
	} else if digits() == 0 {
		return nil, d.errorf("invalid number")
	}
	if d.i < len(d.b) && d.b[d.i] == '.' {
		d.i++
		if digits() == 0 {
			return nil, d.errorf("invalid number")
		}
	}
	if d.i < len(d.b) && (d.b[d.i] == 'e' || d.b[d.i] == 'E') {
		d.i++
		if d.i < len(d.b) && (d.b[d.i] == '+' || d.b[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			return nil, d.errorf("invalid number")
		}
	}
	return ast.Number(d.b[start:d.i]), nil
}
