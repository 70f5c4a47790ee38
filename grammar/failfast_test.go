package grammar

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

// TestMalformedLargeFileFailsOnce: a large malformed file whose one failing stretch was the
// whole file (no ';': an STL surface, gzipped) is reported from that parse, not parsed
// again: the finding is the one the whole parse gives, at the same place, in about half
// the time (the second participle pass over every token is gone).
func TestMalformedLargeFileFailsOnce(t *testing.T) {
	src, _, _ := foamtest.ASCIISTL(1500, -1, "") // 0.2 MB, 21 k tokens, no ';': a solid is no dictionary
	_, want := parseWhole("hull.stl", src, bounds{})
	if want == nil {
		t.Fatal("the malformed STL parses as a dictionary")
	}
	start := time.Now()
	_, got := Parse("hull.stl", src)
	took := time.Since(start)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("chunked parse: %v\nwhole parse: %v", got, want)
	}
	start = time.Now()
	parseWhole("hull.stl", src, bounds{})
	whole := time.Since(start)
	t.Logf("%d bytes: Parse fails in %v, one whole parse takes %v", len(src), took, whole)
	if took > whole*3/2 {
		t.Errorf("Parse took %v, a whole parse %v: the file was parsed twice", took, whole)
	}

	// Through ParseFile, gzipped as surfaces are shipped.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(src)
	zw.Close()
	p := filepath.Join(t.TempDir(), "hull.stl.gz")
	if err := os.WriteFile(p, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	_, want = parseWhole(p, src, bounds{})
	if _, err := ParseFile(p); !reflect.DeepEqual(err, want) {
		t.Errorf("ParseFile: %v, want %v", err, want)
	}
}

// TestUnterminatedLastEntry: a file whose last entry is a keyword and one-token items up
// to its end, without the ';' (an ASCII STL is one such entry), fails with the grammar's
// own finding, found without running the grammar over it (stretch).
func TestUnterminatedLastEntry(t *testing.T) {
	for _, head := range []string{"", "FoamFile { format ascii; }\n", "{ s 1; }\n", "a 1;\nb { c (1 2); }\n", "#include \"f\"\n", "d (1 2);;\n"} {
		for _, last := range []string{
			"solid hull facet normal 0 0 1", `"k" v`, "k $v", "k 1.5e3", `k "s"`, "k a : b , c", "k #{ x #}", "k x\n// c\n", "k -",
		} {
			src := []byte(head + last)
			_, got := Parse("t", src)
			_, want := parseWhole("t", src, bounds{})
			if want == nil || !reflect.DeepEqual(got, want) {
				t.Errorf("%q: Parse %v\ngrammar %v", src, got, want)
			}
		}
	}
}

// TestMalformedSTLFinding: a 2.6 MB STL with a bad token near its start or its end is the
// grammar's located finding, found in well under a second. A word ("vertx") is a value
// like any other: the solid's value misses its ';' at the end of the file. A ';' ends the
// solid's entry there, and the number after it cannot start one.
func TestMalformedSTLFinding(t *testing.T) {
	for _, k := range []int{3, 19990} {
		for _, bad := range []string{"vertx", ";"} {
			src, line, col := foamtest.ASCIISTL(20000, k, bad)
			start := time.Now()
			_, err := Parse("hull.stl", src)
			took := time.Since(start)
			want := finding.Location{File: "hull.stl", Line: bytes.Count(src, []byte("\n")), Column: len("endsolid hull") + 1}
			summary := `missing ';' after the value of "solid" (found the end of the file)`
			if bad == ";" {
				want.Line, want.Column = line, col+2
				summary = "a number cannot start an entry unless a list follows (found number 0 after it)"
			}
			var fd finding.Finding
			if !errors.As(err, &fd) || fd.Location != want || fd.Summary != summary {
				t.Errorf("%q at facet %d: %v, want %v %s", bad, k, err, want, summary)
			}
			if took > 5*time.Second {
				t.Errorf("%q at facet %d: %v for %d bytes", bad, k, took, len(src))
			}
		}
	}
}

// TestSegmentErrorIsTheGrammars: a grammar error in any top-level segment of a file
// scanned in one piece is reported from that segment's parse; it is the finding of the
// grammar over the whole file, wherever the segment is.
func TestSegmentErrorIsTheGrammars(t *testing.T) {
	good := "a 1;;\nb { c (1 2 3); d \"x\"; }\n#include \"f\"\ne $a;\nf ( w ( 1 2 ) ) ;\ng [0 1 -1 0 0 0 0] 2.5;\n$b\nh #eval{ 1 + 2 };\n"
	for _, bad := range []string{
		"k 1 ; 0 0 x;\n", "5 b;\n", "x { y }\n", "#include\n", "k [0 1;\n", "k (1 2) 3 ( a;\n",
		"#remove\n", "k #eval;\n", "k 1 2 ;; 3;\n", "\"s\" { } 1 ;\n", "#inputMode;\n", "k ( ] ;\n",
	} {
		long := strings.Repeat(good, 20) // past a chunk of 3 or 50 tokens: the error is in a later stretch
		for _, src := range []string{bad + good, good + bad + good, good + bad, long + bad + good, long + bad, long + bad + long + "x \x00;"} {
			_, want := parseWhole("t", []byte(src), bounds{})
			if want == nil {
				t.Errorf("%q parses", src)
			}
			for _, chunk := range []int{0, 3, 50} {
				if _, got := parseChunked("t", []byte(src), chunk); !reflect.DeepEqual(got, want) {
					t.Errorf("%.80q…, chunks of %d:\nParse   %v\ngrammar %v", src, chunk, got, want)
				}
			}
		}
	}
}

// TestMissingSemicolonKey: the finding names the entry whose value runs on, also when a
// dictionary entry (ended by its '}', no ';') comes before it; it named the file's first
// keyword there.
func TestMissingSemicolonKey(t *testing.T) {
	for src, want := range map[string]string{
		"a { x 1; }\nb 1\n":         `"b"`,
		"a { x 1; }\nb (1 2)\n":     `"b"`,
		"a { x { y 1; } }\nb 1\n":   `"b"`,
		"a 1;\nb { x 1; }\nc d e\n": `"c"`,
	} {
		_, err := Parse("d", []byte(src))
		var fd finding.Finding
		if !errors.As(err, &fd) || !strings.Contains(fd.Summary, "after the value of "+want) {
			t.Errorf("%q: %v, want the value of %s", src, err, want)
		}
	}
}
