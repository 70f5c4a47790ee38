package surface

import (
	"encoding/binary"
	"fmt"
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

// icosphere is a closed, consistently outward-oriented sphere: an icosahedron refined n times.
func icosphere(n int, centre [3]float64, radius float64) ([][3]float64, [][3]int) {
	t := (1 + math.Sqrt(5)) / 2
	pts := [][3]float64{{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0}, {0, -1, t}, {0, 1, t}, {0, -1, -t}, {0, 1, -t}, {t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}}
	tris := [][3]int{{0, 11, 5}, {0, 5, 1}, {0, 1, 7}, {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8}, {3, 9, 4}, {3, 4, 2}, {3, 2, 6}, {3, 6, 8}, {3, 8, 9}, {4, 9, 5}, {2, 4, 11}, {6, 2, 10}, {8, 6, 7}, {9, 8, 1}}
	for ; n > 0; n-- {
		mid := map[[2]int]int{}
		half := func(a, b int) int {
			k := [2]int{min(a, b), max(a, b)}
			if i, ok := mid[k]; ok {
				return i
			}
			p := [3]float64{(pts[a][0] + pts[b][0]) / 2, (pts[a][1] + pts[b][1]) / 2, (pts[a][2] + pts[b][2]) / 2}
			pts = append(pts, p)
			mid[k] = len(pts) - 1
			return len(pts) - 1
		}
		var next [][3]int
		for _, f := range tris {
			a, b, c := half(f[0], f[1]), half(f[1], f[2]), half(f[2], f[0])
			next = append(next, [3]int{f[0], a, c}, [3]int{f[1], b, a}, [3]int{f[2], c, b}, [3]int{a, b, c})
		}
		tris = next
	}
	for i, p := range pts {
		l := math.Sqrt(p[0]*p[0] + p[1]*p[1] + p[2]*p[2])
		for k := range p {
			pts[i][k] = centre[k] + radius*p[k]/l
		}
	}
	return pts, tris
}

func writeASCII(t *testing.T, path string, pts [][3]float64, tris [][3]int) {
	var b strings.Builder
	b.WriteString("solid body\n")
	for _, f := range tris {
		b.WriteString("  facet normal 0 0 0\n    outer loop\n")
		for _, v := range f {
			fmt.Fprintf(&b, "      vertex %.9g %.9g %.9g\n", pts[v][0], pts[v][1], pts[v][2])
		}
		b.WriteString("    endloop\n  endfacet\n")
	}
	b.WriteString("endsolid body\n")
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
	pts, tris := icosphere(2, [3]float64{1, 2, 3}, 1)
	s := &Surface{Points: pts, Regions: []string{"s"}}
	for _, f := range tris {
		s.Tris = append(s.Tris, Tri{V: f})
	}
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
