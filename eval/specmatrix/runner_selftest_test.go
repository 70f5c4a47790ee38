package specmatrix_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/eval/specmatrix"
	"github.com/foamc/foamc/internal/foamtest"
)

// TestMatrixRunner runs a small matrix through the runner: a spec compiled only, the same
// spec run 25 steps in v1912's icoFoam, an unsatisfiable spec refused with its conflict,
// and a refused spec whose table names the wrong finding (a failure with its cause).
func TestMatrixRunner(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	foamtest.RequireBinary(t, "icoFoam")
	channel := filepath.Join(foamtest.RepoRoot(), "eval", "specmatrix", "meshes", "channel", "blockMeshDict")
	spec := func(name, solver, model string) string {
		return "version: 1\nname: " + name + "\nmesh: {blockMeshDict: " + channel + "}\nphysics: {solver: " + solver +
			", turbulence: " + model + "}\nfluid: {nu: 0.01}\nboundaries:\n  inlet: {role: inlet, U: [1, 0, 0]}\n" +
			"  outlet: {role: outlet, p: 0}\n  walls: {role: wall}\n  frontAndBack: {role: empty}\ncontrol: {endTime: 0.1, deltaT: 0.001}\n"
	}
	gen := func(name, model, unsat string) specmatrix.Generated {
		return specmatrix.Generated{Name: name, Mesh: "channel", Solver: "icoFoam", Model: model, Unsatisfiable: unsat, YAML: spec(name, "icoFoam", model)}
	}
	m := matrix{name: "self-test", label: "self-test matrix", opts: lintedOptions(t), specs: []mspec{
		{Generated: gen("compiled", "laminar", "")},
		{Generated: gen("run", "laminar", "")},
		{Generated: gen("ico-ras", "kEpsilon", "FOAM-FM-001")},
		{Generated: specmatrix.Generated{Name: "wrong-deny", YAML: spec("wrong-deny", "icoFoam", "kEpsilon")}, deny: "FOAM-COMPILE-005"},
	}}
	m.runs = func(_ int, s mspec) bool { return s.Name == "run" }
	outs := m.outcomes(t)
	want := []struct {
		compiled, ran, picked bool
		minSteps              int
		cause                 string
	}{
		{true, true, false, 0, ""},
		{true, true, true, minSteps, ""},
		{true, true, false, 0, ""},
		{false, false, false, 0, "refused spec: no located FOAM-COMPILE-005 with a fix"},
	}
	for i, w := range want {
		o := outs[i]
		if o.compiled != w.compiled || o.ran != w.ran || o.picked != w.picked || o.steps < w.minSteps || !strings.HasPrefix(o.cause, w.cause) || (w.cause == "") != (o.cause == "") {
			t.Errorf("%s: compiled %v ran %v picked %v steps %d cause %q; want %+v", o.g.Name, o.compiled, o.ran, o.picked, o.steps, o.cause, w)
		}
	}
	text, failed := m.summary(outs)
	for _, line := range []string{
		"self-test matrix (-matrix=" + *matrixMode + "): 1 specs meshed and run in OpenFOAM, 1 ran >= 20 steps\n",
		"self-test: 4 specs over 2 distinct meshes, 1 solver x model pairs\n",
		"compile rate: 2/2 satisfiable specs (100.0%)\n",
		"run rate: 2/2 satisfiable specs ran >= 20 steps without FATAL/nan/FPE (100.0%)\n",
		"unsatisfiable: 1/2 refused with a located conflict finding\n",
		"    1  refused spec: no located FOAM-COMPILE-005 with a fix: ",
	} {
		if !strings.Contains(text, line) {
			t.Errorf("summary lacks %q:\n%s", line, text)
		}
	}
	if failed != 1 {
		t.Errorf("%d failures counted, want 1:\n%s", failed, text)
	}
}
