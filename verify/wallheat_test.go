package verify

import (
	"os"
	"path/filepath"
	"regexp"
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

	scaleWallHeat(t, dat, r.Times[0], "walls", 0.5)
	want(t, verifyCase(t, dir, Options{}), Reject, IDEnergyImbalance, "energy is not conserved in "+r.Times[0]+": net total-enthalpy flux 0.001")

	if err := os.RemoveAll(filepath.Join(dir, "postProcessing", "foamc_wallHeatFlux")); err != nil {
		t.Fatal(err)
	}
	want(t, verifyCase(t, dir, Options{}), Accept, IDNotJudged, "energy balance not judged: wall walls exchanges heat (T is fixedValue")
}

// TestTransientEnergyBalance: the heated cavity (buoyantPimpleFoam) written every step
// stores what its walls exchange: the balance between the two last times, one Euler
// step apart, closes; with the hot wall's heat at the last time halved it is rejected.
// Written 10 steps apart it is not judged.
func TestTransientEnergyBalance(t *testing.T) {
	dir := compileSpec(t, filepath.Join("testdata", "heated-cavity", "spec.yaml"))
	cd := filepath.Join(dir, "system", "controlDict")
	b, err := os.ReadFile(cd)
	if err != nil {
		t.Fatal(err)
	}
	everyStep := regexp.MustCompile(`(?m)^writeInterval .*$`).ReplaceAllString(string(b), "writeInterval 0.005;")
	if err := os.WriteFile(cd, []byte(everyStep), 0o644); err != nil {
		t.Fatal(err)
	}
	foamRun(t, dir, "buoyantPimpleFoam", 0)
	r := verifyCase(t, dir, Options{})
	want(t, r, Accept, IDCheckPassed, "energy is conserved in 0.1", "between 0.095 and 0.1, one Euler step apart", "hot 0.08")
	scaleWallHeat(t, filepath.Join(dir, "postProcessing", "foamc_wallHeatFlux", "0", "wallHeatFlux.dat"), "0.1", "hot", 0.5)
	want(t, verifyCase(t, dir, Options{}), Reject, IDEnergyImbalance, "energy is not conserved in 0.1")
	want(t, verifyCase(t, dir, Options{Time: "0.05"}), Accept, IDCheckPassed, "energy is conserved in 0.05")
	if err := os.RemoveAll(filepath.Join(dir, "0.095")); err != nil {
		t.Fatal(err)
	}
	want(t, verifyCase(t, dir, Options{}), Accept, IDNotJudged, "energy balance not judged: a transient run stores energy", "0.09 and 0.1 are 2 steps of deltaT 0.005 apart")
}

// scaleWallHeat scales the integral of one patch's row at time tm in a wallHeatFlux.dat.
func scaleWallHeat(t *testing.T, dat, tm, patch string, factor float64) {
	t.Helper()
	b, err := os.ReadFile(dat)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	found := false
	for i, l := range lines {
		f := strings.Fields(l) // Time patch min max integral
		if len(f) != 5 || f[0] != tm || f[1] != patch {
			continue
		}
		q, err := strconv.ParseFloat(f[4], 64)
		if err != nil {
			t.Fatal(err)
		}
		f[4] = strconv.FormatFloat(q*factor, 'g', 10, 64)
		lines[i], found = strings.Join(f, "\t"), true
	}
	if !found {
		t.Fatalf("%s has no row of %s at %s", dat, patch, tm)
	}
	if err := os.WriteFile(dat, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
