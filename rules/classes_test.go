package rules

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

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

// TestSelectableClasses: the class lists FOAM-SEC-009 allows for v1912 (data.kb.vocab's
// functionObjects and classes, mined from the v1912 sources) are what v1912 itself lists
// for an unknown type with every shipped library loaded, apart from what the Debian
// package does not build: the fvOption compiled into a solver and the function objects of
// the ESI modules etc/caseDicts load (adios, catalyst).
func TestSelectableClasses(t *testing.T) {
	var libs []string
	for _, l := range debianLibs(t) {
		if l != "libOpenFOAM.so" && l != "libPstream.so" {
			libs = append(libs, l)
		}
	}
	cavity := tutorialCopy(t, "incompressible/icoFoam/cavity/cavity", libs)
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	vocab := k.RulesData()["vocab"].(map[string]any)
	mined := func(list any, notBuilt ...string) []string {
		var out []string
		for _, v := range list.([]any) {
			if !slices.Contains(notBuilt, v.(string)) {
				out = append(out, v.(string))
			}
		}
		slices.Sort(out)
		return out
	}
	classes := vocab["classes"].(map[string]any)
	check := func(what string, got, want []string) {
		t.Helper()
		if !slices.Equal(got, want) {
			t.Errorf("%s: v1912 lists %d %q, foamc allows %d %q", what, len(got), got, len(want), want)
		}
	}

	ctl := filepath.Join(cavity, "system/controlDict")
	b, _ := os.ReadFile(ctl)
	if err := os.WriteFile(ctl, append(b, "endTime 0.005;\nfunctions { x { type foamcUnknown; } }\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	check("function objects", validTypes(t, cavity, "icoFoam"), mined(vocab["functionObjects"], "adiosWrite", "catalyst"))
	if err := os.WriteFile(ctl, b, 0o644); err != nil {
		t.Fatal(err)
	}

	dmd := filepath.Join(cavity, "constant/dynamicMeshDict")
	writeDict(t, dmd, "dynamicMeshDict", "dynamicFvMesh foamcUnknown;\n")
	check("dynamicFvMesh", validTypes(t, cavity, "moveDynamicMesh"), mined(classes["dynamicFvMeshes"]))
	writeDict(t, dmd, "dynamicMeshDict", "dynamicFvMesh dynamicMotionSolverFvMesh;\nmotionSolver foamcUnknown;\n")
	check("motionSolver", validTypes(t, cavity, "moveDynamicMesh"), mined(classes["motionSolvers"]))
	writeDict(t, dmd, "dynamicMeshDict", "dynamicFvMesh dynamicMotionSolverFvMesh;\nmotionSolver solidBody;\nsolidBodyMotionFunction foamcUnknown;\n")
	check("solidBodyMotionFunction", validTypes(t, cavity, "moveDynamicMesh"), mined(classes["solidBodyMotionFunctions"]))

	st := tutorialCopy(t, "basic/scalarTransportFoam/pitzDaily", libs)
	writeDict(t, filepath.Join(st, "constant/fvOptions"), "fvOptions", "x { type foamcUnknown; }\n")
	// VoFSolidificationMeltingSource is compiled into compressibleInterFilmFoam
	check("fvOptions", validTypes(t, st, "scalarTransportFoam"), mined(classes["fvOptions"], "VoFSolidificationMeltingSource"))
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
