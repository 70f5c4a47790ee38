package verify

import (
	"fmt"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
)

// IDInterfaceHeat is the finding ID of this file's check (declared in its IDs).
const IDInterfaceHeat = "FOAM-VERIFY-045"

// interfaceHeatTolerance is the largest imbalance of the heat through a region interface,
// |Q(a_to_b) + Q(b_to_a)|, relative to the larger heat through any patch of the two
// regions. The coupled condition makes the two sides' fluxes equal when the coupling
// iterations have converged: measured 1e-8 on the steady slab (eval/validation/chtslab)
// and below 1e-3 on transient runs where the regions are solved one after the other
// within a time step (docs/verify.md's 045 row); 1 % separates a lagging coupling from a
// broken one (an interface coupled on one side only: a third or more of the heat).
const interfaceHeatTolerance = 0.01

// checkInterfaceHeat: in a region case (constant/regionProperties, or Foundation 12's
// regionSolvers) the heat each region
// passes through its interface patch <a>_to_<b> (OpenFOAM's wallHeatFlux of region a,
// postProcessing/<a>/<object>/<start>/wallHeatFlux.dat) equals the heat region b takes in
// through <b>_to_<a>: Q_ab + Q_ba = 0 at the latest time.
func checkInterfaceHeat(r *Run) []finding.Finding {
	if !r.regionCase() {
		return nil
	}
	t := r.latest()
	tv, err := strconv.ParseFloat(t, 64)
	if err != nil {
		return nil
	}
	regions, _ := filepath.Glob(filepath.Join(r.dir, "postProcessing", "*"))
	heat := map[string]wallHeat{}
	var names []string
	for _, d := range regions {
		name := filepath.Base(d)
		if _, err := os.Stat(filepath.Join(r.dir, "constant", name, "polyMesh")); err != nil {
			continue
		}
		w, err := readWallHeatIn(d, path.Join("postProcessing", name), tv)
		if err != nil {
			return []finding.Finding{{ID: IDUnreadable, Severity: finding.Warn, Location: finding.Location{File: path.Join("postProcessing", name)},
				Summary: "cannot read the wallHeatFlux output of region " + name + ": " + err.Error(), Fix: "check the file"}}
		}
		if len(w.q) > 0 {
			heat[name] = w
			names = append(names, name)
		}
	}
	slices.Sort(names)
	var out []finding.Finding
	judged := 0
	for _, a := range names {
		for _, pa := range sortedKeys(heat[a].q) {
			b, ok := strings.CutPrefix(pa, a+"_to_")
			if !ok || b <= a {
				continue // each pair once, from the region named first
			}
			qab := heat[a].q[pa]
			wb, ok := heat[b]
			qba, found := wb.q[b+"_to_"+a]
			files := strings.Join(heat[a].files, ", ")
			if !ok || !found {
				out = append(out, finding.Finding{ID: IDNotJudged, Severity: finding.Info, Location: finding.Location{File: path.Join("postProcessing", a)},
					Summary: fmt.Sprintf("interface heat balance of %s not judged: region %s wrote no wallHeatFlux of %s_to_%s at time %s", pa, b, b, a, t),
					Detail:  "method: the wallHeatFlux integral of both sides of the interface at the latest time; measured: " + pa + " only in " + files})
				continue
			}
			judged++
			scale := math.Max(math.Abs(qab), math.Abs(qba))
			for _, q := range []map[string]float64{heat[a].q, wb.q} {
				for _, v := range q {
					scale = math.Max(scale, math.Abs(v))
				}
			}
			imb := math.Abs(qab + qba)
			rel := 0.0
			if scale > 0 {
				rel = imb / scale
			}
			measured := fmt.Sprintf("Q(%s) %.6g W, Q(%s_to_%s) %.6g W at time %s: imbalance %.3g W, %.3g of the largest patch heat %.6g W", pa, qab, b, a, qba, t, imb, rel, scale)
			detail := fmt.Sprintf("method: integral of wallHeatFlux (positive into the region) over %s in region %s and over %s_to_%s in region %s, from %s and %s; their sum is the heat lost at the interface, relative to the largest |Q| over the patches of both regions; threshold: <= %g (docs/verify.md); measured: %s",
				pa, a, b, a, b, files, strings.Join(wb.files, ", "), interfaceHeatTolerance, measured)
			loc := finding.Location{File: path.Join("postProcessing", a)}
			if rel > interfaceHeatTolerance {
				out = append(out, finding.Finding{ID: IDInterfaceHeat, Severity: finding.Deny, Location: loc,
					Summary: fmt.Sprintf("the heat through the interface of %s and %s differs between its sides: %s", a, b, measured), Detail: detail,
					Fix: "couple the interface on both sides (compressible::turbulentTemperatureCoupledBaffleMixed with Tnbr T on " + pa + " and " + b + "_to_" + a + "), converge the coupling (more outer correctors or iterations) and rerun"})
				continue
			}
			out = append(out, finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: loc,
				Summary: fmt.Sprintf("the heat through the interface of %s and %s balances: %s", a, b, measured), Detail: detail})
		}
	}
	if judged == 0 && len(out) == 0 {
		out = append(out, finding.Finding{ID: IDNotJudged, Severity: finding.Info, Location: finding.Location{File: "postProcessing"},
			Summary: "interface heat balance not judged: no region wrote the wallHeatFlux of its interface patches at time " + t,
			Detail:  "method: the wallHeatFlux function object of each region (region <name>;) at a written time; measured: none under postProcessing/<region>/ at time " + t,
			Fix:     "add a wallHeatFlux function object per region to controlDict (foamc compile writes them)"})
	}
	return out
}

// regionCase reports a multi-region case: its fields and dictionaries live per region.
// Foundation 12 names the regions in controlDict's regionSolvers (foamMultiRun) instead of
// constant/regionProperties.
func (r *Run) regionCase() bool {
	if _, err := os.Stat(filepath.Join(r.dir, "constant", "regionProperties")); err == nil {
		return true
	}
	e := r.control.Dict.Get("regionSolvers")
	return e != nil && e.Dict != nil
}

var interfaceHeatCheck = Check{Name: "interface-heat", File: "verify/interfaceheat.go",
	Doc: "a region case's heat through each interface, equal on both sides (the regions' wallHeatFlux output)",
	IDs: []ID{
		{ID: IDInterfaceHeat, Severity: finding.Deny, Summary: "foamc verify: the heat through a region interface differs between its two sides by more than 1 % of the largest patch heat of the two regions: reject",
			Fix: "couple the interface on both sides and converge the coupling", Provenance: []string{"src/TurbulenceModels/compressible/turbulentFluidThermoModels/derivedFvPatchFields/turbulentTemperatureCoupledBaffleMixed", "src/functionObjects/field/wallHeatFlux/wallHeatFlux.C"}},
	},
	Run: checkInterfaceHeat,
}
