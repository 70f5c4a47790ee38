// Package surface reads the triangulated surfaces a snappyHexMesh case meshes (STL ASCII and
// binary, OBJ, each optionally gzip-compressed) and checks them as OpenFOAM's surfaceCheck does:
// illegal triangles, open and multiply connected edges, unconnected parts, zones of
// consistent normals, and whether a point lies inside a closed surface.
package surface

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/foamc/foamc/internal/saferead"
)

// MaxSize bounds the bytes read from one surface file (after gunzip).
const MaxSize = 256 << 20

// Surface is a triangulated surface with its points merged as OpenFOAM's readers merge them.
type Surface struct {
	Points [][3]float64
	Tris   []Tri
	// Regions are the named regions (STL solids, OBJ groups) in order of appearance.
	Regions []string
}

// Tri is one triangle: three point indices and its region.
type Tri struct {
	V      [3]int
	Region int
}

// Read reads path by its extension (.stl, .obj; a trailing .gz is decompressed).
func Read(path string) (*Surface, error) {
	b, err := saferead.ReadFile(path, MaxSize)
	if err != nil {
		return nil, fmt.Errorf("surface: %w", err)
	}
	name := strings.ToLower(path)
	compressed := strings.HasSuffix(name, ".gz")
	if compressed {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, &ReadError{path, err}
		}
		if b, err = io.ReadAll(io.LimitReader(zr, MaxSize+1)); err != nil {
			return nil, &ReadError{path, err}
		}
		if len(b) > MaxSize {
			return nil, &ReadError{path, fmt.Errorf("larger than %d bytes uncompressed", MaxSize)}
		}
		name = strings.TrimSuffix(name, ".gz")
	}
	var s *Surface
	switch filepath.Ext(name) {
	case ".stl", ".stla", ".stlb":
		s, err = parseSTL(b, compressed)
	case ".obj":
		s, err = parseOBJ(b)
	default:
		return nil, &ReadError{path, fmt.Errorf("unknown format %q (STL or OBJ)", filepath.Ext(name))}
	}
	if err != nil {
		return nil, &ReadError{path, err}
	}
	return s, nil
}

// ReadError is a surface file that does not read: Err says why without the path, for a
// finding located at the file already.
type ReadError struct {
	Path string
	Err  error
}

func (e *ReadError) Error() string { return "surface: " + e.Path + ": " + e.Err.Error() }

func (e *ReadError) Unwrap() error { return e.Err }

// SyntaxError is a surface file's malformed record, at the token that is wrong (line and
// column 1-based, the column in bytes).
type SyntaxError struct {
	Line, Column int
	Msg          string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// fields appends the fields of an ASCII record (strings.Fields on ASCII blanks) to f and
// their 1-based byte columns to col.
func fields(line string, f []string, col []int) ([]string, []int) {
	for i := 0; i < len(line); {
		if asciiSpace(line[i]) {
			i++
			continue
		}
		j := i
		for j < len(line) && !asciiSpace(line[j]) {
			j++
		}
		f, col = append(f, line[i:j]), append(col, i+1)
		i = j
	}
	return f, col
}

func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == '\n'
}

// builder merges points by exact coordinates: STLReader merges within 1e-14 (binary) or
// 1e-13 (ASCII) metres, i.e. identical values, and reads coordinates as 32-bit floats.
type builder struct {
	s      Surface
	index  map[[3]float32]int
	region map[string]int
}

func newBuilder() *builder {
	return &builder{index: map[[3]float32]int{}, region: map[string]int{}}
}

func (b *builder) point(p [3]float32) int {
	if i, ok := b.index[p]; ok {
		return i
	}
	i := len(b.s.Points)
	b.index[p] = i
	b.s.Points = append(b.s.Points, [3]float64{float64(p[0]), float64(p[1]), float64(p[2])})
	return i
}

func (b *builder) regionOf(name string) int {
	if i, ok := b.region[name]; ok {
		return i
	}
	i := len(b.s.Regions)
	b.region[name] = i
	b.s.Regions = append(b.s.Regions, name)
	return i
}

// binarySTL ports STLCore::detectBinaryHeader: a header starting with "solid" (after blanks,
// any case) is ASCII; otherwise the triangle count read after it must be sensible for the
// file size (uncompressed files only).
func binarySTL(b []byte, compressed bool) bool {
	if len(b) < 84 {
		return false
	}
	head := strings.TrimLeft(string(b[:80]), " \t\n\r\v\f")
	if 80-len(head) < 80-5 && len(head) >= 5 && strings.EqualFold(head[:5], "solid") {
		return false
	}
	n := int64(int32(binary.LittleEndian.Uint32(b[80:84])))
	if n < 0 {
		return false
	}
	if !compressed {
		size := int64(len(b)) - 80
		if n < size/50 || n > size/25 {
			return false
		}
	}
	return int64(len(b)) >= 84+50*n
}

func parseSTL(data []byte, compressed bool) (*Surface, error) {
	if binarySTL(data, compressed) {
		return parseBinarySTL(data)
	}
	return parseASCIISTL(data)
}

func parseBinarySTL(data []byte) (*Surface, error) {
	n := int(binary.LittleEndian.Uint32(data[80:84]))
	b := newBuilder()
	zones := map[uint16]int{}
	for i := 0; i < n; i++ {
		rec := data[84+50*i : 84+50*(i+1)]
		var t Tri
		for v := 0; v < 3; v++ {
			var p [3]float32
			for k := 0; k < 3; k++ {
				p[k] = math.Float32frombits(binary.LittleEndian.Uint32(rec[12+12*v+4*k:]))
			}
			t.V[v] = b.point(p)
		}
		// The attribute word is the zone, as STLReader reads it.
		attr := binary.LittleEndian.Uint16(rec[48:50])
		z, ok := zones[attr]
		if !ok {
			z = b.regionOf("zone" + strconv.Itoa(int(attr)))
			zones[attr] = z
		}
		t.Region = z
		b.s.Tris = append(b.s.Tris, t)
	}
	return &b.s, nil
}

func parseASCIISTL(data []byte) (*Surface, error) {
	b := newBuilder()
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	region := -1
	var verts []int
	var f []string
	var col []int
	line := 0
	for sc.Scan() {
		line++
		f, col = fields(sc.Text(), f[:0], col[:0])
		if len(f) == 0 {
			continue
		}
		switch strings.ToLower(f[0]) {
		case "solid":
			name := "patch" + strconv.Itoa(len(b.s.Regions)+1)
			if len(f) > 1 {
				name = f[1]
			}
			region = b.regionOf(name)
		case "vertex":
			if len(f) < 4 {
				return nil, &SyntaxError{line, col[0], "vertex needs three coordinates"}
			}
			var p [3]float32
			for k := 0; k < 3; k++ {
				x, err := strconv.ParseFloat(f[1+k], 32)
				if err != nil {
					return nil, &SyntaxError{line, col[1+k], fmt.Sprintf("%q is no coordinate", f[1+k])}
				}
				p[k] = float32(x)
			}
			verts = append(verts, b.point(p))
		case "endloop":
			if len(verts) != 3 {
				return nil, &SyntaxError{line, col[0], fmt.Sprintf("a facet with %d vertices (STL facets are triangles)", len(verts))}
			}
			if region < 0 {
				region = b.regionOf("patch1")
			}
			b.s.Tris = append(b.s.Tris, Tri{V: [3]int{verts[0], verts[1], verts[2]}, Region: region})
			verts = verts[:0]
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(b.s.Tris) == 0 {
		return nil, fmt.Errorf("no facets")
	}
	return &b.s, nil
}

// parseOBJ ports OBJsurfaceFormat::read: v and f records (polygons fanned into triangles from
// their first vertex), `g` names as regions (faces before any group in zone0; `o` is ignored).
func parseOBJ(data []byte) (*Surface, error) {
	b := newBuilder()
	var pts []int
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	region := -1
	var f []string
	var col []int
	line := 0
	for sc.Scan() {
		line++
		f, col = fields(sc.Text(), f[:0], col[:0])
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "v":
			if len(f) < 4 {
				return nil, &SyntaxError{line, col[0], "v needs three coordinates"}
			}
			var p [3]float64
			for k := 0; k < 3; k++ {
				x, err := strconv.ParseFloat(f[1+k], 64)
				if err != nil {
					return nil, &SyntaxError{line, col[1+k], fmt.Sprintf("%q is no coordinate", f[1+k])}
				}
				p[k] = x
			}
			// OBJ points are not merged: every v is a point of its own.
			pts = append(pts, len(b.s.Points))
			b.s.Points = append(b.s.Points, p)
		case "g":
			if len(f) > 1 {
				region = b.regionOf(f[1])
			}
		case "f":
			if len(f) < 4 {
				return nil, &SyntaxError{line, col[0], "a face needs three vertices"}
			}
			idx := make([]int, 0, len(f)-1)
			for i, w := range f[1:] {
				v, _, _ := strings.Cut(w, "/")
				k, err := strconv.Atoi(v)
				if err != nil {
					return nil, &SyntaxError{line, col[1+i], fmt.Sprintf("%q is no vertex index", w)}
				}
				if k < 1 || k > len(pts) {
					return nil, &SyntaxError{line, col[1+i], fmt.Sprintf("vertex %d out of range 1..%d", k, len(pts))}
				}
				idx = append(idx, pts[k-1])
			}
			if region < 0 {
				region = b.regionOf("zone0")
			}
			for i := 1; i+1 < len(idx); i++ {
				b.s.Tris = append(b.s.Tris, Tri{V: [3]int{idx[0], idx[i], idx[i+1]}, Region: region})
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(b.s.Tris) == 0 {
		return nil, fmt.Errorf("no faces")
	}
	return &b.s, nil
}
