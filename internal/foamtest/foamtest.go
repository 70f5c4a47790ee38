// Package foamtest locates the real OpenFOAM v1912 installation and source tree for tests.
// Under CI=true a missing install fails the test instead of skipping it, so a missing
// install step cannot hide behind a green run.
package foamtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"testing"

	"github.com/foamc/foamc/openfoam"
)

// missing fails under CI and skips elsewhere.
func missing(t testing.TB, what string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is missing under CI=true: run `make deps`", what)
	}
	t.Skipf("%s is missing (run `make deps`)", what)
}

// RepoRoot is the module root, found from this file's location.
func RepoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// FindSourceDir returns the unpacked v1912 source package (openfoam.SourceDir: $FOAMC_OPENFOAM_SRC,
// else .cache/src/openfoam-* above the working directory), else the one under the repository root;
// "" when absent.
func FindSourceDir() string {
	if d := openfoam.SourceDir(); d != "" {
		return d
	}
	return openfoam.SourceDirUnder(RepoRoot())
}

// SourceDir returns the source tree or fails/skips the test.
func SourceDir(t testing.TB) string {
	t.Helper()
	d := FindSourceDir()
	if d == "" {
		missing(t, "the OpenFOAM v1912 source package")
	}
	return d
}

// Tutorials returns <source>/tutorials.
func Tutorials(t testing.TB) string {
	t.Helper()
	return filepath.Join(SourceDir(t), "tutorials")
}

// Env is the environment OpenFOAM binaries need (openfoam.Env).
func Env() []string { return openfoam.Env() }

// RequireBinary returns the path of an OpenFOAM binary (e.g. "blockMesh") or fails/skips.
func RequireBinary(t testing.TB, name string) string {
	t.Helper()
	p, err := openfoam.LookPath(name)
	if err != nil {
		missing(t, "OpenFOAM binary "+name)
	}
	return p
}

// RequireTool returns the path of a program a test needs beside OpenFOAM (gcc, setpriv)
// or fails (CI=true) / skips; the Makefile installs it.
func RequireTool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		missing(t, name)
	}
	return p
}

// TutorialCases returns the tutorials directory and, sorted, every case directory in it
// (a directory holding system/controlDict; multi-region cases count once).
func TutorialCases(t testing.TB) (string, []string) {
	t.Helper()
	root := Tutorials(t)
	var dirs []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == "controlDict" && filepath.Base(filepath.Dir(p)) == "system" {
			dirs = append(dirs, filepath.Dir(filepath.Dir(p)))
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walk %s: %v", root, err)
	}
	sort.Strings(dirs)
	return root, dirs
}

// BuildFoamc builds the foamc CLI into a temporary directory, for tests that drive the
// binary as a user (or an editor, or an agent) does; it returns the binary's path.
func BuildFoamc(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "foamc")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/foamc")
	cmd.Dir = RepoRoot()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/foamc: %v\n%s", err, out)
	}
	return bin
}
