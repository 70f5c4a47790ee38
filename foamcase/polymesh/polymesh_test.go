package polymesh

import (
	"math"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestFormatsAgree reads the cavity mesh as real blockMesh writes it in ASCII, binary and
// gzip-compressed binary: every array is the same (points to the ASCII file's 6 digits), and matches the cavity's 20x20x1 blocks.
func TestFormatsAgree(t *testing.T) {
	type mesh struct {
		pts              [][3]float64
		faces            [][]int
		owner, neighbour []int
	}
	read := func(format, compression string) mesh {
		dir := filepath.Join(foamtest.CavityMesh(t, format, compression), "constant", "polyMesh")
		var m mesh
		var err error
		if m.pts, err = Points(dir); err != nil {
			t.Fatal(err)
		}
		if m.faces, err = Faces(dir); err != nil {
			t.Fatal(err)
		}
		if m.owner, err = Labels(dir, "owner"); err != nil {
			t.Fatal(err)
		}
		if m.neighbour, err = Labels(dir, "neighbour"); err != nil {
			t.Fatal(err)
		}
		return m
	}
	ascii := read("ascii", "off")
	if len(ascii.pts) != 21*21*2 || len(ascii.faces) != 1640 || len(ascii.owner) != 1640 || len(ascii.neighbour) != 760 {
		t.Fatalf("ascii cavity: %d points, %d faces, %d owners, %d neighbours; want 882, 1640, 1640, 760",
			len(ascii.pts), len(ascii.faces), len(ascii.owner), len(ascii.neighbour))
	}
	if ext := Extent(ascii.pts); ext != [3]float64{0.1, 0.1, 0.01} {
		t.Errorf("ascii cavity extent %v, want [0.1 0.1 0.01]", ext)
	}
	a, err := FaceArea(ascii.faces[0], ascii.pts)
	if err != nil || a != [3]float64{5e-5, 0, 0} {
		t.Errorf("first internal face area %v (%v), want (0.005*0.01 0 0)", a, err)
	}
	for _, c := range [][2]string{{"binary", "off"}, {"binary", "on"}, {"ascii", "on"}} {
		got := read(c[0], c[1])
		if !near(got.pts, ascii.pts) || !reflect.DeepEqual(got.faces, ascii.faces) ||
			!reflect.DeepEqual(got.owner, ascii.owner) || !reflect.DeepEqual(got.neighbour, ascii.neighbour) {
			t.Errorf("%s mesh (compression %s) differs from the ascii one: points %v, faces %v, owner %v, neighbour %v", c[0], c[1],
				near(got.pts, ascii.pts), reflect.DeepEqual(got.faces, ascii.faces),
				reflect.DeepEqual(got.owner, ascii.owner), reflect.DeepEqual(got.neighbour, ascii.neighbour))
		}
	}
}

// near: the binary points are the exact doubles, the ASCII ones rounded to writePrecision 6.
func near(a, b [][3]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		for d := range a[i] {
			if math.Abs(a[i][d]-b[i][d]) > 1e-9 {
				return false
			}
		}
	}
	return true
}
