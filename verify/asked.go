package verify

import (
	"os"
	"path/filepath"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/openfoam"
)

// The finding IDs of conservation, the problem that was asked (with a spec) and the
// expectations (docs/verify.md).
const (
	IDMassImbalance   = "FOAM-VERIFY-040"
	IDNotJudged       = "FOAM-VERIFY-041"
	IDEnergyImbalance = "FOAM-VERIFY-042"
	IDHeldValue       = "FOAM-VERIFY-050"
	IDFluid           = "FOAM-VERIFY-051"
	IDInflow          = "FOAM-VERIFY-052"
	IDSimilarity      = "FOAM-VERIFY-053"
	IDImplausible     = "FOAM-VERIFY-054"
	IDSpecEvidence    = "FOAM-VERIFY-055"
	IDNoSpec          = "FOAM-VERIFY-056"
	IDMachImplausible = "FOAM-VERIFY-057"
	IDExpectMissed    = "FOAM-VERIFY-060"
	IDExpectNoOutput  = "FOAM-VERIFY-061"
	IDDrift           = "FOAM-VERIFY-062"
)

// checkSpec judges conservation (no spec needed) and, against the spec (--spec or the
// recorded one), the problem that was asked and the expectations.
func (r *Result) checkSpec(dir, file string, sol openfoam.Solver) error {
	// The field checks read the case directory's time directories: a decomposed run
	// not reconstructed has its results in processor*/ only.
	times := r.Times
	if n := len(times); n > 0 {
		if st, err := os.Stat(filepath.Join(dir, times[n-1])); err != nil || !st.IsDir() {
			r.add(finding.Finding{ID: IDNotJudged, Severity: finding.Info, Location: finding.Location{File: times[n-1]},
				Summary: "conservation and the problem that was asked not judged: time " + times[n-1] + " is not in the case directory (a decomposed run?)",
				Detail:  "method: phi, U, p, T of the latest judged time in the case directory; measured: absent",
				Fix:     "reconstruct the run (reconstructPar) and verify again"})
			times = nil
		}
	}
	for _, f := range checkConservation(dir, times, sol) {
		r.add(f)
	}
	for _, f := range checkEnergy(dir, times, sol) {
		r.add(f)
	}
	s, notes, err := loadSpec(dir, file)
	if err != nil {
		return err
	}
	for _, f := range notes {
		r.add(f)
	}
	if s == nil {
		return nil
	}
	r.Spec = s.file
	for _, f := range checkProblem(dir, times, s, sol) {
		r.add(f)
	}
	fs, pics := checkExpect(dir, s, sol.Steady)
	for _, f := range fs {
		r.add(f)
	}
	for _, p := range pics {
		r.addPicture(p)
	}
	return nil
}
