package verify

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
)

// Wall-treatment findings (docs/verify.md).
const (
	IDWallFunctionLow  = "FOAM-VERIFY-030"
	IDWallFunctionHigh = "FOAM-VERIFY-031"
	IDLowReCoarse      = "FOAM-VERIFY-032"
	IDNoYPlus          = "FOAM-VERIFY-033"
	IDYPlusUnjudged    = "FOAM-VERIFY-034"
)

// y+ limits of the wall treatments, on a wall patch's mean y+ (the face average
// OpenFOAM's yPlus function object reports, gAverage in src/functionObjects/field/yPlus/yPlus.C).
const (
	// viscousSublayer: below y+ 5 the first cell lies in the viscous sublayer (Pope,
	// Turbulent Flows, 2000, §7.1): a low-Re treatment resolves it; wall functions,
	// which model it, are misused there.
	viscousSublayer = 5.0
	// logLawTop: the log law wall functions rely on holds up to y+ ~ 500 (Versteeg &
	// Malalasekera, An Introduction to CFD, 2nd ed. 2007, §3.7).
	logLawTop = 500.0
	// logLawBottom: where the log layer starts (Pope 2000, §7.1); between
	// viscousSublayer and here is the buffer layer, where OpenFOAM's wall functions
	// switch from laminar to log law at yPlusLam 11.53 (nutWallFunctionFvPatchScalarField.C).
	logLawBottom = 30.0
)

type wallTreatment int

const (
	wallFunction wallTreatment = iota + 1
	lowRe
	anyYPlus
)

// treatmentOf classifies a wall patch's nut boundary condition.
func treatmentOf(nutType string) (wallTreatment, bool) {
	switch nutType {
	case "nutUSpaldingWallFunction", "nutUBlendedWallFunction", "nutUTabulatedWallFunction":
		return anyYPlus, true // valid from the sublayer to the log layer
	case "nutLowReWallFunction", "fixedValue", "calculated", "zeroGradient":
		return lowRe, true // nut from the model down to the wall: the sublayer is resolved
	}
	if strings.HasPrefix(nutType, "nut") && strings.HasSuffix(nutType, "WallFunction") {
		return wallFunction, true // nutkWallFunction, nutUWallFunction, rough variants
	}
	return 0, false
}

type yPlusStat struct {
	min, max, mean float64
	time           string
	source         string
}

// checkWall judges the y+ of each wall patch against the wall treatment its nut
// boundary condition chose. Evidence: the yPlus function object's
// postProcessing/yPlus/<t>/yPlus.dat, else a yPlus field in the judged time
// directory; without either, an info finding says y+ was not judged.
func checkWall(r *Run) []finding.Finding {
	dir, l, t := r.dir, r.layout, r.latest()
	if t == "" {
		return nil
	}
	nutRel := path.Join(l.parts[0], t, "nut")
	x, err := r.read(nutRel)
	if err != nil {
		return nil // laminar, or no turbulence viscosity written: no wall treatment
	}
	bmesh := filepath.Join(dir, "constant", "polyMesh", "boundary")
	if _, err := os.Stat(bmesh); err != nil {
		bmesh = filepath.Join(dir, l.parts[0], "constant", "polyMesh", "boundary")
	}
	_, patches, err := foamcase.ReadBoundary(bmesh)
	if err != nil {
		return []finding.Finding{unreadable("constant/polyMesh/boundary", err)}
	}
	bf := x.Dict.Get("boundaryField")
	treat := map[string]string{}
	for _, p := range patches {
		if p.Type != "wall" || bf == nil || bf.Dict == nil {
			continue
		}
		if e := bf.Dict.Get(p.Name); e != nil && e.Dict != nil {
			treat[p.Name] = word(e.Dict.Get("type"))
		}
	}
	if len(treat) == 0 {
		return nil
	}
	stats := yPlusFromPostProcessing(dir, timeValue(t))
	if len(stats) == 0 {
		stats = yPlusFromField(r, t)
	}
	if len(stats) == 0 {
		return []finding.Finding{{ID: IDNoYPlus, Severity: finding.Info, Location: finding.Location{File: nutRel},
			Summary: "y+ not judged: the run wrote no y+ (no postProcessing/yPlus/*/yPlus.dat, no yPlus field in " + t + ")",
			Detail:  "method: look for the yPlus function object's output; measured: absent. Missing evidence does not fail the verdict: the wall treatment is the case's choice and y+ needs the solved flow",
			Fix:     "add the yPlus function object to system/controlDict functions (foamc compile emits it for turbulent cases), or run `<solver> -postProcess -func yPlus -latestTime`"}}
	}
	var out []finding.Finding
	for _, name := range sortedKeys(treat) {
		typ := treat[name]
		s, ok := stats[name]
		loc := finding.Location{File: nutRel, Path: "/boundaryField/" + name + "/type"}
		if !ok {
			continue
		}
		measured := fmt.Sprintf("measured: y+ on %s at time %s: mean %.4g, min %.4g, max %.4g (%s)", name, s.time, s.mean, s.min, s.max, s.source)
		kind, known := treatmentOf(typ)
		switch {
		case !known:
			out = append(out, finding.Finding{ID: IDYPlusUnjudged, Severity: finding.Info, Location: loc,
				Summary: fmt.Sprintf("y+ on %s (mean %.3g) not judged: nut boundary condition %s is not a wall treatment foamc classifies", name, s.mean, typ),
				Detail:  "method: classify the wall patch's nut boundary condition; " + measured})
		case kind == anyYPlus:
			out = append(out, finding.Finding{ID: IDYPlusUnjudged, Severity: finding.Info, Location: loc,
				Summary: fmt.Sprintf("y+ on %s (mean %.3g) fits %s, valid at any y+", name, s.mean, typ),
				Detail:  "method: classify the wall patch's nut boundary condition (Spalding's law spans sublayer, buffer and log layer); " + measured})
		case kind == wallFunction && s.mean < viscousSublayer:
			out = append(out, finding.Finding{ID: IDWallFunctionLow, Severity: finding.Deny, Location: loc,
				Summary: fmt.Sprintf("wall functions (%s) on %s with mean y+ %.3g: the first cells lie in the viscous sublayer", typ, name, s.mean),
				Detail:  fmt.Sprintf("method: mean y+ of the wall patch against the high-Re wall function's range; threshold: mean y+ >= %g (viscous sublayer below, Pope 2000 §7.1), ideally >= %g (log layer); %s", viscousSublayer, logLawBottom, measured),
				Fix:     "coarsen the near-wall cells (first cell centre in the log layer, y+ 30..500), or resolve the wall with a low-Re treatment (kOmegaSST with nutLowReWallFunction), or use nutUSpaldingWallFunction"})
		case kind == wallFunction && s.mean > logLawTop:
			out = append(out, finding.Finding{ID: IDWallFunctionHigh, Severity: finding.Deny, Location: loc,
				Summary: fmt.Sprintf("wall functions (%s) on %s with mean y+ %.3g: the first cells lie beyond the log layer", typ, name, s.mean),
				Detail:  fmt.Sprintf("method: mean y+ of the wall patch against the high-Re wall function's range; threshold: mean y+ <= %g (log-law upper limit, Versteeg & Malalasekera 2007 §3.7); %s", logLawTop, measured),
				Fix:     "refine the near-wall cells (first cell centre in the log layer, y+ 30..500)"})
		case kind == lowRe && s.mean > viscousSublayer:
			out = append(out, finding.Finding{ID: IDLowReCoarse, Severity: finding.Deny, Location: loc,
				Summary: fmt.Sprintf("wall resolved (%s) on %s but mean y+ %.3g: the viscous sublayer is not resolved", typ, name, s.mean),
				Detail:  fmt.Sprintf("method: mean y+ of the wall patch against the low-Re treatment's need (first cell at y+ ~ 1); threshold: mean y+ <= %g (top of the viscous sublayer, Pope 2000 §7.1); %s", viscousSublayer, measured),
				Fix:     "refine the near-wall cells to y+ ~ 1 (grade the wall-normal spacing), or switch the wall to wall functions (nutkWallFunction with y+ 30..500, or nutUSpaldingWallFunction)"})
		default:
			note := ""
			if kind == wallFunction && s.mean < logLawBottom {
				note = fmt.Sprintf(" (buffer layer: OpenFOAM's wall function blends laminar and log law at yPlusLam 11.53; %g..%g is the log layer)", logLawBottom, logLawTop)
			}
			out = append(out, finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: loc,
				Summary: fmt.Sprintf("y+ on %s fits its wall treatment %s: mean %.3g%s", name, typ, s.mean, note),
				Detail:  "method: mean y+ of the wall patch against the range of its wall treatment (docs/verify.md); " + measured})
		}
	}
	return out
}

// yPlusFromPostProcessing reads the yPlus function object's tables (time, patch,
// min, max, average) and keeps each patch's row at the latest time not after upTo
// (else the latest there is).
func yPlusFromPostProcessing(dir string, upTo float64) map[string]yPlusStat {
	files, _ := filepath.Glob(filepath.Join(dir, "postProcessing", "yPlus", "*", "yPlus*.dat"))
	sort.Strings(files)
	type row struct {
		t  float64
		st yPlusStat
	}
	best := map[string]row{}
	for _, f := range files {
		rel, _ := filepath.Rel(dir, f)
		rel = filepath.ToSlash(rel)
		fh, err := os.Open(f)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			c := strings.Fields(sc.Text())
			if len(c) != 5 || strings.HasPrefix(c[0], "#") {
				continue
			}
			var v [4]float64
			var err error
			for i, s := range []string{c[0], c[2], c[3], c[4]} {
				if v[i], err = strconv.ParseFloat(s, 64); err != nil {
					break
				}
			}
			if err != nil {
				continue
			}
			// prefer a row at or before upTo, then the later one
			old, seen := best[c[1]]
			if !seen || (v[0] <= upTo) != (old.t <= upTo) && v[0] <= upTo || (v[0] <= upTo) == (old.t <= upTo) && v[0] >= old.t {
				best[c[1]] = row{v[0], yPlusStat{min: v[1], max: v[2], mean: v[3], time: c[0], source: rel}}
			}
		}
		fh.Close()
	}
	out := map[string]yPlusStat{}
	for p, r := range best {
		out[p] = r.st
	}
	return out
}

// yPlusFromField reads a yPlus field of time t: each wall patch's face values (every
// processor's piece of a decomposed case), their plain mean as OpenFOAM's gAverage.
func yPlusFromField(r *Run, t string) map[string]yPlusStat {
	l := r.layout
	type acc struct {
		sum, lo, hi float64
		n           int
		src         string
	}
	all := map[string]*acc{}
	for _, part := range l.parts {
		rel := path.Join(part, t, "yPlus")
		x, err := r.read(rel)
		if err != nil {
			continue
		}
		for _, p := range patchValues(x.Dict.Get("boundaryField")) {
			a := all[p.name]
			if a == nil {
				a = &acc{lo: math.Inf(1), hi: math.Inf(-1), src: path.Join(t, "yPlus")}
				if l.decomposed() {
					a.src = path.Join("processor*", t, "yPlus")
				}
				all[p.name] = a
			}
			for _, v := range fieldValues(p.e) {
				a.sum, a.n = a.sum+v, a.n+1
				a.lo, a.hi = math.Min(a.lo, v), math.Max(a.hi, v)
			}
		}
	}
	out := map[string]yPlusStat{}
	for name, a := range all {
		if a.n > 0 {
			out[name] = yPlusStat{min: a.lo, max: a.hi, mean: a.sum / float64(a.n), time: t, source: a.src}
		}
	}
	return out
}

var wallCheck = Check{Name: "wall", File: "verify/wall.go",
	Doc: "y+ of each wall patch against its wall treatment, in the latest judged time",
	IDs: []ID{
		{ID: IDWallFunctionLow, Severity: finding.Deny, Summary: "foamc verify: wall functions on a wall whose mean y+ is below 5 (viscous sublayer): reject",
			Fix: "coarsen the near-wall cells to y+ 30..500, or resolve the wall with a low-Re treatment", Provenance: []string{"src/functionObjects/field/yPlus/yPlus.C"}},
		{ID: IDWallFunctionHigh, Severity: finding.Deny, Summary: "foamc verify: wall functions on a wall whose mean y+ is above 500 (beyond the log layer): reject",
			Fix: "refine the near-wall cells to y+ 30..500", Provenance: []string{"src/functionObjects/field/yPlus/yPlus.C"}},
		{ID: IDLowReCoarse, Severity: finding.Deny, Summary: "foamc verify: a resolved (low-Re) wall whose mean y+ is above 5: the viscous sublayer is not resolved, reject",
			Fix: "refine the near-wall cells to y+ ~ 1, or use wall functions", Provenance: []string{"src/functionObjects/field/yPlus/yPlus.C"}},
		{ID: IDNoYPlus, Severity: finding.Info, Summary: "foamc verify: y+ not judged: the run wrote no yPlus function-object output or yPlus field",
			Fix: "add the yPlus function object (foamc compile emits it for turbulent cases)"},
		{ID: IDYPlusUnjudged, Severity: finding.Info, Summary: "foamc verify: y+ of a wall whose treatment is valid at any y+ (nutUSpaldingWallFunction) or not classified",
			Fix: "nothing: recorded evidence"},
	},
	Run: checkWall,
}
