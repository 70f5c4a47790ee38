package polymesh

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

var (
	reNonOrtho = regexp.MustCompile(`Mesh non-orthogonality Max: (\S+) average: (\S+)`)
	reSkew     = regexp.MustCompile(`Max skewness = (\S+)`)
	reCells    = regexp.MustCompile(`(?m)^\s*cells:\s+(\d+)`)
	reSevere   = regexp.MustCompile(`Number of severely non-orthogonal \(> 70 degrees\) faces: (\d+)`)
)

func float(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// near6: checkMesh prints 6 significant digits.
func near6(a, b float64) bool { return math.Abs(a-b) <= 1e-5*math.Max(1, math.Abs(b)) }

// TestQualityAgainstCheckMesh: non-orthogonality (max, average, severe count), skewness and
// the cell count equal checkMesh v1912's on tutorial meshes made by blockMesh (graded,
// projected onto a sphere, 2-D) and on a shipped polyMesh.
func TestQualityAgainstCheckMesh(t *testing.T) {
	foamtest.RequireBinary(t, "checkMesh")
	tut := foamtest.Tutorials(t)
	for _, c := range []string{
		"incompressible/simpleFoam/pitzDaily", "mesh/blockMesh/sphere", "mesh/blockMesh/pipe",
		"compressible/rhoCentralFoam/forwardStep", "incompressible/simpleFoam/airFoil2D",
	} {
		dir := filepath.Join(t.TempDir(), filepath.Base(c))
		if err := os.CopyFS(dir, os.DirFS(filepath.Join(tut, c))); err != nil {
			t.Fatal(err)
		}
		run := func(name string) string {
			cmd := exec.Command(name)
			cmd.Dir, cmd.Env = dir, foamtest.Env()
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s %s: %v\n%s", c, name, err, out)
			}
			return string(out)
		}
		if _, err := os.Stat(filepath.Join(dir, "constant", "polyMesh", "faces")); err != nil {
			run("blockMesh")
		}
		out := run("checkMesh")
		q, err := MeasureQuality(filepath.Join(dir, "constant", "polyMesh"))
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		m := reNonOrtho.FindStringSubmatch(out)
		sk := reSkew.FindStringSubmatch(out)
		cells := reCells.FindStringSubmatch(out)
		if m == nil || sk == nil || cells == nil {
			t.Fatalf("%s: checkMesh output unexpected:\n%s", c, out)
		}
		severe := 0
		if s := reSevere.FindStringSubmatch(out); s != nil {
			severe, _ = strconv.Atoi(s[1])
		}
		if !near6(q.MaxNonOrtho, float(t, m[1])) || !near6(q.AvgNonOrtho, float(t, m[2])) || !near6(q.MaxSkewness, float(t, sk[1])) ||
			strconv.Itoa(q.Cells) != cells[1] || q.SevereNonOrtho != severe {
			t.Errorf("%s: foamc %+v; checkMesh non-ortho %s/%s, skewness %s, cells %s, severe %d", c, q, m[1], m[2], sk[1], cells[1], severe)
			continue
		}
		t.Logf("%s: cells %d, non-ortho max %.6g avg %.6g (%d severe), skewness %.6g", c, q.Cells, q.MaxNonOrtho, q.AvgNonOrtho, q.SevereNonOrtho, q.MaxSkewness)
	}
}
