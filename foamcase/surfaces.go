package foamcase

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/foamc/foamc/foamcase/polymesh"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/surface"
)

// Surface is what snappyHexMesh will read for one triSurfaceMesh of snappyHexMeshDict's
// geometry, measured as surfaceCheck measures it (package surface).
type Surface struct {
	// Name is the geometry entry; File the case-relative file triSurfaceMesh looks up
	// (constant/triSurface/<file entry or name>), "" when the entry names none.
	Name string `json:"name"`
	File string `json:"file"`
	// Found: the file exists (plain or .gz, as OpenFOAM finds it); Error is why it could
	// not be read as a surface ("" when it was).
	Found bool   `json:"found"`
	Error string `json:"error,omitempty"`
	// Counts as surfaceCheck prints them.
	Triangles   int `json:"triangles"`
	Illegal     int `json:"illegal"`
	OpenEdges   int `json:"openEdges"`
	MultiEdges  int `json:"multiEdges"`
	Parts       int `json:"parts"`
	NormalZones int `json:"normalZones"`
	// Box is the surface's bounding box; FirstOpenEdge one open edge's midpoint (where to look).
	Box           [2][3]float64 `json:"box"`
	FirstOpenEdge []float64     `json:"firstOpenEdge,omitempty"`
	// SelfIntersections counts edges crossing a triangle they share no point with
	// (surface.SelfIntersections, surfaceCheck's test; -1: too large to test);
	// FirstIntersection the first crossing's triangle and point.
	// FirstIllegal is the first illegal triangle and one of its points; FirstFlippedEdge the
	// midpoint of the first edge whose triangles run it the same way (normals flip there).
	FirstIllegal      *Crossing `json:"firstIllegal,omitempty"`
	FirstFlippedEdge  []float64 `json:"firstFlippedEdge,omitempty"`
	SelfIntersections int       `json:"selfIntersections"`
	FirstIntersection *Crossing `json:"firstSelfIntersection,omitempty"`
	// LocationInside: castellatedMeshControls' locationInMesh lies inside this closed surface
	// (nil when the surface is not closed or there is no locationInMesh).
	LocationInside *bool `json:"locationInside"`
}

// Crossing is where an edge of a surface crosses one of its triangles.
type Crossing struct {
	Triangle int        `json:"triangle"`
	Point    [3]float64 `json:"point"`
}

// snappyDict is where snappyHexMesh reads its settings.
const snappyDict = "system/snappyHexMeshDict"

// Background is the mesh snappyHexMesh starts from, as far as foamc can know it before it runs.
type Background struct {
	// Box is its bounding box; Source the file it comes from: constant/polyMesh/points (a
	// mesh is there), else the blockMeshDict's vertices times its scale (only when no curved
	// edge or projection can move the boundary past them).
	Box    [2][3]float64 `json:"box"`
	Source string        `json:"source"`
	// LocationInMesh is castellatedMeshControls' point, LocationInside whether it lies in
	// Box (snappyHexMesh stops when the point is in no cell: "is not inside the mesh"). Set
	// only when castellatedMesh is on: the other stages never look the point up.
	LocationInMesh []float64 `json:"locationInMesh"`
	LocationInside bool      `json:"locationInside"`
}

// background finds the box snappyHexMesh meshes inside; nil without a snappyHexMeshDict
// with a locationInMesh, or when the box cannot be known.
func background(dir string, files map[string]any, expanded map[string]*grammar.Expanded) *Background {
	d, _ := files[snappyDict].(map[string]any)
	cm, _ := d["castellatedMeshControls"].(map[string]any)
	loc := numbers(cm["locationInMesh"])
	// Only the castellation stage looks the point up (snappyRefineDriver: findCells(true, ...)).
	if len(loc) != 3 || !switchOn(d["castellatedMesh"]) {
		return nil
	}
	b := &Background{LocationInMesh: loc}
	if pts, err := polymesh.Points(filepath.Join(dir, "constant", "polyMesh")); err == nil && len(pts) > 0 {
		lo, hi := polymesh.Box(pts)
		b.Box, b.Source = [2][3]float64{lo, hi}, "constant/polyMesh/points"
	} else if box, src, ok := blockBox(expanded); ok {
		b.Box, b.Source = box, src
	} else {
		return nil
	}
	b.LocationInside = true
	for k := 0; k < 3; k++ {
		if loc[k] < b.Box[0][k] || loc[k] > b.Box[1][k] {
			b.LocationInside = false
		}
	}
	return b
}

// blockBox is the box of a blockMeshDict's vertices, scaled (BlockVertices); false with
// curved edges, geometry to project onto, or vertices foamc cannot read as points.
func blockBox(expanded map[string]*grammar.Expanded) ([2][3]float64, string, bool) {
	for _, name := range []string{"system/blockMeshDict", "constant/polyMesh/blockMeshDict"} {
		x := expanded[name]
		if x == nil || x.Dict == nil {
			continue
		}
		body := x.Dict.AST()
		if len(body.ListItems("edges")) > 0 || body.Find("geometry") != nil {
			return [2][3]float64{}, "", false
		}
		verts, scale, bad := BlockVertices(body)
		if bad != nil || len(verts) == 0 {
			return [2][3]float64{}, "", false
		}
		lo, hi := polymesh.Box(verts)
		for k := range 3 {
			lo[k], hi[k] = scale*lo[k], scale*hi[k]
		}
		return [2][3]float64{lo, hi}, name, true
	}
	return [2][3]float64{}, "", false
}

// surfaces reads every triSurfaceMesh geometry of snappyHexMeshDict (sorted by name).
func surfaces(dir string, files map[string]any) []Surface {
	d, _ := files[snappyDict].(map[string]any)
	geometry, _ := d["geometry"].(map[string]any)
	var loc []float64
	if cm, ok := d["castellatedMeshControls"].(map[string]any); ok {
		loc = numbers(cm["locationInMesh"])
	}
	out := []Surface{}
	for _, name := range slices.Sorted(maps.Keys(geometry)) {
		g, _ := geometry[name].(map[string]any)
		if g == nil || g["type"] != "triSurfaceMesh" {
			continue
		}
		file := name
		if f, ok := g["file"].(string); ok {
			file = f
		}
		s := Surface{Name: name, File: path.Join("constant", "triSurface", file)}
		measure(dir, &s, loc)
		out = append(out, s)
	}
	return out
}

// boundedCache keeps measurements by file identity: a language server re-lints on every
// edit, and a vehicle surface of 300k triangles (or a large mesh) takes seconds to measure.
// It is cleared whole when it holds maxMeasured entries.
type boundedCache[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

// maxMeasured bounds each cache.
const maxMeasured = 16

func (c *boundedCache[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *boundedCache[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxMeasured {
		c.m = map[K]V{}
	}
	c.m[k] = v
}

type measureKey struct {
	path, loc string
	size      int64
	mtime     time.Time
}

// measured holds surface measurements.
var measured boundedCache[measureKey, Surface]

// measure reads the surface file (as OpenFOAM finds it: the name, else name.gz) and fills s.
func measure(dir string, s *Surface, loc []float64) {
	p := filepath.Join(dir, filepath.FromSlash(s.File))
	fi, err := os.Stat(p)
	if err != nil {
		if fi, err = os.Stat(p + ".gz"); err != nil {
			return
		}
		p += ".gz"
	}
	key := measureKey{p, fmt.Sprint(loc), fi.Size(), fi.ModTime()}
	if m, ok := measured.get(key); ok {
		m.Name, m.File = s.Name, s.File
		*s = m
		return
	}
	measureFile(p, s, loc)
	measured.put(key, *s)
}

func measureFile(p string, s *Surface, loc []float64) {
	s.Found = true
	surf, err := surface.Read(p)
	if err != nil {
		s.Error = err.Error()
		if re, ok := errors.AsType[*surface.ReadError](err); ok {
			s.Error = re.Err.Error() // the finding names the file
		}
		return
	}
	r := surface.Check(surf)
	s.Triangles, s.Illegal, s.OpenEdges, s.MultiEdges = r.Triangles, len(r.Illegal), len(r.OpenEdges), len(r.MultiEdges)
	s.Parts, s.NormalZones, s.Box = r.Parts, r.NormalZones, r.Box
	if len(r.OpenEdges) > 0 {
		a, b := surf.Points[r.OpenEdges[0][0]], surf.Points[r.OpenEdges[0][1]]
		s.FirstOpenEdge = []float64{(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2}
	}
	if len(r.Illegal) > 0 {
		t := surf.Tris[r.Illegal[0]]
		s.FirstIllegal = &Crossing{Triangle: r.Illegal[0], Point: surf.Points[t.V[0]]}
	}
	if len(r.FlippedEdges) > 0 {
		a, b := surf.Points[r.FlippedEdges[0][0]], surf.Points[r.FlippedEdges[0][1]]
		s.FirstFlippedEdge = []float64{(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2}
	}
	if hits, ok := surface.SelfIntersections(surf); !ok {
		s.SelfIntersections = -1
	} else if s.SelfIntersections = len(hits); len(hits) > 0 {
		s.FirstIntersection = &Crossing{Triangle: hits[0].Triangle, Point: hits[0].Point}
	}
	if len(loc) == 3 {
		if in, ok := surface.Inside(surf, r, [3]float64{loc[0], loc[1], loc[2]}); ok {
			s.LocationInside = &in
		}
	}
}

// numbers is a JSON list of numbers (nil when it is not one).
func numbers(v any) []float64 {
	l, ok := v.([]any)
	if !ok {
		return nil
	}
	out := make([]float64, 0, len(l))
	for _, x := range l {
		switch n := x.(type) {
		case float64:
			out = append(out, n)
		case int64:
			out = append(out, float64(n))
		default:
			return nil
		}
	}
	return out
}

// switchOn is a Switch that reads as on (grammar.SwitchValue).
func switchOn(v any) bool {
	on, ok := grammar.SwitchValue(v)
	return ok && on
}

// MeshQuality is the polyMesh's non-orthogonality and skewness as checkMesh reports them
// (polymesh.MeasureQuality), for the rules on schemes a mesh needs.
type MeshQuality struct {
	Cells           int     `json:"cells"`
	MaxNonOrtho     float64 `json:"maxNonOrtho"`
	AvgNonOrtho     float64 `json:"avgNonOrtho"`
	SevereNonOrtho  int     `json:"severeNonOrtho"`
	MaxSkewness     float64 `json:"maxSkewness"`
	NegativeVolumes int     `json:"negativeVolumes"`
}

// qualities holds mesh measurements by the identity of the mesh files.
var qualities boundedCache[string, MeshQuality]

// meshQuality measures constant/polyMesh when its faces are there; nil otherwise or when
// the mesh cannot be read (the loader's other findings say why).
func meshQuality(dir string) *MeshQuality {
	pm := filepath.Join(dir, "constant", "polyMesh")
	key := ""
	for _, name := range []string{"points", "faces", "owner", "neighbour"} {
		fi, err := os.Stat(filepath.Join(pm, name))
		if err != nil {
			if fi, err = os.Stat(filepath.Join(pm, name+".gz")); err != nil {
				return nil
			}
		}
		key += fmt.Sprintf("%s:%d:%d;", fi.Name(), fi.Size(), fi.ModTime().UnixNano())
	}
	key = pm + "|" + key
	q, ok := qualities.get(key)
	if !ok {
		r, err := polymesh.MeasureQuality(pm)
		if err != nil {
			return nil
		}
		q = MeshQuality{r.Cells, r.MaxNonOrtho, r.AvgNonOrtho, r.SevereNonOrtho, r.MaxSkewness, r.NegativeVolumes}
		qualities.put(key, q)
	}
	return &q
}
