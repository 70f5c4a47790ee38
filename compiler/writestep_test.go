package compiler

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// icoChannel is the channel with icoFoam, which keeps its step fixed (no setDeltaT): a
// deltaT derived from maxCo (0.4 x 0.0042 m / 1 m/s = 0.0016 s) writes under runTime.
func icoChannel(solver, control string) string {
	return `version: 1
name: t
mesh: {blockMeshDict: channel/blockMeshDict}
physics: {solver: ` + solver + `, turbulence: laminar}
fluid: {nu: 0.01}
boundaries:
  inlet:        {role: inlet, U: [1, 0, 0]}
  outlet:       {role: outlet, p: 0}
  walls:        {role: wall}
  frontAndBack: {role: empty}
control: {` + control + `}
`
}

// TestFixedStepDividesWriteInterval: a fixed deltaT derived from maxCo is shortened to
// divide writeInterval (OpenFOAM's runTime writes at the whole step nearest each interval,
// so 0.0016 s would write 0.0096 and 0.0192 for 0.01 and 0.02); real icoFoam then writes
// at 0.01 and 0.02. A stated deltaT and an adjusting solver (adjustableRunTime, which
// shortens the step to hit write times itself) keep their step.
func TestFixedStepDividesWriteInterval(t *testing.T) {
	const control = "endTime: 0.02, maxCo: 0.4, writeInterval: 0.01"
	r, fl := compileSrc(t, icoChannel("icoFoam", control), Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	if dt, wc := controlEntry(t, r, "deltaT"), controlEntry(t, r, "writeControl"); dt != "0.00125" || wc != "runTime" {
		t.Errorf("icoFoam, maxCo: deltaT %s, writeControl %s; want 0.00125 under runTime", dt, wc)
	}
	if s := slotOf(t, r, "derived/deltaT"); !strings.Contains(s.Source.Formula, "writeInterval / n") || s.Source.Inputs["writeInterval"] != 0.01 {
		t.Errorf("derived/deltaT slot = %+v", s)
	}
	for _, c := range []struct{ solver, control, dt, wc string }{
		{"pimpleFoam", control, "0.0016", "adjustableRunTime"},
		{"icoFoam", "endTime: 0.02, deltaT: 0.0016, writeInterval: 0.01", "0.0016", "runTime"},
		{"icoFoam", "endTime: 0.02, maxCo: 0.5, writeInterval: 0.01", "0.002", "runTime"},
	} {
		r, fl := compileSrc(t, icoChannel(c.solver, c.control), Options{})
		if fl != nil {
			t.Fatal(fl)
		}
		if dt, wc := controlEntry(t, r, "deltaT"), controlEntry(t, r, "writeControl"); dt != c.dt || wc != c.wc {
			t.Errorf("%s, %s: deltaT %s, writeControl %s; want %s %s", c.solver, c.control, dt, wc, c.dt, c.wc)
		}
	}

	foamtest.RequireBinary(t, "icoFoam")
	dir := filepath.Join(t.TempDir(), "case")
	if err := r.Write(dir, false); err != nil {
		t.Fatal(err)
	}
	for _, tool := range []string{"blockMesh", "icoFoam"} {
		cmd := exec.Command(foamtest.RequireBinary(t, tool))
		cmd.Dir, cmd.Env = dir, foamtest.Env()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", tool, err, out)
		}
	}
	var times []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if _, err := os.Stat(filepath.Join(dir, e.Name(), "U")); err == nil {
			times = append(times, e.Name())
		}
	}
	if want := []string{"0", "0.01", "0.02"}; !slices.Equal(times, want) {
		t.Errorf("icoFoam wrote %v, want %v", times, want)
	}
}
