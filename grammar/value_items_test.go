package grammar

import (
	"encoding/json"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

// roundTrip maps an expanded object back to text and expands that text again.
func roundTrip(t testing.TB, obj map[string]any) (any, string, error) {
	t.Helper()
	d, err := ValueDict(obj)
	if err != nil {
		return nil, "", err
	}
	text := string(Format(&File{Body: d}))
	f, err := Parse("roundtrip", []byte(text))
	if err != nil {
		return nil, text, err
	}
	return Expand(f, "roundtrip", ExpandOptions{}).Value(ValueOptions{Values: true}), text, nil
}

func TestValueItems(t *testing.T) {
	cases := []struct {
		v    any
		want string
	}{
		{"Gauss", "Gauss"},
		{"div(phi,U)", "div(phi,U)"},
		{"a b", `"a b"`},
		{"1e-05", `"1e-05"`}, // a string that would read back as a number
		{"$nu", `"$nu"`},
		{"", `""`},
		{int64(3), "3"},
		{1.0, "1.0"}, // a scalar stays a scalar
		{1e-05, "1e-05"},
		{json.Number("0.5"), "0.5"},
		{[]any{"water", "air"}, "(water air)"},
		{[]any{"wall"}, "(wall)"},
		{[]any{}, "()"},
		{[]any{int64(0), int64(0), int64(1)}, "(0 0 1)"},
		{[]any{"uniform", int64(1)}, "(uniform 1)"},
		{map[string]any{"$uniform": []any{1.5, 0.0, 0.0}}, "uniform (1.5 0.0 0.0)"},
		{map[string]any{"$nonuniform": map[string]any{"type": "scalar", "size": int64(2), "values": []any{1.0, 2.0}}}, "nonuniform List<scalar> 2(1.0 2.0)"},
		{[]any{map[string]any{"$dims": []any{int64(0), int64(2), int64(-1), int64(0), int64(0), int64(0), int64(0)}}, 1e-05}, "[0 2 -1 0 0 0 0] 1e-05"},
		{map[string]any{"$verbatim": " x = 1; "}, "#{ x = 1; #}"},
		{map[string]any{"$uniformList": map[string]any{"size": int64(20000), "value": int64(0)}}, "20000{0}"},
		{nil, ""},
	}
	for _, c := range cases {
		items, err := ValueItems(c.v)
		if err != nil {
			t.Errorf("%v: %v", c.v, err)
			continue
		}
		if got := FormatItems(items); got != c.want {
			t.Errorf("%#v: %q, want %q", c.v, got, c.want)
		}
	}
	for _, c := range []struct {
		v    any
		want string
	}{
		{[]any{"Gauss", "linear"}, "Gauss linear"},
		{[]any{"bounded", "Gauss", "limitedLinear", int64(1)}, "bounded Gauss limitedLinear 1"},
		{[]any{"uniform", int64(1)}, "(uniform 1)"},
		{"Euler", "Euler"},
	} {
		items, err := SchemeItems(c.v)
		if got := FormatItems(items); err != nil || got != c.want {
			t.Errorf("SchemeItems(%#v) = %q, %v; want %q", c.v, got, err, c.want)
		}
	}
	for _, bad := range []any{
		map[string]any{"$nonuniform": map[string]any{"type": "vector", "size": int64(400)}},
		map[string]any{"$codeStream": map[string]any{"code": "x"}},
		map[string]any{"$elided": map[string]any{"size": int64(100)}},
		map[string]any{"$dims": nil, "raw": "furlong", "error": "unknown unit"},
		[]any{"a", nil},
		true,
	} {
		if items, err := ValueItems(bad); err == nil {
			t.Errorf("%#v: no error, wrote %q", bad, FormatItems(items))
		}
	}
}

func TestValueDict(t *testing.T) {
	obj := map[string]any{
		"solvers": map[string]any{
			"p":      map[string]any{"solver": "PCG", "preconditioner": "DIC", "tolerance": 1e-06, "relTol": 0.05},
			"$regex": []any{map[string]any{"pattern": "(U|k|epsilon)", "value": map[string]any{"solver": "smoothSolver", "nSweeps": int64(1)}}},
		},
		"PISO":       map[string]any{"nCorrectors": int64(2), "pRefCell": int64(0)},
		"divSchemes": map[string]any{"div(phi,U)": []any{"Gauss", "linearUpwind", "grad(U)"}},
		"phases":     []any{"water", "air"},
		"k":          nil,
		"inlet":      map[string]any{"type": "fixedValue", "value": map[string]any{"$uniform": []any{10.0, 0.0, 0.0}}},
		"vertex":     []any{[]any{int64(0), int64(0), int64(0)}, []any{int64(1), int64(0), int64(0)}},
		"name":       "a b",
	}
	got, text, err := roundTrip(t, obj)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if !reflect.DeepEqual(got, obj) {
		t.Fatalf("round trip differs:\n%s\ngot  %#v\nwant %#v", text, got, obj)
	}
	for _, want := range []string{"\"(U|k|epsilon)\"", "div(phi,U)      Gauss linearUpwind grad(U);", "phases          (water air);", "k;", "name            \"a b\";"} {
		if !strings.Contains(text, want) {
			t.Errorf("printed text lacks %q:\n%s", want, text)
		}
	}
	if _, err := ValueDict(map[string]any{"a b": int64(1)}); err == nil {
		t.Error("a keyword that is not a word was accepted")
	}
}

// unwritable reports the tagged values ValueItems refuses by design: bulk data (nonuniform fields
// without their values), dynamic code and unreadable dimension sets.
func unwritable(v any) string {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			if r := unwritable(e); r != "" {
				return r
			}
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			switch {
			case k == "$nonuniform" || k == "$codeStream" || k == "$calc" || k == "$eval":
				return k
			case k == "$dims" && x[k] == nil:
				return "$dims error"
			}
			if r := unwritable(x[k]); r != "" {
				return r
			}
		}
	}
	return ""
}

// TestValueItemsRoundTrip: for every tutorial dictionary that expands without a deny finding and
// holds no bulk data, expanded value -> ValueDict -> Format -> Parse -> Expand gives the same value.
func TestValueItemsRoundTrip(t *testing.T) {
	root := foamtest.Tutorials(t)
	files, _ := tutorialCorpus(t)
	var mu sync.Mutex
	ok := 0
	skipped := map[string]int{}
	var failures []string
	forEachParallel(files, func(cf corpusFile) {
		reason, fail := "", ""
		defer func() {
			mu.Lock()
			defer mu.Unlock()
			switch {
			case fail != "":
				failures = append(failures, cf.rel+": "+fail)
			case reason != "":
				skipped[reason]++
			default:
				ok++
			}
		}()
		f, err := Parse(cf.rel, cf.src)
		if err != nil {
			reason = "parse error"
			return
		}
		if f.IsList() {
			reason = "top-level list file"
			return
		}
		bulk := false
		walkItems(f, func(it Item) {
			switch l := it.(type) {
			case *NumList, *BinList:
				bulk = true
			case *List:
				bulk = bulk || len(l.Items) > 1000 // lumpedPointMotion's response table
			}
		})
		if bulk {
			reason = "bulk data"
			return
		}
		x := Expand(f, filepath.Join(root, cf.rel), ExpandOptions{})
		for _, fd := range x.Findings {
			if fd.Severity == finding.Deny {
				reason = "expands with a deny finding"
				return
			}
		}
		want := x.Value(ValueOptions{Values: true})
		if r := unwritable(want); r != "" {
			reason = "holds " + r
			return
		}
		got, text, err := roundTrip(t, want.(map[string]any))
		switch {
		case err != nil:
			fail = err.Error()
		case !reflect.DeepEqual(got, want):
			fail = "value differs after the round trip:\n" + text
		}
	})
	sort.Strings(failures)
	for i, f := range failures {
		if i == 10 {
			t.Errorf("… and %d more", len(failures)-10)
			break
		}
		t.Error(f)
	}
	t.Logf("%d dictionaries round-trip; skipped %v", ok, skipped)
	if ok < 5000 {
		t.Errorf("only %d dictionaries round-tripped", ok)
	}
}
