package mine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeTree makes a directory that looks like a source package (src/finiteVolume,
// tutorials/) or, with withSrc false, only a tutorials tree.
func fakeTree(t *testing.T, withSrc bool) string {
	t.Helper()
	root := t.TempDir()
	dirs := []string{"tutorials/basic/case/system"}
	if withSrc {
		dirs = append(dirs, "src/finiteVolume")
	}
	for _, d := range dirs {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "tutorials/basic/case/system/controlDict"), []byte("application icoFoam;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestDetect(t *testing.T) {
	for _, env := range []string{"FOAM_SRC", "WM_PROJECT_DIR", "FOAMC_OPENFOAM_SRC", "FOAM_TUTORIALS"} {
		t.Setenv(env, "")
	}
	pkg := fakeTree(t, true)

	// --src accepts the package root or its src/; tutorials follow the source tree
	for _, arg := range []string{pkg, filepath.Join(pkg, "src")} {
		s, err := Detect(BuildOptions{Src: arg})
		if err != nil || s.Root != pkg || s.Tutorials != filepath.Join(pkg, "tutorials") || s.TutorialsLayout != "source" {
			t.Errorf("--src %s: %+v %v", arg, s, err)
		}
	}
	// $FOAM_SRC points at src/
	t.Setenv("FOAM_SRC", filepath.Join(pkg, "src"))
	if s, err := Detect(BuildOptions{}); err != nil || s.Root != pkg || s.RootLayout != "source" {
		t.Errorf("FOAM_SRC: %+v %v", s, err)
	}
	// $FOAM_TUTORIALS wins over the source tree's tutorials
	other := fakeTree(t, false)
	t.Setenv("FOAM_TUTORIALS", filepath.Join(other, "tutorials"))
	if s, err := Detect(BuildOptions{}); err != nil || s.Tutorials != filepath.Join(other, "tutorials") || s.TutorialsLayout != "installation" {
		t.Errorf("FOAM_TUTORIALS: %+v %v", s, err)
	}
	if _, err := Detect(BuildOptions{Src: other}); err == nil || !strings.Contains(err.Error(), "no src/") {
		t.Errorf("a tree without src/ accepted: %v", err)
	}
	cases, err := findCases(filepath.Join(pkg, "tutorials"))
	if err != nil || len(cases) != 1 || cases[0] != "basic/case" {
		t.Errorf("findCases: %v %v", cases, err)
	}
}

func TestVersionOf(t *testing.T) {
	root := t.TempDir()
	if v := versionOf(root); v != "v1912" {
		t.Errorf("fallback version %q", v)
	}
	// the Foundation releases have no META-INFO: etc/bashrc names the version
	os.MkdirAll(filepath.Join(root, "etc"), 0o755)
	os.WriteFile(filepath.Join(root, "etc", "bashrc"), []byte("export WM_PROJECT=OpenFOAM\nexport WM_PROJECT_VERSION=12\n"), 0o644)
	if v := versionOf(root); v != "12" {
		t.Errorf("Foundation version %q", v)
	}
	os.MkdirAll(filepath.Join(root, "META-INFO"), 0o755)
	os.WriteFile(filepath.Join(root, "META-INFO", "api-info"), []byte("api=2006\npatch=0\n"), 0o644)
	if v := versionOf(root); v != "v2006" {
		t.Errorf("version %q", v)
	}
}

func TestLoadRecordsReportsBrokenCases(t *testing.T) {
	root := fakeTree(t, true)
	tut := filepath.Join(root, "tutorials")
	panicky := func(string) (map[string]any, error) { panic("boom") }
	_, _, err := loadRecords(tut, []string{"basic/case"}, BuildOptions{Load: panicky}, func(string, int, int) {})
	if err == nil || !strings.Contains(err.Error(), "basic/case") || !strings.Contains(err.Error(), "boom") {
		t.Errorf("panic not reported with the case: %v", err)
	}
	var calls []int
	ok := func(string) (map[string]any, error) {
		return map[string]any{"features": map[string]any{"solver": "icoFoam"}, "files": map[string]any{}}, nil
	}
	recs, _, err := loadRecords(tut, []string{"basic/case"}, BuildOptions{Load: ok}, func(_ string, done, _ int) { calls = append(calls, done) })
	if err != nil || len(recs) != 1 || recs[0].Solver != "icoFoam" || len(calls) != 1 {
		t.Errorf("records %v calls %v err %v", recs, calls, err)
	}
}
