package grammar

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// malformedSTL is an ASCII STL of n facets: no ';' anywhere, so the grammar's first
// stretch is the whole file, and it fails (a solid is no dictionary).
func malformedSTL(n int) []byte {
	var b bytes.Buffer
	b.WriteString("solid hull\n")
	for i := 0; i < n; i++ {
		x := float64(i) * 1e-3
		fmt.Fprintf(&b, "  facet normal 0 0 1\n    outer loop\n      vertex %g 0 0\n      vertex %g 1 0\n      vertex %g 0 1\n    endloop\n  endfacet\n", x, x, x)
	}
	b.WriteString("endsolid hull\n")
	return b.Bytes()
}

// TestMalformedLargeFileFailsOnce: a large malformed file whose one failing stretch was the
// whole file (no ';': an STL surface, gzipped) is reported from that parse, not parsed
// again: the finding is the one the whole parse gives, at the same place, in about half
// the time (the second participle pass over every token is gone).
func TestMalformedLargeFileFailsOnce(t *testing.T) {
	src := malformedSTL(1500) // 0.2 MB, 21 k tokens (participle's parse is superlinear)
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
