// Package meshgen plans a snappyHexMesh mesh around (or inside) triangulated surfaces: the
// background blockMeshDict, surfaceFeatureExtractDict and snappyHexMeshDict, with a
// locationInMesh proven outside every body and inside the domain, and the patches the mesh
// will have. It decides and writes dictionaries; running the chain is the caller's (the
// compiler and runner), and the surfaces are checked by package surface first.
package meshgen

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/vec"
	"github.com/foamc/foamc/surface"
)

// Defaults of an external-flow domain, in body lengths L (the body's largest extent): the
// inlet 5 L upstream of the body, the outlet 15 L downstream, the sides 5 L from it. With
// these the body blocks under 1 % of a side-on cross-section ((1/11)^2), below the few per
// cent above which blockage corrections are needed (West & Apelt 1982, J. Fluid Mech. 114;
// the 5 L / 10-20 L upstream/downstream spacing follows common practice for bluff bodies,
// e.g. Franke et al. 2007, COST 732 best-practice guideline).
const (
	DefaultUpstream   = 5.0
	DefaultDownstream = 15.0
	DefaultLateral    = 5.0
	// DefaultBaseCells is the background cells across L; DefaultSurfaceCells the cells
	// across L at the surface's refinement level.
	DefaultBaseCells    = 2
	DefaultSurfaceCells = 32
	// FeatureAngle is surfaceFeatureExtract's includedAngle: edges sharper than 180-150 = 30
	// degrees are features (the v1912 tutorials' value).
	FeatureAngle = 150
)

// Body is one surface of the geometry.
type Body struct {
	// Name names the surface and the patch snappyHexMesh makes of it.
	Name string
	// Path is the surface file (STL or OBJ, optionally .gz).
	Path string
	// Surface and Report are the read surface and its check (package surface).
	Surface *surface.Surface
	Report  surface.Report
}

// Spec is what to mesh.
type Spec struct {
	Bodies []Body
	// Internal: the bodies bound the flow (a pipe); otherwise the flow is around them.
	Internal bool
	// Flow is the free-stream direction of an external flow; it must lie along an axis (the
	// background mesh is a box with its faces normal to the axes).
	Flow [3]float64
	// Upstream, Downstream, Lateral are the domain's distances in body lengths (0: defaults).
	Upstream, Downstream, Lateral float64
	// BaseCells and SurfaceCells are cells across the body length (0: defaults).
	BaseCells, SurfaceCells int
}

// Patch is a boundary patch of the planned mesh.
type Patch struct {
	Name string
	Type string
	// Role is what the patch is for: inlet, outlet, sides (far-field), wall (a body).
	Role string
}

// Plan is a planned mesh.
type Plan struct {
	// Box is the background mesh; Cells its cell counts; Base its cell size.
	Box   [2][3]float64
	Cells [3]int
	Base  float64
	// Level is the refinement level at the surfaces (cell size Base/2^Level there).
	Level int
	// Length is the body length L the sizes derive from.
	Length float64
	// Location is locationInMesh: inside Box, outside every body (external) or inside
	// (internal), off every background cell face.
	Location [3]float64
	Patches  []Patch
	// Files are the dictionaries by case-relative path; Surfaces maps
	// constant/triSurface/<name> to the file to copy there.
	Files    map[string]*grammar.File
	Surfaces map[string]string
}

// Build plans the mesh.
func Build(s Spec) (*Plan, error) {
	if len(s.Bodies) == 0 {
		return nil, fmt.Errorf("meshgen: no surface to mesh")
	}
	lo, hi := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}, [3]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for _, b := range s.Bodies {
		if !b.Report.Closed() {
			return nil, fmt.Errorf("meshgen: surface %s is not closed (%d open, %d multiply connected edges): snappyHexMesh cannot tell its inside from its outside",
				b.Name, len(b.Report.OpenEdges), len(b.Report.MultiEdges))
		}
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = math.Min(lo[k], b.Report.Box[0][k]), math.Max(hi[k], b.Report.Box[1][k])
		}
	}
	length := math.Max(hi[0]-lo[0], math.Max(hi[1]-lo[1], hi[2]-lo[2]))
	if !(length > 0) {
		return nil, fmt.Errorf("meshgen: the surfaces have no extent")
	}
	p := &Plan{Length: length, Files: map[string]*grammar.File{}, Surfaces: map[string]string{}}
	base := def(float64(s.BaseCells), DefaultBaseCells)
	p.Base = length / base
	p.Level = int(math.Ceil(math.Log2(def(float64(s.SurfaceCells), DefaultSurfaceCells) / base)))
	if p.Level < 0 {
		p.Level = 0
	}
	axis, sign := 0, 1.0
	if s.Internal {
		// The background box encloses the bodies by one base cell on every side.
		for k := 0; k < 3; k++ {
			p.Box[0][k], p.Box[1][k] = lo[k]-p.Base, hi[k]+p.Base
		}
	} else {
		var err error
		if axis, sign, err = flowAxis(s.Flow); err != nil {
			return nil, err
		}
		up, down, side := def(s.Upstream, DefaultUpstream), def(s.Downstream, DefaultDownstream), def(s.Lateral, DefaultLateral)
		for k := 0; k < 3; k++ {
			switch {
			case k != axis:
				p.Box[0][k], p.Box[1][k] = lo[k]-side*length, hi[k]+side*length
			case sign > 0:
				p.Box[0][k], p.Box[1][k] = lo[k]-up*length, hi[k]+down*length
			default:
				p.Box[0][k], p.Box[1][k] = lo[k]-down*length, hi[k]+up*length
			}
		}
		p.Patches = append(p.Patches, Patch{"inlet", "patch", "inlet"}, Patch{"outlet", "patch", "outlet"}, Patch{"sides", "patch", "sides"})
	}
	for k := 0; k < 3; k++ {
		p.Cells[k] = max(1, int(math.Round((p.Box[1][k]-p.Box[0][k])/p.Base)))
	}
	for _, b := range s.Bodies {
		p.Patches = append(p.Patches, Patch{b.Name, "wall", "wall"})
		p.Surfaces["constant/triSurface/"+fileName(b)] = b.Path
	}
	loc, err := location(p, s)
	if err != nil {
		return nil, err
	}
	p.Location = loc
	p.Files["system/blockMeshDict"] = blockMeshDict(p, s.Internal, axis, sign)
	p.Files["system/surfaceFeatureExtractDict"] = featureDict(s)
	p.Files["system/snappyHexMeshDict"] = snappyDict(p, s)
	return p, nil
}

func def(v, d float64) float64 {
	if v > 0 {
		return v
	}
	return d
}

// fileName is the surface's name in constant/triSurface: the body name with the file's
// extension (snappyHexMesh picks the reader by extension).
func fileName(b Body) string {
	base := strings.ToLower(filepath.Base(b.Path))
	ext := filepath.Ext(strings.TrimSuffix(base, ".gz"))
	if strings.HasSuffix(base, ".gz") {
		ext += ".gz"
	}
	return b.Name + ext
}

// surfaceName is how OpenFOAM names the file: without .gz (it finds name.gz itself).
func surfaceName(b Body) string { return strings.TrimSuffix(fileName(b), ".gz") }

// flowAxis is the axis the flow runs along and its sign.
func flowAxis(d [3]float64) (int, float64, error) {
	n := vec.Mag(d)
	for k := 0; k < 3; k++ {
		if n > 0 && math.Abs(math.Abs(d[k])/n-1) < 1e-9 {
			return k, math.Copysign(1, d[k]), nil
		}
	}
	return 0, 0, fmt.Errorf("meshgen: the flow direction (%g %g %g) is not along an axis: the background box has faces normal to the axes", d[0], d[1], d[2])
}

// location is a point off every background face (a fraction of a cell off its centre), in
// the box, and outside every body for an external flow (inside one for an internal flow).
// Candidates are tried from the box's corners inwards; none fitting is an error.
func location(p *Plan, s Spec) ([3]float64, error) {
	off := [3]float64{0.5 + 0.1372, 0.5 + 0.2913, 0.5 + 0.1731}
	var candidates [][3]float64
	if s.Internal {
		// The bodies' centre and points between it and the box corners.
		var c [3]float64
		for k := 0; k < 3; k++ {
			c[k] = (p.Box[0][k] + p.Box[1][k]) / 2
		}
		for i := 0; i <= 8; i++ {
			for j := 0; j < 8; j++ {
				var q [3]float64
				for k := 0; k < 3; k++ {
					end := p.Box[0][k]
					if j&(1<<k) != 0 {
						end = p.Box[1][k]
					}
					q[k] = c[k] + float64(i)/9*(end-c[k])
				}
				candidates = append(candidates, q)
			}
		}
	} else {
		for i := 0; i < 3; i++ {
			var q [3]float64
			for k := 0; k < 3; k++ {
				q[k] = p.Box[0][k] + (float64(i)+off[k])*p.Base
			}
			candidates = append(candidates, q)
		}
	}
	for _, q := range candidates {
		q = offFaces(p, q, off)
		if fits(q, p, s) {
			return q, nil
		}
	}
	return [3]float64{}, fmt.Errorf("meshgen: found no point %s every body and off the background cells' faces for locationInMesh", map[bool]string{true: "inside", false: "outside"}[s.Internal])
}

// offFaces moves q to its background cell's centre plus off (in cells), so it is never on a face.
func offFaces(p *Plan, q, off [3]float64) [3]float64 {
	for k := 0; k < 3; k++ {
		h := (p.Box[1][k] - p.Box[0][k]) / float64(p.Cells[k])
		i := math.Floor((q[k] - p.Box[0][k]) / h)
		i = math.Max(0, math.Min(float64(p.Cells[k]-1), i))
		q[k] = p.Box[0][k] + (i+off[k])*h
	}
	return q
}

func fits(q [3]float64, p *Plan, s Spec) bool {
	for k := 0; k < 3; k++ {
		if q[k] <= p.Box[0][k] || q[k] >= p.Box[1][k] {
			return false
		}
	}
	inAny := false
	for _, b := range s.Bodies {
		in, ok := surface.Inside(b.Surface, b.Report, q)
		if !ok {
			return false
		}
		inAny = inAny || in
	}
	return inAny == s.Internal
}
