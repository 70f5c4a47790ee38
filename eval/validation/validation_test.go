// Package validation is foamc's validation suite against the literature (docs/validation.md):
// every directory here holds a spec with an expect: block, its mesh, its reference data and a
// wrong/ variant. TestValidation compiles each with foamc, runs it in OpenFOAM v1912 and
// requires foamc verify --spec to accept the case and reject the wrong variant.
package validation

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/foamc/foamc/schema"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/foamc/foamc/internal/foamtest"
)

// tablePath is where `make validation` asks for the table (docs/validation.md).
var tablePath = flag.String("table", "", "write the validation table to this file")

// sample is which cases run: "ci" (the default, what make test runs) leaves out the slow
// cases, "all" (make validation) runs every one.
var sample = flag.String("validation", "ci", "ci: the fast cases; all: every case")

// profile compiles every spec with numerics.profile set to it ("" keeps the spec's own, the
// accurate default): make validation reports accurate and robust side by side.
var profile = flag.String("profile", "", "compile every spec with this numerics.profile (accurate, robust)")

// slowCases run only with -validation=all: each takes minutes on two shared cores.
var slowCases = map[string]string{
	"cylinder":     "120 convective times of vortex shedding, about 5700 steps",
	"devahldavis":  "steady buoyant SIMPLE to residuals of 1e-5, about 3000 iterations",
	"laminarflame": "2 ms of a premixed flame on 20 um cells, about 6000 steps",
}

// solvers are the OpenFOAM programs the cases run.
var solvers = []string{"blockMesh", "icoFoam", "pimpleFoam", "simpleFoam", "rhoCentralFoam", "shallowWaterFoam", "scalarTransportFoam", "reactingFoam", "splitMeshRegions", "chtMultiRegionSimpleFoam"}

const (
	good  = "case"
	wrong = "wrong"
	// exitRunRejected is foamc run's exit when the solver finished and verify rejected it.
	exitRunRejected = 6
)

// outcome is one compiled, run and verified spec.
type outcome struct {
	dir, variant string
	expects      []expectRow
	verdict      string
	reasons      []finding
	// a wrong variant's run judged against the case's spec (the problem asked)
	askedVerdict string
	asked        []finding
	took         time.Duration
}

type finding struct {
	ID       string       `json:"id"`
	Severity string       `json:"severity"`
	Summary  string       `json:"summary"`
	Detail   string       `json:"detail"`
	Related  []relatedLoc `json:"related"`
	Measure  *struct {
		Value     float64 `json:"value"`
		Reference float64 `json:"reference"`
		Deviation float64 `json:"deviation"`
		Tolerance float64 `json:"tolerance"`
		At        string  `json:"at"`
	} `json:"measure"`
}

type relatedLoc struct {
	Path string `json:"path"`
}

type verifyReport struct {
	Cases []struct {
		Verdict  string    `json:"verdict"`
		Findings []finding `json:"findings"`
	} `json:"cases"`
}

func TestValidation(t *testing.T) {
	for _, s := range solvers {
		foamtest.RequireBinary(t, s)
	}
	bin := foamtest.BuildFoamc(t) // once for the suite, run as users run it
	all := caseDirs(t)
	if len(all) < 8 {
		t.Fatalf("%d validation cases, want at least 8: %v", len(all), all)
	}
	var dirs []string
	for _, d := range all {
		if _, slow := slowCases[d]; !slow || *sample == "all" {
			dirs = append(dirs, d)
		} else {
			t.Logf("%s left out of the %s sample (%s): go test -args -validation=all", d, *sample, slowCases[d])
		}
	}
	var (
		mu       sync.Mutex
		outcomes []*outcome
	)
	t.Run("cases", func(t *testing.T) {
		for _, d := range dirs {
			for _, v := range []string{good, wrong} {
				d, v := d, v
				t.Run(d+"/"+v, func(t *testing.T) {
					t.Parallel() // go test runs GOMAXPROCS of them at once
					o := validate(t, bin, d, v)
					mu.Lock()
					outcomes = append(outcomes, o)
					mu.Unlock()
				})
			}
		}
	})
	sort.Slice(outcomes, func(i, j int) bool {
		if outcomes[i].dir != outcomes[j].dir {
			return outcomes[i].dir < outcomes[j].dir
		}
		return outcomes[i].variant < outcomes[j].variant
	})
	table := renderTable(outcomes)
	t.Log("\n" + table)
	if *tablePath != "" {
		if err := os.WriteFile(*tablePath, []byte(table), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// validate compiles, runs and verifies one variant of a case; the verdict must be accept for
// the case and reject for its wrong variant.
func validate(t *testing.T, bin, dir, variant string) *outcome {
	if *profile != "" {
		dir = withProfile(t, dir, *profile)
	}
	spec := filepath.Join(dir, "spec.yaml")
	if variant == wrong {
		spec = filepath.Join(dir, "wrong", "spec.yaml")
	}
	abs, err := filepath.Abs(spec)
	if err != nil {
		t.Fatal(err)
	}
	o := &outcome{dir: filepath.Base(dir), variant: variant}
	start := time.Now()
	defer func() { o.took = time.Since(start) }()
	s, err := schema.LoadSpec(abs)
	if err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	if len(s.Expect) == 0 {
		t.Fatalf("%s has no expect: block", spec)
	}
	caseDir := filepath.Join(t.TempDir(), s.Name)
	if out, code := foamc(bin, "compile", abs, "-o", caseDir); code != 0 {
		t.Fatalf("foamc compile %s: exit %d\n%s", spec, code, out)
	}
	// foamc run may itself verify the finished run and exit 6 when verify rejects it
	// (docs/runner.md); the verdict below is what is judged, and a solver that did not
	// finish shows there as insufficient.
	timeout := "8m"
	if _, slow := slowCases[o.dir]; slow {
		timeout = "90m" // thousands of steps on two shared cores
	}
	if out, code := foamc(bin, "run", caseDir, "--timeout", timeout); code != 0 && !(variant == wrong && code == exitRunRejected) {
		t.Fatalf("foamc run %s: exit %d\n%s", caseDir, code, tail(out, 40))
	}
	verdict, fs := verifyRun(t, bin, caseDir, abs)
	o.verdict, o.reasons = verdict, reasonsOf(verdict, fs)
	for i, e := range s.Expect {
		o.expects = append(o.expects, rowFor(i, e, fs))
	}
	want := map[string]string{good: "accept", wrong: "reject"}[variant]
	if o.verdict != want {
		t.Errorf("foamc verify %s --spec %s: verdict %s, want %s\n%s", caseDir, spec, o.verdict, want, describe(o.reasons))
	}
	if variant == good {
		for _, r := range o.expects {
			if r.finding == nil {
				t.Errorf("%s: verify reported nothing on expectation %q", spec, r.name)
			}
		}
		// What verify does not measure (a Strouhal number) the case's own check does.
		if check := extraChecks[o.dir]; check != nil {
			r := check(t, caseDir)
			o.expects = append(o.expects, r)
			if r.status != "pass" {
				t.Errorf("%s: %s %s against %s (tolerance %s)", spec, r.quantity, r.measured, r.reference, r.tol)
			}
		}
		return o
	}
	// The wrong run judged against the problem that was asked, the case's own spec.
	asked, err := filepath.Abs(filepath.Join(dir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	verdict, fs = verifyRun(t, bin, caseDir, asked)
	o.askedVerdict, o.asked = verdict, reasonsOf(verdict, fs)
	if verdict != "reject" {
		t.Errorf("foamc verify %s --spec %s (the problem asked): verdict %s, want reject\n%s", caseDir, asked, verdict, describe(o.asked))
	}
	return o
}

// verifyRun is `foamc verify CASE --spec SPEC --format json`: the verdict and the findings.
func verifyRun(t *testing.T, bin, caseDir, spec string) (string, []finding) {
	t.Helper()
	out, code := foamc(bin, "verify", caseDir, "--spec", spec, "--format", "json")
	var rep verifyReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Cases) != 1 {
		t.Fatalf("foamc verify %s --spec %s: exit %d, not a verify report (%v):\n%s", caseDir, spec, code, err, tail(out, 40))
	}
	return rep.Cases[0].Verdict, rep.Cases[0].Findings
}

// reasonsOf keeps what made the verdict: every finding of an accept (the passed checks),
// the warnings and denials otherwise.
func reasonsOf(verdict string, fs []finding) []finding {
	var out []finding
	for _, f := range fs {
		if verdict == "accept" || f.Severity == "deny" || f.Severity == "warn" {
			out = append(out, f)
		}
	}
	return out
}

// foamc runs the binary with OpenFOAM's environment; the output is stdout then stderr.
func foamc(bin string, args ...string) (string, int) {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), foamtest.Env()...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		return err.Error(), -1
	}
	return stdout.String() + stderr.String(), code
}

// caseDirs lists the directories beside this file that hold a spec.yaml.
func caseDirs(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(e.Name(), "spec.yaml")); e.IsDir() && err == nil {
			if _, err := os.Stat(filepath.Join(e.Name(), "wrong", "spec.yaml")); err != nil {
				t.Errorf("%s has no wrong/spec.yaml variant", e.Name())
			}
			dirs = append(dirs, e.Name())
		}
	}
	return dirs
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func describe(fs []finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "  %s %s: %s (%s)\n", f.Severity, f.ID, f.Summary, f.Detail)
	}
	return b.String()
}
