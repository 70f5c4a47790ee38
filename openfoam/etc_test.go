package openfoam_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/openfoam"
)

// TestEtcDirsAgainstFoamDictionary plants the same etc file in several directories of
// the search path and asks the real foamDictionary which one `#includeEtc` reads; the
// first EtcDirs entry holding the file must be that one.
func TestEtcDirsAgainstFoamDictionary(t *testing.T) {
	bin := foamtest.RequireBinary(t, "foamDictionary")
	ctl, err := os.ReadFile(filepath.Join(openfoam.EtcDir, "controlDict"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		plant []string // directories under root given the probe, labelled by their path
		env   map[string]string
		want  string // the label foamDictionary reads ("" : none found)
	}{
		{"user versioned before user", []string{"home/.OpenFOAM/1912", "home/.OpenFOAM", "proj/etc"},
			map[string]string{"HOME": "home"}, "home/.OpenFOAM/1912"},
		{"v1912 is no version directory", []string{"home/.OpenFOAM/v1912", "home/.OpenFOAM"},
			map[string]string{"HOME": "home"}, "home/.OpenFOAM"},
		{"user before site before project", []string{"home/.OpenFOAM", "site/etc", "proj/etc"},
			map[string]string{"HOME": "home", "WM_PROJECT_SITE": "site"}, "home/.OpenFOAM"},
		{"site versioned", []string{"site/etc/1912", "site/etc", "proj/etc"},
			map[string]string{"HOME": "home", "WM_PROJECT_SITE": "site"}, "site/etc/1912"},
		{"project site fallback", []string{"proj/site/etc", "proj/etc"},
			map[string]string{"HOME": "home"}, "proj/site/etc"},
		{"a set WM_PROJECT_SITE disables the fallback", []string{"proj/site/etc", "proj/etc"},
			map[string]string{"HOME": "home", "WM_PROJECT_SITE": "nosite"}, "proj/etc"},
		{"FOAM_ETC is not searched", []string{"other/etc"},
			map[string]string{"HOME": "home", "FOAM_ETC": "other/etc"}, ""},
		{"empty HOME is the working directory", []string{"case/.OpenFOAM/1912", "proj/etc"},
			map[string]string{"HOME": ""}, "case/.OpenFOAM/1912"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "home"), 0o755); err != nil {
				t.Fatal(err)
			}
			// A project directory of our own (etc/controlDict is mandatory), so its
			// site/etc can be planted too.
			write(t, filepath.Join(dir, "proj", "etc", "controlDict"), string(ctl))
			for _, p := range tc.plant {
				write(t, filepath.Join(dir, p, "caseDicts", "foamcProbe"), "where \""+p+"\";\n")
			}
			write(t, filepath.Join(dir, "case", "system", "probe"),
				"FoamFile { version 2.0; format ascii; class dictionary; object probe; }\n#sincludeEtc \"caseDicts/foamcProbe\"\n")
			env := map[string]string{"WM_PROJECT_DIR": filepath.Join(dir, "proj")}
			for k, v := range tc.env {
				if v != "" {
					v = filepath.Join(dir, v)
				}
				env[k] = v
			}
			caseDir := filepath.Join(dir, "case")
			var kv []string
			for _, e := range os.Environ() {
				k, _, _ := strings.Cut(e, "=")
				if _, over := env[k]; !over && k != "WM_PROJECT_SITE" && k != "FOAM_ETC" && k != "PWD" {
					kv = append(kv, e)
				}
			}
			for k, v := range env {
				kv = append(kv, k+"="+v)
			}
			cmd := exec.Command(bin, "-entry", "where", "-value", "system/probe")
			cmd.Dir, cmd.Env = caseDir, append(kv, "PWD="+caseDir)
			out, _ := cmd.CombinedOutput()
			got := ""
			if s := strings.TrimSpace(string(out)); !strings.Contains(s, "FOAM FATAL") {
				got = strings.Trim(s, "\"")
			}
			if got != tc.want {
				t.Fatalf("foamDictionary read %q, want %q (output %s)", got, tc.want, out)
			}
			lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
			port := ""
			for _, d := range openfoam.EtcDirs(lookup, caseDir) {
				if _, err := os.Stat(filepath.Join(d, "caseDicts", "foamcProbe")); err == nil {
					port, _ = filepath.Rel(dir, d)
					break
				}
			}
			if port != got {
				t.Errorf("EtcDirs finds %q, OpenFOAM read %q (path %v)", port, got, openfoam.EtcDirs(lookup, caseDir))
			}
		})
	}
}

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestTutorialResources: $FOAM_TUTORIALS when set, else $WM_PROJECT_DIR/tutorials as every
// release's etc/config.sh/settings exports it; resources only when it is a directory.
func TestTutorialResources(t *testing.T) {
	project := t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, "tutorials", "resources"), 0o755); err != nil {
		t.Fatal(err)
	}
	env := func(m map[string]string) func(string) (string, bool) {
		return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
	}
	if got := openfoam.TutorialsDir(env(map[string]string{"WM_PROJECT_DIR": project})); got != project+"/tutorials" {
		t.Errorf("TutorialsDir from WM_PROJECT_DIR = %q", got)
	}
	if got := openfoam.TutorialsDir(env(map[string]string{"WM_PROJECT_DIR": project, "FOAM_TUTORIALS": "/elsewhere"})); got != "/elsewhere" {
		t.Errorf("TutorialsDir with FOAM_TUTORIALS = %q", got)
	}
	if got := openfoam.TutorialsDir(env(nil)); got != openfoam.ProjectDir+"/tutorials" {
		t.Errorf("TutorialsDir default = %q", got)
	}
	if got := openfoam.TutorialResources(env(map[string]string{"WM_PROJECT_DIR": project}), "/"); len(got) != 1 || got[0] != filepath.Join(project, "tutorials", "resources") {
		t.Errorf("TutorialResources = %v", got)
	}
	if got := openfoam.TutorialResources(env(map[string]string{"FOAM_TUTORIALS": filepath.Join(project, "none")}), "/"); got != nil {
		t.Errorf("TutorialResources of a missing directory = %v", got)
	}
}
