package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// Keys, branches, selectors and library names as OpenFOAM reads them (issue 26, kinds 1,
// 2, 5, 6 and 9): each case below really runs its payload when the solver is started
// directly, and `foamc gate` refuses it.

// caseLibrary builds libevil.so into dir: its constructor writes EVIL-RAN in the working
// directory (the case).
func caseLibrary(t *testing.T, dir string) {
	t.Helper()
	gcc := foamtest.RequireTool(t, "gcc")
	src := filepath.Join(t.TempDir(), "evil.c")
	code := "#include <stdio.h>\n__attribute__((constructor)) static void evil(void) { FILE *f = fopen(\"EVIL-RAN\", \"w\"); if (f) { fputs(\"case library ran\\n\", f); fclose(f); } }\n"
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command(gcc, "-shared", "-fPIC", "-o", filepath.Join(dir, "libevil.so"), src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v %s", err, b)
	}
}

// editControlDict puts text after pitzDaily's application line.
func editControlDict(t *testing.T, dir, text string) {
	t.Helper()
	ctl := filepath.Join(dir, "system/controlDict")
	b, err := os.ReadFile(ctl)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(b), "application     simpleFoam;", "application     simpleFoam;\n\n"+text, 1)
	if s == string(b) {
		t.Fatal("pitzDaily's controlDict has no application line")
	}
	if err := os.WriteFile(ctl, []byte(s), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := exec.Command("chmod", "-R", "a+rwX", dir).Run(); err != nil {
		t.Fatal(err)
	}
}

// ranDirectly runs argv in dir without foamc and requires the marker, then removes it.
func ranDirectly(t *testing.T, dir string, argv []string, marker string) {
	t.Helper()
	out := runDirect(t, dir, argv)
	if _, err := os.Stat(filepath.Join(dir, marker)); err != nil {
		t.Fatalf("run directly, %s did not run the case's payload (%s):\n%s", filepath.Base(argv[len(argv)-1]), marker, tail(out))
	}
	for _, p := range []string{marker, "dynamicCode", "1"} {
		os.RemoveAll(filepath.Join(dir, p))
	}
}

// TestGateRefusesPatternKeyLibrary: OpenFOAM looks keywords up by POSIX regex, so
// `"li(b)s"` and `"lib[\s]"` (a literal backslash or s inside ERE brackets, whitespace to
// Go's RE2) are libs to the solver.
func TestGateRefusesPatternKeyLibrary(t *testing.T) {
	for name, key := range map[string]string{"group": `"li(b)s"`, "bracket": `"lib[\s]"`} {
		t.Run(name, func(t *testing.T) {
			dir := pitzDaily(t)
			caseLibrary(t, dir)
			editControlDict(t, dir, key+` ("$FOAM_CASE/libevil.so");`)
			argv := solverArgv(t, "simpleFoam")
			assertRefused(t, dir, argv, "FOAM-SEC-007", "system/controlDict")
			ranDirectly(t, dir, argv, "EVIL-RAN")
		})
	}
}

// TestGateRefusesBareLibraryName: `libs (evil);` names no path, but an empty
// LD_LIBRARY_PATH element makes dlopen search the working directory, the case. The gate
// denies the name (v1912 does not ship libevil.so); --allow-code does not run it either:
// the case ships the library (FOAM-CASE-003), and openfoam.Env drops the empty element
// (openfoam TestEnvLibraryPath).
func TestGateRefusesBareLibraryName(t *testing.T) {
	dir := pitzDaily(t)
	caseLibrary(t, dir)
	editControlDict(t, dir, "libs (evil);")
	argv := solverArgv(t, "simpleFoam")
	t.Setenv("LD_LIBRARY_PATH", ":"+os.Getenv("LD_LIBRARY_PATH"))
	assertRefused(t, dir, argv, "FOAM-SEC-004", "system/controlDict")
	ranDirectly(t, dir, argv, "EVIL-RAN")
	if rc, stderr := gateIn(t, dir, argv, "--allow-code"); rc != exitGateDenied || !strings.Contains(stderr, "FOAM-CASE-003") {
		t.Fatalf("--allow-code: exit %d, want %d for the shipped library\n%s", rc, exitGateDenied, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "EVIL-RAN")); err == nil {
		t.Fatal("the gated solver loaded the case's library through an empty LD_LIBRARY_PATH element")
	}
}

// TestGateRefusesSkippedBranch: foamc evaluates `$FOAM_EXECUTABLE` as the controlDict's
// application, the solver as its own name, so `foamc gate -- pimpleFoam` on a case that
// says simpleFoam reads the #else branch foamc skipped. Every branch is judged.
func TestGateRefusesSkippedBranch(t *testing.T) {
	dir := pitzDaily(t)
	caseLibrary(t, dir)
	editControlDict(t, dir, "#ifeq $FOAM_EXECUTABLE simpleFoam\n#else\nlibs (\"$FOAM_CASE/libevil.so\");\n#endif")
	argv := solverArgv(t, "pimpleFoam")
	assertRefused(t, dir, argv, "FOAM-SEC-007", "foamc's evaluation skips")
	ranDirectly(t, dir, argv, "EVIL-RAN")
}

// TestGateRefusesTimeActivatedFileUpdate: the stock function object copies a file of the
// case over a file outside it during the run.
func TestGateRefusesTimeActivatedFileUpdate(t *testing.T) {
	dir := pitzDaily(t)
	victim := filepath.Join(filepath.Dir(dir), "victim")
	if err := os.WriteFile(victim, []byte("untouched\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "payload"), []byte("replaced by the case\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	editControlDict(t, dir, `functions
{
    swap
    {
        type            timeActivatedFileUpdate;
        libs            (utilityFunctionObjects);
        fileToUpdate    "`+victim+`";
        timeVsFile      ((-1 "$FOAM_CASE/payload"));
    }
}`)
	if err := os.Chmod(victim, 0o666); err != nil {
		t.Fatal(err)
	}
	argv := solverArgv(t, "simpleFoam")
	assertRefused(t, dir, argv, "FOAM-SEC-008", "system/controlDict")
	if b, _ := os.ReadFile(victim); string(b) != "untouched\n" {
		t.Fatalf("the victim changed although the gate refused: %q", b)
	}
	out := runDirect(t, dir, argv)
	if b, _ := os.ReadFile(victim); string(b) != "replaced by the case\n" {
		t.Fatalf("run directly, timeActivatedFileUpdate did not overwrite %s (%q):\n%s", victim, b, tail(out))
	}
}

// TestGateRefusesCodedMotionSolver: `motionSolver coded;` in dynamicMeshDict selects
// codedPoints0, which compiles the case's C++ (wmake) when the mesh is built.
func TestGateRefusesCodedMotionSolver(t *testing.T) {
	dir := pitzDaily(t)
	dmd := `FoamFile { version 2.0; format ascii; class dictionary; object dynamicMeshDict; }
dynamicFvMesh   dynamicMotionSolverFvMesh;
motionSolver    coded;
name            moveIt;
code            #{ return points0(); #};
`
	if err := os.WriteFile(filepath.Join(dir, "constant/dynamicMeshDict"), []byte(dmd), 0o666); err != nil {
		t.Fatal(err)
	}
	argv := solverArgv(t, "moveDynamicMesh")
	assertRefused(t, dir, argv, "FOAM-SEC-002", "constant/dynamicMeshDict")
	out := runDirect(t, dir, argv)
	if _, err := os.Stat(filepath.Join(dir, "WMAKE-RAN")); err != nil || !strings.Contains(out, "Invoking wmake libso") {
		t.Fatalf("run directly, moveDynamicMesh did not build the case's motion solver:\n%s", tail(out))
	}
}

// TestGateRefusesAbortFile: the stock abort function object deletes its `file` when it is
// constructed (abort.C:154), wherever it points.
func TestGateRefusesAbortFile(t *testing.T) {
	dir := pitzDaily(t)
	victim := filepath.Join(filepath.Dir(dir), "victim")
	if err := os.WriteFile(victim, []byte("untouched\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	editControlDict(t, dir, "functions\n{\n    stop\n    {\n        type abort;\n        libs (utilityFunctionObjects);\n        file \""+victim+"\";\n    }\n}")
	argv := solverArgv(t, "simpleFoam")
	assertRefused(t, dir, argv, "FOAM-SEC-008", "system/controlDict")
	if _, err := os.Stat(victim); err != nil {
		t.Fatal("the victim is gone although the gate refused")
	}
	out := runDirect(t, dir, argv)
	if _, err := os.Stat(victim); err == nil {
		t.Fatalf("run directly, abort did not delete %s:\n%s", victim, tail(out))
	}
}
