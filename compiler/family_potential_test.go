package compiler

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

// The potential family's fixture: a channel compiled for potentialFoam lints clean with the
// rule library, and v1912's potentialFoam solves Phi and writes a U that carries the inlet
// flux (mean axial velocity = the inlet's 1 m/s, the channel having one cross-section).
func TestPotentialFamilyRunsInOpenFOAM(t *testing.T) {
	blockMesh := foamtest.RequireBinary(t, "blockMesh")
	potentialFoam := foamtest.RequireBinary(t, "potentialFoam")
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	linter, err := NewRulesLinterKB(context.Background(), k)
	if err != nil {
		t.Fatal(err)
	}
	res, err := CompileFile(context.Background(), filepath.Join("testdata", "potential", "spec.yaml"), Options{KB: k, Linter: linter})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Features.Solved; len(got) != 1 || got[0] != "Phi" {
		t.Errorf("solved %v, want [Phi]", got)
	}
	for _, f := range []string{"constant/transportProperties", "constant/turbulenceProperties"} {
		if _, ok := res.Files[f]; ok {
			t.Errorf("%s written; potentialFoam reads none", f)
		}
	}
	dir := filepath.Join(t.TempDir(), "case")
	if err := res.Write(dir, false); err != nil {
		t.Fatal(err)
	}
	for _, app := range []string{blockMesh, potentialFoam} {
		cmd := exec.Command(app, "-case", dir)
		cmd.Env = foamtest.Env()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", filepath.Base(app), err, out)
		}
	}
	u, err := os.ReadFile(filepath.Join(dir, "0", "U"))
	if err != nil {
		t.Fatal(err)
	}
	body, _, ok := strings.Cut(string(u), "boundaryField")
	if !ok || !strings.Contains(body, "nonuniform List<vector>") {
		t.Fatalf("potentialFoam wrote no solved U:\n%s", u)
	}
	var sum float64
	vs := regexp.MustCompile(`\(([-0-9.e+]+) [-0-9.e+]+ [-0-9.e+]+\)`).FindAllStringSubmatch(body, -1)
	for _, v := range vs {
		x, _ := strconv.ParseFloat(v[1], 64)
		sum += x
	}
	if len(vs) != 480 {
		t.Fatalf("%d cell velocities, want the mesh's 480", len(vs))
	}
	if mean := sum / float64(len(vs)); mean < 0.99 || mean > 1.01 {
		t.Errorf("mean axial velocity %g, want the inlet's 1 m/s", mean)
	}
}
