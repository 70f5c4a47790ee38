package validation

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// The damBreak case (dambreak/README.md): the column's width a, the front's tolerance in
// units of a, and where the case samples alpha.water along the floor.
const (
	damA         = 0.1461
	damG         = 9.81
	damTolerance = 0.35
	damSamples   = "postProcessing/front"
	damSampleSet = "floor_alpha.water.xy"
	// the compiled variants: dambreak/compiled/spec.yaml and its wrong/spec.yaml
	compiled      = "compiled"
	compiledWrong = "compiled-wrong"
)

// TestDamBreak runs the v1912 damBreak case without its obstacle (dambreak/case) with
// foamc run, measures the surge front on the floor at every written time and compares
// it with Martin & Moyce (1952) at their times; the wrong variant (gravity a quarter of
// the real one) must miss the data by more than the tolerance. The compiled variants are
// the same experiment as a spec foamc compiles (dambreak/compiled/spec.yaml, and its wrong/
// with g/4), with the hand case's floor sampling added to the compiled controlDict: the
// front must meet the data as the hand case's does, and verify must reject the wrong one
// (its expect: item, the floor at Z = 3 under water from T = 2.98 on, FOAM-VERIFY-060).
func TestDamBreak(t *testing.T) {
	for _, s := range []string{"blockMesh", "setFields", "interFoam"} {
		foamtest.RequireBinary(t, s)
	}
	bin := foamtest.BuildFoamc(t)
	ref := readMartinMoyce(t, filepath.Join("dambreak", "data", "martin-moyce-1952.csv"))
	for _, variant := range []string{good, wrong, compiled, compiledWrong} {
		t.Run(variant, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "dambreak")
			switch variant {
			case good, wrong:
				copyTree(t, filepath.Join("dambreak", "case"), dir)
				if variant == wrong {
					copyTree(t, filepath.Join("dambreak", "wrong"), dir)
				}
			default:
				spec := filepath.Join("dambreak", "compiled", "spec.yaml")
				if variant == compiledWrong {
					spec = filepath.Join("dambreak", "compiled", "wrong", "spec.yaml")
				}
				abs, err := filepath.Abs(spec)
				if err != nil {
					t.Fatal(err)
				}
				if out, code := foamc(bin, "compile", abs, "-o", dir); code != 0 {
					t.Fatalf("foamc compile %s: exit %d\n%s", spec, code, out)
				}
				addFloorSampling(t, dir)
			}
			// foamc run meshes, runs setFields for the column, interFoam, and verifies the run.
			out, code := foamc(bin, "run", dir, "--timeout", "8m")
			switch {
			case variant == compiledWrong:
				if code != exitRunRejected || !strings.Contains(out, "FOAM-VERIFY-060") {
					t.Fatalf("foamc run %s: exit %d, want %d with verify's FOAM-VERIFY-060 (the front short of Z = 3)\n%s", dir, code, exitRunRejected, tail(out, 40))
				}
				t.Logf("verify rejects the compiled wrong variant: %s", verdictLine(out, "FOAM-VERIFY-060"))
			case code != 0:
				t.Fatalf("foamc run %s: exit %d\n%s", dir, code, tail(out, 40))
			}
			times, fronts := surgeFront(t, dir)
			var table strings.Builder
			fmt.Fprintf(&table, "%-6s %-10s %-10s %-8s %s\n", "T", "Z run", "Z M&M", "error", "tolerance")
			worst, worstT := 0.0, 0.0
			for _, r := range ref {
				z, ok := interpolate(times, fronts, r[0])
				if !ok {
					t.Fatalf("T = %g is outside the run's written times %g..%g", r[0], times[0], times[len(times)-1])
				}
				e := z - r[1]
				fmt.Fprintf(&table, "%-6.2f %-10.3f %-10.2f %+-8.3f %g\n", r[0], z, r[1], e, damTolerance)
				if math.Abs(e) > math.Abs(worst) {
					worst, worstT = e, r[0]
				}
			}
			t.Logf("damBreak %s: surge front Z = x/a against Martin & Moyce (1952), a = %g m, T = t sqrt(2g/a)\n%slargest error %+.3f a at T = %g (tolerance %g a)",
				variant, damA, table.String(), worst, worstT, damTolerance)
			within := math.Abs(worst) <= damTolerance
			if (variant == good || variant == compiled) && !within {
				t.Errorf("the front misses Martin & Moyce by %+.3f a at T = %g (tolerance %g a)", worst, worstT, damTolerance)
			}
			if (variant == wrong || variant == compiledWrong) && within {
				t.Errorf("the wrong variant (g/4) is within %g a of Martin & Moyce (largest error %+.3f a): the comparison cannot tell", damTolerance, worst)
			}
		})
	}
}

// addFloorSampling adds the hand case's floor sampling (the `front` sets function object,
// dambreak/compiled/front) to a compiled case's controlDict: a measurement of the run, not
// part of its physics.
func addFloorSampling(t *testing.T, dir string) {
	t.Helper()
	front, err := os.ReadFile(filepath.Join("dambreak", "compiled", "front"))
	if err != nil {
		t.Fatal(err)
	}
	cd := filepath.Join(dir, "system", "controlDict")
	b, err := os.ReadFile(cd)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	at := strings.Index(text, "\nfunctions\n{\n")
	if at < 0 {
		t.Fatalf("%s has no functions dictionary", cd)
	}
	at += len("\nfunctions\n{\n")
	if err := os.WriteFile(cd, []byte(text[:at]+string(front)+text[at:]), 0o644); err != nil {
		t.Fatal(err)
	}
}

// verdictLine is the first line of out that names id.
func verdictLine(out, id string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, id) {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// surgeFront reads the floor samples of every written time and returns T = t sqrt(2g/a)
// and the front Z = x/a: the last point where alpha.water falls through 0.5, linearly
// interpolated between the two samples around it.
func surgeFront(t *testing.T, dir string) (times, fronts []float64) {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, damSamples))
	if err != nil {
		t.Fatal(err)
	}
	type point struct{ T, Z float64 }
	var pts []point
	for _, e := range entries {
		tm, err := strconv.ParseFloat(e.Name(), 64)
		if err != nil {
			continue
		}
		x, alpha := readXY(t, filepath.Join(dir, damSamples, e.Name(), damSampleSet))
		last := -1
		for i, v := range alpha {
			if v >= 0.5 {
				last = i
			}
		}
		if last < 0 {
			t.Fatalf("%s: no water on the floor", e.Name())
		}
		front := x[last]
		if last+1 < len(x) {
			front += (x[last+1] - x[last]) * (alpha[last] - 0.5) / (alpha[last] - alpha[last+1])
		}
		pts = append(pts, point{tm * math.Sqrt(2*damG/damA), front / damA})
	}
	sort.Slice(pts, func(i, j int) bool { return pts[i].T < pts[j].T })
	if len(pts) < 2 {
		t.Fatalf("%d sampled times in %s", len(pts), damSamples)
	}
	for _, p := range pts {
		times, fronts = append(times, p.T), append(fronts, p.Z)
	}
	return times, fronts
}

// readXY reads a raw set file: x (the axis coordinate), then the value.
func readXY(t *testing.T, path string) (x, v []float64) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 2 {
			continue
		}
		a, err1 := strconv.ParseFloat(fs[0], 64)
		b, err2 := strconv.ParseFloat(fs[1], 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %q", path, sc.Text())
		}
		x, v = append(x, a), append(v, b)
	}
	if err := sc.Err(); err != nil || len(x) == 0 {
		t.Fatalf("%s: %d samples (%v)", path, len(x), err)
	}
	return x, v
}

// interpolate is the piecewise linear value of ys(xs) at x, xs increasing.
func interpolate(xs, ys []float64, x float64) (float64, bool) {
	for i := 0; i+1 < len(xs); i++ {
		if xs[i] <= x && x <= xs[i+1] {
			return ys[i] + (ys[i+1]-ys[i])*(x-xs[i])/(xs[i+1]-xs[i]), true
		}
	}
	return 0, false
}

func readMartinMoyce(t *testing.T, path string) [][2]float64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) < 2 || rows[0][0] != "T" || rows[0][1] != "Z" {
		t.Fatalf("%s: want a T,Z table (%v)", path, err)
	}
	var out [][2]float64
	for _, r := range rows[1:] {
		a, err1 := strconv.ParseFloat(r[0], 64)
		b, err2 := strconv.ParseFloat(r[1], 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v", path, r)
		}
		out = append(out, [2]float64{a, b})
	}
	return out
}

// copyTree copies the regular files under src into dst (an overlay when dst exists).
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
