package runner

import (
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/solverlog"
	"github.com/foamc/foamc/verify"
)

// transported are the turbulence fields with a convection term div(phi,F) whose
// scheme a repair can switch to a bounded one (nut is algebraic: it follows k).
var transported = []string{"epsilon", "k", "nuTilda", "omega"}

// Judge is the judge `foamc run` injects (Options.Verify): verify.Case with opt on
// the finished run, and, read from verify's finding IDs, what a repair can act on —
// a steady run that did not converge, turbulence fields out of bounds.
func Judge(opt verify.Options) Verifier {
	return func(dir string) (*Verification, error) {
		r, err := verify.Case(dir, opt)
		if err != nil {
			return nil, err
		}
		v := &Verification{Verdict: string(r.Verdict), Findings: r.Findings}
		for _, f := range r.Findings {
			if f.Severity != finding.Deny {
				continue
			}
			switch f.ID {
			case verify.IDNotConverged:
				v.Unconverged = true
			case verify.IDBounds:
				v.Unbounded = appendTransported(v.Unbounded, strings.TrimSuffix(path.Base(f.Location.File), ".gz"))
			case verify.IDBoundingAtEnd:
				// The fields bound() clipped in the last step, from the log the finding names.
				for _, field := range clippedAtEnd(filepath.Join(dir, filepath.FromSlash(f.Location.File))) {
					v.Unbounded = appendTransported(v.Unbounded, field)
				}
			}
		}
		slices.Sort(v.Unbounded)
		return v, nil
	}
}

func appendTransported(fields []string, field string) []string {
	if slices.Contains(transported, field) && !slices.Contains(fields, field) {
		return append(fields, field)
	}
	return fields
}

// clippedAtEnd lists the fields of the log's last step with a "bounding F" line.
func clippedAtEnd(log string) []string {
	fh, err := os.Open(log)
	if err != nil {
		return nil
	}
	defer fh.Close()
	p, err := solverlog.Parse(fh)
	if err != nil || len(p.Steps) == 0 {
		return nil
	}
	return slices.Sorted(maps.Keys(p.Steps[len(p.Steps)-1].Bounded))
}
