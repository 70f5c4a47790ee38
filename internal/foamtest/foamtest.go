// Package foamtest locates the real OpenFOAM v1912 installation and source tree for tests.
// Under CI=true a missing install fails the test instead of skipping it, so a missing
// install step cannot hide behind a green run.
package foamtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
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

// FindSourceDir returns the unpacked v1912 source package: $FOAMC_OPENFOAM_SRC, else
// .cache/src/openfoam-* under the repository root; "" when absent.
func FindSourceDir() string {
	if d := os.Getenv("FOAMC_OPENFOAM_SRC"); d != "" {
		if st, err := os.Stat(filepath.Join(d, "tutorials")); err == nil && st.IsDir() {
			return filepath.Clean(d)
		}
	}
	matches, _ := filepath.Glob(filepath.Join(RepoRoot(), ".cache", "src", "openfoam-*", "tutorials"))
	for _, m := range matches {
		if st, err := os.Stat(m); err == nil && st.IsDir() {
			return filepath.Dir(m)
		}
	}
	return ""
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

// Env is the environment OpenFOAM binaries need.
func Env() []string {
	env := os.Environ()
	if os.Getenv("WM_PROJECT_DIR") == "" {
		env = append(env, "WM_PROJECT_DIR=/usr/share/openfoam")
	}
	if os.Getenv("FOAM_ETC") == "" {
		env = append(env, "FOAM_ETC=/usr/share/openfoam/etc")
	}
	return append(env, "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")
}

// RequireBinary returns the path of an OpenFOAM binary (e.g. "blockMesh") or fails/skips.
func RequireBinary(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		missing(t, "OpenFOAM binary "+name)
	}
	return p
}
