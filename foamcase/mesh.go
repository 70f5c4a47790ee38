package foamcase

import (
	"bufio"
	"compress/gzip"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
)

// Mesh is what foamcase knows of one region's mesh without reading its bulk data.
type Mesh struct {
	// NCells is the cell count OpenFOAM checks a nonuniform internalField against: the
	// owner file's header note (`nCells:400`), else, before meshing, the cells of
	// blockMeshDict's blocks; nil when not known.
	NCells *int64 `json:"nCells,omitempty"`
	// Source is the case-relative file the count comes from (polyMesh/owner or blockMeshDict).
	Source string `json:"source"`
}

// ownerHeaderLimit bounds how much of an owner file is read for its header: the note is
// in the FoamFile header, a banner comment at most precedes it.
const ownerHeaderLimit = 64 << 10

var nCellsNote = regexp.MustCompile(`nCells:\s*(\d+)`)

// meshes reads the owner header of constant/polyMesh and of every constant/<region>/polyMesh
// (key "" for the default region) and records the position of each note; without a default
// mesh, blockMeshDict's blocks give the cell count blockMesh will make.
func (l *loader) meshes() map[string]Mesh {
	out := map[string]Mesh{}
	dirs := []string{"constant/polyMesh"}
	entries, _ := os.ReadDir(filepath.Join(l.root, "constant"))
	for _, e := range entries {
		if e.IsDir() && e.Name() != "polyMesh" {
			dirs = append(dirs, path.Join("constant", e.Name(), "polyMesh"))
		}
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		region := strings.TrimSuffix(strings.TrimPrefix(dir, "constant/"), "/polyMesh")
		if dir == "constant/polyMesh" {
			region = ""
		}
		rel := dir + "/owner"
		p := filepath.Join(l.root, filepath.FromSlash(rel))
		if _, err := os.Stat(p); err != nil {
			if _, err := os.Stat(p + ".gz"); err != nil {
				continue
			}
			rel, p = rel+".gz", p+".gz"
		}
		m := Mesh{Source: rel}
		if n, line, ok := ownerCells(p); ok {
			m.NCells = &n
			ptr := "/meshes/" + escape(region)
			l.c.Positions[ptr] = finding.Location{File: rel, Line: line, Column: 1, Path: ptr}
		}
		out[region] = m
	}
	if _, meshed := out[""]; !meshed {
		for _, rel := range blockMeshDicts {
			if x := l.c.Expanded[rel]; x != nil {
				if n, _, ok := blockCells(x); ok {
					out[""] = Mesh{NCells: &n, Source: rel}
					l.c.Positions["/meshes/"] = l.c.Positions["/files/"+escape(rel)+"/blocks"]
				}
				break
			}
		}
	}
	return out
}

// OwnerCells is the cell count an owner file's header notes (`nCells:N`); false when
// the header has none. Only the header is read.
func OwnerCells(path string) (int64, bool) {
	n, _, ok := ownerCells(path)
	return n, ok
}

// ownerCells finds `nCells:N` in the FoamFile header of an owner file (gzip read
// transparently) and the line it is on; only the header is read.
func ownerCells(p string) (n int64, line int, ok bool) {
	fh, err := os.Open(p)
	if err != nil {
		return 0, 0, false
	}
	defer fh.Close()
	var r io.Reader = fh
	if strings.HasSuffix(p, ".gz") {
		zr, err := gzip.NewReader(fh)
		if err != nil {
			return 0, 0, false
		}
		r = zr
	}
	sc := bufio.NewScanner(io.LimitReader(r, ownerHeaderLimit))
	inHeader := false
	for sc.Scan() {
		line++
		text := sc.Text()
		if strings.Contains(text, "FoamFile") {
			inHeader = true
		}
		if !inHeader {
			continue
		}
		if m := nCellsNote.FindStringSubmatch(text); m != nil {
			v, err := strconv.ParseInt(m[1], 10, 64)
			return v, line, err == nil
		}
		if strings.HasPrefix(strings.TrimSpace(text), "}") {
			return 0, 0, false
		}
	}
	return 0, 0, false
}

// Region is one mesh region of a multi-region case.
type Region struct {
	Name string `json:"name"`
	// Kind is the region's group in constant/regionProperties (fluid, solid), "" when the
	// region only has a mesh directory.
	Kind string `json:"kind,omitempty"`
}

// Regions lists the named mesh regions: those of constant/regionProperties
// (`regions (fluid (a b) solid (c));`, in its order), then regions that only have a
// constant/<region>/polyMesh, by name. A single-region case has none.
func (c *Case) Regions() []Region {
	var out []Region
	seen := map[string]bool{}
	rp, _ := c.Files["constant/regionProperties"].(map[string]any)
	groups, _ := rp["regions"].([]any)
	for i := 0; i+1 < len(groups); i += 2 {
		kind, _ := groups[i].(string)
		for _, n := range wordList(groups[i+1]) {
			if !seen[n] {
				seen[n] = true
				out = append(out, Region{Name: n, Kind: kind})
			}
		}
	}
	var more []string
	for r := range c.Meshes {
		if r != "" && !seen[r] {
			more = append(more, r)
		}
	}
	for _, p := range c.Patches {
		if p.Region != "" && !seen[p.Region] && !slices.Contains(more, p.Region) {
			more = append(more, p.Region)
		}
	}
	sort.Strings(more)
	for _, r := range more {
		out = append(out, Region{Name: r})
	}
	return out
}

// blockMeshDicts are where blockMesh v1912 looks for its dictionary, in its order:
// constant/polyMesh/blockMeshDict wins when it exists (findBlockMeshDict.H).
var blockMeshDicts = []string{"constant/polyMesh/blockMeshDict", "system/blockMeshDict"}
