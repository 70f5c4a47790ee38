package rules

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/grammar/dictedit"
	"github.com/foamc/foamc/internal/foamtest"
)

// Issue 27 items 3 and 4: every controlDict value FOAM-TIME-006 denies is refused by real
// OpenFOAM v1912, the warnings of FOAM-TIME-007/008 describe what the solver really does,
// and a misspelt application (FOAM-STRUCT-009 deny) cannot be started.

// fixtureCase writes rules/testdata/cases/<name>.txtar into a fresh directory.
func fixtureCase(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	foamtest.WriteTxtar(t, filepath.Join("testdata", "cases", name+".txtar"), dir)
	return dir
}

// setControl sets `key value;` in system/controlDict (one entry a line in the fixtures),
// appending the entry when the file has none.
func setControl(t *testing.T, dir string, kv ...string) {
	t.Helper()
	p := filepath.Join(dir, "system", "controlDict")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for i := 0; i < len(kv); i += 2 {
		line := kv[i] + " " + kv[i+1] + ";"
		re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(kv[i]) + `\s.*$`)
		if re.MatchString(s) {
			s = re.ReplaceAllLiteralString(s, line)
		} else {
			s += line + "\n"
		}
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func lintCase(t *testing.T, e *Engine, dir string) []finding.Finding {
	t.Helper()
	res, err := e.LintDir(context.Background(), dir, foamcase.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res.Findings
}

func denies(fs []finding.Finding) []finding.Finding {
	var out []finding.Finding
	for _, f := range fs {
		if f.Severity == finding.Deny {
			out = append(out, f)
		}
	}
	return out
}

func findingAt(fs []finding.Finding, id, path string) *finding.Finding {
	for i := range fs {
		if fs[i].ID == id && fs[i].Location.Path == path {
			return &fs[i]
		}
	}
	return nil
}

func cdPath(key string) string { return "/files/system~1controlDict/" + key }

var sigFPE = regexp.MustCompile(`(?i)floating point exception|sigFpe`)

// TestTimeStartup: each value FOAM-TIME-006 denies, set alone in the clean icoFoam cavity,
// stops real blockMesh with the FATAL the rule quotes (writeInterval 0 under runTime: a
// floating point exception); the clean cavity lints without a deny and runs.
func TestTimeStartup(t *testing.T) {
	e := withOpenFOAM(t, "blockMesh")

	clean := fixtureCase(t, "cavity-clean")
	setControl(t, clean, "endTime", "0.05")
	if d := denies(lintCase(t, e, clean)); len(d) > 0 {
		t.Fatalf("clean cavity denied: %v", d)
	}
	for _, tool := range []string{"blockMesh", "icoFoam"} {
		if out, err := runFoam(t, clean, 2*time.Minute, tool); err != nil {
			t.Fatalf("clean cavity: %s: %v\n%s", tool, err, out)
		}
	}

	cases := []struct {
		name, key string
		set       []string
		tool      string
		want      string // in the FATAL message; "" for SIGFPE
	}{
		{"writeInterval-steps", "writeInterval", []string{"writeInterval", "0.5"}, "blockMesh", "writeInterval < 1 for writeControl timeStep"},
		{"writeInterval-default-control", "writeInterval", []string{"writeControl", "", "writeInterval", "0.01"}, "blockMesh", "writeInterval < 1 for writeControl timeStep"},
		{"endTime-inf", "endTime", []string{"endTime", "inf"}, "blockMesh", "expected scalar value, found on line 6: word 'inf'"},
		{"startTime-word", "startTime", []string{"startTime", "zero"}, "blockMesh", "word 'zero'"},
		{"writeInterval-word", "writeInterval", []string{"writeInterval", "ten"}, "blockMesh", "word 'ten'"},
		{"startFrom", "startFrom", []string{"startFrom", "start"}, "blockMesh", "expected startTime, firstTime or latestTime found 'start'"},
		{"stopAt", "stopAt", []string{"stopAt", "end"}, "blockMesh", "end is not in enumeration"},
		{"writeControl", "writeControl", []string{"writeControl", "timestep"}, "blockMesh", "timestep is not in enumeration"},
		{"timePrecision", "timePrecision", []string{"timePrecision", "six"}, "blockMesh", "expected label"},
		{"writePrecision", "writePrecision", []string{"writePrecision", "6.5"}, "blockMesh", "expected label"},
		{"purgeWrite", "purgeWrite", []string{"purgeWrite", "1.5"}, "blockMesh", "expected label"},
		{"runTimeModifiable", "runTimeModifiable", []string{"runTimeModifiable", "maybe"}, "blockMesh", "Expected 'true/false', 'on/off' ... found maybe"},
		{"adjustTimeStep", "adjustTimeStep", []string{"adjustTimeStep", "maybe"}, "blockMesh", "Expected 'true/false', 'on/off' ... found maybe"},
		{"writeInterval-zero-runTime", "writeInterval", []string{"writeControl", "runTime", "writeInterval", "0"}, "blockMesh", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := fixtureCase(t, "cavity-clean")
			setControl(t, dir, "endTime", "0.05")
			if c.set[0] == "writeControl" && c.set[1] == "" {
				removeControl(t, dir, "writeControl")
				setControl(t, dir, c.set[2:]...)
			} else {
				setControl(t, dir, c.set...)
			}
			fs := lintCase(t, e, dir)
			if findingAt(denies(fs), "FOAM-TIME-006", cdPath(c.key)) == nil {
				t.Errorf("lint: no FOAM-TIME-006 deny at %s; findings: %v", cdPath(c.key), fs)
			}
			out, err := runFoam(t, dir, 2*time.Minute, c.tool)
			if err == nil {
				t.Fatalf("%s accepted the case:\n%s", c.tool, tail(out))
			}
			switch {
			case c.want == "" && !sigFPE.MatchString(out+err.Error()):
				t.Errorf("%s: want a floating point exception: %v\n%s", c.tool, err, tail(out))
			case c.want != "" && (!strings.Contains(out, "FOAM FATAL") || !strings.Contains(out, c.want)):
				t.Errorf("%s: want FATAL %q: %v\n%s", c.tool, c.want, err, tail(out))
			}
		})
	}
}

func removeControl(t *testing.T, dir, key string) {
	t.Helper()
	p := filepath.Join(dir, "system", "controlDict")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(key) + `\s.*\n`)
	if err := os.WriteFile(p, re.ReplaceAll(b, nil), 0o644); err != nil {
		t.Fatal(err)
	}
}

// withOpenFOAM starts a test that runs binary: skipped with -short, failed under CI=true
// without the binary (foamtest.RequireBinary); it returns the engine foamc lint builds.
func withOpenFOAM(t *testing.T, binary string) *Engine {
	t.Helper()
	if testing.Short() {
		t.Skip("runs OpenFOAM")
	}
	foamtest.RequireBinary(t, binary)
	return embeddedEngine(t)
}

func tail(s string) string {
	if len(s) > 3000 {
		return "…" + s[len(s)-3000:]
	}
	return s
}

// TestTimeStartupSteadyFixture: the steady case (simpleFoam, deltaT 0.001, endTime
// 0.25, writeInterval 0.01 under writeControl timeStep) is denied and stops blockMesh; the
// rule's own repair (writeControl runTime) lints without a deny, and blockMesh and
// simpleFoam accept it and write every 0.01.
func TestTimeStartupSteadyFixture(t *testing.T) {
	e := withOpenFOAM(t, "blockMesh")
	dir := fixtureCase(t, "time-startup-steady")
	f := findingAt(lintCase(t, e, dir), "FOAM-TIME-006", cdPath("writeInterval"))
	if f == nil || f.Severity != finding.Deny {
		t.Fatalf("no FOAM-TIME-006 deny at writeInterval")
	}
	if out, err := runFoam(t, dir, time.Minute, "blockMesh"); err == nil || !strings.Contains(out, "writeInterval < 1 for writeControl timeStep") {
		t.Fatalf("blockMesh: want the FATAL, got %v\n%s", err, tail(out))
	}
	if f.Repair == nil || len(f.Repair.Edits) == 0 {
		t.Fatal("FOAM-TIME-006 proposes no edit")
	}
	if err := dictedit.ApplyDir(dir, f.Repair.Edits); err != nil {
		t.Fatal(err)
	}
	if d := denies(lintCase(t, e, dir)); len(d) > 0 {
		t.Fatalf("repaired case denied: %v", d)
	}
	for _, tool := range []string{"blockMesh", "simpleFoam"} {
		if out, err := runFoam(t, dir, 3*time.Minute, tool); err != nil {
			t.Fatalf("repaired case: %s: %v\n%s", tool, err, tail(out))
		}
	}
	for _, w := range []string{"0.01", "0.1", "0.25"} {
		if _, err := os.Stat(filepath.Join(dir, w, "U")); err != nil {
			t.Errorf("simpleFoam wrote no time %s: %v", w, err)
		}
	}
}

var (
	timeLine    = regexp.MustCompile(`(?m)^Time = (\S+)$`)
	courantLine = regexp.MustCompile(`(?m)^Courant Number mean: \S+ max: (\S+)$`)
)

// logTimes are the times of the "Time = " lines of a solver log.
func logTimes(t *testing.T, out string) []float64 {
	t.Helper()
	var ts []float64
	for _, m := range timeLine.FindAllStringSubmatch(out, -1) {
		v, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			t.Fatalf("time %q: %v", m[1], err)
		}
		ts = append(ts, v)
	}
	return ts
}

// TestDeadMaxCo: with adjustTimeStep off, pimpleFoam takes every step at deltaT although
// the Courant number is four times maxCo; FOAM-TIME-007's repair (adjustTimeStep yes) makes
// the same solver cut the step to respect maxCo.
func TestDeadMaxCo(t *testing.T) {
	e := withOpenFOAM(t, "pimpleFoam")
	dir := fixtureCase(t, "time-dead-maxco")
	// Co = U dt / dx reaches 0.84 at the lid of the 20x20 cavity: four times maxCo 0.2.
	setControl(t, dir, "endTime", "0.05", "deltaT", "0.005", "maxCo", "0.2", "writeInterval", "0.05")
	fs := lintCase(t, e, dir)
	dead := findingAt(fs, "FOAM-TIME-007", cdPath("maxCo"))
	if dead == nil || dead.Severity != finding.Warn || !strings.Contains(dead.Summary, "(10 steps to endTime)") {
		t.Fatalf("no FOAM-TIME-007 warning at maxCo with the step count: %v", fs)
	}
	if out, err := runFoam(t, dir, time.Minute, "blockMesh"); err != nil {
		t.Fatalf("blockMesh: %v\n%s", err, out)
	}
	out, err := runFoam(t, dir, 3*time.Minute, "pimpleFoam")
	if err != nil {
		t.Fatalf("pimpleFoam: %v\n%s", err, tail(out))
	}
	ts := logTimes(t, out)
	if len(ts) != 10 {
		t.Fatalf("adjustTimeStep off: %d steps, want endTime/deltaT = 10\n%s", len(ts), tail(out))
	}
	for i, v := range ts {
		if d := v - 0.005*float64(i+1); d > 1e-9 || d < -1e-9 {
			t.Fatalf("adjustTimeStep off: step %d at time %g, not a fixed deltaT 0.005", i+1, v)
		}
	}
	coMax := 0.0
	for _, m := range courantLine.FindAllStringSubmatch(out, -1) {
		if v, _ := strconv.ParseFloat(m[1], 64); v > coMax {
			coMax = v
		}
	}
	if coMax <= 0.2 {
		t.Fatalf("adjustTimeStep off: Courant max %g, want above maxCo 0.2 to show it is ignored", coMax)
	}
	t.Logf("adjustTimeStep off: 10 steps of 0.005, Courant max %g with maxCo 0.2", coMax)

	// The rule's repair: the same case with adjustTimeStep on.
	// A word for maxCo stops pimpleFoam at start-up whether or not it adjusts (FOAM-TIME-006).
	setControl(t, dir, "maxCo", "small")
	if findingAt(denies(lintCase(t, e, dir)), "FOAM-TIME-006", cdPath("maxCo")) == nil {
		t.Error("maxCo small: no FOAM-TIME-006 deny")
	}
	if out, err := runFoam(t, dir, time.Minute, "pimpleFoam"); err == nil || !strings.Contains(out, "word 'small'") {
		t.Errorf("maxCo small: want pimpleFoam's FATAL: %v\n%s", err, tail(out))
	}
	setControl(t, dir, "maxCo", "0.2")
	if err := dictedit.ApplyDir(dir, dead.Repair.Edits); err != nil {
		t.Fatal(err)
	}
	if f := findingAt(lintCase(t, e, dir), "FOAM-TIME-007", cdPath("maxCo")); f != nil {
		t.Fatalf("repaired case still warns: %v", f)
	}
	os.RemoveAll(filepath.Join(dir, "0.05"))
	out, err = runFoam(t, dir, 3*time.Minute, "pimpleFoam")
	if err != nil {
		t.Fatalf("pimpleFoam, adjustTimeStep yes: %v\n%s", err, tail(out))
	}
	// The field starts at rest (Co 0), so the first step grows; then maxCo sizes it.
	ts = logTimes(t, out)
	n := len(ts)
	if n <= 10 || ts[n-1]-ts[n-2] > 0.0025 || !strings.Contains(out, "deltaT = ") {
		t.Fatalf("adjustTimeStep yes: %d steps %v; want the step cut to maxCo, below half of 0.005\n%s", n, ts, tail(out))
	}
	t.Logf("adjustTimeStep yes: %d steps, the last of %.3g", n, ts[n-1]-ts[n-2])
}

var executionTime = regexp.MustCompile(`ExecutionTime = (\S+) s`)

// TestStepBudget: without adjustTimeStep icoFoam takes exactly endTime/deltaT steps, the
// count FOAM-TIME-008 warns on; the CPU cost per cell and step it uses for its estimate is
// measured and logged (8e-6 s in budget.rego, measured at 8.2e-6 on a 10,000-cell cavity).
func TestStepBudget(t *testing.T) {
	e := withOpenFOAM(t, "icoFoam")
	dir := fixtureCase(t, "cavity-clean")
	setControl(t, dir, "endTime", "1000")
	f := findingAt(lintCase(t, e, dir), "FOAM-TIME-008", cdPath("endTime"))
	if f == nil || f.Summary != "endTime 1000 / deltaT 0.005 is 200000 fixed time steps (budget 100000): with 400 cells at least 11 min of CPU time" {
		t.Fatalf("FOAM-TIME-008: %v", f)
	}
	setControl(t, dir, "endTime", "0.5", "writeInterval", "1000")
	if f := findingAt(lintCase(t, e, dir), "FOAM-TIME-008", cdPath("endTime")); f != nil {
		t.Fatalf("100 steps warned: %v", f)
	}
	if out, err := runFoam(t, dir, time.Minute, "blockMesh"); err != nil {
		t.Fatalf("blockMesh: %v\n%s", err, out)
	}
	out, err := runFoam(t, dir, 3*time.Minute, "icoFoam")
	if err != nil {
		t.Fatalf("icoFoam: %v\n%s", err, tail(out))
	}
	if n := len(logTimes(t, out)); n != 100 {
		t.Fatalf("icoFoam took %d steps, want endTime/deltaT = 100", n)
	}
	m := executionTime.FindAllStringSubmatch(out, -1)
	if len(m) == 0 {
		t.Fatal("no ExecutionTime in the log")
	}
	cpu, _ := strconv.ParseFloat(m[len(m)-1][1], 64)
	t.Logf("icoFoam: 100 steps on 400 cells, ExecutionTime %g s = %.2g s per cell and step (start-up included)", cpu, cpu/(100*400))
}

// TestMisspeltApplication: a case naming icoFaom cannot be started the way Allrun scripts
// start it (RunFunctions: runApplication $(getApplication)), and lint denies it; with
// icoFoam the same commands run.
func TestMisspeltApplication(t *testing.T) {
	e := withOpenFOAM(t, "foamDictionary")
	runFunctions := filepath.Join(foamtest.SourceDir(t), "bin", "tools", "RunFunctions")
	run := func(dir string) (string, error) {
		cmd := exec.Command("bash", "-c", fmt.Sprintf(". %q; runApplication blockMesh && runApplication $(getApplication)", runFunctions))
		cmd.Dir, cmd.Env = dir, foamtest.Env()
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	for _, app := range []string{"icoFoam", "icoFaom"} {
		dir := fixtureCase(t, "cavity-clean")
		setControl(t, dir, "endTime", "0.05", "application", app)
		fs := lintCase(t, e, dir)
		out, err := run(dir)
		log, _ := os.ReadFile(filepath.Join(dir, "log."+app))
		if app == "icoFoam" {
			if len(denies(fs)) > 0 || err != nil || !strings.Contains(string(log), "End") {
				t.Fatalf("icoFoam: denies %v, run %v\n%s%s", denies(fs), err, out, log)
			}
			continue
		}
		if f := findingAt(denies(fs), "FOAM-STRUCT-009", cdPath("application")); f == nil {
			t.Errorf("icoFaom: no FOAM-STRUCT-009 deny: %v", fs)
		}
		if err == nil || !strings.Contains(string(log), "icoFaom: command not found") {
			t.Errorf("icoFaom: want runApplication to fail with command not found: %v\n%s%s", err, out, log)
		}
	}
}

// TestSolutionControls: each fvSolution control of the wrong type FOAM-SOL-012 denies, set
// alone in the clean icoFoam cavity, stops icoFoam v1912 with a FATAL IO ERROR.
func TestSolutionControls(t *testing.T) {
	e := withOpenFOAM(t, "icoFoam")
	const piso = "PISO { nCorrectors 2; nNonOrthogonalCorrectors 0; pRefCell 0; pRefValue 0; }"
	const pSolver = "p { solver PCG; preconditioner DIC; tolerance 1e-06; relTol 0.05; }"
	cases := []struct {
		name, from, to, path, want string
	}{
		{"nCorrectors", piso, strings.Replace(piso, "nCorrectors 2;", "nCorrectors two;", 1), "/PISO/nCorrectors", "expected label (int32), found on line 8: word 'two'"},
		{"nNonOrthogonalCorrectors", piso, strings.Replace(piso, "nNonOrthogonalCorrectors 0;", "nNonOrthogonalCorrectors 0.5;", 1), "/PISO/nNonOrthogonalCorrectors", "expected label (int32), found on line 8: double 0.5"},
		{"pRefCell", piso, strings.Replace(piso, "pRefCell 0;", "pRefCell first;", 1), "/PISO/pRefCell", "word 'first'"},
		{"pRefValue", piso, strings.Replace(piso, "pRefValue 0;", "pRefValue zero;", 1), "/PISO/pRefValue", "expected scalar value, found on line 8: word 'zero'"},
		{"momentumPredictor", piso, strings.Replace(piso, "}", "momentumPredictor maybe; }", 1), "/PISO/momentumPredictor", "Expected 'true/false', 'on/off' ... found maybe"},
		{"tolerance", pSolver, strings.Replace(pSolver, "tolerance 1e-06;", "tolerance small;", 1), "/solvers/p/tolerance", "word 'small'"},
		{"maxIter", pSolver, strings.Replace(pSolver, "relTol 0.05;", "relTol 0.05; maxIter many;", 1), "/solvers/p/maxIter", "word 'many'"},
	}
	base := fixtureCase(t, "cavity-clean")
	if out, err := runFoam(t, base, time.Minute, "blockMesh"); err != nil {
		t.Fatalf("blockMesh: %v\n%s", err, out)
	}
	setControl(t, base, "endTime", "0.01")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "case")
			if out, err := exec.Command("cp", "-r", base, dir).CombinedOutput(); err != nil {
				t.Fatalf("copy: %v %s", err, out)
			}
			p := filepath.Join(dir, "system", "fvSolution")
			b, err := os.ReadFile(p)
			if err != nil || !strings.Contains(string(b), c.from) {
				t.Fatalf("fvSolution lacks %q (%v)", c.from, err)
			}
			os.WriteFile(p, []byte(strings.Replace(string(b), c.from, c.to, 1)), 0o644)
			fs := lintCase(t, e, dir)
			if findingAt(denies(fs), "FOAM-SOL-012", "/files/system~1fvSolution"+c.path) == nil {
				t.Errorf("lint: no FOAM-SOL-012 deny at %s: %v", c.path, fs)
			}
			out, err := runFoam(t, dir, time.Minute, "icoFoam")
			if err == nil || !strings.Contains(out, "FOAM FATAL") || !strings.Contains(out, c.want) {
				t.Errorf("icoFoam: want FATAL %q: %v\n%s", c.want, err, tail(out))
			}
		})
	}
}

// TestRefCellOutsideMesh: the cavity (closed, 400 cells) with pRefCell 400 stops icoFoam in
// setRefCell and is denied by FOAM-SOL-013; pRefCell 399, the last cell, runs and lints
// clean.
func TestRefCellOutsideMesh(t *testing.T) {
	e := withOpenFOAM(t, "icoFoam")
	base := fixtureCase(t, "cavity-clean")
	if out, err := runFoam(t, base, time.Minute, "blockMesh"); err != nil {
		t.Fatalf("blockMesh: %v\n%s", err, out)
	}
	setControl(t, base, "endTime", "0.01")
	for _, c := range []struct {
		cell string
		deny bool
	}{{"400", true}, {"399", false}} {
		t.Run(c.cell, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "case")
			if out, err := exec.Command("cp", "-r", base, dir).CombinedOutput(); err != nil {
				t.Fatalf("copy: %v %s", err, out)
			}
			p := filepath.Join(dir, "system", "fvSolution")
			b, err := os.ReadFile(p)
			if err != nil || !strings.Contains(string(b), "pRefCell 0;") {
				t.Fatalf("fvSolution lacks pRefCell 0 (%v)", err)
			}
			os.WriteFile(p, []byte(strings.Replace(string(b), "pRefCell 0;", "pRefCell "+c.cell+";", 1)), 0o644)
			denied := findingAt(denies(lintCase(t, e, dir)), "FOAM-SOL-013", "/files/system~1fvSolution/PISO/pRefCell") != nil
			out, err := runFoam(t, dir, time.Minute, "icoFoam")
			fatal := err != nil && strings.Contains(out, "Illegal master cellID")
			if denied != c.deny || fatal != c.deny {
				t.Errorf("pRefCell %s: lint deny %v, icoFoam \"Illegal master cellID\" %v, want both %v: %v\n%s", c.cell, denied, fatal, c.deny, err, tail(out))
			}
		})
	}
}

// TestFileHandler: the fileHandler fixture FOAM-TIME-009 denies stops real blockMesh with the
// FATAL the rule quotes; a handler OpenFOAM has (collated) lints clean and meshes.
func TestFileHandler(t *testing.T) {
	e := withOpenFOAM(t, "blockMesh")
	for _, h := range []string{"collatd", "collated"} {
		dir := fixtureCase(t, "time-filehandler")
		cd := filepath.Join(dir, "system", "controlDict")
		b, err := os.ReadFile(cd)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(cd, []byte(strings.Replace(string(b), "collatd", h, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		fs := denies(lintCase(t, e, dir))
		cmd := exec.Command("blockMesh")
		cmd.Dir, cmd.Env = dir, foamtest.Env()
		out, err := cmd.CombinedOutput()
		if h == "collated" {
			if len(fs) > 0 || err != nil {
				t.Fatalf("collated: denies %v, blockMesh %v\n%s", fs, err, out)
			}
			continue
		}
		if findingAt(fs, "FOAM-TIME-009", cdPath("OptimisationSwitches/fileHandler")) == nil {
			t.Errorf("collatd: no FOAM-TIME-009 deny: %v", fs)
		}
		if err == nil || !strings.Contains(string(out), "Unknown fileHandler type collatd") {
			t.Errorf("collatd: want blockMesh to stop on the unknown handler: %v\n%s", err, out)
		}
	}
}
