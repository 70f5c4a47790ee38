package kb

import (
	"fmt"
	"math"
	"path"
	"sort"
	"strings"

	"github.com/foamc/foamc/foamcase"
)

// maxList is the longest list a record keeps; longer lists are bulk data
// (tables, point lists) and are replaced by {"$elided": {"size": N}}.
const maxList = 64

// excluded reports whether a case file is left out of records: meshing and
// decomposition dictionaries and mesh data are not case configuration.
func excluded(file string) bool {
	base := path.Base(file)
	switch base {
	case "blockMeshDict", "snappyHexMeshDict", "decomposeParDict", "surfaceFeatureExtractDict",
		"surfaceFeaturesDict", "extrudeMeshDict", "refineMeshDict", "topoSetDict", "createPatchDict",
		"mirrorMeshDict", "foamyHexMeshDict", "collapseDict", "cellShapeControl", "meshQualityDict",
		"snappyHexMeshDict.orig", "blockMeshDict.orig":
		return true
	}
	return strings.Contains(file, "/polyMesh/") || strings.HasPrefix(file, "constant/triSurface") ||
		strings.HasPrefix(file, "constant/geometry") || strings.Contains(file, "extendedFeatureEdgeMesh")
}

// RecordFromDocument builds a case record from a case document
// (docs/case-document.md: "features", "files", "fields"). casePath is the
// tutorial-relative case directory.
func RecordFromDocument(casePath string, doc map[string]any) (*CaseRecord, error) {
	feat, _ := doc["features"].(map[string]any)
	files, _ := doc["files"].(map[string]any)
	headers, _ := doc["headers"].(map[string]any)
	if feat == nil || files == nil {
		return nil, fmt.Errorf("kb: case document of %s has no features or files", casePath)
	}
	str := func(k string) string { s, _ := feat[k].(string); return s }
	flag := func(k string) bool { b, _ := feat[k].(bool); return b }
	r := &CaseRecord{
		Path:           casePath,
		Solver:         str("solver"),
		SimulationType: str("simulationType"),
		Steady:         flag("steady"),
		Algorithm:      str("algorithm"),
		Energy:         str("energy"),
		Multiphase:     flag("multiphase"),
		BCs:            map[string]map[string]string{},
		Files:          map[string]any{},
		Classes:        map[string]string{},
	}
	switch r.SimulationType {
	case "RAS", "LES":
		r.TurbulenceModel = str("turbulenceModel")
		if r.TurbulenceModel == "" {
			r.Notes = append(r.Notes, r.SimulationType+" without a model name")
		}
	case "", "laminar":
		r.SimulationType, r.TurbulenceModel = "laminar", "laminar"
	default: // twoPhaseTransport and other v1912 variants
		r.TurbulenceModel = r.SimulationType
	}

	fieldDir := str("fieldDir")
	if fieldDir == "" {
		fieldDir = "0"
	}
	// gzipped files (Debian examples) are keyed as their plain name; a plain
	// copy, when both exist, wins
	for _, name := range sortedKeys(files) {
		v := files[name]
		rel := strings.TrimSuffix(name, ".gz")
		if excluded(rel) {
			continue
		}
		if rel != name {
			if _, plain := files[rel]; plain {
				continue
			}
		}
		if fieldDir != "0" && strings.HasPrefix(rel, fieldDir+"/") {
			rel = "0/" + strings.TrimPrefix(rel, fieldDir+"/")
		}
		if d, ok := v.(map[string]any); ok {
			delete(d, "FoamFile")
		}
		r.Files[rel] = stripBulk(v)
		if h, ok := headers[name].(map[string]any); ok && strings.HasPrefix(rel, "0/") {
			if c, ok := h["class"].(string); ok {
				r.Classes[rel] = c
			}
		}
	}

	r.ThermoType, r.Regions = thermoAndRegions(r.Files)
	r.CompressibleFrom, r.Compressible = compressibility(r, flag("compressible"))
	r.Reacting = reacting(r)
	r.Particles = particles(r)
	if !r.Multiphase {
		if tp, ok := r.Files["constant/transportProperties"].(map[string]any); ok {
			_, r.Multiphase = tp["phases"]
		}
	}
	for name, v := range r.Files {
		if !strings.HasPrefix(name, "0/") || r.IsPointField(name) {
			continue // point fields take pointPatchField types, which contracts do not cover
		}
		d, _ := v.(map[string]any)
		bf, ok := d["boundaryField"].(map[string]any)
		if !ok {
			continue
		}
		field := strings.TrimPrefix(name, "0/")
		types := map[string]string{}
		for p, e := range bf {
			if m, ok := e.(map[string]any); ok && p != regexKey {
				if t, ok := m["type"].(string); ok {
					types[p] = t
				}
			}
		}
		patterns, values := regexEntries(bf)
		for i, p := range patterns {
			if m, ok := values[i].(map[string]any); ok {
				if t, ok := m["type"].(string); ok {
					types[`"`+p+`"`] = t
				}
			}
		}
		if len(types) > 0 {
			r.BCs[field] = types
		}
	}
	if errs, _ := doc["errors"].([]any); len(errs) > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("%d file(s) with reading problems", len(errs)))
	}
	sort.Strings(r.Notes)
	return r, nil
}

// isThermoFile: the thermophysical model dictionaries (per region and per
// phase: thermophysicalProperties.water) and the barotropic
// thermodynamicProperties of sonicLiquidFoam and cavitatingFoam.
func isThermoFile(name string) bool {
	b := path.Base(name)
	return strings.HasPrefix(name, "constant/") &&
		(strings.HasPrefix(b, "thermophysicalProperties") || b == "thermodynamicProperties")
}

// thermoAndRegions reads thermoType.type (the case-level file first, then
// region and phase files in name order) and the region names of
// constant/regionProperties.
func thermoAndRegions(files map[string]any) (string, []string) {
	var thermo string
	names := sortedKeys(files)
	sort.SliceStable(names, func(i, j int) bool {
		return names[i] == "constant/thermophysicalProperties" && names[j] != names[i]
	})
	for _, n := range names {
		if !isThermoFile(n) {
			continue
		}
		d, _ := files[n].(map[string]any)
		if t, ok := foamcase.ThermoComponents(d)["type"]; ok && thermo == "" {
			thermo = t
		}
	}
	var regions []string
	if rp, ok := files["constant/regionProperties"].(map[string]any); ok {
		// regions ( fluid (bottomAir topAir) solid (heater) );
		if l, ok := rp["regions"].([]any); ok {
			for i := 1; i < len(l); i += 2 {
				if names, ok := l[i].([]any); ok {
					for _, n := range names {
						if s, ok := n.(string); ok {
							regions = append(regions, s)
						}
					}
				}
			}
		}
	}
	if regions != nil {
		sort.Strings(regions)
	}
	return thermo, regions
}

// compressibility takes the curated solver table first, the case document's
// feature next, and cross-checks both with the presence of a thermo model.
func compressibility(r *CaseRecord, feature bool) (string, bool) {
	hasThermo := false
	for n := range r.Files {
		hasThermo = hasThermo || isThermoFile(n)
	}
	if info, ok := describedSolver(r.Solver); ok {
		c := info.Compressible
		if c == hasThermo {
			return "solver+thermophysicalProperties", c
		}
		r.Notes = append(r.Notes, fmt.Sprintf("solver %s is compressible=%v but a thermo dictionary present=%v", r.Solver, c, hasThermo))
		return "solver", c
	}
	if feature == hasThermo {
		return "solver+thermophysicalProperties", feature
	}
	r.Notes = append(r.Notes, fmt.Sprintf("case features say compressible=%v but a thermo dictionary present=%v", feature, hasThermo))
	return "solver", feature
}

func reacting(r *CaseRecord) bool {
	s := strings.ToLower(r.Solver)
	if strings.Contains(s, "reacting") || strings.Contains(s, "xifoam") || s == "firefoam" || s == "pdrfoam" ||
		strings.Contains(s, "enginefoam") || strings.Contains(s, "chemfoam") {
		return true
	}
	for n := range r.Files {
		b := path.Base(n)
		if b == "chemistryProperties" || b == "combustionProperties" || b == "reactions" {
			return true
		}
	}
	return false
}

func particles(r *CaseRecord) bool {
	s := r.Solver
	if strings.Contains(s, "Parcel") || strings.Contains(s, "DPM") || strings.Contains(s, "MPPIC") ||
		strings.Contains(s, "Cloud") || s == "dsmcFoam" || s == "mdFoam" || s == "sprayFoam" {
		return true
	}
	for n := range r.Files {
		if strings.HasSuffix(path.Base(n), "CloudProperties") {
			return true
		}
	}
	return false
}

// stripBulk replaces long lists by their size; everything else is copied as is.
func stripBulk(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = stripBulk(e)
		}
		return out
	case float64:
		// JSON has no NaN/Inf; keep OpenFOAM's spelling
		if math.IsNaN(x) {
			return "nan"
		}
		if math.IsInf(x, 0) {
			return map[bool]string{true: "inf", false: "-inf"}[x > 0]
		}
		return x
	case []any:
		if len(x) > maxList {
			return map[string]any{"$elided": map[string]any{"size": len(x)}}
		}
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = stripBulk(e)
		}
		return out
	}
	return v
}

// IsPointField reports a field file of class point*Field (pointDisplacement,
// motionScale): its boundary types are pointPatchFields.
func (r *CaseRecord) IsPointField(file string) bool {
	return strings.HasPrefix(r.Classes[file], "point")
}
