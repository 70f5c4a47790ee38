package verify

import (
	"github.com/foamc/foamc/openfoam"
)

// checkSpec judges the run against its spec: conservation (no spec needed), the
// problem that was asked and the expectations.
func (r *Result) checkSpec(dir, file string, sol openfoam.Solver) error {
	for _, f := range checkConservation(dir, r.Times, sol) {
		r.add(f)
	}
	for _, f := range checkEnergy(dir, r.Times, sol) {
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
	for _, f := range checkProblem(dir, r.Times, s, sol) {
		r.add(f)
	}
	for _, f := range checkExpect(dir, s) {
		r.add(f)
	}
	return nil
}
