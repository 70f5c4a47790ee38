package verify_test

import (
	"context"
	"fmt"

	"github.com/foamc/foamc/eval/faults"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/runner"
	"github.com/foamc/foamc/verify"
)

// The package's tests run cases with the runner and copy tutorials with faults; both
// import verify, so only an external test file can hand them in.
func init() {
	verify.CopyTree = faults.CopyTree
	verify.RunFoam = func(dir string, steps int) (string, string, error) {
		res, err := runner.Run(context.Background(), dir, runner.Options{Steps: steps,
			Lint: finding.LintFunc(func(context.Context, string) ([]finding.Finding, error) { return nil, nil })})
		if err != nil {
			return "", "", err
		}
		return res.Status, fmt.Sprintf("%+v", res.Failure), nil
	}
}
