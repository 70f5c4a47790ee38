package verify

import (
	"path"
	"slices"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/runner"
)

// transported are the turbulence fields with a convection term div(phi,F) whose
// scheme a repair can switch to a bounded one (nut is algebraic: it follows k).
var transported = []string{"epsilon", "k", "nuTilda", "omega"}

// ForRun is the judge `foamc run` injects (runner.Options.Verify): Case with opt on
// the finished run, and, read from this package's own finding IDs, what a repair can
// act on — a steady run that did not converge, turbulence fields out of bounds.
func ForRun(opt Options) runner.Verifier {
	return func(dir string) (*runner.Verification, error) {
		r, err := Case(dir, opt)
		if err != nil {
			return nil, err
		}
		v := &runner.Verification{Verdict: string(r.Verdict), Findings: r.Findings}
		for _, f := range r.Findings {
			if f.Severity != finding.Deny {
				continue
			}
			switch f.ID {
			case IDNotConverged:
				v.Unconverged = true
			case IDBounds:
				field := strings.TrimSuffix(path.Base(f.Location.File), ".gz")
				if slices.Contains(transported, field) && !slices.Contains(v.Unbounded, field) {
					v.Unbounded = append(v.Unbounded, field)
				}
			}
		}
		slices.Sort(v.Unbounded)
		return v, nil
	}
}
