package surface

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestReadLocatesBadToken: a malformed record is a SyntaxError at the token that is wrong.
func TestReadLocatesBadToken(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, text string
		line, col  int
		msg        string
	}{
		{"coord.stl", "solid a\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 x0\n", 5, 15, `"x0" is no coordinate`},
		{"short.stl", "solid a\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n\t vertex 1 0\n", 5, 3, "vertex needs three coordinates"},
		{"quad.stl", "solid a\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n  endloop\n", 6, 3, "a facet with 2 vertices (STL facets are triangles)"},
		{"coord.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv  0 0 1e\n", 4, 8, `"1e" is no coordinate`},
		{"index.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n", 4, 7, "vertex 4 out of range 1..3"},
		{"word.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 x/2 3\n", 4, 5, `"x/2" is no vertex index`},
	} {
		p := filepath.Join(dir, c.name)
		if err := os.WriteFile(p, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Read(p)
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line != c.line || se.Column != c.col || se.Msg != c.msg {
			t.Errorf("%s: %v, want line %d column %d %q", c.name, err, c.line, c.col, c.msg)
		}
	}
}

// BenchmarkReadASCIISTL reads a well-formed 2.6 MB ASCII STL.
func BenchmarkReadASCIISTL(b *testing.B) {
	src, _, _ := foamtest.ASCIISTL(20000, -1, "")
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		s, err := parseASCIISTL(src)
		if err != nil || len(s.Tris) != 20000 {
			b.Fatal(err)
		}
	}
}
