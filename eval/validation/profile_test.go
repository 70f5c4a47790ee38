package validation

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// withProfile copies a case directory (spec, mesh, data, wrong/) to a temporary one whose
// specs, the case's and the wrong variant's, pin numerics.profile: the relative paths of the
// specs hold in the copy.
func withProfile(t *testing.T, dir, profile string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(dir))
	if err := os.CopyFS(dst, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"spec.yaml", "wrong/spec.yaml"} {
		path := filepath.Join(dst, spec)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(b, &doc); err != nil || len(doc.Content) != 1 {
			t.Fatalf("%s: %v", path, err)
		}
		setProfile(doc.Content[0], profile)
		out, err := yaml.Marshal(&doc)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// setProfile sets numerics.profile in a spec's top-level mapping.
func setProfile(m *yaml.Node, profile string) {
	str := func(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v} }
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value != "numerics" {
			continue
		}
		n := m.Content[i+1]
		n.Style = 0
		for j := 0; j+1 < len(n.Content); j += 2 {
			if n.Content[j].Value == "profile" {
				n.Content[j+1] = str(profile)
				return
			}
		}
		n.Content = append(n.Content, str("profile"), str(profile))
		return
	}
	m.Content = append(m.Content, str("numerics"), &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{str("profile"), str(profile)}})
}

// extraChecks measure what verify's expectations cannot say, per case.
var extraChecks = map[string]func(t *testing.T, caseDir string) expectRow{
	"cylinder": cylinderStrouhal,
}

// Williamson (1996, Annu. Rev. Fluid Mech. 28:477, eq. for 49 < Re < 178):
// St = -3.3265/Re + 0.1816 + 1.6e-4 Re = 0.1649 at Re = 100; Park, Kwon & Choi (1998): 0.165.
const (
	strouhalRef  = 0.165
	strouhalTol  = 0.04 // relative; cylinder/README.md
	strouhalFrom = 70   // convective times D/U: shedding is periodic from here on
)

// cylinderStrouhal is St = f D / U from the lift coefficient's period: the upward zero
// crossings of Cl - mean(Cl) after strouhalFrom, interpolated linearly (D = U = 1).
func cylinderStrouhal(t *testing.T, caseDir string) expectRow {
	t.Helper()
	r := expectRow{name: "St", quantity: "St from Cl(t), t >= 70", reference: fmt.Sprint(strouhalRef), tol: fmt.Sprint(strouhalTol * strouhalRef), status: "FAIL"}
	ts, cl, err := liftHistory(caseDir)
	if err != nil {
		r.measured = err.Error()
		return r
	}
	st, periods := strouhal(ts, cl, strouhalFrom)
	if periods < 3 {
		r.measured = fmt.Sprintf("%d periods after t = %d: no periodic shedding", periods, strouhalFrom)
		return r
	}
	dev := math.Abs(st - strouhalRef)
	r.measured = fmt.Sprintf("%.4f (%d periods)", st, periods)
	r.err = fmt.Sprintf("%.3g (%.3g%%)", dev, 100*dev/strouhalRef)
	if dev <= strouhalTol*strouhalRef {
		r.status = "pass"
	}
	return r
}

// strouhal returns the frequency of the upward zero crossings of y - mean(y) for t >= from,
// and how many whole periods it rests on.
func strouhal(t, y []float64, from float64) (float64, int) {
	var tt, yy []float64
	mean := 0.0
	for i := range t {
		if t[i] >= from {
			tt, yy = append(tt, t[i]), append(yy, y[i])
			mean += y[i]
		}
	}
	if len(yy) < 2 {
		return 0, 0
	}
	mean /= float64(len(yy))
	var up []float64
	for i := 1; i < len(yy); i++ {
		a, b := yy[i-1]-mean, yy[i]-mean
		if a < 0 && b >= 0 {
			up = append(up, tt[i-1]+(tt[i]-tt[i-1])*(-a)/(b-a))
		}
	}
	if len(up) < 2 {
		return 0, 0
	}
	n := len(up) - 1
	return float64(n) / (up[n] - up[0]), n
}

// liftHistory reads time and Cl from the forceCoeffs function object's output
// (postProcessing/forceCoeffs/<start>/coefficient.dat in v1912, columns named in its last
// comment line).
func liftHistory(caseDir string) ([]float64, []float64, error) {
	files, _ := filepath.Glob(filepath.Join(caseDir, "postProcessing", "forceCoeffs", "*", "coefficient*.dat"))
	if len(files) == 0 {
		return nil, nil, fmt.Errorf("no forceCoeffs coefficient file")
	}
	var ts, cl []float64
	for _, f := range files { // restarts write one directory per start time, in time order
		fh, err := os.Open(f)
		if err != nil {
			return nil, nil, err
		}
		col := -1
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "#") {
				for i, h := range strings.Fields(strings.TrimPrefix(line, "#")) {
					if h == "Cl" {
						col = i
					}
				}
				continue
			}
			w := strings.Fields(line)
			if col < 0 || len(w) <= col {
				continue
			}
			tv, err1 := strconv.ParseFloat(w[0], 64)
			cv, err2 := strconv.ParseFloat(w[col], 64)
			if err1 == nil && err2 == nil {
				ts, cl = append(ts, tv), append(cl, cv)
			}
		}
		fh.Close()
		if col < 0 {
			return nil, nil, fmt.Errorf("%s: no Cl column", f)
		}
	}
	return ts, cl, nil
}

// TestStrouhal checks the zero-crossing frequency on a sampled sine.
func TestStrouhal(t *testing.T) {
	var ts, ys []float64
	for i := 0; i <= 20000; i++ {
		x := float64(i) * 0.01
		ts, ys = append(ts, x), append(ys, 0.3+0.5*math.Sin(2*math.Pi*0.165*x))
	}
	st, n := strouhal(ts, ys, 100)
	if math.Abs(st-0.165) > 1e-4 || n < 15 {
		t.Errorf("St %g over %d periods, want 0.165", st, n)
	}
}
