package foamcase

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/foamc/foamc/openfoam"
)

// Features are the derived facts of a case (docs/case-document.md section 2).
type Features struct {
	Solver          string `json:"solver"`         // "" when controlDict has no application
	SimulationType  string `json:"simulationType"` // laminar when no turbulence dictionary says otherwise
	TurbulenceModel any    `json:"turbulenceModel"`
	Compressible    bool   `json:"compressible"`
	Steady          bool   `json:"steady"`
	Energy          any    `json:"energy"`
	Algorithm       any    `json:"algorithm"`
	StartTime       string `json:"startTime"`
	FieldDir        string `json:"fieldDir"`
	TwoD            bool   `json:"twoD"`
	Multiphase      bool   `json:"multiphase"`
	// MeshInputs are files a v1912 mesh converter reads (meshConverters), in the case
	// directory or constant/: a step foamc cannot see (Allrun) may make the mesh from them.
	MeshInputs []string `json:"meshInputs"`
	// Decomposed: decomposePar has written processor directories, which parallel runs read.
	Decomposed bool `json:"decomposed"`
	// Surfaces are snappyHexMeshDict's triSurfaceMesh geometries as read and measured.
	Surfaces []Surface `json:"surfaces"`
	// Background is the mesh snappyHexMesh refines, with its locationInMesh (nil: unknown).
	Background *Background `json:"background"`
	// MeshQuality is checkMesh's non-orthogonality and skewness of constant/polyMesh (nil: no mesh).
	MeshQuality *MeshQuality `json:"meshQuality"`
}

// meshConverters maps the file extensions v1912's mesh conversion utilities read to them
// (applications/utilities/mesh/conversion).
var meshConverters = map[string]string{
	".msh": "gmshToFoam, fluentMeshToFoam, fluent3DMeshToFoam",
	".cas": "fluent3DMeshToFoam",
	".unv": "ideasUnvToFoam",
	".neu": "gambitToFoam, netgenNeutralToFoam",
	".ans": "ansysToFoam",
	".ccm": "ccmToFoam",
	".geo": "cfx4ToFoam",
	".vtk": "vtkUnstructuredToFoam",
	".ele": "tetgenToFoam",
}

// meshInputs lists the converter inputs in dir and dir/constant, case-relative and sorted.
func meshInputs(dir string) []string {
	out := []string{}
	for _, sub := range []string{"", "constant"} {
		entries, _ := os.ReadDir(filepath.Join(dir, sub))
		for _, e := range entries {
			name := strings.TrimSuffix(e.Name(), ".gz")
			if _, ok := meshConverters[strings.ToLower(filepath.Ext(name))]; ok && !e.IsDir() {
				out = append(out, path.Join(sub, e.Name()))
			}
		}
	}
	sort.Strings(out)
	return out
}

// Map is the features as the JSON-able map rules see.
func (f Features) Map() map[string]any {
	return map[string]any{
		"solver":          f.Solver,
		"simulationType":  f.SimulationType,
		"turbulenceModel": f.TurbulenceModel,
		"compressible":    f.Compressible,
		"steady":          f.Steady,
		"energy":          f.Energy,
		"algorithm":       f.Algorithm,
		"startTime":       f.StartTime,
		"fieldDir":        f.FieldDir,
		"twoD":            f.TwoD,
		"multiphase":      f.Multiphase,
		"meshInputs":      f.MeshInputs,
		"decomposed":      f.Decomposed,
		"surfaces":        surfaceMaps(f.Surfaces),
		"background":      backgroundMap(f.Background),
		"meshQuality":     qualityMap(f.MeshQuality),
	}
}

// deriveFeatures computes the features from the expanded files and patches.
// files maps case-relative paths to expanded dictionaries (section 1 of the doc).
func deriveFeatures(files map[string]any, patches []Patch, startTime, fieldDir string) Features {
	f := Features{StartTime: startTime, FieldDir: fieldDir, SimulationType: "laminar"}
	control, _ := files["system/controlDict"].(map[string]any)
	app, _ := lookupString(control, "application")
	traits, known := openfoam.LookupSolver(app)
	f.Solver = app

	// Turbulence: v1912 turbulenceProperties, later momentumTransport; regions
	// (chtMultiRegion) keep theirs in constant/<region>/.
	for _, name := range turbulenceFiles(files) {
		d, _ := files[name].(map[string]any)
		st, ok := lookupString(d, "simulationType")
		if !ok {
			continue
		}
		f.SimulationType = st
		switch st {
		case "RAS", "LES":
			sub, _ := d[st].(map[string]any)
			for _, k := range []string{st + "Model", "model"} {
				if m, ok := lookupString(sub, k); ok {
					f.TurbulenceModel = m
					break
				}
			}
		}
		break
	}

	// Compressibility: a thermophysicalProperties anywhere under constant/ means a
	// thermo model is constructed; the solver table wins when it knows better.
	thermo := thermoFiles(files)
	f.Compressible = len(thermo) > 0
	if known {
		f.Compressible = traits.Compressible
	}
	for _, name := range thermo {
		d, _ := files[name].(map[string]any)
		if e, ok := ThermoComponents(d)["energy"]; ok {
			switch {
			case strings.HasSuffix(e, "Enthalpy"):
				f.Energy = "h"
			case strings.HasSuffix(e, "InternalEnergy"):
				f.Energy = "e"
			}
			if f.Energy != nil {
				break
			}
		}
	}

	// Steady: the solver when known, else the ddt default of fvSchemes.
	if known {
		f.Steady = traits.Steady
	} else {
		schemes, _ := files["system/fvSchemes"].(map[string]any)
		ddt, _ := schemes["ddtSchemes"].(map[string]any)
		switch v := ddt["default"].(type) {
		case string:
			f.Steady = v == "steadyState"
		case []any:
			if len(v) > 0 {
				f.Steady = v[0] == "steadyState"
			}
		}
	}

	// Algorithm: the dictionary fvSolution actually carries, else the solver's.
	solution, _ := files["system/fvSolution"].(map[string]any)
	for _, a := range []string{"PIMPLE", "PISO", "SIMPLE"} {
		if _, ok := solution[a].(map[string]any); ok {
			f.Algorithm = a
			break
		}
	}
	if f.Algorithm == nil && known && traits.Algorithm != "" {
		f.Algorithm = traits.Algorithm
	}

	f.Multiphase = traits.Multiphase
	if !known {
		tp, _ := files["constant/transportProperties"].(map[string]any)
		if _, ok := tp["phases"]; ok {
			f.Multiphase = true
		}
	}
	for _, p := range patches {
		// An empty patch without faces (blockMesh's default patch of a wedge's collapsed
		// axis face) leaves the mesh 3-D (polyMesh::calcDirections counts non-empty ones).
		if p.Type == "empty" && !noFaces(p) {
			f.TwoD = true
			break
		}
	}
	return f
}

// turbulenceFiles lists the turbulence dictionaries, the case-level one first.
func turbulenceFiles(files map[string]any) []string {
	var out []string
	for _, base := range []string{"turbulenceProperties", "momentumTransport"} {
		if _, ok := files["constant/"+base]; ok {
			out = append(out, "constant/"+base)
		}
	}
	var regions []string
	for name := range files {
		b := path.Base(name)
		if strings.HasPrefix(name, "constant/") && strings.Count(name, "/") == 2 &&
			(b == "turbulenceProperties" || b == "momentumTransport") {
			regions = append(regions, name)
		}
	}
	sort.Strings(regions)
	return append(out, regions...)
}

// thermoFiles lists constant/**/thermophysicalProperties, the case-level one first.
func thermoFiles(files map[string]any) []string {
	var out, regions []string
	if _, ok := files["constant/thermophysicalProperties"]; ok {
		out = append(out, "constant/thermophysicalProperties")
	}
	for name := range files {
		if strings.HasPrefix(name, "constant/") && strings.Count(name, "/") == 2 &&
			path.Base(name) == "thermophysicalProperties" {
			regions = append(regions, name)
		}
	}
	sort.Strings(regions)
	return append(out, regions...)
}

// thermoNames are the thermo package names basicThermoTemplates.C:146-154 (and :116-122,
// liquidProperties) builds from the thermoType components (C++ class names), with the
// components in order.
var thermoNames = []struct {
	re    *regexp.Regexp
	cmpts []string
}{
	{regexp.MustCompile(`^(\w+)<(\w+)<(\w+)<(\w+)<(\w+)<(\w+)>>,(\w+)>>>$`),
		[]string{"type", "mixture", "transport", "thermo", "equationOfState", "specie", "energy"}},
	{regexp.MustCompile(`^(\w+)<(\w+)<(\w+),(\w+)>>$`),
		[]string{"type", "mixture", "properties", "energy"}},
}

// ThermoComponents returns the word components of the thermoType of a
// thermophysicalProperties dictionary d, in both forms basicThermo::lookupThermo reads: the
// thermoType dictionary (basicThermoTemplates.C:99), or the legacy single word that is the
// package name itself (:168), type<mixture<transport<thermo<equationOfState<specie>>,energy>>>.
// It is nil without a thermoType or for a word that is no package name. The rules read the
// same components through lib.thermo_type (rules/lib/foam.rego).
func ThermoComponents(d map[string]any) map[string]string {
	switch tt := d["thermoType"].(type) {
	case map[string]any:
		out := map[string]string{}
		for k, v := range tt {
			if s, ok := v.(string); ok {
				out[k] = s
			}
		}
		return out
	case string:
		for _, n := range thermoNames {
			if m := n.re.FindStringSubmatch(tt); m != nil {
				out := map[string]string{}
				for i, k := range n.cmpts {
					out[k] = m[i+1]
				}
				return out
			}
		}
	}
	return nil
}

// lookupString returns d[key] when it is a single word or string.
func lookupString(d map[string]any, key string) (string, bool) {
	if d == nil {
		return "", false
	}
	s, ok := d[key].(string)
	return s, ok
}

// surfaceMaps is the surfaces as JSON-able maps (rules read numbers as float64).
func surfaceMaps(ss []Surface) []any {
	out := make([]any, 0, len(ss))
	for _, s := range ss {
		m := map[string]any{
			"name": s.Name, "file": s.File, "found": s.Found, "triangles": s.Triangles,
			"illegal": s.Illegal, "openEdges": s.OpenEdges, "multiEdges": s.MultiEdges,
			"parts": s.Parts, "normalZones": s.NormalZones,
			"box": []any{floats(s.Box[0][:]), floats(s.Box[1][:])}, "locationInside": nil,
		}
		if s.Error != "" {
			m["error"] = s.Error
		}
		if s.FirstOpenEdge != nil {
			m["firstOpenEdge"] = floats(s.FirstOpenEdge)
		}
		if s.LocationInside != nil {
			m["locationInside"] = *s.LocationInside
		}
		if s.Found && s.Error == "" {
			m["selfIntersections"] = s.SelfIntersections
		}
		if c := s.FirstIllegal; c != nil {
			m["firstIllegal"] = map[string]any{"triangle": c.Triangle, "point": floats(c.Point[:])}
		}
		if s.FirstFlippedEdge != nil {
			m["firstFlippedEdge"] = floats(s.FirstFlippedEdge)
		}
		if c := s.FirstIntersection; c != nil {
			m["firstSelfIntersection"] = map[string]any{"triangle": c.Triangle, "point": floats(c.Point[:])}
		}
		out = append(out, m)
	}
	return out
}

func floats(xs []float64) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

func backgroundMap(b *Background) any {
	if b == nil {
		return nil
	}
	return map[string]any{
		"box": []any{floats(b.Box[0][:]), floats(b.Box[1][:])}, "source": b.Source,
		"locationInMesh": floats(b.LocationInMesh), "locationInside": b.LocationInside,
	}
}

func qualityMap(q *MeshQuality) any {
	if q == nil {
		return nil
	}
	return map[string]any{
		"cells": q.Cells, "maxNonOrtho": q.MaxNonOrtho, "avgNonOrtho": q.AvgNonOrtho,
		"severeNonOrtho": q.SevereNonOrtho, "maxSkewness": q.MaxSkewness, "negativeVolumes": q.NegativeVolumes,
	}
}
