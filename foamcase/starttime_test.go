package foamcase

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

func TestReadScalarAndTimeName(t *testing.T) {
	for name, want := range map[string]float64{"0": 0, "1e1": 10, "0.10": 0.1, "0x10": 16, "-1": -1, "+2": 2, "1e-5": 1e-5, "1.": 1, "1e-400": 0} {
		if v, ok := readScalar(name); !ok || v != want {
			t.Errorf("readScalar(%q) = %v, %v; want %v", name, v, ok, want)
		}
	}
	for _, name := range []string{"0.orig", "constant", "1e400", "1_0", "", "1e", "inf"} {
		if v, ok := readScalar(name); ok {
			t.Errorf("readScalar(%q) = %v, want no time", name, v)
		}
	}
	for _, c := range []struct {
		t      float64
		format string
		prec   int
		want   string
	}{{10, "", 6, "10"}, {1e-5, "", 6, "1e-05"}, {0.1234567, "", 6, "0.123457"}, {1e6, "", 6, "1e+06"},
		{1, "fixed", 2, "1.00"}, {0, "scientific", 6, "0.000000e+00"}, {0.5, "", -1, "0.5"}} {
		if got := timeName(c.t, c.format, c.prec); got != c.want {
			t.Errorf("timeName(%v, %q, %d) = %q, want %q", c.t, c.format, c.prec, got, c.want)
		}
	}
}

// markerRead finds which directory's p the solver read: every p includes a missing
// file named after its directory, and the fatal error names it.
var markerRead = regexp.MustCompile(`foamc-marker-([^"\s]+)`)

// TestStartTimeAgainstSolver runs icoFoam on cases whose time directories each hold a
// p that names its directory (through a missing #include, so the solver stops on
// reading it) and checks that foamc judges the directory the solver read — and no
// other time directory in its place.
func TestStartTimeAgainstSolver(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	ico := foamtest.RequireBinary(t, "icoFoam")
	mesh := cavity(t)
	run(t, mesh, "blockMesh")
	cases := []struct {
		name     string
		controls string   // controlDict time entries
		dirs     []string // time directories, each with its marker p
		want     string   // the directory icoFoam reads p from; "" none
		missing  string   // the absent directory icoFoam looks in instead
	}{
		{"no startFrom is latestTime, 10 is 1e1", "startTime 0;", []string{"0", "1e1"}, "1e1", ""},
		{"startTime 10 reads 1e1", "startFrom startTime; startTime 10;", []string{"0", "1e1"}, "1e1", ""},
		{"0.1 reads 0.10", "startFrom startTime; startTime 0.1;", []string{"0", "0.10"}, "0.10", ""},
		{"the exact name wins", "startFrom startTime; startTime 0.1;", []string{"0.1", "0.10"}, "0.1", ""},
		{"fixed format names 1.00", "startFrom startTime; startTime 1; timeFormat fixed; timePrecision 2;", []string{"1", "1.00"}, "1.00", ""},
		{"a finer precision finds the directory", "startFrom startTime; startTime 0.1234567;", []string{"0", "0.1234567"}, "0.1234567", ""},
		{"scientific 0 reads 0", "startFrom startTime; startTime 0; timeFormat scientific;", []string{"0"}, "0", ""},
		{"hexadecimal names are times", "startFrom startTime; startTime 10;", []string{"0", "0xa"}, "0xa", ""},
		{"from 16 up no other name matches", "startFrom startTime; startTime 16;", []string{"0", "16.0"}, "", "16"},
		{"hidden directories are no times", "startFrom latestTime;", []string{"0", ".5"}, "0", ""},
		{"firstTime", "startFrom firstTime; startTime 7;", []string{"0.5", "1"}, "0.5", ""},
		{"latestTime by value", "startFrom latestTime;", []string{"0", "0.5", "2e-1", "0.orig"}, "0.5", ""},
		{"without 0/ fields come from constant/", "startFrom startTime; startTime 0;", []string{"constant"}, "constant", ""},
		{"a regex key is startFrom", `"startF.*" startTime; startTime 0.5;`, []string{"0", "0.5", "1"}, "0.5", ""},
		{"a missing start directory reads none, not 0", "startFrom startTime; startTime 5;", []string{"0"}, "", "5"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := copyTree(filepath.Join(mesh, "constant"), filepath.Join(dir, "constant")); err != nil {
				t.Fatal(err)
			}
			write(t, dir, "system/controlDict", "FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }\n"+
				"application icoFoam; "+tc.controls+" stopAt endTime; endTime 100; deltaT 0.005; writeControl timeStep; writeInterval 20;\n")
			for _, f := range []string{"fvSchemes", "fvSolution"} {
				b, err := os.ReadFile(filepath.Join(mesh, "system", f))
				if err != nil {
					t.Fatal(err)
				}
				write(t, dir, "system/"+f, string(b))
			}
			for _, d := range tc.dirs {
				write(t, dir, d+"/p", "FoamFile { version 2.0; format ascii; class volScalarField; object p; }\n#include \"foamc-marker-"+d+"\"\n")
			}
			cmd := exec.Command(ico)
			cmd.Dir, cmd.Env = dir, append(foamtest.Env(), "PWD="+dir)
			out, _ := cmd.CombinedOutput()
			read := ""
			if m := markerRead.FindSubmatch(out); m != nil {
				read = string(m[1])
			} else if !strings.Contains(string(out), "cannot find file \""+filepath.Join(dir, tc.missing, "p")+"\"") {
				t.Fatalf("icoFoam neither read a marker nor missed %s/p:\n%s", tc.missing, out)
			}
			if read != tc.want {
				t.Fatalf("icoFoam read %q, the test expects %q:\n%s", read, tc.want, out)
			}
			if read == "" {
				read = tc.missing // foamc names the absent directory the solver looks in
			}
			c, err := Load(dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if c.Features.FieldDir != read {
				t.Errorf("foamc's field directory %q, icoFoam read %q", c.Features.FieldDir, read)
			}
			// What foamc judged: each p it read reports its missing marker include.
			var judged []string
			for _, f := range c.Errors {
				if m := markerRead.FindStringSubmatch(f.Summary); m != nil {
					judged = append(judged, m[1])
				}
			}
			sort.Strings(judged)
			if tc.want != "" && !slices.Contains(judged, read) {
				t.Errorf("foamc did not judge %s/p (judged %v)", read, judged)
			}
			for _, d := range judged {
				if d != read && d != "0.orig" {
					t.Errorf("foamc judged %s/p, which icoFoam does not read", d)
				}
			}
		})
	}
}

// run runs an OpenFOAM program in dir and fails the test when it fails.
func run(t *testing.T, dir, prog string, args ...string) {
	t.Helper()
	cmd := exec.Command(foamtest.RequireBinary(t, prog), args...)
	cmd.Dir, cmd.Env = dir, append(foamtest.Env(), "PWD="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", prog, err, out)
	}
}
