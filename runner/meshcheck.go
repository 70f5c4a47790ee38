package runner

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
)

// Mesh checks after meshing (docs/geometry.md): checkMesh's report and snappyHexMesh's
// layer report read as located findings (file log.checkMesh or log.snappyHexMesh, the
// line), each with a repair that changes the schemes or the mesh settings, never the
// physics.
const (
	IDMeshNonOrtho = "FOAM-RUN-060" // faces above 70 degrees that the schemes do not tolerate
	IDMeshSkew     = "FOAM-RUN-061" // highly skew faces (checkMesh: skewness above 4)
	IDMeshAspect   = "FOAM-RUN-062" // high aspect ratio cells (checkMesh: above 1000)
	IDMeshNegative = "FOAM-RUN-063" // zero or negative cell volumes: the solver cannot run
	IDMeshLayers   = "FOAM-RUN-064" // snappyHexMesh added under half the layers asked for
)

// checkMesh's report lines (v1912 primitiveMeshCheck.C, checkMesh.C).
var (
	reNonOrthMax = regexp.MustCompile(`Mesh non-orthogonality Max: ([0-9.eE+-]+) average: ([0-9.eE+-]+)`)
	reSevere     = regexp.MustCompile(`\*Number of severely non-orthogonal \(> ([0-9.]+) degrees\) faces: (\d+)|\*Number of severely non-orthogonal faces: (\d+)`)
	reSkew       = regexp.MustCompile(`\*\*\*Max skewness = ([0-9.eE+-]+), (\d+) highly skew faces`)
	reAspect     = regexp.MustCompile(`\*\*\*High aspect ratio cells found, Max aspect ratio: ([0-9.eE+-]+), number of cells (\d+)`)
	reNegative   = regexp.MustCompile(`\*\*\*Zero or negative cell volume detected.*Number of negative volume cells: (\d+)`)
	reCells      = regexp.MustCompile(`^\s+cells:\s+(\d+)`)
	// snappyHexMesh's layer table row: patch, faces, layers, thickness [m], thickness [%].
	reLayerRow = regexp.MustCompile(`^(\S+)\s+(\d+)\s+([0-9.]+)\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)\s*$`)
)

// MeshReport is what the mesh checks read: checkMesh's figures and snappyHexMesh's layers.
type MeshReport struct {
	Cells          int             `json:"cells"`
	MaxNonOrtho    float64         `json:"maxNonOrtho"`
	AvgNonOrtho    float64         `json:"avgNonOrtho"`
	SevereNonOrtho int             `json:"severeNonOrtho"`
	MaxSkewness    float64         `json:"maxSkewness,omitempty"`
	SkewFaces      int             `json:"skewFaces,omitempty"`
	MaxAspect      float64         `json:"maxAspect,omitempty"`
	AspectCells    int             `json:"aspectCells,omitempty"`
	NegativeCells  int             `json:"negativeCells,omitempty"`
	OK             bool            `json:"ok"`
	Layers         []LayerCoverage `json:"layers,omitempty"`
}

// LayerCoverage is one patch's row of snappyHexMesh's layer report against the layers asked.
type LayerCoverage struct {
	Patch     string  `json:"patch"`
	Faces     int     `json:"faces"`
	Layers    float64 `json:"layers"`
	Asked     int     `json:"asked"`
	Thickness float64 `json:"thicknessPercent"`
}

// meshFindings reads log.checkMesh (and log.snappyHexMesh) in dir.
func meshFindings(dir string) (*MeshReport, []finding.Finding) {
	r := &MeshReport{}
	var out []finding.Finding
	at := func(file string, line int) finding.Location { return finding.Location{File: file, Line: line} }
	eachLine(filepath.Join(dir, "log.checkMesh"), func(n int, l string) {
		if m := reCells.FindStringSubmatch(l); m != nil && r.Cells == 0 {
			r.Cells, _ = strconv.Atoi(m[1])
		}
		if m := reNonOrthMax.FindStringSubmatch(l); m != nil {
			r.MaxNonOrtho, _ = strconv.ParseFloat(m[1], 64)
			r.AvgNonOrtho, _ = strconv.ParseFloat(m[2], 64)
		}
		if m := reSevere.FindStringSubmatch(l); m != nil {
			r.SevereNonOrtho, _ = strconv.Atoi(m[2] + m[3])
			if !nonOrthoTolerated(dir) {
				out = append(out, finding.Finding{ID: IDMeshNonOrtho, Severity: finding.Warn, Location: at("log.checkMesh", n),
					Summary: fmt.Sprintf("checkMesh: %d faces are more than 70 degrees non-orthogonal (max %.1f): the corrected laplacian without limiter and non-orthogonal correctors loses accuracy and may diverge there",
						r.SevereNonOrtho, r.MaxNonOrtho),
					Fix: "limit the correction (laplacian Gauss linear limited corrected 0.33, snGrad limited corrected 0.33) and add 2 nNonOrthogonalCorrectors; checkMesh -writeSets vtk shows the faces (constant/polyMesh/sets/nonOrthoFaces)",
					Repair: &finding.Repair{Edits: []finding.Edit{
						{Op: finding.EditSet, File: "system/fvSchemes", Pointer: "/laplacianSchemes/default", Value: "Gauss linear limited corrected 0.33"},
						{Op: finding.EditSet, File: "system/fvSchemes", Pointer: "/snGradSchemes/default", Value: "limited corrected 0.33"},
					}}})
			}
		}
		if m := reSkew.FindStringSubmatch(l); m != nil {
			r.MaxSkewness, _ = strconv.ParseFloat(m[1], 64)
			r.SkewFaces, _ = strconv.Atoi(m[2])
			out = append(out, finding.Finding{ID: IDMeshSkew, Severity: finding.Warn, Location: at("log.checkMesh", n),
				Summary: fmt.Sprintf("checkMesh: %d faces are highly skew (max skewness %.3g > 4): linear interpolation of gradients is inaccurate there", r.SkewFaces, r.MaxSkewness),
				Fix:     "limit the gradient (gradSchemes default cellLimited Gauss linear 1); checkMesh's set skewFaces shows where",
				Repair: &finding.Repair{Edits: []finding.Edit{
					{Op: finding.EditSet, File: "system/fvSchemes", Pointer: "/gradSchemes/default", Value: "cellLimited Gauss linear 1"}}}})
		}
		if m := reAspect.FindStringSubmatch(l); m != nil {
			r.MaxAspect, _ = strconv.ParseFloat(m[1], 64)
			r.AspectCells, _ = strconv.Atoi(m[2])
			out = append(out, finding.Finding{ID: IDMeshAspect, Severity: finding.Warn, Location: at("log.checkMesh", n),
				Summary: fmt.Sprintf("checkMesh: %d cells have an aspect ratio above 1000 (max %.4g): thin layer cells slow the linear solvers' convergence", r.AspectCells, r.MaxAspect),
				Fix:     "grow the first layer (a larger y+ target, snappyHexMeshDict addLayersControls firstLayerThickness) or refine the surface further"})
		}
		if m := reNegative.FindStringSubmatch(l); m != nil {
			r.NegativeCells, _ = strconv.Atoi(m[1])
			out = append(out, finding.Finding{ID: IDMeshNegative, Severity: finding.Deny, Location: at("log.checkMesh", n),
				Summary: fmt.Sprintf("checkMesh: %d cells have zero or negative volume: the solver cannot run on this mesh", r.NegativeCells),
				Fix:     "mesh again with snappyHexMeshDict meshQualityControls at OpenFOAM's defaults (minVol 1e-13, minTetQuality 1e-15) and check the surface (surfaceCheck)"})
		}
		if strings.TrimSpace(l) == "Mesh OK." {
			r.OK = true
		}
	})
	r.Layers = layerReport(dir)
	for _, lc := range r.Layers {
		if lc.Asked > 0 && lc.Layers < 0.5*float64(lc.Asked) {
			out = append(out, finding.Finding{ID: IDMeshLayers, Severity: finding.Warn, Location: finding.Location{File: "log.snappyHexMesh"},
				Summary: fmt.Sprintf("snappyHexMesh added %.2g of the %d layers asked on patch %s (%.0f%% of the thickness): the wall's first cell is not where y+ wants it",
					lc.Layers, lc.Asked, lc.Patch, lc.Thickness),
				Fix: "let layers extrude round sharper edges (addLayersControls featureAngle 180) or ask for fewer, thinner layers",
				Repair: &finding.Repair{Edits: []finding.Edit{
					{Op: finding.EditSet, File: "system/snappyHexMeshDict", Pointer: "/addLayersControls/featureAngle", Value: "180"}}}})
		}
	}
	finding.Sort(out)
	return r, out
}

// layerReport reads the table snappyHexMesh prints after adding layers, and the layers
// snappyHexMeshDict asked for per patch.
func layerReport(dir string) []LayerCoverage {
	asked := map[string]int{}
	if f, err := grammar.ParseFile(filepath.Join(dir, "system", "snappyHexMeshDict")); err == nil {
		if lc, ok := f.Body.Find("addLayersControls").(*grammar.DictEntry); ok {
			if ld, ok := lc.Dict.Find("layers").(*grammar.DictEntry); ok {
				for _, e := range ld.Dict.Entries {
					if de, ok := e.(*grammar.DictEntry); ok {
						if pe, ok := de.Dict.Find("nSurfaceLayers").(*grammar.PrimitiveEntry); ok {
							n, _ := strconv.Atoi(grammar.FormatItems(pe.Value))
							asked[de.Key.Name] = n
						}
					}
				}
			}
		}
	}
	var out []LayerCoverage
	table := false
	eachLine(filepath.Join(dir, "log.snappyHexMesh"), func(_ int, l string) {
		if strings.HasPrefix(strings.TrimSpace(l), "-----") {
			table, out = true, nil // the last table is the final one
			return
		}
		if !table {
			return
		}
		m := reLayerRow.FindStringSubmatch(l)
		if m == nil {
			table = false
			return
		}
		faces, _ := strconv.Atoi(m[2])
		layers, _ := strconv.ParseFloat(m[3], 64)
		pct, _ := strconv.ParseFloat(m[5], 64)
		out = append(out, LayerCoverage{Patch: m[1], Faces: faces, Layers: layers, Asked: asked[m[1]], Thickness: pct})
	})
	return out
}

// nonOrthoTolerated: the case's laplacian is limited (or uncorrected) and its algorithm
// has non-orthogonal correctors, which is what faces above 70 degrees need.
func nonOrthoTolerated(dir string) bool {
	s, err1 := grammar.ParseFile(filepath.Join(dir, "system", "fvSchemes"))
	v, err2 := grammar.ParseFile(filepath.Join(dir, "system", "fvSolution"))
	if err1 != nil || err2 != nil {
		return false
	}
	lap := ""
	if d, ok := s.Body.Find("laplacianSchemes").(*grammar.DictEntry); ok {
		if pe, ok := d.Dict.Find("default").(*grammar.PrimitiveEntry); ok {
			lap = grammar.FormatItems(pe.Value)
		}
	}
	if !strings.Contains(lap, "limited") && !strings.Contains(lap, "uncorrected") {
		return false
	}
	for _, alg := range []string{"SIMPLE", "PISO", "PIMPLE"} {
		if d, ok := v.Body.Find(alg).(*grammar.DictEntry); ok {
			if pe, ok := d.Dict.Find("nNonOrthogonalCorrectors").(*grammar.PrimitiveEntry); ok {
				if n, _ := strconv.Atoi(grammar.FormatItems(pe.Value)); n > 0 {
					return true
				}
			}
		}
	}
	return false
}

func eachLine(path string, f func(n int, l string)) {
	fh, err := os.Open(path)
	if err != nil {
		return
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		f(n, sc.Text())
	}
}

// snappyPhases are the headers snappyHexMesh v1912 starts its phases with
// (snappyRefineDriver.C, snappySnapDriver.C, snappyLayerDriver.C).
var snappyPhases = map[string]string{"Refinement phase": "castellating", "Morphing phase": "snapping", "Shrinking and layer addition phase": "adding layers"}

// snappyProgress reports snappyHexMesh's phases and their times on log and to progress.
func snappyProgress(log io.Writer, progress func(Progress)) func(string) {
	return func(l string) {
		t := strings.TrimSpace(l)
		msg := ""
		if ph, ok := snappyPhases[t]; ok {
			msg = ph
		} else if strings.HasPrefix(t, "Mesh refined in =") || strings.HasPrefix(t, "Mesh snapped in =") ||
			strings.HasPrefix(t, "Layers added in =") || strings.HasPrefix(t, "Finished meshing in =") {
			msg = t
		}
		if msg == "" {
			return
		}
		fmt.Fprintf(log, "snappyHexMesh: %s\n", msg)
		if progress != nil {
			progress(Progress{Phase: "snappyHexMesh: " + msg})
		}
	}
}

// checkMesh reads the checks of the mesh this run made (a log.checkMesh left by prepare)
// into the result, logs them, and returns the denies that stop the solver.
func (r *Result) checkMesh(dir string, log io.Writer) []finding.Finding {
	if _, err := os.Stat(filepath.Join(dir, "log.checkMesh")); err != nil {
		return nil
	}
	r.MeshReport, r.Mesh = meshFindings(dir)
	m := r.MeshReport
	fmt.Fprintf(log, "checkMesh: %d cells, non-orthogonality max %.1f average %.1f, mesh OK %v\n", m.Cells, m.MaxNonOrtho, m.AvgNonOrtho, m.OK)
	for _, lc := range m.Layers {
		fmt.Fprintf(log, "snappyHexMesh layers: %s %.2g of %d (%.0f%% thickness)\n", lc.Patch, lc.Layers, lc.Asked, lc.Thickness)
	}
	var denies []finding.Finding
	for _, f := range r.Mesh {
		fmt.Fprintf(log, "%s: %s\n", f.ID, f.Summary)
		if f.Severity == finding.Deny {
			denies = append(denies, f)
		}
	}
	return denies
}
