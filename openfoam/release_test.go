package openfoam

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCanonicalRelease(t *testing.T) {
	for in, want := range map[string]string{
		"v2506": "openfoam-v2506", "2506": "openfoam-v2506", "OpenFOAM-v2506": "openfoam-v2506",
		"openfoam-v1912": "openfoam-v1912", "v1912": "openfoam-v1912",
		"12": "openfoam-12", "openfoam-12": "openfoam-12", "OpenFOAM-11": "openfoam-11", "dev": "openfoam-dev",
		"2.3.0": "openfoam-2.3.0", "banana": "", "": "", "v25": "",
	} {
		id, _, ok := CanonicalRelease(in)
		if id != want || ok != (want != "") {
			t.Errorf("CanonicalRelease(%q) = %q, %v; want %q", in, id, ok, want)
		}
	}
}

// banner is the header of a dictionary as each family writes it.
func banner(version string) string {
	site := "www.openfoam.com"
	if !strings.HasPrefix(version, "v") {
		site = "https://openfoam.org"
	}
	return "/*--------------------------------*- C++ -*----------------------------------*\\\n" +
		"  =========                 |\n" +
		"  \\\\      /  F ield         | OpenFOAM: The Open Source CFD Toolbox\n" +
		"   \\\\    /   O peration     | Version:  " + version + "\n" +
		"    \\\\  /    A nd           | Website:  " + site + "\n" +
		"\\*---------------------------------------------------------------------------*/\n"
}

// TestDetectRelease is the detection table: flag, variable, the case (banner, layout),
// the installed release, the default, in that order of precedence.
func TestDetectRelease(t *testing.T) {
	const control = "FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }\n"
	for _, tc := range []struct {
		name   string
		files  map[string]string
		flag   string
		env    map[string]string
		id     string
		source string
		ev     string // a piece of the evidence
	}{
		{"esi banner", map[string]string{"system/controlDict": banner("v2506") + control + "application simpleFoam;\n"}, "", nil, "openfoam-v2506", "case", "system/controlDict:4: banner Version: v2506"},
		{"foundation banner", map[string]string{"system/controlDict": banner("12") + control + "application foamRun;\nsolver incompressibleFluid;\n"}, "", nil, "openfoam-12", "case", "application foamRun"},
		{"unprofiled foundation", map[string]string{"system/controlDict": banner("11") + control + "application foamRun;\n"}, "", nil, "openfoam-11", "case", "banner Version: 11"},
		{"flag wins", map[string]string{"system/controlDict": banner("v2506") + control}, "12", nil, "openfoam-12", "flag", "--openfoam 12"},
		{"variable before case", map[string]string{"system/controlDict": banner("v2506") + control}, "", map[string]string{ReleaseEnv: "v1912"}, "openfoam-v1912", "env", "$FOAMC_OPENFOAM v1912"},
		{"bad flag skipped", map[string]string{"system/controlDict": banner("v2506") + control}, "banana", nil, "openfoam-v2506", "case", "--openfoam banana: not a release"},
		{"stale esi banner, foundation layout", map[string]string{"system/controlDict": banner("v1912") + control + "application foamRun;\n", "constant/momentumTransport": control}, "", nil, "", "case", "overruled by the Foundation layout"},
		{"layout and installed foundation", map[string]string{"system/controlDict": control + "application foamRun;\n"}, "", map[string]string{"WM_PROJECT_VERSION": "12"}, "openfoam-12", "installed", "$WM_PROJECT_VERSION 12"},
		{"installed esi", map[string]string{"system/controlDict": control + "application icoFoam;\n"}, "", map[string]string{"WM_PROJECT_VERSION": "v2506"}, "openfoam-v2506", "installed", "$WM_PROJECT_VERSION v2506"},
		{"nothing: reference release", map[string]string{"system/controlDict": control + "application icoFoam;\n"}, "", nil, ReleaseV1912, "default", "reference release"},
		{"electrostaticFoam physicalProperties is ESI too", map[string]string{"system/controlDict": banner("v2506") + control, "constant/physicalProperties": control}, "", nil, "openfoam-v2506", "case", "banner"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range tc.files {
				p := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			getenv := func(k string) (string, bool) { v, ok := tc.env[k]; return v, ok }
			r := DetectRelease(dir, tc.flag, getenv)
			if r.ID != tc.id || r.Source != tc.source || !strings.Contains(strings.Join(r.Evidence, "\n"), tc.ev) {
				t.Errorf("DetectRelease = %+v; want id %q source %q evidence containing %q", r, tc.id, tc.source, tc.ev)
			}
		})
	}
}
