// Package meshgen plans a snappyHexMesh mesh around (or inside) triangulated surfaces: the
// background blockMeshDict, surfaceFeatureExtractDict and snappyHexMeshDict, with a
// locationInMesh proven outside every body and inside the domain, and the patches the mesh
// will have. It decides and writes dictionaries; running the chain is the caller's (the
// compiler and runner), and the surfaces are checked by package surface first.
package meshgen

import (
	"bytes"
	"fmt"
	"math"
	"slices"
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
	// Regions, when set, makes each region (STL solid, OBJ group) its own patch
	// <Name>_<region>, as snappyHexMesh names them, with the role given.
	Regions map[string]string
	// Role is the patch's role when Regions is empty (default wall).
	Role string
}

// Box is a refinement box: cells inside are refined to Level, or to the level whose cells
// are no larger than CellSize (resolved once the base size is chosen).
type Box struct {
	Min, Max [3]float64
	Level    int
	CellSize float64
}

// Layers asks for boundary layers on the wall patches from a target y+.
type Layers struct {
	// YPlus at the first cell's centre; U, Length and Nu give the Reynolds number.
	YPlus, U, Length, Nu float64
	// N layers (0: the count that grows the first layer to half the surface cell) and their
	// Expansion ratio (0: 1.2).
	N         int
	Expansion float64
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
	// CellSize is the cell size at the surfaces; Cells a target cell count the sizes are
	// chosen for (see sizing). Either replaces SurfaceCells.
	CellSize float64
	Cells    int
	// FeatureAngle: edges whose triangles meet at more than this (degrees) are features,
	// refined one level finer than the surface (0: 30, the tutorials' value).
	FeatureAngle float64
	Boxes        []Box
	Layers       *Layers
	// Types pins patch types by name (from the spec's roles); otherwise a far-field patch is
	// a patch and a surface's patch follows its role.
	Types map[string]string
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
	// Estimate is the cell count the sizing expects (background plus refinement shells).
	Estimate int
	// BoxLevels are the refinement boxes' levels.
	Boxes []Box
	// Layer is the boundary layer planned (nil: none).
	Layer *LayerPlan
	// Files are the dictionaries by case-relative path; Surfaces the surfaces foamc read and
	// checked, written as ASCII STL in metres, by case-relative path (constant/triSurface):
	// snappyHexMesh meshes exactly what foamc checked.
	Files    map[string]*grammar.File
	Surfaces map[string][]byte
}

// LayerPlan is a boundary layer derived from a target y+.
type LayerPlan struct {
	Re, Cf, UTau float64
	// First is the first layer's thickness (twice the y+ distance: OpenFOAM's y+ is taken at
	// the cell centre); N layers growing by Expansion; Total their thickness.
	First, Expansion, Total float64
	N                       int
	Formula                 string
}

// Build plans the mesh.
func Build(s Spec) (*Plan, error) {
	if len(s.Bodies) == 0 {
		return nil, fmt.Errorf("meshgen: no surface to mesh")
	}
	lo, hi := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}, [3]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	var area, volume, edges float64
	for _, b := range s.Bodies {
		if !b.Report.Closed() {
			return nil, fmt.Errorf("meshgen: surface %s is not closed (%d open, %d multiply connected edges): snappyHexMesh cannot tell its inside from its outside",
				b.Name, len(b.Report.OpenEdges), len(b.Report.MultiEdges))
		}
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = math.Min(lo[k], b.Report.Box[0][k]), math.Max(hi[k], b.Report.Box[1][k])
		}
		a, v := measure(b.Surface)
		area, volume = area+a, volume+math.Abs(v)
		edges += featureLength(b.Surface, def(s.FeatureAngle, 180-FeatureAngle))
		for r := range b.Regions {
			if !slices.Contains(b.Surface.Regions, r) {
				return nil, fmt.Errorf("meshgen: surface %s has no region %q (its regions: %s)", b.Name, r, strings.Join(b.Surface.Regions, ", "))
			}
		}
		if len(b.Regions) > 0 {
			for _, r := range b.Surface.Regions {
				if _, ok := b.Regions[r]; !ok {
					return nil, fmt.Errorf("meshgen: surface %s: region %q has no role (every region of a surface with regions becomes a patch)", b.Name, r)
				}
			}
		}
	}
	length := math.Max(hi[0]-lo[0], math.Max(hi[1]-lo[1], hi[2]-lo[2]))
	if !(length > 0) {
		return nil, fmt.Errorf("meshgen: the surfaces have no extent")
	}
	p := &Plan{Length: length, Files: map[string]*grammar.File{}, Surfaces: map[string][]byte{}}
	axis, sign := 0, 1.0
	box := func(base float64) [2][3]float64 {
		var bx [2][3]float64
		if s.Internal {
			// The background box encloses the bodies by one base cell on every side.
			for k := 0; k < 3; k++ {
				bx[0][k], bx[1][k] = lo[k]-base, hi[k]+base
			}
			return bx
		}
		up, down, side := def(s.Upstream, DefaultUpstream), def(s.Downstream, DefaultDownstream), def(s.Lateral, DefaultLateral)
		for k := 0; k < 3; k++ {
			switch {
			case k != axis:
				bx[0][k], bx[1][k] = lo[k]-side*length, hi[k]+side*length
			case sign > 0:
				bx[0][k], bx[1][k] = lo[k]-up*length, hi[k]+down*length
			default:
				bx[0][k], bx[1][k] = lo[k]-down*length, hi[k]+up*length
			}
		}
		return bx
	}
	if !s.Internal {
		var err error
		if axis, sign, err = flowAxis(s.Flow); err != nil {
			return nil, err
		}
	}
	fluid := func(bx [2][3]float64) float64 {
		if s.Internal {
			return volume
		}
		return (bx[1][0]-bx[0][0])*(bx[1][1]-bx[0][1])*(bx[1][2]-bx[0][2]) - volume
	}
	if err := sizing(p, s, box, fluid, area, edges); err != nil {
		return nil, err
	}
	p.Box = box(p.Base)
	if s.Internal {
		// The background box's faces: snappyHexMesh removes every cell outside the surfaces,
		// leaving the patch without faces, but it stays in the boundary and every field
		// needs an entry for it: empty (a constraint type) needs no values.
		p.Patches = append(p.Patches, Patch{"background", "empty", "background"})
	} else {
		p.Patches = append(p.Patches, Patch{"inlet", typeOf(s, "inlet", "patch"), "inlet"}, Patch{"outlet", typeOf(s, "outlet", "patch"), "outlet"},
			Patch{"sides", typeOf(s, "sides", "patch"), "sides"})
	}
	for k := 0; k < 3; k++ {
		p.Cells[k] = max(1, int(math.Round((p.Box[1][k]-p.Box[0][k])/p.Base)))
	}
	for _, b := range s.Bodies {
		p.Patches = append(p.Patches, bodyPatches(s, b)...)
		var buf bytes.Buffer
		if err := surface.WriteSTL(&buf, b.Surface); err != nil {
			return nil, err
		}
		p.Surfaces["constant/triSurface/"+surfaceName(b)] = buf.Bytes()
	}
	for _, bx := range s.Boxes {
		if bx.CellSize > 0 {
			bx.Level = max(1, int(math.Ceil(math.Log2(p.Base/bx.CellSize)-1e-9)))
		}
		if bx.Level < 1 {
			return nil, fmt.Errorf("meshgen: a refinement box needs a level of at least 1")
		}
		p.Boxes = append(p.Boxes, bx)
	}
	if s.Layers != nil {
		l, err := layers(*s.Layers, p.Base/math.Pow(2, float64(p.Level)))
		if err != nil {
			return nil, err
		}
		p.Layer = l
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

// roleType is the patch type a role makes.
func roleType(role string) string {
	switch role {
	case "", "wall":
		return "wall"
	case "symmetry":
		return "symmetry"
	}
	return "patch"
}

func typeOf(s Spec, name, def string) string {
	if t := s.Types[name]; t != "" {
		return t
	}
	return def
}

// bodyPatches are the patches snappyHexMesh makes of a surface: one named after it, or one
// per region <name>_<region> (searchableSurfaces' naming).
func bodyPatches(s Spec, b Body) []Patch {
	if !split(b) {
		role := def0(b.Role, "wall")
		for _, r := range b.Regions {
			role = r // the one region's role
		}
		return []Patch{{b.Name, typeOf(s, b.Name, roleType(role)), role}}
	}
	var out []Patch
	for _, r := range b.Surface.Regions {
		n := b.Name + "_" + r
		role := def0(b.Regions[r], def0(b.Role, "wall"))
		out = append(out, Patch{n, typeOf(s, n, roleType(role)), role})
	}
	return out
}

// split: snappyHexMesh makes a patch per region when the surface has more than one (one
// region's patch takes the surface's name: searchableSurfaces, singleRegionName).
func split(b Body) bool { return len(b.Surface.Regions) > 1 }

func def0(v, d string) string {
	if v != "" {
		return v
	}
	return d
}

// nBetween is nCellsBetweenLevels (castellatedDefaults): the cells of each level between
// two refinement levels; with the layer of cells the surface cuts, nBetween+1 cells of each
// level line the surface.
const nBetween = 3

// sizing chooses the background cell size Base and the surface level Level:
//   - CellSize: the base is L/BaseCells rounded so that Base/2^Level is exactly CellSize;
//   - Cells: the finest surface cell whose estimated count stays within the target, the base
//     tried at L/2, L and 2 L (external; internal L/16 ... L/2): estimate = fluid volume /
//     Base^3 + per level k the shell of nBetween+1 cells of size Base/2^k over the surface
//     area (area * (nBetween+1) / (Base/2^k)^2), the feature edges' tubes one level finer
//     (length / cell * (2 nBetween + 1)^2 * 3/4), capped by fluid volume / (surface cell)^3,
//     plus each refinement box's cells at its level;
//   - otherwise L/SurfaceCells (default L/32) at the surface, L/BaseCells in the background.
func sizing(p *Plan, s Spec, box func(float64) [2][3]float64, fluid func([2][3]float64) float64, area, edges float64) error {
	L := p.Length
	estimate := func(h float64, level int) float64 {
		v := fluid(box(h))
		n := v / (h * h * h)
		for k := 1; k <= level; k++ {
			c := h / math.Pow(2, float64(k))
			n += area * (nBetween + 1) / (c * c)
		}
		sc := h / math.Pow(2, float64(level))
		// Feature edges are refined one level further, nBetween cells each way round them
		// (three quarters of that square in the fluid at a convex edge).
		n += edges / (sc / 2) * (2*nBetween + 1) * (2*nBetween + 1) * 0.75
		n = math.Min(n, v/(sc*sc*sc))
		for _, b := range s.Boxes {
			// A box's cells at its level replace the background's there.
			vb := (b.Max[0] - b.Min[0]) * (b.Max[1] - b.Min[1]) * (b.Max[2] - b.Min[2])
			n += vb * (math.Pow(8, float64(max(b.Level, 0))) - 1) / (h * h * h)
		}
		return n
	}
	switch {
	case s.CellSize > 0:
		h0 := L / def(float64(s.BaseCells), DefaultBaseCells)
		p.Level = max(0, int(math.Ceil(math.Log2(h0/s.CellSize)-1e-9)))
		p.Base = s.CellSize * math.Pow(2, float64(p.Level))
	case s.Cells > 0:
		bases := []float64{L / 2, L, 2 * L}
		if s.Internal {
			bases = []float64{L / 16, L / 8, L / 4, L / 2}
		}
		best := math.Inf(1)
		for _, h := range bases {
			for level := 0; level <= 8; level++ {
				sc := h / math.Pow(2, float64(level))
				if estimate(h, level) <= float64(s.Cells) && sc < best*(1-1e-9) {
					best, p.Base, p.Level = sc, h, level
				}
			}
		}
		if math.IsInf(best, 1) {
			return fmt.Errorf("meshgen: %d cells cannot mesh the domain even at a base cell of %g (estimate %.0f): give more cells or a smaller domain",
				s.Cells, bases[len(bases)-1], estimate(bases[len(bases)-1], 0))
		}
	default:
		base := def(float64(s.BaseCells), DefaultBaseCells)
		p.Base = L / base
		p.Level = max(0, int(math.Ceil(math.Log2(def(float64(s.SurfaceCells), DefaultSurfaceCells)/base))))
	}
	p.Estimate = int(math.Round(estimate(p.Base, p.Level)))
	return nil
}

// featureLength is the length of the edges whose two triangles' normals differ by more
// than angle degrees (what surfaceFeatureExtract extracts at includedAngle 180 - angle).
func featureLength(s *surface.Surface, angle float64) float64 {
	normals := map[[2]int][][3]float64{}
	for _, t := range s.Tris {
		a, b, c := s.Points[t.V[0]], s.Points[t.V[1]], s.Points[t.V[2]]
		n := vec.Cross(vec.Sub(b, a), vec.Sub(c, a))
		if l := math.Sqrt(vec.Dot(n, n)); l > 0 {
			n = [3]float64{n[0] / l, n[1] / l, n[2] / l}
		}
		for i := 0; i < 3; i++ {
			e := [2]int{t.V[i], t.V[(i+1)%3]}
			if e[0] > e[1] {
				e[0], e[1] = e[1], e[0]
			}
			normals[e] = append(normals[e], n)
		}
	}
	cosLimit := math.Cos(angle * math.Pi / 180)
	total := 0.0
	for e, ns := range normals {
		if len(ns) == 2 && vec.Dot(ns[0], ns[1]) < cosLimit {
			d := vec.Sub(s.Points[e[0]], s.Points[e[1]])
			total += math.Sqrt(vec.Dot(d, d))
		}
	}
	return total
}

// measure is a closed surface's area and enclosed volume (divergence theorem).
func measure(s *surface.Surface) (area, volume float64) {
	for _, t := range s.Tris {
		a, b, c := s.Points[t.V[0]], s.Points[t.V[1]], s.Points[t.V[2]]
		n := vec.Cross(vec.Sub(b, a), vec.Sub(c, a))
		area += math.Sqrt(vec.Dot(n, n)) / 2
		volume += vec.Dot(a, vec.Cross(b, c)) / 6
	}
	return area, volume
}

// Laminar-turbulent transition of a flat plate's boundary layer (Re_L = 5e5).
const transitionRe = 5e5

// layers derives the boundary layer from the target y+: the friction coefficient of a flat
// plate of the body length (laminar below Re 5e5: Blasius, mean Cf = 1.328/sqrt(Re);
// turbulent: White, Fluid Mechanics eq. 6.78 / Prandtl's 1/7 law, Cf = 0.027/Re^(1/7)),
// u_tau = U sqrt(Cf/2), the first cell centre at y = y+ nu/u_tau, so the first layer is
// twice that. Without a count, layers are added while the stack stays within one surface
// cell.
func layers(l Layers, cell float64) (*LayerPlan, error) {
	if !(l.YPlus > 0 && l.U > 0 && l.Length > 0 && l.Nu > 0) {
		return nil, fmt.Errorf("meshgen: boundary layers need y+, the reference velocity and length, and nu")
	}
	r := def(l.Expansion, 1.2)
	p := &LayerPlan{Re: l.U * l.Length / l.Nu, Expansion: r}
	if p.Re < transitionRe {
		p.Cf = 1.328 / math.Sqrt(p.Re)
		p.Formula = "Cf = 1.328/sqrt(Re) (Blasius, laminar)"
	} else {
		p.Cf = 0.027 / math.Pow(p.Re, 1.0/7)
		p.Formula = "Cf = 0.027/Re^(1/7) (turbulent flat plate)"
	}
	p.UTau = l.U * math.Sqrt(p.Cf/2)
	p.First = 2 * l.YPlus * l.Nu / p.UTau
	total := func(n int) float64 {
		if r == 1 {
			return p.First * float64(n)
		}
		return p.First * (math.Pow(r, float64(n)) - 1) / (r - 1)
	}
	if p.First > cell/2 {
		return nil, fmt.Errorf("meshgen: y+ %g at Re %.4g asks for a first layer of %.3g m, more than half the surface cell (%.3g m): lower layers.yPlus or the cell size, or drop layers (at this Reynolds number the surface cells resolve the wall)",
			l.YPlus, p.Re, p.First, cell)
	}
	p.N = l.N
	if p.N == 0 {
		// Layers while the stack stays within one surface cell and the last layer below
		// half a cell (snappyHexMesh's own default finalLayerThickness 0.5), at most 20.
		p.N = 1
		for p.N < 20 && total(p.N+1) <= cell && p.First*math.Pow(r, float64(p.N)) <= 0.5*cell {
			p.N++
		}
	}
	p.Total = total(p.N)
	if p.Total > 2*cell {
		return nil, fmt.Errorf("meshgen: %d layers from %.3g m growing by %g are %.3g m thick, more than two surface cells (%.3g m): snappyHexMesh would collapse them; ask for fewer layers or a smaller expansion",
			p.N, p.First, r, p.Total, 2*cell)
	}
	return p, nil
}

func def(v, d float64) float64 {
	if v > 0 {
		return v
	}
	return d
}

// surfaceName is the surface's file in constant/triSurface: foamc writes every surface as
// STL named after it (snappyHexMesh picks the reader by extension).
func surfaceName(b Body) string { return b.Name + ".stl" }

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
		// Points a few surface cells inside the surface, behind sampled triangles (either
		// side: fits keeps those inside), then the bodies' centre and points towards the box
		// corners.
		d := 3 * p.Base / math.Pow(2, float64(p.Level))
		for _, b := range s.Bodies {
			step := max(1, len(b.Surface.Tris)/64)
			for i := 0; i < len(b.Surface.Tris); i += step {
				t := b.Surface.Tris[i].V
				a, bb, c := b.Surface.Points[t[0]], b.Surface.Points[t[1]], b.Surface.Points[t[2]]
				n := vec.Cross(vec.Sub(bb, a), vec.Sub(c, a))
				l := math.Sqrt(vec.Dot(n, n))
				if l == 0 {
					continue
				}
				for _, sgn := range []float64{-1, 1} {
					var q [3]float64
					for k := 0; k < 3; k++ {
						q[k] = (a[k]+bb[k]+c[k])/3 + sgn*d*n[k]/l
					}
					candidates = append(candidates, q)
				}
			}
		}
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
	return [3]float64{}, fmt.Errorf("meshgen: found no point %s every body, two surface cells from it and off the cells' faces for locationInMesh", map[bool]string{true: "inside", false: "outside"}[s.Internal])
}

// offFaces moves q to the centre of its cell at the surface level plus off (in cells), so
// it is on no face of the background or of any refinement (octree refinement halves cells
// at their midpoints, so every face lies on the finest level's grid).
func offFaces(p *Plan, q, off [3]float64) [3]float64 {
	f := math.Pow(2, float64(p.Level))
	for k := 0; k < 3; k++ {
		n := float64(p.Cells[k]) * f
		h := (p.Box[1][k] - p.Box[0][k]) / n
		i := math.Floor((q[k] - p.Box[0][k]) / h)
		i = math.Max(0, math.Min(n-1, i))
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
	// Two surface cells from every surface: snappyHexMesh keeps the region of the cell
	// that holds the point, and a cell the surface cuts may lie on the other side.
	clear := 2 * p.Base / math.Pow(2, float64(p.Level))
	inAny := false
	for _, b := range s.Bodies {
		in, ok := surface.Inside(b.Surface, b.Report, q)
		if !ok || distance(b.Surface, q) < clear {
			return false
		}
		inAny = inAny || in
	}
	return inAny == s.Internal
}

// distance is the distance from q to the nearest triangle of s.
func distance(s *surface.Surface, q [3]float64) float64 {
	best := math.Inf(1)
	for _, t := range s.Tris {
		c := closest(q, s.Points[t.V[0]], s.Points[t.V[1]], s.Points[t.V[2]])
		d := vec.Sub(q, c)
		best = math.Min(best, vec.Dot(d, d))
	}
	return math.Sqrt(best)
}

// closest is the point of triangle abc nearest p (Ericson, Real-Time Collision Detection 5.1.5).
func closest(p, a, b, c [3]float64) [3]float64 {
	ab, ac, ap := vec.Sub(b, a), vec.Sub(c, a), vec.Sub(p, a)
	d1, d2 := vec.Dot(ab, ap), vec.Dot(ac, ap)
	if d1 <= 0 && d2 <= 0 {
		return a
	}
	bp := vec.Sub(p, b)
	d3, d4 := vec.Dot(ab, bp), vec.Dot(ac, bp)
	if d3 >= 0 && d4 <= d3 {
		return b
	}
	at := func(o, e [3]float64, t float64) [3]float64 {
		return [3]float64{o[0] + t*e[0], o[1] + t*e[1], o[2] + t*e[2]}
	}
	vc := d1*d4 - d3*d2
	if vc <= 0 && d1 >= 0 && d3 <= 0 {
		return at(a, ab, d1/(d1-d3))
	}
	cp := vec.Sub(p, c)
	d5, d6 := vec.Dot(ab, cp), vec.Dot(ac, cp)
	if d6 >= 0 && d5 <= d6 {
		return c
	}
	vb := d5*d2 - d1*d6
	if vb <= 0 && d2 >= 0 && d6 <= 0 {
		return at(a, ac, d2/(d2-d6))
	}
	va := d3*d6 - d5*d4
	if va <= 0 && d4-d3 >= 0 && d5-d6 >= 0 {
		return at(b, vec.Sub(c, b), (d4-d3)/((d4-d3)+(d5-d6)))
	}
	den := 1 / (va + vb + vc)
	v, w := vb*den, vc*den
	return [3]float64{a[0] + ab[0]*v + ac[0]*w, a[1] + ab[1]*v + ac[1]*w, a[2] + ab[2]*v + ac[2]*w}
}
