package verify

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReadSeriesRestart: a restarted run writes a second start-time directory (and
// OpenFOAM names a second file of one directory <name>_<time>.dat); rows are merged
// in time order, the later file winning. The text is v1912's surfaceFieldValue format.
func TestReadSeriesRestart(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, s string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	head := "# Region type : patch lowerWall\n# Faces       : 250\n# Area        : 3.364597e-04\n# Scale factor: 1.000000e+00\n# Time        \tareaAverage(wallShearStress)\n"
	write("postProcessing/expect_tau/0/surfaceFieldValue.dat", head+"1             \t(-2.260778e-01 1.869226e-02 -9.005556e-18)\n2             \t(-1.977008e-01 3.896988e-03 1.586202e-18)\n3\t(9 9 9)\n")
	write("postProcessing/expect_tau/2/surfaceFieldValue.dat", head+"3             \t(-1.795236e-01 -7.303624e-03 9.355914e-19)\n")
	write("postProcessing/expect_tau/2/surfaceFieldValue_3.dat", head+"4             \t(-1.641763e-01 -1.200312e-02 3.446308e-19)\n")
	s, err := readSeries(dir, "expect_tau", "surfaceFieldValue")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.files) != 3 || len(s.rows) != 4 || s.rows[2].t != 3 || s.rows[2].vals[0][0] != -1.795236e-01 || s.rows[3].vals[0][1] != -1.200312e-02 {
		t.Fatalf("files %v rows %+v", s.files, s.rows)
	}
	if i, err := s.column("areaAverage(wallShearStress)"); err != nil || i != 0 {
		t.Fatalf("column: %d %v", i, err)
	}
	from := 2.5
	if w := s.window(&from); len(w) != 2 {
		t.Fatalf("window >= 2.5: %+v", w)
	}
	if _, err := readSeries(dir, "expect_none", "surfaceFieldValue"); err == nil {
		t.Fatal("no error for missing output")
	}
}

func TestInterpolate(t *testing.T) {
	xs, ys := []float64{0.5, 0, 1}, []float64{5, 0, 10}
	for _, c := range []struct{ x, y float64 }{{0, 0}, {0.25, 2.5}, {0.5, 5}, {0.75, 7.5}, {1, 10}} {
		if y, ok := interpolate(xs, ys, c.x); !ok || y != c.y {
			t.Errorf("y(%g) = %g %v, want %g", c.x, y, ok, c.y)
		}
	}
	if _, ok := interpolate(xs, ys, 1.5); ok {
		t.Error("extrapolated")
	}
}
