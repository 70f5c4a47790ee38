package verify

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestHeatedWallEnergyBalance: the compressible channel with walls held at 320 K
// (rhoSimpleFoam, converged in ~250 iterations) is accepted once the walls' heat,
// from the wallHeatFlux object compile emits, joins the enthalpy balance (without it
// the balance is off by 3.4e-3 of the inflow); with that heat halved in the function
// object's output it is rejected, and without the output it is not judged.
func TestHeatedWallEnergyBalance(t *testing.T) {
	dir := compileSpec(t, filepath.Join("testdata", "heated-channel", "spec.yaml"))
	foamRun(t, dir, "rhoSimpleFoam", 0)
	r := verifyCase(t, dir, Options{})
	dat := filepath.Join(dir, "postProcessing", "foamc_wallHeatFlux", "0", "wallHeatFlux.dat")
	want(t, r, Accept, IDCheckPassed, "energy is conserved in", "thermo hConst", "postProcessing/foamc_wallHeatFlux/0/wallHeatFlux.dat): walls 12.")

	b, err := os.ReadFile(dat)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	last := strings.Fields(lines[len(lines)-1]) // Time patch min max integral
	q, err := strconv.ParseFloat(last[4], 64)
	if err != nil || last[0] != r.Times[0] || last[1] != "walls" {
		t.Fatalf("last row %q of %s: %v", lines[len(lines)-1], dat, err)
	}
	last[4] = strconv.FormatFloat(q/2, 'g', 10, 64)
	lines[len(lines)-1] = strings.Join(last, "\t")
	if err := os.WriteFile(dat, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want(t, verifyCase(t, dir, Options{}), Reject, IDEnergyImbalance, "energy is not conserved in "+r.Times[0]+": net total-enthalpy flux 0.001")

	if err := os.RemoveAll(filepath.Join(dir, "postProcessing", "foamc_wallHeatFlux")); err != nil {
		t.Fatal(err)
	}
	want(t, verifyCase(t, dir, Options{}), Accept, IDNotJudged, "energy balance not judged: wall walls exchanges heat (T is fixedValue")
}
