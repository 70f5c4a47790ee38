package rules

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/foamc/foamc/kb"
	"github.com/open-policy-agent/opa/v1/ast"
)

// viaMaps is what jsonValue must equal: the document decoded with UseNumber, converted.
func viaMaps(t *testing.T, b []byte) ast.Value {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	out, err := ast.InterfaceToValue(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestJSONValue(t *testing.T) {
	doc, err := kb.DefaultRulesJSON()
	if err != nil {
		t.Fatal(err)
	}
	cases := []string{
		string(doc),
		`{}`, `[]`, ` [ 1 , -0.5e+3, 0, 1E2, true, false, null ] `,
		`{"a\"b": "c\\d\n", "\u00e9t\u00e9": "d\u00e9bit", "x": {"y": [{}]}}`,
		`"caf` + "\xc3\xa9" + `"`, `"bad` + "\xff" + `utf8"`, `"bad\n` + "\xff" + `"`,
		`"List\u003cscalar\u003e \/ \b\f\r\t"`, `"\ud83d\ude00 \ud83d x \ude00 \ud83d\u0041"`,
	}
	for _, c := range cases {
		got, err := jsonValue([]byte(c))
		if err != nil {
			t.Errorf("%.60q: %v", c, err)
			continue
		}
		if want := viaMaps(t, []byte(c)); got.Compare(want) != 0 {
			t.Errorf("%.60q: got %v, want %v", c, got, want)
		}
	}
	for _, bad := range []string{
		``, `{`, `[1,]`, `{"a" 1}`, `{"a":1,}`, `{1:2}`, `"x`, `tru`, `nul`, `01`, `1.`, `-`, `1e`,
		`[1] 2`, "\"a\x01\"", `{"a":1 "b":2}`, `[1 2]`, `"\q"`, `"\u12"`, `"\u12g4"`, `"\`,
	} {
		if v, err := jsonValue([]byte(bad)); err == nil {
			t.Errorf("%q decoded to %v, want an error", bad, v)
		}
		if json.Valid([]byte(bad)) {
			t.Errorf("%q is valid JSON: not a bad case", bad)
		}
	}
}

// BenchmarkKBValue: data.kb from the embedded JSON, directly and through Go maps.
func BenchmarkKBValue(b *testing.B) {
	doc, err := kb.DefaultRulesJSON()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("direct", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := jsonValue(doc); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("maps", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			dec := json.NewDecoder(bytes.NewReader(doc))
			dec.UseNumber()
			var v any
			if err := dec.Decode(&v); err != nil {
				b.Fatal(err)
			}
			if _, err := ast.InterfaceToValue(v); err != nil {
				b.Fatal(err)
			}
		}
	})
}
