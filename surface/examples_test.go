package surface

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the example surfaces under examples/geometry")

// exampleSurfaces are the STL files of examples/geometry, made by the shapes of this
// package (go test ./surface -run TestExampleSurfaces -update rewrites them).
func exampleSurfaces() map[string]*Surface {
	one := func(s *Surface, name string) *Surface {
		s.Regions = []string{name}
		for i := range s.Tris {
			s.Tris[i].Region = 0
		}
		return s
	}
	// A 90-degree pipe bend: D = 0.1 m, bend radius 0.2 m, straight legs 0.3 m.
	var bend [][3]float64
	bend = append(bend, [3]float64{-0.3, 0, 0}, [3]float64{-0.15, 0, 0})
	for i := 0; i <= 12; i++ {
		a := -math.Pi/2 + float64(i)/12*math.Pi/2
		bend = append(bend, [3]float64{0.2 * math.Cos(a), 0.2 + 0.2*math.Sin(a), 0})
	}
	bend = append(bend, [3]float64{0.2, 0.35, 0}, [3]float64{0.2, 0.5, 0})
	return map[string]*Surface{
		"sphere/sphere.stl":     Sphere(3, [3]float64{}, 0.5, "sphere"),
		"cylinder/cylinder.stl": one(Tube([][3]float64{{0, 0, -1}, {0, 0, 1}}, 0.5, 48, [3]string{"a", "b", "c"}), "cylinder"),
		"cube/cube.stl":         Box([3]float64{-500, -500, -500}, [3]float64{500, 500, 500}, "cube"), // millimetres
		"pipe-bend/pipe.stl":    Tube(bend, 0.05, 32, [3]string{"inlet", "wall", "outlet"}),
		"tandem/tandem.stl": Join(Box([3]float64{-1, -0.25, -0.25}, [3]float64{-0.5, 0.25, 0.25}, "front"),
			Sphere(2, [3]float64{0.25, 0, 0}, 0.25, "rear")),
	}
}

// TestExampleSurfaces: the example STL files are what the shapes make, and each is closed
// with consistent normals (surfaceCheck's rules).
func TestExampleSurfaces(t *testing.T) {
	for rel, s := range exampleSurfaces() {
		r := Check(s)
		if !r.Closed() || len(r.Illegal) > 0 || r.NormalZones != r.Parts {
			t.Errorf("%s: open %d, multi %d, illegal %d, zones %d in %d parts", rel, len(r.OpenEdges), len(r.MultiEdges), len(r.Illegal), r.NormalZones, r.Parts)
		}
		var b bytes.Buffer
		if err := WriteSTL(&b, s); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("..", "examples", "geometry", filepath.FromSlash(rel))
		if *update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, b.Bytes()) {
			t.Errorf("%s differs from what the shapes make (go test ./surface -run TestExampleSurfaces -update): %v", path, err)
		}
		back, err := Read(path)
		if err != nil {
			t.Fatal(err)
		}
		if rb := Check(back); rb.Triangles != r.Triangles || !rb.Closed() {
			t.Errorf("%s read back: %d triangles (want %d), closed %v", rel, rb.Triangles, r.Triangles, rb.Closed())
		}
	}
}
