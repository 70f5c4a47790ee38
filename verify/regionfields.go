package verify

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
)

// checkRegionFields is the fields check for the regions of a region case: each region's
// fields of the latest judged time (<t>/<region>/, in every processor directory of a
// decomposed layout) sized for the region's own mesh (constant/<region>/polyMesh),
// finite, and within the physical bounds of the fields check (T, rho and the absolute p
// of the compressible region solvers positive).
func checkRegionFields(r *Run) []finding.Finding {
	if !r.regionCase() || len(r.times) == 0 {
		return nil
	}
	t := r.latest()
	var out []finding.Finding
	var held []string
	for _, part := range r.layout.parts {
		regions, _ := os.ReadDir(filepath.Join(r.dir, part, t))
		for _, rg := range regions {
			mesh := filepath.Join(r.dir, part, "constant", rg.Name(), "polyMesh")
			if !rg.IsDir() || !isDir(mesh) {
				continue
			}
			var cells int64
			haveCells := false
			for _, name := range []string{"owner", "owner.gz"} {
				if n, ok := foamcase.OwnerCells(filepath.Join(mesh, name)); ok {
					cells, haveCells = n, true
				}
			}
			files, _ := os.ReadDir(filepath.Join(r.dir, part, t, rg.Name()))
			for _, e := range files {
				rel := path.Join(part, t, rg.Name(), e.Name())
				if e.IsDir() {
					continue
				}
				x, err := r.read(rel)
				if err != nil {
					out = append(out, unreadable(rel, err))
					continue
				}
				in := x.Dict.Get("internalField")
				if !strings.HasSuffix(x.File.HeaderWord("class"), "Field") || in == nil {
					continue
				}
				if n, ok := listCount(in); ok && haveCells && n != cells && strings.HasPrefix(x.File.HeaderWord("class"), "vol") {
					out = append(out, finding.Finding{ID: IDCountMismatch, Severity: finding.Deny,
						Summary:  fmt.Sprintf("%s holds %d internalField values for region %s's mesh of %d cells", rel, n, rg.Name(), cells),
						Detail:   fmt.Sprintf("method: the nonuniform list's size against nCells of %s's owner file; measured: %d != %d", path.Join(part, "constant", rg.Name(), "polyMesh"), n, cells),
						Fix:      "the field was not written for this region's mesh: split the mesh again (splitMeshRegions -cellZonesOnly -overwrite) and rerun",
						Location: finding.Location{File: rel, Line: line(in), Path: "/internalField"}})
					continue
				}
				vals := fieldValues(in)
				if f, bad := nonFinite(rel, "/internalField", in, vals); bad {
					out = append(out, f)
					continue
				}
				name := strings.TrimSuffix(e.Name(), ".gz")
				for _, b := range bounds {
					if b.field != name || b.dims != nil && !sameDims(x.Dict.Get("dimensions"), b.dims) {
						continue
					}
					if f, bad := b.check(rel, in, vals); bad {
						out = append(out, f)
					} else if len(vals) > 0 {
						held = append(held, fmt.Sprintf("%s min %g %s %g", rel, minOf(vals), b.op(), b.min))
					}
				}
			}
		}
	}
	if len(held) > 0 {
		out = append(out, finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: finding.Location{File: t},
			Summary: "bounds hold in the regions at " + t + ": " + strings.Join(held, "; "),
			Detail:  "method: minimum over each region's internalField against the physical lower bound of each field (docs/verify.md)"})
	}
	return out
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

var regionFieldsCheck = Check{Name: "region-fields", File: "verify/regionfields.go",
	Doc: "a region case's fields per region: sized for the region's mesh, finite, within physical bounds (the fields check's IDs)",
	Run: checkRegionFields,
}
