package compiler

import (
	"context"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

// The cht family's fixture: air over a plate heated by a wall heat flux (5000 W/m^2 on
// 0.1 x 0.01 m^2: 5 W) and a volumetric source (1e6 W/m^3 in 1e-5 m^3: 10 W). It lints clean,
// and in v1912 (blockMesh, splitMeshRegions -cellZonesOnly -overwrite, chtMultiRegionFoam for
// 0.5 s) the plate stores what both sources put in, less the little the air takes: its mean T
// rises by 15 W x 0.5 s / (rho V Cp = 24.3 J/K) = 0.3086 K (measured 300.3086 K).
func TestCHTFamilyRunsInOpenFOAM(t *testing.T) {
	progs := map[string]string{}
	for _, p := range []string{"blockMesh", "splitMeshRegions", "chtMultiRegionFoam"} {
		progs[p] = foamtest.RequireBinary(t, p)
	}
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	linter, err := NewRulesLinterKB(context.Background(), k)
	if err != nil {
		t.Fatal(err)
	}
	res, err := CompileFile(context.Background(), filepath.Join("testdata", "cht", "spec.yaml"), Options{KB: k, Linter: linter})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"constant/regionProperties", "constant/air/thermophysicalProperties", "constant/plate/thermophysicalProperties",
		"constant/plate/fvOptions", "0/air/p_rgh", "0/plate/T", "system/air/fvSolution", "system/plate/fvSchemes"} {
		if _, ok := res.Files[f]; !ok {
			t.Errorf("%s not written", f)
		}
	}
	for _, f := range []string{"0/plate/U", "0/plate/p_rgh", "constant/plate/turbulenceProperties"} {
		if _, ok := res.Files[f]; ok {
			t.Errorf("%s written; a solid reads none", f)
		}
	}
	// Each region lists its own patches only (the plate has no inlet).
	if strings.Contains(string(res.Files["0/plate/T"]), "inlet") || !strings.Contains(string(res.Files["0/air/T"]), "inlet") {
		t.Errorf("region patches misplaced:\n%s", res.Files["0/plate/T"])
	}
	if !strings.Contains(string(res.Files["Allrun"]), "run splitMeshRegions -cellZonesOnly -overwrite") {
		t.Errorf("Allrun does not split the regions:\n%s", res.Files["Allrun"])
	}
	dir := filepath.Join(t.TempDir(), "case")
	if err := res.Write(dir, false); err != nil {
		t.Fatal(err)
	}
	for _, step := range [][]string{{"blockMesh"}, {"splitMeshRegions", "-cellZonesOnly", "-overwrite"}, {"chtMultiRegionFoam"}} {
		cmd := exec.Command(progs[step[0]], append(step[1:], "-case", dir)...)
		cmd.Env = foamtest.Env()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", step[0], err, out)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "0.5", "plate", "T"))
	if err != nil {
		t.Fatal(err)
	}
	body, _, _ := strings.Cut(string(b), "boundaryField")
	_, list, ok := strings.Cut(body, "(")
	if !ok {
		t.Fatalf("no solved plate T:\n%s", b)
	}
	var sum float64
	vs := regexp.MustCompile(`[-0-9.e+]+`).FindAllString(list, -1)
	for _, v := range vs {
		x, _ := strconv.ParseFloat(v, 64)
		sum += x
	}
	if len(vs) != 60 {
		t.Fatalf("%d plate cells, want 60", len(vs))
	}
	want := 300 + 15*0.5/(2700*1e-5*900)
	if mean := sum / 60; math.Abs(mean-want) > 0.01*(want-300) {
		t.Errorf("plate mean T %g, want %g (both heat sources stored)", mean, want)
	}
}

// A region spec that cannot be compiled is refused with a located finding naming the field.
func TestCHTRefusals(t *testing.T) {
	spec, err := os.ReadFile(filepath.Join("testdata", "cht", "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	mesh, err := filepath.Abs(filepath.Join("testdata", "cht", "blockMeshDict"))
	if err != nil {
		t.Fatal(err)
	}
	base := strings.Replace(string(spec), "blockMeshDict: blockMeshDict", "blockMeshDict: "+mesh, 1)
	for _, c := range []struct {
		name, old, new, id, ptr, fix string
	}{
		{"region not a zone", "  plate:\n", "  plat:\n", IDMesh, "/regions/plat", `rename region "plat" to "plate"`},
		{"solid without kappa", "kappa: 200", "Pr: 1", IDOpen, "/regions/plate/material/kappa", ""},
		{"no regions", "", "version: 1\nname: x\nmesh: {blockMeshDict: " + mesh + "}\nphysics: {solver: chtMultiRegionFoam, turbulence: laminar}\n" +
			"fluid: {molWeight: 28.9, Cp: 1005, mu: 1.8e-5, Pr: 0.7}\nboundaries: {inlet: {role: wall}, outlet: {role: wall}, top: {role: wall}, plateEnds: {role: wall}, bottom: {role: wall}, frontAndBack: {role: empty}}\n" +
			"control: {endTime: 1, deltaT: 0.1}\n", IDUnsupported, "/physics/solver", "add regions"},
		{"turbulent fluid", "turbulence: laminar", "turbulence: kEpsilon", IDUnsupported, "/physics/turbulence", ""},
		{"fluid heat source", "    U: [0.1, 0, 0]\n", "    U: [0.1, 0, 0]\n    heatSource: 5\n", IDUnsupported, "/regions/air/heatSource", ""},
		{"expect without region", "control:", "expect:\n  - {name: t, patchAverage: {patch: top, field: T}, value: 300, tolerance: {absolute: 1}}\ncontrol:", IDExpect, "/expect/0", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			y := strings.Replace(base, c.old, c.new, 1)
			if c.old == "" {
				y = c.new
			} else if y == base {
				t.Fatalf("%q not in the fixture", c.old)
			}
			_, err := CompileBytes(context.Background(), "spec.yaml", []byte(y), t.TempDir(), Options{})
			var fl finding.List
			if !errors.As(err, &fl) {
				t.Fatalf("want findings, got %v", err)
			}
			for _, f := range fl {
				if f.ID == c.id && strings.HasPrefix(f.Location.Path, c.ptr) && f.Location.Line > 0 && strings.Contains(f.Fix, c.fix) {
					return
				}
			}
			t.Fatalf("want a located %s at %s (fix %q), got %v", c.id, c.ptr, c.fix, fl)
		})
	}
}
