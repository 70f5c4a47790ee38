package surface

import (
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// icosphere is Sphere as point and triangle lists, for planting faults.
func icosphere(n int, centre [3]float64, radius float64) ([][3]float64, [][3]int) {
	s := Sphere(n, centre, radius, "body")
	tris := make([][3]int, len(s.Tris))
	for i, t := range s.Tris {
		tris[i] = t.V
	}
	return s.Points, tris
}

func writeASCII(t *testing.T, path string, pts [][3]float64, tris [][3]int) {
	s := &Surface{Points: pts, Regions: []string{"body"}}
	for _, f := range tris {
		s.Tris = append(s.Tris, Tri{V: f})
	}
	var b strings.Builder
	if err := WriteSTL(&b, s); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeBinary(t *testing.T, path string, pts [][3]float64, tris [][3]int) {
	b := make([]byte, 84+50*len(tris))
	copy(b, "binary STL written by the surface test")
	binary.LittleEndian.PutUint32(b[80:], uint32(len(tris)))
	for i, f := range tris {
		rec := b[84+50*i:]
		for v := 0; v < 3; v++ {
			for k := 0; k < 3; k++ {
				binary.LittleEndian.PutUint32(rec[12+12*v+4*k:], math.Float32bits(float32(pts[f[v]][k])))
			}
		}
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// surfaceCheck runs OpenFOAM's surfaceCheck and returns what it counted.
type counts struct {
	tris, regions, verts, illegal, open, multi, parts, zones int
}

var (
	reTris    = regexp.MustCompile(`Triangles\s*:\s*(\d+) in (\d+) region`)
	reVerts   = regexp.MustCompile(`Vertices\s*:\s*(\d+)`)
	reIllegal = regexp.MustCompile(`Surface has (\d+) illegal triangles`)
	reOpen    = regexp.MustCompile(`connected to one face : (\d+)`)
	reMulti   = regexp.MustCompile(`connected to >2 faces : (\d+)`)
	reParts   = regexp.MustCompile(`Number of unconnected parts : (\d+)`)
	reZones   = regexp.MustCompile(`Number of zones \(connected area with consistent normal\) : (\d+)`)
)

func num(re *regexp.Regexp, s string, group int) int {
	m := re.FindStringSubmatch(s)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[group])
	return n
}

func surfaceCheck(t *testing.T, path string) counts {
	t.Helper()
	cmd := exec.Command("surfaceCheck", filepath.Base(path))
	cmd.Dir, cmd.Env = filepath.Dir(path), foamtest.Env()
	out, err := cmd.CombinedOutput()
	s := string(out)
	if err != nil || !strings.Contains(s, "End") {
		t.Fatalf("surfaceCheck %s: %v\n%s", path, err, s)
	}
	return counts{num(reTris, s, 1), num(reTris, s, 2), num(reVerts, s, 1), num(reIllegal, s, 1),
		num(reOpen, s, 1), num(reMulti, s, 1), num(reParts, s, 1), num(reZones, s, 1)}
}

func ours(s *Surface, r Report) counts {
	return counts{r.Triangles, len(s.Regions), r.Vertices, len(r.Illegal), len(r.OpenEdges), len(r.MultiEdges), r.Parts, r.NormalZones}
}

// TestAgainstSurfaceCheck: the counts surfaceCheck v1912 prints (triangles, regions, vertices,
// illegal triangles, open and multiply connected edges, parts, normal zones) equal the
// package's on a clean sphere in both STL encodings, on each planted fault, and on the
// tutorials' geometries.
func TestAgainstSurfaceCheck(t *testing.T) {
	foamtest.RequireBinary(t, "surfaceCheck")
	dir := t.TempDir()
	pts, tris := icosphere(3, [3]float64{0.1, -0.2, 0.3}, 0.5)
	faults := map[string]func() ([][3]float64, [][3]int){
		"clean": func() ([][3]float64, [][3]int) { return pts, tris },
		"hole":  func() ([][3]float64, [][3]int) { return pts, tris[1:] },
		"flipped": func() ([][3]float64, [][3]int) {
			ts := append([][3]int(nil), tris...)
			ts[7] = [3]int{ts[7][0], ts[7][2], ts[7][1]}
			return pts, ts
		},
		"duplicate": func() ([][3]float64, [][3]int) { return pts, append(append([][3]int(nil), tris...), tris[5]) },
		"degenerate": func() ([][3]float64, [][3]int) {
			ts := append([][3]int(nil), tris...)
			ts[9] = [3]int{ts[9][0], ts[9][0], ts[9][1]}
			return pts, ts
		},
		"fin": func() ([][3]float64, [][3]int) {
			ps := append(append([][3]float64(nil), pts...), [3]float64{2, 2, 2})
			return ps, append(append([][3]int(nil), tris...), [3]int{tris[0][0], tris[0][1], len(ps) - 1})
		},
		"twobodies": func() ([][3]float64, [][3]int) {
			p2, t2 := icosphere(2, [3]float64{3, 0, 0}, 0.4)
			ps := append(append([][3]float64(nil), pts...), p2...)
			ts := append([][3]int(nil), tris...)
			for _, f := range t2 {
				ts = append(ts, [3]int{f[0] + len(pts), f[1] + len(pts), f[2] + len(pts)})
			}
			return ps, ts
		},
	}
	var files []string
	for name, make := range faults {
		ps, ts := make()
		a := filepath.Join(dir, name+".stl")
		writeASCII(t, a, ps, ts)
		files = append(files, a)
		if name == "clean" || name == "flipped" {
			b := filepath.Join(dir, name+"-binary.stl")
			writeBinary(t, b, ps, ts)
			files = append(files, b)
		}
	}
	geometry := filepath.Join(foamtest.SourceDir(t), "tutorials", "resources", "geometry")
	for _, g := range []string{"blob.stl.gz", "flange.stl.gz", "bullet.stl.gz", "wigley.stl.gz", "building_wtc2.obj"} {
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
			t.Errorf("%s: %v", filepath.Base(f), err)
			continue
		}
		got, want := ours(s, Check(s)), surfaceCheck(t, f)
		if got != want {
			t.Errorf("%s: foamc %+v, surfaceCheck %+v", filepath.Base(f), got, want)
		} else {
			t.Logf("%s: %+v", filepath.Base(f), got)
		}
	}
}

// TestInside: ray parity on a closed sphere; an open surface has no inside.
func TestInside(t *testing.T) {
	s := Sphere(2, [3]float64{1, 2, 3}, 1, "s")
	r := Check(s)
	for _, c := range []struct {
		p    [3]float64
		want bool
	}{{[3]float64{1, 2, 3}, true}, {[3]float64{1.5, 2.2, 3.1}, true}, {[3]float64{3, 2, 3}, false}, {[3]float64{1, 2, 4.5}, false}, {[3]float64{1, 2, 3.5}, true}} {
		if in, ok := Inside(s, r, c.p); !ok || in != c.want {
			t.Errorf("Inside(%v) = %v, %v; want %v", c.p, in, ok, c.want)
		}
	}
	s.Tris = s.Tris[1:]
	if _, ok := Inside(s, Check(s), [3]float64{1, 2, 3}); ok {
		t.Error("an open surface has no inside")
	}
}
