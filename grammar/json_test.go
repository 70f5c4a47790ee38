package grammar

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestSyntaxJSONReversible checks JSON -> File -> JSON on the tutorial dictionaries:
// every file with a FoamFile header in its first 4 KiB, and every other file under
// 64 KiB that parses (header-less include files); large header-less files are
// surface/mesh data (STL, OBJ…). Identical bytes are required, with bulk numeric
// lists kept as raw text (SyntaxOptions.Values). Binary lists are the documented
// exception (count only).
func TestSyntaxJSONReversible(t *testing.T) {
	tut := foamtest.Tutorials(t)
	var paths []string
	err := filepath.WalkDir(tut, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Size() < 64<<10 {
			paths = append(paths, p)
			return nil
		}
		fh, err := os.Open(p)
		if err != nil {
			return err
		}
		defer fh.Close()
		head := make([]byte, 4096)
		n, _ := fh.Read(head)
		if bytes.Contains(head[:n], []byte("FoamFile")) {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	checked, unparsed, binary := 0, 0, 0
	for _, p := range paths {
		f, err := ParseFile(p)
		if err != nil {
			unparsed++
			continue
		}
		if hasBinList(f) {
			binary++
			continue
		}
		rel, _ := filepath.Rel(tut, p)
		first, err := ToJSON(f, SyntaxOptions{Values: true})
		if err != nil {
			t.Errorf("%s: ToJSON: %v", rel, err)
			continue
		}
		if err := sameAsEncodingJSON(f, first); err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		back, err := FromJSON(rel, first)
		if err != nil {
			t.Errorf("%s: FromJSON: %v", rel, err)
			continue
		}
		second, err := ToJSON(back, SyntaxOptions{Values: true})
		if err != nil {
			t.Errorf("%s: ToJSON after FromJSON: %v", rel, err)
			continue
		}
		if !bytes.Equal(first, second) {
			t.Errorf("%s: JSON -> File -> JSON differs:\n%.300s\n%.300s", rel, first, second)
			continue
		}
		checked++
	}
	if checked < 6000 {
		t.Errorf("only %d files round-tripped", checked)
	}
	t.Logf("syntax JSON round trip: %d files identical, %d with binary lists skipped, %d not dictionaries (parse errors)", checked, binary, unparsed)
}

// sameAsEncodingJSON checks that the streamed syntax JSON of f, compact and indented
// at a prefix, is byte for byte what encoding/json writes for the same value (sorted
// object keys, its escaping and layout): the mapping was first defined by encoding a
// tree of maps, and `foamc parse` output must not change with the streaming writer.
func sameAsEncodingJSON(f *File, compact []byte) error {
	dec := json.NewDecoder(bytes.NewReader(compact))
	dec.UseNumber()
	var v struct { // the file level is an object with fields in this order
		Header any `json:"header"`
		Body   any `json:"body"`
		Stray  any `json:"stray,omitempty"`
	}
	if err := dec.Decode(&v); err != nil {
		return fmt.Errorf("streamed JSON does not decode: %w", err)
	}
	for _, layout := range [][2]string{{"", ""}, {"    ", "  "}} {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent(layout[0], layout[1])
		if err := enc.Encode(v); err != nil {
			return err
		}
		var got bytes.Buffer
		if err := ToSyntax(f, SyntaxOptions{Values: true}).WriteJSON(&got, layout[0], layout[1]); err != nil {
			return err
		}
		got.WriteByte('\n')
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			i := 0
			for i < min(got.Len(), want.Len()) && got.Bytes()[i] == want.Bytes()[i] {
				i++
			}
			return fmt.Errorf("streamed JSON (layout %q) differs from encoding/json at byte %d: %.80q vs %.80q", layout, i, got.Bytes()[i:], want.Bytes()[i:])
		}
	}
	return nil
}

func hasBinList(f *File) bool {
	found := false
	var walkItems func([]Item)
	var walkDict func(*Dict)
	walkItems = func(items []Item) {
		for _, it := range items {
			switch v := it.(type) {
			case *BinList:
				found = true
			case *List:
				walkItems(v.Items)
			case *Dict:
				walkDict(v)
			case *UniformList:
				walkItems([]Item{v.Value})
			}
		}
	}
	walkDict = func(d *Dict) {
		if d == nil {
			return
		}
		for _, e := range d.Entries {
			switch v := e.(type) {
			case *PrimitiveEntry:
				walkItems(v.Value)
			case *DictEntry:
				walkDict(v.Dict)
			case *ListEntry:
				walkItems([]Item{v.Value})
			case *DirectiveEntry:
				walkItems(v.Args)
			}
		}
	}
	walkDict(f.Body)
	return found
}

// TestSyntaxJSONDistinguishes checks the distinctions syntax mode promises.
func TestSyntaxJSONDistinguishes(t *testing.T) {
	f, err := Parse("t", []byte("a 1; b 1.0; c \"x\"; d x; \"e.*\" 1; #include \"inc\"\nf $g; $h;\ni 1.;\n"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := ToJSON(f, SyntaxOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"header":null,"body":[{"key":"a","value":[1]},{"key":"b","value":[1.0]},{"key":"c","value":[{"string":"x"}]},` +
		`{"key":"d","value":["x"]},{"key":"e.*","regex":true,"value":[1]},{"args":[{"string":"inc"}],"directive":"#include"},` +
		`{"key":"f","value":[{"$ref":"$g"}]},{"semicolon":true,"subst":"$h"},{"key":"i","value":[{"number":"1."}]}]}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestValueJSONSameAsEncodingJSON checks that the streamed expanded JSON (what
// `foamc parse --expand` prints) is byte for byte encoding/json's encoding of Value,
// compact and indented at a prefix, on the tutorial corpus and on the cases the
// corpus may lack: pattern keys ("$regex") sorted among keywords before and after
// '$', nested and empty dictionaries, list files.
func TestValueJSONSameAsEncodingJSON(t *testing.T) {
	same := func(name string, x *Expanded) {
		t.Helper()
		for _, layout := range [][2]string{{"", ""}, {"    ", "  "}} {
			var want bytes.Buffer
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(false)
			enc.SetIndent(layout[0], layout[1])
			if err := enc.Encode(x.Value(ValueOptions{Values: true})); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			var got bytes.Buffer
			if err := x.JSON(ValueOptions{Values: true}).WriteJSON(&got, layout[0], layout[1]); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			got.WriteByte('\n')
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				i := 0
				for i < min(got.Len(), want.Len()) && got.Bytes()[i] == want.Bytes()[i] {
					i++
				}
				t.Fatalf("%s: streamed JSON (layout %q) differs from encoding/json at byte %d: %.80q vs %.80q", name, layout, i, got.Bytes()[i:], want.Bytes()[i:])
			}
		}
	}
	for _, src := range []string{
		`"$regex" 1; b { "(U|k)" uniform (1 0 0); "#a" 2; "$regex" 3; A 4; }; c {} ; "(p|q)" { x y; } ; d 1.5e30 [0 1 -2 0 0 0 0] "é\u2028";`,
		`$regex; "a.*" 2;`,
		"a { $regex; }; \"a.*\" 2;",
		`"z.*" 1; "a.*" 2;`,
		"2\n(\nwalls { type wall; nFaces 10; startFace 0; }\ninlet { type patch; inGroups 1(inlet); }\n)\n",
		"(1 2 3)",
		"",
	} {
		f, err := Parse("t", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		same(src, Expand(f, "t", ExpandOptions{}))
	}
	files, _ := tutorialCorpus(t)
	root := foamtest.Tutorials(t)
	checked := 0
	for _, cf := range files {
		path := filepath.Join(root, cf.rel)
		f, err := Parse(path, cf.src)
		if err != nil {
			continue
		}
		same(cf.rel, Expand(f, path, ExpandOptions{}))
		checked++
	}
	if checked < 6000 {
		t.Errorf("only %d files compared", checked)
	}
	t.Logf("expanded JSON: %d tutorial files identical", checked)
}
