// Package fieldplot draws pictures of an OpenFOAM case's fields from the case's own
// files, without ParaView: a field sliced on a plane (the plane of a 2-D case by default,
// a named plane otherwise) as a colour map over the cut cells with a colour bar in the
// field's units, the mesh boundary outline, optional in-plane velocity arrows and the
// alpha = 0.5 interface of a free-surface case (docs/report.md).
//
// The mesh comes from foamcase/polymesh (ASCII, binary, .gz), the fields from the
// grammar's list decoders; a decomposed case is drawn piece by piece from its
// processor directories. The pictures are rasterised here (cells filled by a scanline
// in cell order) and framed by gonum/plot, so the same files give byte-identical PNGs.
package fieldplot

import (
	"cmp"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/foamcase/polymesh"
)

// Plane is a slicing plane normal to a coordinate axis: Axis 0, 1, 2 (x, y, z) at
// coordinate At.
type Plane struct {
	Axis int
	At   float64
}

var axisNames = [3]string{"x", "y", "z"}

func (p Plane) String() string {
	return axisNames[p.Axis] + "=" + strconv.FormatFloat(p.At, 'g', 6, 64)
}

// ParsePlane reads "x=0.1", "y=0", "z=0.005".
func ParsePlane(s string) (Plane, error) {
	name, at, ok := strings.Cut(strings.TrimSpace(s), "=")
	ax := strings.Index("xyz", strings.ToLower(strings.TrimSpace(name)))
	v, err := strconv.ParseFloat(strings.TrimSpace(at), 64)
	if !ok || len(strings.TrimSpace(name)) != 1 || ax < 0 || err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return Plane{}, fmt.Errorf("fieldplot: plane %q: want x=V, y=V or z=V", s)
	}
	return Plane{Axis: ax, At: v}, nil
}

// ParseMark reads "X,Y,LABEL": a point in plane coordinates and its label.
func ParseMark(s string) (Mark, error) {
	parts := strings.SplitN(s, ",", 3)
	if len(parts) == 3 {
		x, errX := strconv.ParseFloat(strings.TrimSpace(parts[0]), 64)
		y, errY := strconv.ParseFloat(strings.TrimSpace(parts[1]), 64)
		if errX == nil && errY == nil && !math.IsNaN(x) && !math.IsNaN(y) && !math.IsInf(x, 0) && !math.IsInf(y, 0) {
			return Mark{X: x, Y: y, Label: strings.TrimSpace(parts[2])}, nil
		}
	}
	return Mark{}, fmt.Errorf("fieldplot: mark %q: want X,Y,LABEL", s)
}

// inPlane are the two axes drawn (horizontal, vertical) for a plane normal to axis.
func inPlane(axis int) (int, int) {
	switch axis {
	case 0:
		return 1, 2
	case 1:
		return 0, 2
	}
	return 0, 1
}

// part is one mesh piece: the case's mesh, or one processor directory's.
type part struct {
	dir     string // the case directory or processor<N>
	points  [][3]float64
	faces   [][]int
	owner   []int
	nbr     []int
	patches []foamcase.Patch
	nCells  int
}

func readPart(dir string) (*part, error) {
	pm := filepath.Join(dir, "constant", "polyMesh")
	p := &part{dir: dir}
	var err error
	if p.points, err = polymesh.Points(pm); err != nil {
		return nil, err
	}
	if p.faces, err = polymesh.Faces(pm); err != nil {
		return nil, err
	}
	if p.owner, err = polymesh.Labels(pm, "owner"); err != nil {
		return nil, err
	}
	if p.nbr, err = polymesh.Labels(pm, "neighbour"); err != nil {
		return nil, err
	}
	if _, p.patches, err = foamcase.ReadBoundary(filepath.Join(pm, "boundary")); err != nil {
		return nil, err
	}
	if len(p.owner) != len(p.faces) || len(p.nbr) > len(p.faces) {
		return nil, fmt.Errorf("fieldplot: %s: %d faces, %d owners, %d neighbours", pm, len(p.faces), len(p.owner), len(p.nbr))
	}
	for _, o := range p.owner {
		p.nCells = max(p.nCells, o+1)
	}
	for _, pt := range p.faces {
		for _, i := range pt {
			if i < 0 || i >= len(p.points) {
				return nil, fmt.Errorf("fieldplot: %s: point label %d out of range", pm, i)
			}
		}
	}
	return p, nil
}

// boundaryFaces lists, per drawn boundary face, its patch index: every patch but
// processor patches (inter-processor faces) and empty ones (the front and back of a
// 2-D case, parallel to its plane).
func (p *part) boundaryFaces(f func(face, patch int)) {
	for pi, pa := range p.patches {
		if pa.StartFace == nil || pa.NFaces == nil || pa.Type == "empty" || strings.HasPrefix(pa.Type, "processor") {
			continue
		}
		for i := int(*pa.StartFace); i < int(*pa.StartFace+*pa.NFaces) && i < len(p.faces); i++ {
			f(i, pi)
		}
	}
}

// emptyAxis is the axis the empty patches are normal to (-1 when there is none or they
// are not axis-aligned): the thickness direction of a 2-D case.
func emptyAxis(p *part) int {
	for _, pa := range p.patches {
		if pa.Type != "empty" || pa.StartFace == nil || pa.NFaces == nil || *pa.NFaces == 0 {
			continue
		}
		n, err := polymesh.FaceArea(p.faces[*pa.StartFace], p.points)
		if err != nil {
			return -1
		}
		best := 0
		for d := range 3 {
			if math.Abs(n[d]) > math.Abs(n[best]) {
				best = d
			}
		}
		if math.Abs(n[best]) < 0.99*math.Sqrt(n[0]*n[0]+n[1]*n[1]+n[2]*n[2]) {
			return -1
		}
		return best
	}
	return -1
}

// edgeKey names a mesh edge by its two point labels, smaller first.
type edgeKey [2]int32

// cut is a cell's section by the plane: a convex polygon in plane coordinates, its
// vertices the points where the plane crosses the cell's edges.
type cut struct {
	cell  int
	poly  [][2]float64
	edges []edgeKey // the edge each vertex lies on
}

// slice cuts every cell of p crossed by the plane, in cell order, and returns the
// boundary outline as segments. The crossings are gathered per cell in one flat array
// (counted first), so a 100k-cell mesh costs a few allocations, not one per cell.
func slice(p *part, pl Plane) ([]cut, [][2][2]float64) {
	h, v := inPlane(pl.Axis)
	type hit struct {
		e  edgeKey
		pt [2]float64
	}
	side := func(i int) bool { return p.points[i][pl.Axis] >= pl.At }
	faceHits := func(f []int, dst []hit) []hit {
		for k := range f {
			a, b := f[k], f[(k+1)%len(f)]
			if side(a) == side(b) {
				continue
			}
			pa, pb := p.points[a], p.points[b]
			t := (pl.At - pa[pl.Axis]) / (pb[pl.Axis] - pa[pl.Axis])
			e := edgeKey{int32(min(a, b)), int32(max(a, b))}
			dst = append(dst, hit{e, [2]float64{pa[h] + t*(pb[h]-pa[h]), pa[v] + t*(pb[v]-pa[v])}})
		}
		return dst
	}
	// The faces crossed, with their crossings, and how many each cell gets.
	var crossed []int32
	var fhits []hit
	foff := []int32{0}
	count := make([]int32, p.nCells+1)
	for fi, f := range p.faces {
		n := len(fhits)
		fhits = faceHits(f, fhits)
		if k := int32(len(fhits) - n); k > 0 {
			crossed = append(crossed, int32(fi))
			foff = append(foff, int32(len(fhits)))
			count[p.owner[fi]+1] += k
			if fi < len(p.nbr) {
				count[p.nbr[fi]+1] += k
			}
		}
	}
	for c := 1; c <= p.nCells; c++ {
		count[c] += count[c-1]
	}
	hits := make([]hit, count[p.nCells])
	fill := slices.Clone(count[:p.nCells])
	for i, fi := range crossed {
		for _, x := range fhits[foff[i]:foff[i+1]] {
			o := p.owner[fi]
			hits[fill[o]], fill[o] = x, fill[o]+1
			if int(fi) < len(p.nbr) {
				n := p.nbr[fi]
				hits[fill[n]], fill[n] = x, fill[n]+1
			}
		}
	}
	var cuts []cut
	// The polygons and their edges share backing arrays (a full slice expression caps
	// each): two allocations per growth, not two per cell.
	var polys [][2]float64
	var edges []edgeKey
	var angle []float64
	var order []int
	for c := range p.nCells {
		hs := hits[count[c]:count[c+1]]
		if len(hs) < 3 {
			continue
		}
		// Every crossed edge is met from its two faces of the cell: keep one.
		slices.SortFunc(hs, func(a, b hit) int {
			if a.e[0] != b.e[0] {
				return int(a.e[0] - b.e[0])
			}
			return int(a.e[1] - b.e[1])
		})
		uniq := hs[:1]
		for _, x := range hs[1:] {
			if x.e != uniq[len(uniq)-1].e {
				uniq = append(uniq, x)
			}
		}
		if len(uniq) < 3 {
			continue
		}
		var cx, cy float64
		for _, x := range uniq {
			cx, cy = cx+x.pt[0], cy+x.pt[1]
		}
		cx, cy = cx/float64(len(uniq)), cy/float64(len(uniq))
		// The section of a convex cell is convex: order its vertices by angle.
		angle = angle[:0]
		for _, x := range uniq {
			angle = append(angle, math.Atan2(x.pt[1]-cy, x.pt[0]-cx))
		}
		order = order[:0]
		for i := range uniq {
			order = append(order, i)
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(angle[a], angle[b]) })
		n := len(polys)
		for _, j := range order {
			polys, edges = append(polys, uniq[j].pt), append(edges, uniq[j].e)
		}
		cuts = append(cuts, cut{cell: c, poly: polys[n:len(polys):len(polys)], edges: edges[n:len(edges):len(edges)]})
	}
	var outline [][2][2]float64
	var buf []hit
	p.boundaryFaces(func(fi, _ int) {
		buf = faceHits(p.faces[fi], buf[:0])
		for i := 0; i+1 < len(buf); i += 2 {
			outline = append(outline, [2][2]float64{buf[i].pt, buf[i+1].pt})
		}
	})
	return cuts, outline
}
