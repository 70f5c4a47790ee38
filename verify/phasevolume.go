package verify

import (
	"fmt"
	"math"
	"strings"

	"github.com/foamc/foamc/finding"
)

// IDPhaseVolume: a closed domain's phase volume changed (docs/verify.md).
const IDPhaseVolume = "FOAM-VERIFY-022"

// phaseVolumeTolerance is the relative change of a phase's volume a closed domain may show
// between the first and the last step. Measured here on v1912 interFoam damBreak closed at
// the top (every patch a wall): 0.130194 -> 0.130193 over 708 steps, the log's six printed
// digits (7.7e-6); with the alpha solve left unconverged (tolerance 1e-3, relTol 0.5,
// maxIter 1) 0.130194 -> 0.129763 in 0.5 s (3.3e-3) while alpha stays within [0, 1].
const phaseVolumeTolerance = 1e-3

// closedTypes are the patch types no fluid crosses: walls, 2D and symmetry planes, and
// the coupled types (their fluxes stay inside the domain).
var closedTypes = map[string]bool{"wall": true, "empty": true, "symmetry": true, "symmetryPlane": true, "wedge": true}

// checkPhaseVolume compares interFoam's "Phase-1 volume fraction" (alpha1's volume-weighted
// mean, the phase's share of the domain) of the first and the last step when no boundary
// patch lets fluid through: MULES transports alpha conservatively, so the share stays.
func checkPhaseVolume(r *Run) []finding.Finding {
	rel := r.logRel()
	first, last := map[string]float64{}, map[string]float64{}
	firstT, lastT := map[string]float64{}, map[string]float64{}
	for _, s := range r.solverLog().p.Steps {
		for name, v := range s.PhaseVolume {
			if _, seen := first[name]; !seen {
				first[name], firstT[name] = v, s.Time
			}
			last[name], lastT[name] = v, s.Time
		}
	}
	if len(first) == 0 {
		return nil
	}
	patches, err := readPatches(r.dir)
	if err != nil {
		return []finding.Finding{{ID: IDNotJudged, Severity: finding.Info, Location: finding.Location{File: rel},
			Summary: "phase volume conservation not judged: the mesh boundary is unreadable: " + err.Error()}}
	}
	var open []string
	for _, p := range patches {
		if !closedTypes[p.typ] && !coupled[p.typ] {
			open = append(open, fmt.Sprintf("%s (%s)", p.name, p.typ))
		}
	}
	if len(open) > 0 {
		return []finding.Finding{{ID: IDNotJudged, Severity: finding.Info, Location: finding.Location{File: rel},
			Summary: "phase volume conservation not judged: the domain is open through " + strings.Join(open, ", "),
			Detail:  "method: the Phase-1 volume fraction of the log is conserved only when no patch lets fluid in or out; every patch of constant/polyMesh/boundary must be a wall, empty, symmetry, wedge or coupled patch"}}
	}
	var out []finding.Finding
	for _, name := range sortedKeys(first) {
		v0, v1 := first[name], last[name]
		change := math.Abs(v1-v0) / math.Max(math.Abs(v0), 1e-300)
		measured := fmt.Sprintf("%g at time %g, %g at time %g: relative change %.3g", v0, firstT[name], v1, lastT[name], change)
		detail := fmt.Sprintf("method: `Phase-1 volume fraction` of %s (the volume-weighted mean of %s) in the first and the last step of %s, closed domain (every patch of constant/polyMesh/boundary a wall, empty, symmetry, wedge or coupled patch); threshold: relative change <= %g (measured in real runs, docs/verify.md); measured: %s",
			name, name, rel, phaseVolumeTolerance, measured)
		if change > phaseVolumeTolerance {
			out = append(out, finding.Finding{ID: IDPhaseVolume, Severity: finding.Deny, Location: finding.Location{File: rel},
				Summary: fmt.Sprintf("the volume of %s in the closed domain changed: %s", name, measured), Detail: detail,
				Fix: "converge the alpha equation in every step (its fvSolution entry: tolerance 1e-8, relTol 0, no maxIter cap) and rerun"})
			continue
		}
		out = append(out, finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: finding.Location{File: rel},
			Summary: fmt.Sprintf("the volume of %s in the closed domain is conserved: %s", name, measured), Detail: detail})
	}
	return out
}

var phaseVolumeCheck = Check{Name: "phase-volume", File: "verify/phasevolume.go", Needs: NeedLog,
	Doc: "a closed domain's phase volume (the log's Phase-1 volume fraction) from the first to the last step",
	IDs: []ID{
		{ID: IDPhaseVolume, Severity: finding.Deny, Summary: "foamc verify: the volume of a phase in a closed domain changed by more than 1e-3 (relative) between the first and the last step: reject",
			Fix: "converge the alpha equation in every step and rerun"},
	},
	Run: checkPhaseVolume,
}
