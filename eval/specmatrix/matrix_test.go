// Package specs holds foamc's matrix of case specs; this test is the truth by the solver:
// every spec (and every example) is compiled, meshed and run in real OpenFOAM v1912.
package specmatrix_test

import (
	"context"
	"fmt"
	"github.com/foamc/foamc/schema"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/eval/specmatrix"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

var (
	timeLine = regexp.MustCompile(`(?m)^[ \t]*Time = `) // shallowWaterFoam prints " Time = ", Foundation 12's foamMultiRun "      Time = "
	nanWord  = regexp.MustCompile(`(?i)\bnan\b`)
)

// matrixSpecs lists specs/s*/spec.yaml and examples/*/spec.yaml.
func matrixSpecs(t *testing.T) []string {
	root := foamtest.RepoRoot()
	a, _ := filepath.Glob(filepath.Join(root, "eval", "specmatrix", "s*", "spec.yaml"))
	b, _ := filepath.Glob(filepath.Join(root, "examples", "*", "spec.yaml"))
	if len(a) < 12 {
		t.Fatalf("the matrix needs >= 12 specs in specs/, found %d", len(a))
	}
	return append(a, b...)
}

func TestSolverMatrix(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	var specs []mspec
	for _, p := range matrixSpecs(t) {
		specs = append(specs, mspec{Generated: specmatrix.Generated{Name: filepath.Base(filepath.Dir(p))}, path: p})
	}
	matrix{name: "solver matrix (spec files and examples)", specs: specs, opts: compiler.Options{KB: defaultKB(t)},
		allrun: true, edit: limitRun, check: outputsCheck}.test(t)
}

// outputsCheck: the function objects the spec asked for really ran.
func outputsCheck(_ context.Context, c ranCase, o *outcome) {
	if c.spec.Outputs.ForceCoeffs != nil {
		dat, err := os.ReadFile(filepath.Join(c.dir, "postProcessing", "forceCoeffs", "0", "coefficient.dat"))
		if err != nil || strings.Count(string(dat), "\n") < 20 {
			o.ran, o.cause = false, fmt.Sprintf("forceCoeffs wrote no coefficients: %v", err)
		}
	}
	if c.spec.Outputs.Residuals {
		if _, err := os.Stat(filepath.Join(c.dir, "postProcessing", "residuals", "0", "solverInfo.dat")); err != nil {
			o.ran, o.cause = false, fmt.Sprintf("residuals function object wrote nothing: %v", err)
		}
	}
}

// limitRun shortens the examples (whose endTimes are physical) to about 20 steps; the
// matrix specs are already written that short.
func limitRun(s *schema.Spec) {
	if !strings.Contains(s.Dir, string(filepath.Separator)+"examples"+string(filepath.Separator)) &&
		!strings.HasSuffix(filepath.Dir(s.Dir), "examples") {
		return
	}
	switch {
	case s.Control.DeltaT == nil:
		return
	case s.Control.MaxCo != nil:
		s.Control.EndTime = 150 * *s.Control.DeltaT // the time step grows towards maxCo
	default:
		s.Control.EndTime = 20 * *s.Control.DeltaT
	}
	w := s.Control.EndTime
	s.Control.WriteInterval = &w
}

func tail(b []byte, n int) string {
	lines := strings.Split(string(b), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func defaultKB(t *testing.T) *kb.KB {
	t.Helper()
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	return k
}
