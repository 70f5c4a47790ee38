// Package golden holds end-to-end goldens: spec in, every file of the compiled case (and
// provenance.json) out, byte for byte. Regenerate with `go test ./golden -update`.
package golden

import (
	"bytes"
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

var update = flag.Bool("update", false, "rewrite the golden case trees")

// goldenSpecs are the three examples and specs from the matrix that cover polyMesh,
// compressible total conditions, a wedge and a supersonic turbulent case.
var goldenSpecs = []string{
	"examples/cavity",
	"examples/channel-step",
	"examples/supersonic-ramp",
	"eval/specmatrix/s02-rhoCentral-kOmegaSST-ramp",
	"eval/specmatrix/s05-rhoPimple-SpalartAllmaras-total",
	"eval/specmatrix/s07-simple-kOmega-wedge",
	"eval/specmatrix/s08-piso-SpalartAllmaras-symmetry",
	"eval/specmatrix/s10-simple-SpalartAllmaras-freestream-polyMesh",
	"eval/specmatrix/s13-buoyantPimple-laminar-cavity",
	"eval/specmatrix/s16-rhoPimple-kOmegaSST-static-inlet",
}

// snapshotStamp names the kb snapshot the goldens were written with: kb choices (schemes,
// solver blocks, examples in provenance) follow the snapshot, so a new snapshot means
// reviewing and regenerating the goldens.
const snapshotStamp = "testdata/kb-snapshot.sha256"

func snapshotSum(t *testing.T) string {
	b, err := os.ReadFile(filepath.Join(foamtest.RepoRoot(), "kb", "snapshot", "v1912.json.gz"))
	if err != nil {
		t.Fatalf("kb snapshot: %v", err)
	}
	return fmt.Sprintf("%x\n", sha256.Sum256(b))
}

func TestGoldens(t *testing.T) {
	root := foamtest.RepoRoot()
	sum := snapshotSum(t)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(snapshotStamp, []byte(sum), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if old, _ := os.ReadFile(snapshotStamp); string(old) != sum {
		t.Logf("the kb snapshot changed since the goldens were written (%s): differences below may be kb choices; review, then go test ./golden -update", snapshotStamp)
	}
	for _, rel := range goldenSpecs {
		name := filepath.Base(rel)
		t.Run(name, func(t *testing.T) {
			res, err := compiler.CompileFile(context.Background(), filepath.Join(root, rel, "spec.yaml"), compiler.Options{KB: defaultKB(t)})
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			for ptr, src := range res.Provenance {
				if src.Kind == compiler.KindLLM {
					t.Errorf("complete spec has an llm provenance entry at %s", ptr)
				}
			}
			dir := filepath.Join("testdata", name)
			if *update {
				if err := os.RemoveAll(dir); err != nil {
					t.Fatal(err)
				}
				if err := res.Write(dir, false); err != nil {
					t.Fatal(err)
				}
				return
			}
			want := readTree(t, dir)
			var got []string
			for p := range res.Files {
				got = append(got, p)
			}
			sort.Strings(got)
			if g, w := strings.Join(got, "\n"), strings.Join(keys(want), "\n"); g != w {
				t.Fatalf("file set differs:\n got %s\nwant %s", g, w)
			}
			for _, p := range got {
				if !bytes.Equal(res.Files[p], want[p]) {
					t.Errorf("%s differs from the golden (go test ./golden -update to accept):\n%s", p, firstDiff(res.Files[p], want[p]))
				}
			}
		})
	}
}

// TestDeterministic: the same spec compiles to byte-identical files twice.
func TestDeterministic(t *testing.T) {
	root := foamtest.RepoRoot()
	for _, rel := range goldenSpecs {
		a, err := compiler.CompileFile(context.Background(), filepath.Join(root, rel, "spec.yaml"), compiler.Options{KB: defaultKB(t)})
		if err != nil {
			t.Fatal(err)
		}
		b, err := compiler.CompileFile(context.Background(), filepath.Join(root, rel, "spec.yaml"), compiler.Options{KB: defaultKB(t)})
		if err != nil {
			t.Fatal(err)
		}
		for p := range a.Files {
			if !bytes.Equal(a.Files[p], b.Files[p]) {
				t.Errorf("%s: %s differs between two compilations", rel, p)
			}
		}
	}
}

func readTree(t *testing.T, dir string) map[string][]byte {
	out := map[string][]byte{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b, err := os.ReadFile(p)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatalf("reading golden %s: %v (run go test ./golden -update)", dir, err)
	}
	return out
}

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + itoa(i+1) + ":\n got: " + gl + "\nwant: " + wl
		}
	}
	return ""
}

func itoa(i int) string { return strconv.Itoa(i) }

func defaultKB(t *testing.T) *kb.KB {
	t.Helper()
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	return k
}
