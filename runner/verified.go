package runner

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/verify"
)

// Verifier judges a finished run. cmd/foamc injects package verify's judge
// (Judge); as with the gate's Linter, the judgement comes in from outside, so a
// test can pin the repair loop on one reason. The runner never judges results itself.
type Verifier func(dir string) (*Verification, error)

// The verdicts a Verification carries.
const (
	VerdictAccept       = string(verify.Accept)
	VerdictReject       = string(verify.Reject)
	VerdictInsufficient = string(verify.Insufficient)
)

// Verification is a verifier's answer about a finished run.
type Verification struct {
	Verdict string `json:"verdict"`
	// Findings are every reason (FOAM-VERIFY-*), sorted; the pictures verify drew are
	// info findings naming their files.
	Findings []finding.Finding `json:"findings,omitempty"`
	// What a repair round can act on, read by the verifier from its own findings:
	// Unconverged is a steady run whose residuals stayed above residualControl;
	// Unbounded names transported turbulence fields that left their physical bounds.
	Unconverged bool     `json:"unconverged,omitempty"`
	Unbounded   []string `json:"unbounded,omitempty"`
}

// StatusRejected: the solver reached its end but verify rejected the result (after
// any repairs).
const StatusRejected = "rejected"

// ClassVerification is a reject by verify; its kinds select the repair.
const (
	ClassVerification = "verification"
	KindUnconverged   = "unconverged" // continue the steady run from its latest time
	KindUnbounded     = "unbounded"   // bounded convection schemes for the named fields
	KindRejected      = "rejected"    // no deterministic repair: the LLM, if configured
)

// verified runs the verifier on a run the solver finished. It returns true when the
// result was rejected; res then carries status rejected and the failure a repair
// round acts on.
func verified(res *Result, dir string, judge Verifier, log io.Writer) (bool, error) {
	if judge == nil {
		return false, nil
	}
	v, err := judge(dir)
	if err != nil {
		return false, fmt.Errorf("runner: verify: %w", err)
	}
	res.Verify = v
	fmt.Fprintf(log, "verify: %s\n", v.Verdict)
	if v.Verdict != VerdictReject {
		return false, nil
	}
	res.Status, res.Failure = StatusRejected, rejection(v)
	return true, nil
}

// rejection is the failure a reject is repaired as: bounds first (an unbounded
// turbulence field also stalls the residuals), then convergence.
func rejection(v *Verification) *Failure {
	var reasons, ids []string
	for _, f := range v.Findings {
		if f.Severity == finding.Deny {
			reasons = append(reasons, f.ID+": "+f.Summary)
			if !slices.Contains(ids, f.ID) {
				ids = append(ids, f.ID)
			}
		}
	}
	f := &Failure{Class: ClassVerification, Kind: KindRejected, Rule: strings.Join(ids, ", "),
		Summary: "verify rejected the result: " + strings.Join(reasons, "; "), Message: strings.Join(reasons, "\n")}
	switch {
	case len(v.Unbounded) > 0:
		f.Kind, f.Fields = KindUnbounded, v.Unbounded
	case v.Unconverged:
		f.Kind = KindUnconverged
	}
	return f
}
