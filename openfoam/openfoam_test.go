package openfoam

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestEnv(t *testing.T) {
	t.Setenv("WM_PROJECT_DIR", "")
	t.Setenv("FOAM_ETC", "/elsewhere/etc")
	env := Env()
	for _, want := range []string{"WM_PROJECT_DIR=" + ProjectDir, "FOAM_ETC=/elsewhere/etc", "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"} {
		if !slices.Contains(env, want) {
			t.Errorf("Env() lacks %s", want)
		}
	}
	if slices.Contains(env, "FOAM_ETC="+EtcDir) {
		t.Error("a set FOAM_ETC was overridden")
	}
}

// TestEnvLibraryPath: no empty or relative LD_LIBRARY_PATH element reaches OpenFOAM, so
// a bare library name never resolves into the case directory.
func TestEnvLibraryPath(t *testing.T) {
	for in, want := range map[string]string{
		"/a/lib::/b/lib":     "LD_LIBRARY_PATH=/a/lib:/b/lib",
		":/a/lib":            "LD_LIBRARY_PATH=/a/lib",
		"/a/lib:":            "LD_LIBRARY_PATH=/a/lib",
		".:lib:/a/lib:./x":   "LD_LIBRARY_PATH=/a/lib",
		"":                   "",
		":":                  "",
		"platforms/lib:../l": "",
	} {
		t.Setenv("LD_LIBRARY_PATH", in)
		var got []string
		for _, kv := range Env() {
			if strings.HasPrefix(kv, "LD_LIBRARY_PATH=") {
				got = append(got, kv)
			}
		}
		switch {
		case want == "" && len(got) != 0:
			t.Errorf("LD_LIBRARY_PATH=%q: Env() keeps %q, want it unset", in, got)
		case want != "" && (len(got) != 1 || got[0] != want):
			t.Errorf("LD_LIBRARY_PATH=%q: Env() has %q, want %q", in, got, want)
		}
	}
}

func TestLookPath(t *testing.T) {
	if _, err := LookPath("foamc-no-such-openfoam-program"); err == nil || !strings.Contains(err.Error(), "make deps") {
		t.Fatalf("err = %v", err)
	}
}

// fakeSource makes root/.cache/src/openfoam-1912/tutorials.
func fakeSource(t *testing.T, root string) string {
	t.Helper()
	src := filepath.Join(root, ".cache", "src", "openfoam-1912")
	if err := os.MkdirAll(filepath.Join(src, "tutorials"), 0o755); err != nil {
		t.Fatal(err)
	}
	return src
}

func TestDetection(t *testing.T) {
	root := t.TempDir()
	src := fakeSource(t, root)
	deep := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(deep)
	t.Setenv(SourceEnv, "")
	t.Setenv("FOAM_TUTORIALS", "")
	if got := SourceDir(); got != src {
		t.Errorf("SourceDir() = %q, want the ancestor's cache %q", got, src)
	}
	if got := SourceDirUnder(root); got != src {
		t.Errorf("SourceDirUnder = %q", got)
	}
	if got := Tutorials(); got != filepath.Join(src, "tutorials") {
		t.Errorf("Tutorials() = %q", got)
	}
	inst := t.TempDir()
	t.Setenv("FOAM_TUTORIALS", inst)
	if got := Tutorials(); got != inst {
		t.Errorf("$FOAM_TUTORIALS not preferred to the cache: %q", got)
	}
	other := fakeSource(t, t.TempDir())
	t.Setenv(SourceEnv, other)
	if got := SourceDir(); got != other {
		t.Errorf("$%s not preferred: %q", SourceEnv, got)
	}
	if got := Tutorials(); got != filepath.Join(other, "tutorials") {
		t.Errorf("Tutorials() with $%s = %q", SourceEnv, got)
	}
	// A source variable without tutorials is ignored.
	t.Setenv(SourceEnv, t.TempDir())
	if got := SourceDir(); got != src {
		t.Errorf("SourceDir() = %q with a bad $%s", got, SourceEnv)
	}
}
