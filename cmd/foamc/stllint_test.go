package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestLintMalformedSTL: a large malformed STL in a case is a located finding of foamc lint,
// quickly. Outside constant/triSurface it is read as any case file, as a possible
// dictionary (the grammar's finding); in constant/triSurface, where snappyHexMesh reads it,
// the surface reader's, at the bad token.
func TestLintMalformedSTL(t *testing.T) {
	control := "FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }\napplication simpleFoam;\nstartFrom startTime;\nstartTime 0;\n"
	semi, semiLine, semiCol := foamtest.ASCIISTL(20000, 19990, ";") // a ';' near the end: a number then starts an entry
	word, _, _ := foamtest.ASCIISTL(20000, 3, "vertx")              // a word near the start: no ';' anywhere
	lines := bytes.Count(word, []byte("\n"))
	coord, coordLine, _ := foamtest.ASCIISTL(20000, 19990, "vertex 1 0 zero")
	coordCol := len("      vertex 1 0 ") + 1
	for _, c := range []struct {
		name  string
		files map[string][]byte
		want  string
	}{
		{"semicolon", map[string][]byte{"constant/hull.stl": semi},
			fmt.Sprintf("/constant/hull.stl:%d:%d: warn [FOAM-PARSE-001] cannot read constant/hull.stl: a number cannot start an entry", semiLine, semiCol+2)},
		{"word", map[string][]byte{"constant/hull.stl": word},
			fmt.Sprintf("/constant/hull.stl:%d:%d: warn [FOAM-PARSE-007] cannot read constant/hull.stl: missing ';' after the value of \"solid\" (found the end of the file)", lines, len("endsolid hull")+1)},
		{"triSurface", map[string][]byte{"constant/triSurface/hull.stl": coord, "system/snappyHexMeshDict": []byte(
			"FoamFile { version 2.0; format ascii; class dictionary; object snappyHexMeshDict; }\ncastellatedMesh true;\ngeometry { hull.stl { type triSurfaceMesh; name hull; } }\n")},
			fmt.Sprintf("/system/snappyHexMeshDict:3:12: warn [FOAM-STRUCT-013] constant/triSurface/hull.stl cannot be read as a surface: line %d, column %d: \"zero\" is no coordinate", coordLine, coordCol)},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			c.files["system/controlDict"] = []byte(control)
			for rel, data := range c.files {
				p := filepath.Join(dir, filepath.FromSlash(rel))
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want := c.want
			start := time.Now()
			_, out, errs := runFoamc("lint", dir)
			t.Logf("lint: %v", time.Since(start))
			if !strings.Contains(out, dir+want) {
				t.Errorf("lint output lacks %q:\n%s%s", dir+want, out, errs)
			}
		})
	}
}
