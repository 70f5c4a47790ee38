package rules

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

// regoStrings evaluates a set or array of strings of the embedded policies.
func regoStrings(t *testing.T, query string) []string {
	t.Helper()
	srcs, err := builtinSources(false)
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := compileSources(srcs, checked)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := rego.New(rego.Compiler(c), rego.Query(query)).Eval(context.Background())
	if err != nil || len(rs) != 1 {
		t.Fatalf("%s: %v %v", query, rs, err)
	}
	var out []string
	for _, v := range rs[0].Expressions[0].Value.([]any) {
		out = append(out, v.(string))
	}
	slices.Sort(out)
	return out
}

// validTypes runs argv in dir and returns the names OpenFOAM lists after "Valid … types"
// when it meets an unknown type.
func validTypes(t *testing.T, dir string, argv ...string) []string {
	t.Helper()
	cmd := exec.Command(foamtest.RequireBinary(t, argv[0]), argv[1:]...)
	cmd.Dir, cmd.Env = dir, foamtest.Env()
	b, _ := cmd.CombinedOutput()
	_, after, ok := strings.Cut(string(b), "\nValid ")
	if !ok {
		t.Fatalf("%s lists no valid types:\n%s", argv[0], b)
	}
	_, list, _ := strings.Cut(after, "(")
	list, _, _ = strings.Cut(list, ")")
	names := strings.Fields(list)
	slices.Sort(names)
	return names
}

// tutorialCopy copies a tutorial, meshes it and loads every library Debian's libopenfoam
// ships, so OpenFOAM lists every class it has.
func tutorialCopy(t *testing.T, rel string, libs []string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "case")
	if b, err := exec.Command("cp", "-r", filepath.Join(foamtest.Tutorials(t), rel), dir).CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, b)
	}
	mesh := exec.Command(foamtest.RequireBinary(t, "blockMesh"))
	mesh.Dir, mesh.Env = dir, foamtest.Env()
	if b, err := mesh.CombinedOutput(); err != nil {
		t.Fatalf("blockMesh: %v %s", err, b)
	}
	ctl := filepath.Join(dir, "system/controlDict")
	b, err := os.ReadFile(ctl)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b) + "\nlibs (" + strings.Join(libs, " ") + ");\nendTime 0;\n"
	if err := os.WriteFile(ctl, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func writeDict(t *testing.T, path, object, body string) {
	t.Helper()
	text := "FoamFile { version 2.0; format ascii; class dictionary; object " + object + "; }\n" + body
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSelectableClasses: the class lists FOAM-SEC-009 allows (rules/lib/classes.rego, the
// kb's function objects) are what v1912 itself lists for an unknown type with every
// shipped library loaded; classes.rego adds only the fvOptions compiled into solvers.
func TestSelectableClasses(t *testing.T) {
	var libs []string
	for _, l := range debianLibs(t) {
		if l != "libOpenFOAM.so" && l != "libPstream.so" {
			libs = append(libs, l)
		}
	}
	cavity := tutorialCopy(t, "incompressible/icoFoam/cavity/cavity", libs)
	check := func(what string, got, want []string) {
		t.Helper()
		if !slices.Equal(got, want) {
			t.Errorf("%s: v1912 lists %d %q, foamc allows %d %q", what, len(got), got, len(want), want)
		}
	}

	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	var fos []string
	for _, v := range k.RulesData()["vocab"].(map[string]any)["functionObjects"].([]any) {
		fos = append(fos, v.(string))
	}
	slices.Sort(fos)
	ctl := filepath.Join(cavity, "system/controlDict")
	b, _ := os.ReadFile(ctl)
	if err := os.WriteFile(ctl, append(b, "endTime 0.005;\nfunctions { x { type foamcUnknown; } }\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	check("function objects", validTypes(t, cavity, "icoFoam"), fos)
	if err := os.WriteFile(ctl, b, 0o644); err != nil {
		t.Fatal(err)
	}

	dmd := filepath.Join(cavity, "constant/dynamicMeshDict")
	writeDict(t, dmd, "dynamicMeshDict", "dynamicFvMesh foamcUnknown;\n")
	check("dynamicFvMesh", validTypes(t, cavity, "moveDynamicMesh"), regoStrings(t, "sort(data.foamc.lib.dynamic_fv_mesh_types)"))
	writeDict(t, dmd, "dynamicMeshDict", "dynamicFvMesh dynamicMotionSolverFvMesh;\nmotionSolver foamcUnknown;\n")
	check("motionSolver", validTypes(t, cavity, "moveDynamicMesh"), regoStrings(t, "sort(data.foamc.lib.motion_solver_types)"))
	writeDict(t, dmd, "dynamicMeshDict", "dynamicFvMesh dynamicMotionSolverFvMesh;\nmotionSolver solidBody;\nsolidBodyMotionFunction foamcUnknown;\n")
	check("solidBodyMotionFunction", validTypes(t, cavity, "moveDynamicMesh"), regoStrings(t, "sort(data.foamc.lib.solid_body_motion_functions)"))

	st := tutorialCopy(t, "basic/scalarTransportFoam/pitzDaily", libs)
	writeDict(t, filepath.Join(st, "constant/fvOptions"), "fvOptions", "x { type foamcUnknown; }\n")
	want := slices.DeleteFunc(regoStrings(t, "sort(data.foamc.lib.fv_option_types)"), func(s string) bool {
		return s == "VoFSolidificationMeltingSource" // compiled into compressibleInterFilmFoam
	})
	check("fvOptions", validTypes(t, st, "scalarTransportFoam"), want)
}

// debianLibs are the shared libraries of Debian's libopenfoam v1912 package (the ones
// icoFoam can load here; kb's TestV1912LibsCoverDebian checks FOAM-SEC-004's list covers them).
func debianLibs(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command(foamtest.RequireTool(t, "dpkg-query"), "-L", "libopenfoam").Output()
	if err != nil {
		t.Fatalf("dpkg-query -L libopenfoam: %v", err)
	}
	var got []string
	for _, p := range strings.Fields(string(out)) {
		if strings.HasSuffix(p, ".so") && !slices.Contains(got, filepath.Base(p)) {
			got = append(got, filepath.Base(p))
		}
	}
	slices.Sort(got)
	return got
}
