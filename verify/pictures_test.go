package verify

import (
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/foamc/foamc/chart"
)

// caseFiles lists every file under dir with its size and modification time.
func caseFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		out[p] = info.ModTime().String() + " " + info.Name()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPictures: the residual history of a real icoFoam cavity log is drawn into
// Options.Plots, never into the case; a FOAM-VERIFY-070 finding names it; without
// Plots nothing is drawn.
func TestPictures(t *testing.T) {
	dir := tutorial(t, "incompressible/icoFoam/cavity/cavity")
	log, err := os.ReadFile(filepath.Join("..", "solverlog", "testdata", "cavity-ok.log"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "log.icoFoam"), log, 0o644); err != nil {
		t.Fatal(err)
	}
	before := caseFiles(t, dir)
	plots := filepath.Join(t.TempDir(), "plots")
	r := verifyCase(t, dir, Options{Plots: plots})
	if !reflect.DeepEqual(caseFiles(t, dir), before) {
		t.Error("verify changed the case")
	}
	pic := filepath.Join(plots, "residuals.png")
	if !slices.Equal(r.Pictures, []string{pic}) {
		t.Fatalf("pictures %q, want %s", r.Pictures, pic)
	}
	f := want(t, r, Insufficient, IDPicture, "picture of the residual history", pic)
	if f.Location.File != "log.icoFoam" {
		t.Errorf("located at %q, want the log it was drawn from", f.Location.File)
	}
	fh, err := os.Open(pic)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	img, err := png.Decode(fh)
	if err != nil || img.Bounds().Dx() != 800 || img.Bounds().Dy() != 500 {
		t.Fatalf("%s: %v, %v", pic, err, img)
	}
	if fig := r.pictures[0].fig; !slices.Equal(fig.Legend, []string{"Ux", "Uy", "p"}) || fig.Plot.X.Label.Text != "time" {
		t.Errorf("legend %q, x %q", fig.Legend, fig.Plot.X.Label.Text)
	}

	none := verifyCase(t, dir, Options{})
	if len(none.Pictures) != 0 {
		t.Errorf("pictures without Options.Plots: %q", none.Pictures)
	}
}

// TestMonitorAndProfilePictures: the pictures an expectation check records are
// written under their names and say what they show.
func TestMonitorAndProfilePictures(t *testing.T) {
	mon, err := monitorPicture("drag", "postProcessing/expect_drag/0/coefficient.dat", "Cd",
		[]float64{0.1, 0.2, 0.3, 0.4}, []float64{1.4, 1.3, 1.25, 1.24}, chart.Window{From: 0.25, To: 0.4, Label: "average window (time >= 0.25)"})
	if err != nil {
		t.Fatal(err)
	}
	prof, err := profilePicture("centreline", "postProcessing/expect_centreline/0.5/reference_U.xy", "U_x", "y", "data/ghia-u.csv",
		[]float64{0, 0.5, 1}, []float64{0, -0.2, 1}, [][2]float64{{0, 0}, {0.5, -0.21}, {1, 1}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(mon.fig.Legend, []string{"Cd", "average window (time >= 0.25)"}) ||
		!slices.Equal(prof.fig.Legend, []string{"measured", "reference (data/ghia-u.csv)"}) ||
		prof.fig.Plot.X.Label.Text != "y" || prof.fig.Plot.Y.Label.Text != "U_x" {
		t.Errorf("monitor legend %q; profile legend %q, axes %q/%q", mon.fig.Legend, prof.fig.Legend, prof.fig.Plot.X.Label.Text, prof.fig.Plot.Y.Label.Text)
	}
	r := &Result{Verdict: Accept, pictures: []picture{mon, prof}}
	plots := t.TempDir()
	if err := r.writePictures(plots); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Pictures, []string{filepath.Join(plots, "monitor-drag.png"), filepath.Join(plots, "profile-centreline.png")}) {
		t.Fatalf("pictures %q", r.Pictures)
	}
	want(t, r, Accept, IDPicture, "picture of the profile of U_x along y against data/ghia-u.csv", "profile-centreline.png")
	want(t, r, Accept, IDPicture, "picture of the monitored Cd with the judged window average window (time >= 0.25)")
}

// TestExpectPictures: the compiled laminar channel run for real: every expect: item
// gets its picture — the monitored quantities (pin with its average window shaded)
// and the profile against its reference data — besides the residual history.
func TestExpectPictures(t *testing.T) {
	dir := compileSpec(t, poiseuille)
	foamRun(t, dir, "simpleFoam", 0)
	plots := t.TempDir()
	r := verifyCase(t, dir, Options{Plots: plots})
	var names []string
	for _, p := range r.pictures {
		names = append(names, p.name)
	}
	wantNames := []string{"monitor-dp", "monitor-Q", "monitor-tau", "monitor-drag", "monitor-centre", "monitor-pin", "profile-profile", "residuals"}
	if !slices.Equal(names, wantNames) || len(r.Pictures) != len(wantNames) {
		t.Fatalf("pictures %q, want %q (written %q)", names, wantNames, r.Pictures)
	}
	for _, p := range r.pictures {
		switch p.name {
		case "monitor-pin":
			if !slices.Equal(p.fig.Legend, []string{"mean p on inlet", "average window (time >= 50)"}) {
				t.Errorf("pin legend %q", p.fig.Legend)
			}
		case "monitor-drag":
			if !slices.Equal(p.fig.Legend, []string{"Cd"}) || p.fig.Plot.Y.Label.Text != "Cd" {
				t.Errorf("drag legend %q", p.fig.Legend)
			}
		case "profile-profile":
			if !slices.Equal(p.fig.Legend, []string{"measured", "reference (foamc.expect/profile.csv)"}) || p.fig.Plot.X.Label.Text != "y" || p.fig.Plot.Y.Label.Text != "U_x" {
				t.Errorf("profile legend %q, axes %q/%q", p.fig.Legend, p.fig.Plot.X.Label.Text, p.fig.Plot.Y.Label.Text)
			}
		}
	}
	want(t, r, Accept, IDPicture, "profile of U_x along y against foamc.expect/profile.csv", filepath.Join(plots, "profile-profile.png"))
}
