package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// The security tests prove the gate end to end with the real solver: the same command
// `foamc gate` refuses does run the case's code when started directly.

// pitzDaily copies the simpleFoam pitzDaily tutorial, meshes it and sets a one-step run.
// The directory is open to every user: as root the solver is run as nobody (below).
func pitzDaily(t *testing.T) string {
	t.Helper()
	foamtest.RequireBinary(t, "blockMesh")
	root := t.TempDir()
	dir := filepath.Join(root, "case")
	cp := exec.Command("cp", "-r", filepath.Join(foamtest.Tutorials(t), "incompressible/simpleFoam/pitzDaily"), dir)
	if b, err := cp.CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, b)
	}
	ctl := filepath.Join(dir, "system/controlDict")
	b, err := os.ReadFile(ctl)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(b), "endTime         2000;", "endTime         1;", 1)
	s = strings.Replace(s, "writeInterval   100;", "writeInterval   1;", 1)
	if err := os.WriteFile(ctl, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	mesh := exec.Command("blockMesh")
	mesh.Dir, mesh.Env = dir, foamtest.Env()
	if b, err := mesh.CombinedOutput(); err != nil {
		t.Fatalf("blockMesh: %v %s", err, b)
	}
	// t.TempDir's parent is private to root; nobody must reach the case.
	if err := os.Chmod(filepath.Dir(root), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := exec.Command("chmod", "-R", "a+rwX", root).Run(); err != nil {
		t.Fatal(err)
	}
	return dir
}

// solverArgv is the command that runs the solver in dir. OpenFOAM refuses dynamic code
// to root (dynamicCode::checkSecurity), so as root it runs as nobody, the way a user runs
// a case; a fake wmake on PATH records that the solver tried to build the case's code
// (Debian's package has no wmake).
func solverArgv(t *testing.T, solver string) []string {
	t.Helper()
	bin := t.TempDir()
	wmake := "#!/bin/sh\necho \"wmake $*\" > \"$PWD/WMAKE-RAN\"\nexit 1\n"
	if err := os.WriteFile(filepath.Join(bin, "wmake"), []byte(wmake), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+":"+os.Getenv("PATH"))
	t.Setenv("WM_OPTIONS", "linux64GccDPInt32Opt") // dynamicCode names its platform directory by it
	for _, kv := range foamtest.Env() {
		if k, v, _ := strings.Cut(kv, "="); k == "WM_PROJECT_DIR" || k == "FOAM_ETC" {
			t.Setenv(k, v)
		}
	}
	p := foamtest.RequireBinary(t, solver)
	if os.Geteuid() != 0 {
		return []string{p}
	}
	return []string{foamtest.RequireTool(t, "setpriv"), "--reuid=nobody", "--regid=nogroup", "--clear-groups", p}
}

// runDirect runs argv in dir without foamc, as a user would.
func runDirect(t *testing.T, dir string, argv []string) string {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "PWD="+dir)
	b, _ := cmd.CombinedOutput()
	return string(b)
}

// gateIn runs `foamc gate dir -- argv` with dir as the working directory (OpenFOAM runs in
// the case) and returns the exit code and stderr.
func gateIn(t *testing.T, dir string, argv []string, flags ...string) (int, string) {
	t.Helper()
	t.Chdir(dir)
	t.Setenv("HOME", dir)
	code, _, stderr := runFoamc(append(append(append([]string{"gate", "."}, flags...), "--"), argv...)...)
	return code, stderr
}

const codedSource = `FoamFile
{
    version     2.0;
    format      ascii;
    class       dictionary;
    object      fvOptions;
}
codedSource
{
    type            scalarCodedSource;
    name            sourceTime;
    scalarCodedSourceCoeffs
    {
        selectionMode   all;
        fields          (k);
        codeInclude     #{ #include <fstream> #};
        codeAddSup      #{ std::ofstream("CODE-RAN") << "case code ran"; #};
        codeCorrect     #{ #};
        codeConstrain   #{ #};
    }
}
`

// TestGateRefusesHiddenCodedSource: a scalarCodedSource in constant/fvOptions behind a
// licence banner longer than 4 KiB, or after a NUL byte in a comment. Run directly,
// simpleFoam writes the case's C++ into dynamicCode/ and invokes wmake on it; through
// `foamc gate` nothing starts.
func TestGateRefusesHiddenCodedSource(t *testing.T) {
	banner := "/*\n" + strings.Repeat("    This file is part of a licence text that goes on for a long while.\n", 80) + "*/\n"
	for name, prefix := range map[string]string{"banner": banner, "NUL": "// licence \x00 text\n"} {
		t.Run(name, func(t *testing.T) {
			dir := pitzDaily(t)
			if len(prefix) > 4096 == (name == "NUL") {
				t.Fatal("the banner must be over 4 KiB")
			}
			if err := os.WriteFile(filepath.Join(dir, "constant/fvOptions"), []byte(prefix+codedSource), 0o666); err != nil {
				t.Fatal(err)
			}
			argv := solverArgv(t, "simpleFoam")
			assertRefused(t, dir, argv, "FOAM-SEC-002", "constant/fvOptions")

			// The same command, without the gate, compiles the case's code.
			out := runDirect(t, dir, argv)
			src, err := os.ReadFile(filepath.Join(dir, "dynamicCode/sourceTime/codedFvOptionTemplate.C"))
			if err != nil || !strings.Contains(string(src), `std::ofstream("CODE-RAN")`) {
				t.Fatalf("run directly, simpleFoam did not generate the case's code (%v):\n%s", err, tail(out))
			}
			if _, err := os.Stat(filepath.Join(dir, "WMAKE-RAN")); err != nil || !strings.Contains(out, "Invoking wmake libso") {
				t.Fatalf("run directly, simpleFoam did not invoke wmake:\n%s", tail(out))
			}
		})
	}
}

// TestGateRefusesCodeInTheTimeDirectoriesTheRunReads: a codedFixedValue in the latest time
// directory (startFrom latestTime) and in processor0/0/U.
func TestGateRefusesCodeInTheTimeDirectoriesTheRunReads(t *testing.T) {
	coded := func(t *testing.T, dir, rel string) {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, "0/U"))
		if err != nil {
			t.Fatal(err)
		}
		u := strings.Replace(string(b), "    inlet\n    {\n        type            fixedValue;\n        value           uniform (10 0 0);\n    }",
			"    inlet\n    {\n        type            codedFixedValue;\n        value           uniform (10 0 0);\n        name            inletCode;\n        code            #{ operator==(vector(10, 0, 0)); #};\n    }", 1)
		if u == string(b) {
			t.Fatal("pitzDaily 0/U changed: no inlet fixedValue to replace")
		}
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(u), 0o666); err != nil {
			t.Fatal(err)
		}
		if err := exec.Command("chmod", "-R", "a+rwX", dir).Run(); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("latestTime", func(t *testing.T) {
		dir := pitzDaily(t)
		ctl := filepath.Join(dir, "system/controlDict")
		b, _ := os.ReadFile(ctl)
		s := strings.Replace(string(b), "startFrom       startTime;", "startFrom       latestTime;", 1)
		s = strings.Replace(s, "endTime         1;", "endTime         6;", 1)
		if err := os.WriteFile(ctl, []byte(s), 0o666); err != nil {
			t.Fatal(err)
		}
		coded(t, dir, "5/U")
		for _, f := range []string{"p", "k", "epsilon", "nut", "nuTilda", "omega", "f", "v2"} {
			b, _ := os.ReadFile(filepath.Join(dir, "0", f))
			if err := os.WriteFile(filepath.Join(dir, "5", f), b, 0o666); err != nil {
				t.Fatal(err)
			}
		}
		argv := solverArgv(t, "simpleFoam")
		assertRefused(t, dir, argv, "FOAM-SEC-002", "5/U")
		out := runDirect(t, dir, argv)
		if _, err := os.Stat(filepath.Join(dir, "dynamicCode/inletCode")); err != nil {
			t.Fatalf("run directly, simpleFoam did not generate the inlet code from 5/U:\n%s", tail(out))
		}
	})
	t.Run("processor0", func(t *testing.T) {
		dir := pitzDaily(t)
		coded(t, dir, "processor0/0/U")
		assertRefused(t, dir, solverArgv(t, "simpleFoam"), "FOAM-SEC-002", "processor0/0/U")
	})
}

// TestGateRefusesCaseLibrary: `libs ("$FOAM_CASE/libevil.so")` in controlDict. Run
// directly, simpleFoam dlopens the library and its constructor writes a marker; through
// `foamc gate` nothing starts, and with --allow-code it does.
func TestGateRefusesCaseLibrary(t *testing.T) {
	gcc := foamtest.RequireTool(t, "gcc")
	dir := pitzDaily(t)
	src := filepath.Join(t.TempDir(), "evil.c")
	code := "#include <stdio.h>\n__attribute__((constructor)) static void evil(void) { FILE *f = fopen(\"EVIL-RAN\", \"w\"); if (f) { fputs(\"case library ran\\n\", f); fclose(f); } }\n"
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command(gcc, "-shared", "-fPIC", "-o", filepath.Join(dir, "libevil.so"), src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v %s", err, b)
	}
	ctl := filepath.Join(dir, "system/controlDict")
	b, _ := os.ReadFile(ctl)
	s := strings.Replace(string(b), "application     simpleFoam;", "application     simpleFoam;\n\nlibs            (\"$FOAM_CASE/libevil.so\");", 1)
	if err := os.WriteFile(ctl, []byte(s), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := exec.Command("chmod", "-R", "a+rwX", dir).Run(); err != nil {
		t.Fatal(err)
	}
	argv := solverArgv(t, "simpleFoam")
	assertRefused(t, dir, argv, "FOAM-SEC-007", "system/controlDict")
	marker := filepath.Join(dir, "EVIL-RAN")

	out := runDirect(t, dir, argv)
	if _, err := os.Stat(marker); err != nil {
		t.Fatalf("run directly, simpleFoam did not load the case library:\n%s", tail(out))
	}
	if err := os.Remove(marker); err != nil {
		t.Fatal(err)
	}
	// --allow-code is the reviewed opt-in: the gate then runs the command, as foamc's own
	// user (the snapshot it runs on is private to that user, so not through setpriv).
	if rc, stderr := gateIn(t, dir, argv[len(argv)-1:], "--allow-code"); rc != 0 {
		t.Fatalf("--allow-code: exit %d\n%s", rc, stderr)
	}
	if _, err := os.Stat(marker); err != nil {
		t.Fatal("with --allow-code the gate did not run the solver")
	}
}

// assertRefused: `foamc gate dir -- argv` exits 124 (refused) naming each of want, and nothing ran:
// no solver output, no dynamic code, no wmake, no marker.
func assertRefused(t *testing.T, dir string, argv []string, want ...string) {
	t.Helper()
	code, stderr := gateIn(t, dir, argv)
	if code != exitGateDenied || !strings.Contains(stderr, "refusing to run") {
		t.Fatalf("gate exit %d, want %d (refused):\n%s", code, exitGateDenied, stderr)
	}
	for _, w := range want {
		if !strings.Contains(stderr, w) {
			t.Errorf("the gate's findings do not name %s:\n%s", w, stderr)
		}
	}
	for _, p := range []string{"dynamicCode", "WMAKE-RAN", "CODE-RAN", "EVIL-RAN", "1"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err == nil {
			t.Errorf("%s exists: the solver ran although the gate refused", p)
		}
	}
}

func tail(s string) string {
	if len(s) > 3000 {
		return s[len(s)-3000:]
	}
	return s
}
