package compiler

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/foamcase/polymesh"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/saferead"
	"github.com/foamc/foamc/openfoam"
)

// meshPatch is one boundary patch of the mesh the spec names.
type meshPatch struct {
	Name string
	Type string
	// Groups are the patch's inGroups (patch groups).
	Groups []string
	// Default marks blockMesh's default patch (faces no boundary entry lists); Faces counts
	// those block faces.
	Default bool
	Faces   int
	// NoFaces: blockMesh writes the patch without faces (a default patch of collapsed faces
	// only, a mergePatchPairs patch): it does not make the mesh 2-D.
	NoFaces bool
	// faceKeys are the block faces a blockMeshDict patch lists (for its area); topo the same
	// faces as topology keys (topoKey).
	faceKeys []string
	topo     []string
}

// meshInfo is what the compiler reads from the mesh source.
type meshInfo struct {
	Kind    string // blockMeshDict | polyMesh | gmsh | geometry
	Source  string // absolute path
	Patches []meshPatch
	// DxMin is the smallest cell edge in metres (0 when unknown: binary polyMesh, gmsh,
	// multi-graded curved blocks).
	DxMin float64
	// Extent is the size of the mesh's bounding box (zero when unknown: gmsh).
	Extent [3]float64
	// Cells counts a blockMeshDict's cells (0 when unknown: other mesh sources).
	Cells int64
	// Merged are the patches mergePatchPairs stitches together (no faces remain).
	Merged map[string]bool
	// expanded: file is the expanded blockMeshDict (it had #include directives).
	expanded bool
	// file is the parsed blockMeshDict or polyMesh/boundary (nil for gmsh).
	file *grammar.File
	// blockFaces are the blockMeshDict's block faces by key (nil for other meshes).
	blockFaces map[string]blockFace
	// PatchesFrom says how a blockMeshDict's patches were learnt (fromBlockMesh or
	// fromReader), PatchesWhy why foamc's reading was used.
	PatchesFrom, PatchesWhy string
	// patchErr is foamc's reading's objection to the patches, which only stands when
	// blockMesh does not answer.
	patchErr error
	// geo is mesh.geometry's plan (Kind geometry, geometry.go).
	geo *geometryPlan
}

func (m *meshInfo) patch(name string) *meshPatch {
	for i := range m.Patches {
		if m.Patches[i].Name == name {
			return &m.Patches[i]
		}
	}
	return nil
}

// group lists the patches whose inGroups name g, in mesh order.
func (m *meshInfo) group(g string) []string {
	var out []string
	for _, p := range m.Patches {
		if slices.Contains(p.Groups, g) {
			out = append(out, p.Name)
		}
	}
	return out
}

func (m *meshInfo) names() []string {
	out := make([]string, len(m.Patches))
	for i, p := range m.Patches {
		out[i] = p.Name
	}
	return out
}

// readMesh reads the spec's mesh; a blockMeshDict's patches are blockMesh's own when it is
// installed (askBlockMesh).
func readMesh(ctx context.Context, s *Spec, lint Linter) (*meshInfo, error) {
	switch {
	case s.Mesh.BlockMeshDict != "":
		m, err := readBlockMesh(s.Path(s.Mesh.BlockMeshDict))
		if err != nil {
			return nil, err
		}
		return m, m.askBlockMesh(ctx, lint)
	case s.Mesh.PolyMesh != "":
		return readPolyMesh(s.Path(s.Mesh.PolyMesh))
	case s.Mesh.Geometry != nil:
		return readGeometry(s)
	default:
		return readGmsh(s.Path(s.Mesh.Gmsh))
	}
}

// meshError is a located finding about the user's mesh (exit 3), never a bare error.
func meshError(file string, n grammar.Node, summary, fix string) error {
	loc := finding.Location{File: file}
	if n != nil {
		if p := n.Span().Pos; p.IsValid() {
			loc.Line, loc.Column = int(p.Line), int(p.Column)
		}
	}
	return finding.Finding{ID: IDMesh, Severity: finding.Deny, Summary: summary, Fix: fix, Location: loc}
}

// readBlockMesh reads a blockMeshDict as blockMesh does: macros ($var), #include and #eval
// expanded (grammar.Expand; #codeStream/#calc are never run), then the patches blockMesh
// will create (blockPatches), including its default patch for block faces no patch lists.
func readBlockMesh(path string) (*meshInfo, error) {
	x, err := grammar.ExpandFile(path, grammar.ExpandOptions{EtcDir: openfoam.Etc()})
	if err != nil {
		return nil, err
	}
	var denies finding.List
	for _, f := range x.Findings {
		if f.Severity == finding.Deny {
			denies = append(denies, f)
		}
	}
	if len(denies) > 0 {
		return nil, denies
	}
	for _, d := range x.Directives {
		if !d.Executed {
			return nil, finding.Finding{ID: IDMesh, Severity: finding.Deny, Location: finding.Location{File: d.File, Line: d.Line, Column: d.Column},
				Summary: "the blockMeshDict uses " + d.Name + ", which foamc never executes",
				Fix:     "replace the directive by its values (or #eval for arithmetic) and compile again"}
		}
	}
	body := x.Dict.AST()
	m := &meshInfo{Kind: "blockMeshDict", Source: path, file: x.File}
	if len(x.Includes) > 0 {
		// The copied system/blockMeshDict could not reach the included files: write it expanded.
		m.file = grammar.NewFile("dictionary", "blockMeshDict", "system", body)
		m.expanded = true
	}
	g, err := blockGeometry(path, body)
	if err != nil {
		return nil, err
	}
	// foamc's reading; an objection to the patches waits for blockMesh's answer.
	m.Patches, m.patchErr = blockPatches(path, body, g)
	m.DxMin, m.Extent, m.blockFaces, m.Cells = g.dxMin, g.extent, g.geom, g.cells
	m.Merged = map[string]bool{}
	for _, it := range body.ListItems("mergePatchPairs") {
		if l, ok := it.(*grammar.List); ok {
			for _, w := range l.Items {
				if w, ok := w.(*grammar.Word); ok {
					m.Merged[w.Value] = true
				}
			}
		}
	}
	if len(m.Merged) > 0 {
		// Merging pairs, blockMesh drops every patch left without faces
		// (attachPolyTopoChanger::attach(true)): a collapsed default patch, and the merged
		// patches the stitch emptied, which only blockMesh knows (they stay, as Merged).
		m.Patches = slices.DeleteFunc(m.Patches, func(p meshPatch) bool { return p.NoFaces })
	}
	return m, nil
}

// blockGeom is what the compiler needs of a blockMeshDict's blocks.
type blockGeom struct {
	// topo counts every block face by topoKey (collapsed ones too); shapes are each block's
	// six faces by vertex label (hexFaces order), for (block face) references.
	topo   map[string]int
	shapes [][6][4]int
	geom   map[string]blockFace
	dxMin  float64    // smallest cell edge (0: unknown)
	extent [3]float64 // bounding box of the vertices, scaled
	cells  int64      // cells of the hex blocks
}

// hexFaces are the faces of OpenFOAM's hex cell model by local vertex.
var hexFaces = [6][4]int{{0, 4, 7, 3}, {1, 2, 6, 5}, {0, 1, 5, 4}, {3, 7, 6, 2}, {0, 3, 2, 1}, {4, 5, 6, 7}}

// faceKey identifies a face by its distinct vertex labels; "" for a collapsed face
// (fewer than 3 distinct vertices, as on a wedge axis), which blockMesh removes.
func faceKey(ids []int) string {
	u := append([]int(nil), ids...)
	sort.Ints(u)
	u = slices.Compact(u)
	if len(u) < 3 {
		return ""
	}
	parts := make([]string, len(u))
	for i, v := range u {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, " ")
}

// blockGeometry reads vertices and hex blocks: the face topology (for the default patch),
// the bounding box and the smallest cell edge (hex edges / cell counts with the grading's
// geometric progression, times scale). Curved edges and multi-grading make dxMin 0 (unknown)
// rather than wrong.
func blockGeometry(path string, body *grammar.Dict) (*blockGeom, error) {
	g := &blockGeom{geom: map[string]blockFace{}, topo: map[string]int{}}
	verts, scale, bad := foamcase.BlockVertices(body)
	if w, ok := bad.(*grammar.Word); ok && w.Value == "project" {
		return nil, meshError(path, bad, "the blockMeshDict projects vertices onto its geometry (project), which foamc does not compile",
			"run blockMesh on it yourself and give the result as mesh.polyMesh (constant/polyMesh)")
	}
	if bad != nil {
		return nil, meshError(path, bad, "a vertex of the blockMeshDict is not a point (x y z)",
			"write every vertex as three numbers ($var and #eval are read)")
	}
	if len(verts) == 0 {
		return nil, meshError(path, nil, "the blockMeshDict has no vertices", "give the block vertices")
	}
	lo, hi := polymesh.Box(verts)
	for d := 0; d < 3; d++ {
		g.extent[d] = scale * (hi[d] - lo[d])
	}
	blocks := body.ListItems("blocks")
	best := math.Inf(1)
	// hex edges grouped by local direction (x: 0-1, 3-2, 7-6, 4-5; y: 0-3, 1-2, 5-6, 4-7; z: 0-4, 1-5, 2-6, 3-7).
	edges := [3][4][2]int{{{0, 1}, {3, 2}, {7, 6}, {4, 5}}, {{0, 3}, {1, 2}, {5, 6}, {4, 7}}, {{0, 4}, {1, 5}, {2, 6}, {3, 7}}}
	nblocks := 0
	var dirs []blockDirs
	for i := 0; i < len(blocks); i++ {
		w, ok := blocks[i].(*grammar.Word)
		if !ok || w.Value != "hex" {
			continue
		}
		nblocks++
		// hex (v0 … v7) [zone] (nx ny nz) simpleGrading|edgeGrading (…)
		var ids, cnt, grading *grammar.List
		gradingKind := ""
		for j := i + 1; j < len(blocks) && j <= i+5; j++ {
			switch t := blocks[j].(type) {
			case *grammar.List:
				switch {
				case ids == nil:
					ids = t
				case cnt == nil:
					cnt = t
				case gradingKind != "" && grading == nil:
					grading = t
				}
			case *grammar.Word:
				if t.Value == "hex" {
					j = len(blocks)
					break
				}
				if t.Value == "simpleGrading" || t.Value == "edgeGrading" {
					gradingKind = t.Value
				}
			}
		}
		if ids == nil || cnt == nil || len(ids.Items) != 8 || len(cnt.Items) != 3 {
			return nil, meshError(path, w, "a hex block needs 8 vertex labels and 3 cell counts", "write hex (v0 … v7) (nx ny nz) simpleGrading (1 1 1)")
		}
		var vi [8]int
		for j, it := range ids.Items {
			n, ok := it.(*grammar.Number)
			if !ok || n.Int < 0 || int(n.Int) >= len(verts) {
				return nil, meshError(path, it, fmt.Sprintf("block vertex label %s is not one of the %d vertices", itemsText([]grammar.Item{it}), len(verts)),
					"use labels 0 … "+strconv.Itoa(len(verts)-1))
			}
			vi[j] = int(n.Int)
		}
		var shape [6][4]int
		for fi, f := range hexFaces {
			shape[fi] = [4]int{vi[f[0]], vi[f[1]], vi[f[2]], vi[f[3]]}
			g.topo[topoKey(shape[fi][:])]++
			if k := faceKey(shape[fi][:]); k != "" {
				g.geom[k] = newBlockFace(scale, verts[vi[f[0]]], verts[vi[f[1]]], verts[vi[f[2]]], verts[vi[f[3]]])
			}
		}
		g.shapes = append(g.shapes, shape)
		grades := blockGrading(gradingKind, grading)
		var bd blockDirs
		cells := int64(1)
		for d := 0; d < 3; d++ {
			n, ok := cnt.Items[d].(*grammar.Number)
			if !ok || n.Int < 1 {
				return nil, meshError(path, cnt, "a block's cell counts must be positive integers", "write (nx ny nz) with nx, ny, nz >= 1")
			}
			bd.single[d] = n.Int == 1
			cells *= n.Int
			bd.dx[d] = math.Inf(1)
			for ei, e := range edges[d] {
				a, b := verts[vi[e[0]]], verts[vi[e[1]]]
				// The chord: never longer than a curved edge, so the estimate errs small.
				L := scale * mag([3]float64{b[0] - a[0], b[1] - a[1], b[2] - a[2]})
				if L == 0 {
					continue // collapsed edge (wedge axis)
				}
				if dx := gradedSmallest(L, int(n.Int), grades[4*d+ei]); dx > 0 {
					bd.dx[d] = math.Min(bd.dx[d], dx)
				} else {
					bd.dx[d] = math.Inf(-1)
				}
			}
		}
		dirs = append(dirs, bd)
		g.cells += cells
	}
	if nblocks == 0 {
		return nil, meshError(path, nil, "the blockMeshDict has no hex blocks", "give at least one hex block")
	}
	// A mesh one cell thick in every block (2-D with empty faces, or a wedge) has no flux
	// across its thickness: the Courant step follows the in-plane cells, and the thin edges
	// of a wedge near its axis would shrink deltaT a hundredfold.
	thin := true
	for _, bd := range dirs {
		thin = thin && (bd.single[0] || bd.single[1] || bd.single[2])
	}
	for _, bd := range dirs {
		for d := 0; d < 3; d++ {
			if !(thin && bd.single[d]) {
				best = math.Min(best, bd.dx[d])
			}
		}
	}
	if !math.IsInf(best, 0) {
		g.dxMin = best
	}
	return g, nil
}

// blockDirs is one block's smallest cell per local direction (-Inf: unknown) and which
// directions have a single cell.
type blockDirs struct {
	dx     [3]float64
	single [3]bool
}

// gradeSection is one section of a multi-grading: fractions of the edge length and of
// its cells, and the section's expansion ratio.
type gradeSection struct{ length, cells, ratio float64 }

// blockGrading returns the grading of each of the 12 hex edges (edges[d][i] -> 4d+i):
// simpleGrading (3 directions) or edgeGrading (12 edges), each a ratio or a multi-grading
// list ((length cells ratio) …). nil marks an edge whose grading is not understood.
func blockGrading(kind string, l *grammar.List) [12][]gradeSection {
	var out [12][]gradeSection
	uniform := []gradeSection{{1, 1, 1}}
	for i := range out {
		out[i] = uniform
	}
	if l == nil {
		return out
	}
	parse := func(it grammar.Item) []gradeSection {
		switch t := it.(type) {
		case *grammar.Number:
			return []gradeSection{{1, 1, t.Float}}
		case *grammar.List:
			var secs []gradeSection
			for _, s := range t.Items {
				sl, ok := s.(*grammar.List)
				if !ok || len(sl.Items) != 3 {
					return nil
				}
				var v [3]float64
				for j, x := range sl.Items {
					n, ok := x.(*grammar.Number)
					if !ok {
						return nil
					}
					v[j] = n.Float
				}
				secs = append(secs, gradeSection{v[0], v[1], v[2]})
			}
			return secs
		}
		return nil
	}
	switch {
	case kind == "simpleGrading" && len(l.Items) == 3:
		for d := 0; d < 3; d++ {
			g := parse(l.Items[d])
			for i := 0; i < 4; i++ {
				out[4*d+i] = g
			}
		}
	case kind == "edgeGrading" && len(l.Items) == 12:
		for i := range out {
			out[i] = parse(l.Items[i])
		}
	default:
		for i := range out {
			out[i] = nil
		}
	}
	return out
}

// gradedSmallest is the smallest cell of an edge of length L with n cells under a
// (multi-)grading; the sections' length and cell fractions are normalised as blockMesh
// does. 0 when unknown.
func gradedSmallest(L float64, n int, secs []gradeSection) float64 {
	if len(secs) == 0 {
		return 0
	}
	var sumL, sumN float64
	for _, s := range secs {
		sumL += s.length
		sumN += s.cells
	}
	if sumL <= 0 || sumN <= 0 {
		return 0
	}
	best := math.Inf(1)
	for _, s := range secs {
		cells := int(math.Round(s.cells / sumN * float64(n)))
		if cells < 1 {
			cells = 1
		}
		dx := smallestCell(L*s.length/sumL, cells, s.ratio)
		if dx <= 0 {
			return 0
		}
		best = math.Min(best, dx)
	}
	return best
}

// smallestCell is the smallest of n cells on an edge of length L whose last/first cell
// ratio is r (OpenFOAM's expansion ratio); r = 0 means unknown.
func smallestCell(L float64, n int, r float64) float64 {
	if r == 0 {
		return 0
	}
	if r == 1 || n == 1 {
		return L / float64(n)
	}
	lambda := math.Pow(r, 1/float64(n-1))
	first := L * (lambda - 1) / (math.Pow(lambda, float64(n)) - 1)
	return first * math.Min(1, r)
}

func wordOf(d *grammar.Dict, key string) string {
	if e, ok := d.Find(key).(*grammar.PrimitiveEntry); ok && len(e.Value) == 1 {
		if w, ok := e.Value[0].(*grammar.Word); ok {
			return w.Value
		}
	}
	return ""
}

func readPolyMesh(dir string) (*meshInfo, error) {
	f, patches, err := foamcase.ReadBoundary(filepath.Join(dir, "boundary"))
	var fd finding.Finding
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, meshError(dir, nil, "the polyMesh directory has no boundary file (plain or .gz)",
			"point mesh.polyMesh at a directory holding boundary, points, faces, owner and neighbour")
	case errors.As(err, &fd) && fd.ID == foamcase.IDBoundary:
		// A user mesh the compiler cannot read is the compiler's finding, where the reader
		// found the problem.
		fd.ID = IDMesh
		return nil, fd
	case err != nil:
		return nil, err
	}
	m := &meshInfo{Kind: "polyMesh", Source: dir, file: f}
	for _, p := range patches {
		m.Patches = append(m.Patches, meshPatch{Name: p.Name, Type: p.Type, Groups: p.InGroups})
	}
	m.Extent, m.DxMin = polyMeshGeometry(dir, planeFaces(patches))
	return m, nil
}

// wordList reads `key N(a b)` or `key (a b)` as words.
func wordList(d *grammar.Dict, key string) []string {
	var out []string
	for _, it := range d.ListItems(key) {
		if w, ok := it.(*grammar.Word); ok {
			out = append(out, w.Value)
		}
	}
	return out
}

// planeFaces are the face ranges [start, end) of the empty and wedge patches of a
// polyMesh/boundary: the in-plane faces of a 2-D or axisymmetric mesh.
func planeFaces(patches []foamcase.Patch) [][2]int {
	var out [][2]int
	for _, p := range patches {
		if p.Type != "empty" && p.Type != "wedge" || p.StartFace == nil || p.NFaces == nil || *p.NFaces <= 0 {
			continue
		}
		out = append(out, [2]int{int(*p.StartFace), int(*p.StartFace + *p.NFaces)})
	}
	return out
}

// polyMeshGeometry reads a polyMesh's points and faces (ASCII, binary or .gz): the
// bounding box size and the shortest face edge, the smallest cell size a Courant time step
// needs (as the blockMeshDict reader's smallest cell edge). With plane faces (empty or
// wedge patches) only their edges count: nothing flows across a 2-D mesh's thickness.
// Unreadable files leave both zero (unknown), which only leaves mesh-derived scales open.
func polyMeshGeometry(dir string, plane [][2]int) (ext [3]float64, dxMin float64) {
	pts, err := polymesh.Points(dir)
	if err != nil || len(pts) == 0 {
		return ext, 0
	}
	ext = polymesh.Extent(pts)
	faces, err := polymesh.Faces(dir)
	if err != nil {
		return ext, 0
	}
	best := math.Inf(1)
	for face, ids := range faces {
		if len(plane) > 0 && !slices.ContainsFunc(plane, func(r [2]int) bool { return face >= r[0] && face < r[1] }) {
			continue
		}
		if slices.ContainsFunc(ids, func(i int) bool { return i < 0 || i >= len(pts) }) {
			continue
		}
		for k := range ids {
			a, b := pts[ids[k]], pts[ids[(k+1)%len(ids)]]
			if l := mag([3]float64{b[0] - a[0], b[1] - a[1], b[2] - a[2]}); l > 0 {
				best = math.Min(best, l)
			}
		}
	}
	if !math.IsInf(best, 0) {
		dxMin = best
	}
	return ext, dxMin
}

// readGmsh lists the physical surface names of a gmsh .msh file (format 2 or 4): gmshToFoam
// turns each into a patch of type patch.
func readGmsh(path string) (*meshInfo, error) {
	data, err := saferead.ReadFile(path, 0)
	if err != nil {
		return nil, meshError(path, nil, "cannot read the gmsh mesh: "+err.Error(), "point mesh.gmsh at a readable .msh file")
	}
	m := &meshInfo{Kind: "gmsh", Source: path}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	in := false
	var maxDim int
	type phys struct {
		dim  int
		name string
	}
	var all []phys
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "$PhysicalNames":
			in = true
			sc.Scan() // count
		case line == "$EndPhysicalNames":
			in = false
		case in:
			fs := strings.Fields(line)
			if len(fs) >= 3 {
				dim, _ := strconv.Atoi(fs[0])
				all = append(all, phys{dim, strings.Trim(strings.Join(fs[2:], " "), `"`)})
				maxDim = max(maxDim, dim)
			}
		}
	}
	for _, p := range all {
		if p.dim == maxDim-1 {
			m.Patches = append(m.Patches, meshPatch{Name: p.name, Type: "patch"})
		}
	}
	sort.Slice(m.Patches, func(i, j int) bool { return m.Patches[i].Name < m.Patches[j].Name })
	if len(m.Patches) == 0 {
		return nil, meshError(path, nil, "the gmsh mesh has no $PhysicalNames for its boundary surfaces", "name the boundary surfaces as physical groups (gmshToFoam names patches after them)")
	}
	return m, nil
}

// setPatchType changes a patch's type in the parsed blockMeshDict or polyMesh/boundary.
func (m *meshInfo) setPatchType(name, typ string) bool {
	if m.file == nil {
		return false
	}
	if p := m.patch(name); p != nil && p.Default {
		d := m.file.Body.SetDict("defaultPatch")
		d.Set("name", grammar.NewWord(name))
		d.Set("type", grammar.NewWord(typ))
		return true
	}
	var items []grammar.Item
	if m.Kind == "blockMeshDict" {
		if m.file.Body.Find("patches") != nil {
			// `patches ( type name (faces) … )`: the type is the word before the name.
			items = firstListItems(m.file.Body, "patches")
			for i := 0; i+2 < len(items); i += 3 {
				if w, ok := items[i+1].(*grammar.Word); ok && w.Value == name {
					items[i] = grammar.NewWord(typ)
					return true
				}
			}
			return false
		}
		items = firstListItems(m.file.Body, "boundary")
	} else if le := m.file.TopList(); le != nil {
		if l, ok := le.Value.(*grammar.List); ok {
			items = l.Items
		}
	}
	for i := 0; i+1 < len(items); i++ {
		if w, ok := items[i].(*grammar.Word); ok && w.Value == name {
			if d, ok := items[i+1].(*grammar.Dict); ok {
				d.Set("type", grammar.NewWord(typ))
				d.Remove("inGroups")
				return true
			}
		}
	}
	return false
}
