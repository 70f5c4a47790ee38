// Package specs holds foamc's matrix of case specs; this test is the truth by the solver:
// every spec (and every example) is compiled, meshed and run in real OpenFOAM v1912.
package specmatrix_test

import (
	"context"
	"github.com/foamc/foamc/schema"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

var (
	timeLine = regexp.MustCompile(`(?m)^ ?Time = `) // shallowWaterFoam prints " Time = "
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
	paths := matrixSpecs(t)
	passed, ran := 0, 0
	for _, p := range paths {
		name := filepath.Base(filepath.Dir(p))
		t.Run(name, func(t *testing.T) {
			ran++
			s, err := schema.LoadSpec(p)
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			limitRun(s)
			res, err := compiler.Compile(context.Background(), s, compiler.Options{KB: defaultKB(t)})
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			solver := res.Features.Solver
			foamtest.RequireBinary(t, solver)
			dir := filepath.Join(t.TempDir(), s.Name)
			if err := res.Write(dir, false); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("sh", "Allrun")
			cmd.Dir = dir
			cmd.Env = foamtest.Env()
			out, runErr := cmd.CombinedOutput()
			log, _ := os.ReadFile(filepath.Join(dir, "log."+solver))
			if runErr != nil {
				t.Fatalf("Allrun failed: %v\n%s\n%s", runErr, out, tail(log, 40))
			}
			if strings.Contains(string(log), "FATAL") {
				t.Fatalf("FATAL in log.%s:\n%s", solver, tail(log, 40))
			}
			if nanWord.Match(log) {
				t.Fatalf("nan in log.%s:\n%s", solver, tail(log, 40))
			}
			if n := len(timeLine.FindAll(log, -1)); n < 20 {
				t.Fatalf("%s ran %d time steps/iterations, want >= 20", solver, n)
			}
			// The function objects the spec asked for really ran.
			if s.Outputs.ForceCoeffs != nil {
				dat, err := os.ReadFile(filepath.Join(dir, "postProcessing", "forceCoeffs", "0", "coefficient.dat"))
				if err != nil || strings.Count(string(dat), "\n") < 20 {
					t.Fatalf("forceCoeffs wrote no coefficients: %v", err)
				}
			}
			if s.Outputs.Residuals {
				if _, err := os.Stat(filepath.Join(dir, "postProcessing", "residuals", "0", "solverInfo.dat")); err != nil {
					t.Fatalf("residuals function object wrote nothing: %v", err)
				}
			}
			passed++
			t.Logf("%s: %s, %d steps", name, res.Features, len(timeLine.FindAll(log, -1)))
		})
	}
	t.Logf("solver matrix: %d/%d specs compiled, meshed and ran >= 20 steps without FATAL or nan", passed, ran)
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
