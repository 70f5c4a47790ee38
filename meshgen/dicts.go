package meshgen

import (
	"fmt"
	"math"
	"strconv"

	"github.com/foamc/foamc/grammar"
)

// hexFaces are a hex block's faces as blockMesh numbers its vertices (0-3 the z-min face,
// 4-7 the z-max face), outward-facing, by (axis, side): x-min, x-max, y-min, y-max, z-min, z-max.
var hexFaces = [6][4]int{{0, 4, 7, 3}, {1, 2, 6, 5}, {0, 1, 5, 4}, {3, 7, 6, 2}, {0, 3, 2, 1}, {4, 5, 6, 7}}

func blockMeshDict(p *Plan, internal bool, axis int, sign float64) *grammar.File {
	types := map[string]string{}
	for _, pt := range p.Patches {
		types[pt.Name] = pt.Type
	}
	f := grammar.NewFile("dictionary", "blockMeshDict", "system", nil)
	d := f.Body
	d.Set("scale", grammar.Num(1))
	var verts []grammar.Item
	for _, v := range [8][3]int{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}} {
		verts = append(verts, grammar.Vector(p.Box[v[0]][0], p.Box[v[1]][1], p.Box[v[2]][2]))
	}
	d.Set("vertices", grammar.ListOf(verts...))
	d.Set("blocks", grammar.ListOf(grammar.NewWord("hex"), grammar.Nums(0, 1, 2, 3, 4, 5, 6, 7),
		grammar.Nums(float64(p.Cells[0]), float64(p.Cells[1]), float64(p.Cells[2])),
		grammar.NewWord("simpleGrading"), grammar.Nums(1, 1, 1)))
	d.Set("edges", grammar.ListOf())
	face := func(i int) grammar.Item {
		v := hexFaces[i]
		return grammar.Nums(float64(v[0]), float64(v[1]), float64(v[2]), float64(v[3]))
	}
	patch := func(name, typ string, faces ...int) []grammar.Item {
		pd := grammar.NewDict()
		pd.Set("type", grammar.NewWord(typ))
		var fs []grammar.Item
		for _, i := range faces {
			fs = append(fs, face(i))
		}
		pd.Set("faces", grammar.ListOf(fs...))
		return []grammar.Item{grammar.NewWord(name), pd}
	}
	var boundary []grammar.Item
	if internal {
		boundary = append(boundary, patch("background", types["background"], 0, 1, 2, 3, 4, 5)...)
	} else {
		in, out := 2*axis, 2*axis+1
		if sign < 0 {
			in, out = out, in
		}
		var sides []int
		for i := 0; i < 6; i++ {
			if i/2 != axis {
				sides = append(sides, i)
			}
		}
		boundary = append(boundary, patch("inlet", types["inlet"], in)...)
		boundary = append(boundary, patch("outlet", types["outlet"], out)...)
		boundary = append(boundary, patch("sides", types["sides"], sides...)...)
	}
	d.Set("boundary", grammar.ListOf(boundary...))
	return f
}

// featureAngle is the spec's feature angle or the tutorials' 30 degrees.
func featureAngle(s Spec) float64 { return def(s.FeatureAngle, 180-FeatureAngle) }

// featureDict extracts each surface's feature edges (v1912: surfaceFeatureExtractDict):
// edges whose triangles meet at more than the feature angle (includedAngle = 180 - it).
func featureDict(s Spec) *grammar.File {
	f := grammar.NewFile("dictionary", "surfaceFeatureExtractDict", "system", nil)
	for _, b := range s.Bodies {
		e := f.Body.SetDict(surfaceName(b))
		e.Set("extractionMethod", grammar.NewWord("extractFromSurface"))
		e.SetDict("extractFromSurfaceCoeffs").Set("includedAngle", num(180-featureAngle(s)))
		e.Set("writeObj", grammar.NewWord("no"))
	}
	return f
}

// snappyDict: each surface refined to Level, and one level more where its curvature
// between neighbouring cells exceeds the feature angle (resolveFeatureAngle) and along its
// extracted feature edges; refinement boxes; layers on the wall patches when planned.
func snappyDict(p *Plan, s Spec) *grammar.File {
	f := grammar.NewFile("dictionary", "snappyHexMeshDict", "system", nil)
	d := f.Body
	d.Set("castellatedMesh", grammar.NewWord("true"))
	d.Set("snap", grammar.NewWord("true"))
	d.Set("addLayers", grammar.NewWord(map[bool]string{true: "true", false: "false"}[p.Layer != nil]))
	g := d.SetDict("geometry")
	for _, b := range s.Bodies {
		e := g.SetDict(surfaceName(b))
		e.Set("type", grammar.NewWord("triSurfaceMesh"))
		e.Set("name", grammar.NewWord(b.Name))
	}
	for i, bx := range p.Boxes {
		e := g.SetDict(boxName(i))
		e.Set("type", grammar.NewWord("searchableBox"))
		e.Set("min", grammar.Vector(bx.Min[0], bx.Min[1], bx.Min[2]))
		e.Set("max", grammar.Vector(bx.Max[0], bx.Max[1], bx.Max[2]))
	}
	cm := d.SetDict("castellatedMeshControls")
	setAll(cm, castellatedDefaults)
	cm.Set("resolveFeatureAngle", num(featureAngle(s)))
	var features []grammar.Item
	for _, b := range s.Bodies {
		fd := grammar.NewDict()
		fd.Set("file", grammar.Str(b.Name+".eMesh"))
		fd.Set("level", grammar.Label(int64(p.Level+1)))
		features = append(features, fd)
	}
	cm.Set("features", grammar.ListOf(features...))
	rs := cm.SetDict("refinementSurfaces")
	types := map[string]string{}
	for _, pt := range p.Patches {
		types[pt.Name] = pt.Type
	}
	for _, b := range s.Bodies {
		bd := rs.SetDict(b.Name)
		bd.Set("level", grammar.Nums(float64(p.Level), float64(p.Level+1)))
		if !split(b) {
			bd.SetDict("patchInfo").Set("type", grammar.NewWord(types[b.Name]))
			continue
		}
		rd := bd.SetDict("regions")
		for _, r := range b.Surface.Regions {
			e := rd.SetDict(r)
			e.Set("level", grammar.Nums(float64(p.Level), float64(p.Level+1)))
			e.SetDict("patchInfo").Set("type", grammar.NewWord(types[b.Name+"_"+r]))
		}
	}
	rr := cm.SetDict("refinementRegions")
	for i, bx := range p.Boxes {
		e := rr.SetDict(boxName(i))
		e.Set("mode", grammar.NewWord("inside"))
		e.Set("levels", grammar.ListOf(grammar.ListOf(grammar.Num(1e15), grammar.Label(int64(bx.Level)))))
	}
	cm.Set("locationInMesh", grammar.Vector(p.Location[0], p.Location[1], p.Location[2]))
	setAll(d.SetDict("snapControls"), snapDefaults)
	lc := d.SetDict("addLayersControls")
	setAll(lc, layerDefaults)
	ld := lc.SetDict("layers")
	if l := p.Layer; l != nil {
		// First layer and expansion (layerParameters' FIRST_AND_EXPANSION), in metres.
		lc.Set("relativeSizes", word("false"))
		lc.Remove("finalLayerThickness")
		lc.Set("firstLayerThickness", grammar.Num(sig(l.First)))
		lc.Set("expansionRatio", grammar.Num(l.Expansion))
		lc.Set("minThickness", grammar.Num(sig(l.First/10)))
		for _, pt := range p.Patches {
			if pt.Type == "wall" {
				ld.SetDict(pt.Name).Set("nSurfaceLayers", grammar.Label(int64(l.N)))
			}
		}
	}
	setAll(d.SetDict("meshQualityControls"), qualityDefaults)
	d.Set("mergeTolerance", grammar.Num(1e-6))
	return f
}

func boxName(i int) string { return fmt.Sprintf("box%d", i) }

// sig rounds to four significant digits (a thickness needs no more).
func sig(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 4, 64), 64)
	return v
}

// entry is one keyword and its value as OpenFOAM's defaults give it.
type entry struct {
	key   string
	value grammar.Item
}

func setAll(d *grammar.Dict, es []entry) {
	for _, e := range es {
		d.Set(e.key, e.value)
	}
}

// num writes whole numbers as labels: OpenFOAM reads counts (maxGlobalCells) as int32 and
// refuses 4e+06.
func num(x float64) grammar.Item {
	if x == math.Trunc(x) && math.Abs(x) < 1<<31 {
		return grammar.Label(int64(x))
	}
	return grammar.Num(x)
}
func word(w string) grammar.Item { return grammar.NewWord(w) }

// castellatedDefaults, snapDefaults, layerDefaults are etc/caseDicts/mesh/generation/
// snappyHexMeshDict.cfg of v1912, qualityDefaults etc/caseDicts/meshQualityDict
// (TestDefaultsAreOpenFOAMs compares them with the installed files); maxLocalCells and
// maxGlobalCells are sized for this machine kind rather than a cluster.
var castellatedDefaults = []entry{
	{"maxLocalCells", num(2000000)}, {"maxGlobalCells", num(4000000)}, {"minRefinementCells", num(10)},
	{"maxLoadUnbalance", num(0.10)}, {"nCellsBetweenLevels", num(3)}, {"resolveFeatureAngle", num(30)},
	{"allowFreeStandingZoneFaces", word("true")},
}

var snapDefaults = []entry{
	{"nSmoothPatch", num(3)}, {"tolerance", num(2.0)}, {"nSolveIter", num(100)}, {"nRelaxIter", num(5)},
	{"nFeatureSnapIter", num(10)}, {"explicitFeatureSnap", word("false")}, {"multiRegionFeatureSnap", word("false")},
	{"implicitFeatureSnap", word("true")},
}

var layerDefaults = []entry{
	{"featureAngle", num(100)}, {"slipFeatureAngle", num(30)}, {"nLayerIter", num(50)}, {"nRelaxedIter", num(20)},
	{"nRelaxIter", num(5)}, {"nGrow", num(0)}, {"nSmoothSurfaceNormals", num(1)}, {"nSmoothNormals", num(3)},
	{"nSmoothThickness", num(10)}, {"maxFaceThicknessRatio", num(0.5)}, {"maxThicknessToMedialRatio", num(0.3)},
	{"minMedialAxisAngle", num(90)}, {"nMedialAxisIter", num(10)}, {"nBufferCellsNoExtrude", num(0)},
	{"additionalReporting", word("false")},
	// Layer thickness is read even with addLayers off; relative to the local cell size.
	{"relativeSizes", word("true")}, {"expansionRatio", num(1.2)}, {"finalLayerThickness", num(0.5)}, {"minThickness", num(0.1)},
}

var qualityDefaults = []entry{
	{"maxNonOrtho", num(65)}, {"maxBoundarySkewness", num(20)}, {"maxInternalSkewness", num(4)}, {"maxConcave", num(80)},
	{"minVol", num(1e-13)}, {"minTetQuality", num(1e-15)}, {"minArea", num(-1)}, {"minTwist", num(0.02)},
	{"minDeterminant", num(0.001)}, {"minFaceWeight", num(0.05)}, {"minVolRatio", num(0.01)}, {"minTriangleTwist", num(-1)},
	// Not in the etc file; snappyHexMesh v1912 reads them: the tutorials' values (motorBike).
	{"nSmoothScale", num(4)}, {"errorReduction", num(0.75)},
}
