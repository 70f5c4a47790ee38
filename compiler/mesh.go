package compiler

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/grammar"
)

// meshPatch is one boundary patch of the mesh the spec names.
type meshPatch struct {
	Name string
	Type string
}

// meshInfo is what the compiler reads from the mesh source.
type meshInfo struct {
	Kind    string // blockMeshDict | polyMesh | gmsh
	Source  string // absolute path
	Patches []meshPatch
	// DxMin is the smallest cell edge in metres (0 when unknown: polyMesh, gmsh, macros).
	DxMin float64
	// file is the parsed blockMeshDict or polyMesh/boundary (nil for gmsh).
	file *grammar.File
}

func (m *meshInfo) patch(name string) *meshPatch {
	for i := range m.Patches {
		if m.Patches[i].Name == name {
			return &m.Patches[i]
		}
	}
	return nil
}

func (m *meshInfo) names() []string {
	out := make([]string, len(m.Patches))
	for i, p := range m.Patches {
		out[i] = p.Name
	}
	return out
}

func readMesh(s *Spec) (*meshInfo, error) {
	switch {
	case s.Mesh.BlockMeshDict != "":
		return readBlockMesh(s.path(s.Mesh.BlockMeshDict))
	case s.Mesh.PolyMesh != "":
		return readPolyMesh(s.path(s.Mesh.PolyMesh))
	default:
		return readGmsh(s.path(s.Mesh.Gmsh))
	}
}

func readBlockMesh(path string) (*meshInfo, error) {
	f, err := grammar.ParseFile(path)
	if err != nil {
		return nil, err
	}
	m := &meshInfo{Kind: "blockMeshDict", Source: path, file: f}
	for _, item := range listItems(f.Body, "boundary") {
		if d, ok := item.(*grammar.Dict); ok && len(m.Patches) > 0 && m.Patches[len(m.Patches)-1].Type == "" {
			m.Patches[len(m.Patches)-1].Type = wordOf(d, "type")
		} else if w, ok := item.(*grammar.Word); ok {
			m.Patches = append(m.Patches, meshPatch{Name: w.Value})
		}
	}
	if d, ok := f.Body.Find("defaultPatch").(*grammar.DictEntry); ok {
		name := wordOf(d.Dict, "name")
		if name == "" {
			name = "defaultFaces"
		}
		typ := wordOf(d.Dict, "type")
		if typ == "" {
			typ = "empty"
		}
		m.Patches = append(m.Patches, meshPatch{Name: name, Type: typ})
	}
	for i := range m.Patches {
		if m.Patches[i].Type == "" {
			m.Patches[i].Type = "patch"
		}
	}
	m.DxMin = blockDxMin(f.Body)
	return m, nil
}

// blockDxMin estimates the smallest cell edge of a blockMeshDict: per hex block, each of
// the 12 edges divided into n cells with simpleGrading's expansion ratio (smallest cell of a
// geometric progression). Macros or curved edges make it 0 (unknown) rather than wrong.
func blockDxMin(body *grammar.Dict) float64 {
	scale := 1.0
	for _, k := range []string{"scale", "convertToMeters"} {
		if e, ok := body.Find(k).(*grammar.PrimitiveEntry); ok && len(e.Value) == 1 {
			if n, ok := e.Value[0].(*grammar.Number); ok {
				scale = n.Float
			}
		}
	}
	var verts [][3]float64
	for _, it := range listItems(body, "vertices") {
		v, ok := vec3(it)
		if !ok {
			return 0
		}
		verts = append(verts, v)
	}
	blocks := listItems(body, "blocks")
	best := math.Inf(1)
	// hex edges grouped by local direction (x: 0-1, 3-2, 7-6, 4-5; y: 0-3, 1-2, 5-6, 4-7; z: 0-4, 1-5, 2-6, 3-7).
	edges := [3][4][2]int{{{0, 1}, {3, 2}, {7, 6}, {4, 5}}, {{0, 3}, {1, 2}, {5, 6}, {4, 7}}, {{0, 4}, {1, 5}, {2, 6}, {3, 7}}}
	for i := 0; i < len(blocks); i++ {
		w, ok := blocks[i].(*grammar.Word)
		if !ok || w.Value != "hex" || i+2 >= len(blocks) {
			continue
		}
		ids, ok1 := blocks[i+1].(*grammar.List)
		cnt, ok2 := blocks[i+2].(*grammar.List)
		if !ok1 || !ok2 || len(ids.Items) != 8 || len(cnt.Items) != 3 {
			return 0
		}
		var vi [8]int
		for j, it := range ids.Items {
			n, ok := it.(*grammar.Number)
			if !ok || int(n.Int) >= len(verts) {
				return 0
			}
			vi[j] = int(n.Int)
		}
		ratio := [3]float64{1, 1, 1}
		if i+4 < len(blocks) {
			if g, ok := blocks[i+3].(*grammar.Word); ok && g.Value == "simpleGrading" {
				if r, ok := blocks[i+4].(*grammar.List); ok && len(r.Items) == 3 {
					for d, it := range r.Items {
						if n, ok := it.(*grammar.Number); ok {
							ratio[d] = n.Float
						} else {
							ratio[d] = 0 // multi-grading: unknown
						}
					}
				}
			}
		}
		for d := 0; d < 3; d++ {
			n, ok := cnt.Items[d].(*grammar.Number)
			if !ok || n.Int < 1 {
				return 0
			}
			for _, e := range edges[d] {
				a, b := verts[vi[e[0]]], verts[vi[e[1]]]
				L := scale * mag([3]float64{b[0] - a[0], b[1] - a[1], b[2] - a[2]})
				dx := smallestCell(L, int(n.Int), ratio[d])
				if dx <= 0 {
					return 0
				}
				best = math.Min(best, dx)
			}
		}
	}
	if math.IsInf(best, 1) {
		return 0
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

func vec3(it grammar.Item) ([3]float64, bool) {
	l, ok := it.(*grammar.List)
	if !ok || len(l.Items) != 3 {
		return [3]float64{}, false
	}
	var v [3]float64
	for i, x := range l.Items {
		n, ok := x.(*grammar.Number)
		if !ok {
			return v, false
		}
		v[i] = n.Float
	}
	return v, true
}

func listItems(d *grammar.Dict, key string) []grammar.Item {
	e, ok := d.Find(key).(*grammar.PrimitiveEntry)
	if !ok || len(e.Value) == 0 {
		return nil
	}
	if l, ok := e.Value[len(e.Value)-1].(*grammar.List); ok {
		return l.Items
	}
	return nil
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
	if err != nil {
		return nil, err
	}
	m := &meshInfo{Kind: "polyMesh", Source: dir, file: f}
	for _, p := range patches {
		m.Patches = append(m.Patches, meshPatch{Name: p.Name, Type: p.Type})
	}
	return m, nil
}

// readGmsh lists the physical surface names of a gmsh .msh file (format 2 or 4): gmshToFoam
// turns each into a patch of type patch.
func readGmsh(path string) (*meshInfo, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading gmsh mesh: %w", err)
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
		return nil, fmt.Errorf("%s: no $PhysicalNames for boundary surfaces (gmshToFoam names patches after them)", path)
	}
	return m, nil
}

// setPatchType changes a patch's type in the parsed blockMeshDict or polyMesh/boundary.
func (m *meshInfo) setPatchType(name, typ string) bool {
	if m.file == nil {
		return false
	}
	var items []grammar.Item
	if m.Kind == "blockMeshDict" {
		items = listItems(m.file.Body, "boundary")
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
