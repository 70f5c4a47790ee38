package foamcase

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/foamtest"
)

// TestBlockVerticesScale: the scale BlockVertices reads is the one blockMesh v1912 prints
// ("Creating points with scale X"): `scale` over `convertToMeters`, 1 for a factor that is
// not positive.
func TestBlockVerticesScale(t *testing.T) {
	blockMesh := foamtest.RequireBinary(t, "blockMesh")
	const control = "FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }\n" +
		"application blockMesh; startFrom startTime; startTime 0; stopAt endTime; endTime 1; deltaT 1;\n" +
		"writeControl timeStep; writeInterval 1;\n"
	const rest = "vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1));\n" +
		"blocks (hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1));\nedges ();\nboundary ();\n"
	printed := regexp.MustCompile(`Creating points with scale (\S+)`)
	for _, set := range []string{"", "scale 2; convertToMeters 0.5;", "convertToMeters 0.5;", "convertToMeters 0.5; scale 3;", "scale -3;", "scale 0;"} {
		dict := "FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }\n" + set + "\n" + rest
		dir := t.TempDir()
		for name, text := range map[string]string{"controlDict": control, "blockMeshDict": dict} {
			if err := os.MkdirAll(filepath.Join(dir, "system"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "system", name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command(blockMesh, "-case", dir)
		cmd.Env = foamtest.Env()
		out, err := cmd.CombinedOutput()
		m := printed.FindSubmatch(out)
		if err != nil || m == nil {
			t.Fatalf("%q: blockMesh: %v\n%s", set, err, out)
		}
		want, _ := strconv.ParseFloat(string(m[1]), 64)
		f, err := grammar.Parse("blockMeshDict", []byte(dict))
		if err != nil {
			t.Fatal(err)
		}
		verts, scale, bad := BlockVertices(f.Body)
		if scale != want || bad != nil || len(verts) != 8 || verts[6] != [3]float64{1, 1, 1} {
			t.Errorf("%q: scale %v (blockMesh %v), %d vertices, bad %v", set, scale, want, len(verts), bad)
		}
	}
}
