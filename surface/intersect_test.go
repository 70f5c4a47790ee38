package surface

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

var reSelf = regexp.MustCompile(`Surface is self-intersecting at (\d+) locations|Surface is not self-intersecting`)

// TestSelfIntersectionAgainstSurfaceCheck: the verdict (and, where each edge crosses at
// most two triangles, the count) of surfaceCheck -checkSelfIntersection v1912 on clean and
// planted surfaces and the tutorial geometries.
func TestSelfIntersectionAgainstSurfaceCheck(t *testing.T) {
	foamtest.RequireBinary(t, "surfaceCheck")
	dir := t.TempDir()
	pushed := Sphere(2, [3]float64{}, 1, "s")
	pushed.Points[0] = [3]float64{-pushed.Points[0][0] * 1.5, -pushed.Points[0][1] * 1.5, -pushed.Points[0][2] * 1.5} // a spike through the far side
	overlap := Join(Sphere(2, [3]float64{}, 1, "a"), Sphere(2, [3]float64{1.2, 0, 0}, 0.6, "b"))
	cases := map[string]*Surface{
		"clean.stl":   Sphere(3, [3]float64{}, 1, "s"),
		"pushed.stl":  pushed,
		"overlap.stl": overlap,
		"tandem.stl":  Join(Box([3]float64{-1, -0.25, -0.25}, [3]float64{-0.5, 0.25, 0.25}, "front"), Sphere(2, [3]float64{0.25, 0, 0}, 0.25, "rear")),
	}
	var files []string
	for name, s := range cases {
		var b bytes.Buffer
		if err := WriteSTL(&b, s); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	geometry := filepath.Join(foamtest.SourceDir(t), "tutorials", "resources", "geometry")
	for _, g := range []string{"blob.stl.gz", "flange.stl.gz"} {
		b, err := os.ReadFile(filepath.Join(geometry, g))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, g)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	for _, f := range files {
		s, err := Read(f)
		if err != nil {
			t.Fatal(err)
		}
		hits, ok := SelfIntersections(s)
		if !ok {
			t.Fatalf("%s: not tested", f)
		}
		cmd := exec.Command("surfaceCheck", "-checkSelfIntersection", filepath.Base(f))
		cmd.Dir, cmd.Env = dir, foamtest.Env()
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("surfaceCheck %s: %v\n%s", f, err, out)
		}
		m := reSelf.FindSubmatch(out)
		if m == nil {
			t.Fatalf("surfaceCheck %s printed no self-intersection verdict:\n%s", f, out)
		}
		want, _ := strconv.Atoi(string(m[1]))
		if (want > 0) != (len(hits) > 0) {
			t.Errorf("%s: foamc finds %d self-intersections, surfaceCheck %d", filepath.Base(f), len(hits), want)
		}
		if filepath.Ext(f) == ".stl" && len(hits) != want {
			// The planted faults: every crossing edge hits at most two triangles.
			t.Errorf("%s: foamc counts %d, surfaceCheck %d", filepath.Base(f), len(hits), want)
		}
		t.Logf("%s: foamc %d, surfaceCheck %d", filepath.Base(f), len(hits), want)
	}
}
