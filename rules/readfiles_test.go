package rules

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

// codeStream is the code planted for foamc to find; marker the probe planted for
// OpenFOAM: a missing include whose name the reader's fatal error repeats, proving
// that it read the file as a dictionary (with directives) at all.
const codeStream = `#codeStream { code #{ os << "0"; #}; }`

func probeMarker(name string) string { return `#include "foamc-marker-` + name + `"` }

// TestFilesOpenFOAMReadsAreJudged plants a probe in a file foamc read too little of before
// (polyMesh zones and headers, sets, constant/polyMesh/blockMeshDict, a processor's
// controlDict, a surface's .eMesh header, a user etc file reached by #includeEtc), runs
// the OpenFOAM program that reads it, and checks (1) that program reads the file as a
// dictionary, (2) the same place holding a #codeStream is denied by the lint.
func TestFilesOpenFOAMReadsAreJudged(t *testing.T) {
	for _, p := range []string{"blockMesh", "decomposePar", "checkMesh", "setsToZones", "icoFoam", "surfaceFeatureConvert", "mpirun"} {
		foamtest.RequireBinary(t, p)
	}
	base := t.TempDir()
	if err := copyDir(filepath.Join(foamtest.Tutorials(t), "incompressible/icoFoam/cavity/cavity"), base); err != nil {
		t.Fatal(err)
	}
	foamRun(t, base, nil, true, "blockMesh")
	points, err := os.ReadFile(filepath.Join(base, "constant/polyMesh/points"))
	if err != nil {
		t.Fatal(err)
	}
	blockMeshDict, _ := os.ReadFile(filepath.Join(base, "system/blockMeshDict"))
	controlDict, _ := os.ReadFile(filepath.Join(base, "system/controlDict"))
	pField, _ := os.ReadFile(filepath.Join(base, "0/p"))
	hdr := func(class, object, x string) string {
		return "FoamFile { version 2.0; format ascii; class " + class + "; object " + object + "; " + x + " }\n"
	}
	cases := []struct {
		name  string
		file  string // the planted file, case-relative ("~/" : under $HOME)
		plant func(x string) string
		setup func(t *testing.T, dir string)
		argv  []string
	}{
		{name: "cellZones entry", file: "constant/polyMesh/cellZones", argv: []string{"checkMesh"},
			plant: func(x string) string {
				return hdr("regIOobject", "cellZones", "") + "1\n(\nz\n{\n type cellZone;\n cellLabels List<label> 1(0);\n " + x + "\n}\n)\n"
			}},
		{name: "faceZones header", file: "constant/polyMesh/faceZones", argv: []string{"checkMesh"},
			plant: func(x string) string { return hdr("regIOobject", "faceZones", x) + "0()\n" }},
		{name: "points header", file: "constant/polyMesh/points", argv: []string{"checkMesh"},
			plant: func(x string) string {
				return strings.Replace(string(points), "object      points;", "object      points; "+x, 1)
			}},
		{name: "cellSet header", file: "constant/polyMesh/sets/s", argv: []string{"setsToZones"},
			plant: func(x string) string { return hdr("cellSet", "s", x) + "1(0)\n" }},
		{name: "blockMesh prefers constant/polyMesh/blockMeshDict", file: "constant/polyMesh/blockMeshDict", argv: []string{"blockMesh"},
			plant: func(x string) string {
				return strings.Replace(string(blockMeshDict), "scale", x+"\nscale", 1)
			}},
		{name: "eMesh header", file: "constant/triSurface/f.eMesh", argv: []string{"surfaceFeatureConvert", "constant/triSurface/f.eMesh", "f.obj"},
			plant: func(x string) string { return hdr("featureEdgeMesh", "f.eMesh", x) + "1((0 0 0))\n0()\n" }},
		{name: "processor controlDict in a parallel run", file: "processor0/system/controlDict",
			argv: []string{"mpirun", "-np", "2", "checkMesh", "-parallel"},
			setup: func(t *testing.T, dir string) {
				write(t, filepath.Join(dir, "system/decomposeParDict"), hdr("dictionary", "decomposeParDict", "")+
					"numberOfSubdomains 2; method simple; coeffs { n (2 1 1); }\n")
				foamRun(t, dir, nil, true, "decomposePar")
			},
			plant: func(x string) string { return string(controlDict) + "\n" + x + "\n" }},
		{name: "user etc file before the project's", file: "~/.OpenFOAM/1912/caseDicts/setConstraintTypes", argv: []string{"icoFoam"},
			setup: func(t *testing.T, dir string) {
				write(t, filepath.Join(dir, "0/p"), strings.Replace(string(pField), "boundaryField\n{", "boundaryField\n{\n    #includeEtc \"caseDicts/setConstraintTypes\"", 1))
			},
			plant: func(x string) string { return x + "\n" }},
	}
	e := embeddedEngine(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, probe := range []bool{true, false} {
				dir := filepath.Join(t.TempDir(), "case")
				home := filepath.Join(filepath.Dir(dir), "home")
				if err := copyDir(base, dir); err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll(home, 0o755); err != nil {
					t.Fatal(err)
				}
				if tc.setup != nil {
					tc.setup(t, dir)
				}
				target := filepath.Join(dir, tc.file)
				if rest, ok := strings.CutPrefix(tc.file, "~/"); ok {
					target = filepath.Join(home, rest)
				}
				x := codeStream
				if probe {
					x = probeMarker(filepath.Base(tc.file))
				}
				write(t, target, tc.plant(x))
				env := map[string]string{"HOME": home}
				if probe {
					out := foamRun(t, dir, env, false, tc.argv...)
					if !strings.Contains(out, "foamc-marker-"+filepath.Base(tc.file)) {
						t.Fatalf("%s did not read %s as a dictionary:\n%s", tc.argv[0], tc.file, out)
					}
					continue
				}
				lookup := func(k string) (string, bool) {
					if v, ok := env[k]; ok {
						return v, true
					}
					return os.LookupEnv(k)
				}
				res, err := e.LintDir(context.Background(), dir, foamcase.Options{Env: lookup})
				if err != nil {
					t.Fatal(err)
				}
				denied := false
				for _, f := range res.Findings {
					if f.ID == "FOAM-SEC-001" && f.Severity == finding.Deny && strings.HasSuffix(f.Summary, "when OpenFOAM reads it") &&
						strings.Contains(f.Summary, filepath.Base(tc.file)) {
						denied = true
					}
				}
				if !denied {
					t.Errorf("no FOAM-SEC-001 deny for the #codeStream in %s: %v", tc.file, res.Findings)
				}
			}
		})
	}
}

// TestShippedBinariesDenied: an ELF file anywhere in the case and a dynamicCode/
// directory are denied, with --allow-code too.
func TestShippedBinariesDenied(t *testing.T) {
	dir := t.TempDir()
	if err := copyDir(filepath.Join(foamtest.Tutorials(t), "incompressible/icoFoam/cavity/cavity"), dir); err != nil {
		t.Fatal(err)
	}
	elf, err := os.ReadFile("/bin/true")
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "constant/libevil.so"), string(elf))
	write(t, filepath.Join(dir, ".hidden/x"), string(elf))
	write(t, filepath.Join(dir, "dynamicCode/platforms/linux64GccDPInt32Opt/lib/libcodeStream_0123.so"), "not even ELF")
	kbase, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, allow := range []bool{false, true} {
		e, err := New(context.Background(), Options{KB: kbase.RulesData(), AllowCode: allow})
		if err != nil {
			t.Fatal(err)
		}
		res, err := e.LintDir(context.Background(), dir, foamcase.Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, f := range res.Findings {
			if f.Severity == finding.Deny && (f.ID == foamcase.IDShippedBinary || f.ID == foamcase.IDDynamicCode) {
				got[f.ID+" "+f.Location.File] = true
			}
		}
		for _, want := range []string{"FOAM-CASE-003 constant/libevil.so", "FOAM-CASE-003 .hidden/x", "FOAM-CASE-004 dynamicCode"} {
			if !got[want] {
				t.Errorf("allow-code %v: no deny %s (got %v)", allow, want, got)
			}
		}
	}
}

// foamRun runs an OpenFOAM program in dir with env over foamtest.Env; with must it fails
// the test when the program fails. It returns the output.
func foamRun(t *testing.T, dir string, env map[string]string, must bool, argv ...string) string {
	t.Helper()
	cmd := exec.Command(foamtest.RequireBinary(t, argv[0]), argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(foamtest.Env(), "PWD="+dir)
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	if must && err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(argv, " "), err, out)
	}
	return string(out)
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

// copyDir copies the regular files and directories under src to dst.
func copyDir(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		out := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(out, b, 0o644)
	})
}
