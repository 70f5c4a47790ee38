package verify

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// benchCells is the size of the benchmark case.
const benchCells = 1_000_000

// benchField is one result field of the generated case.
type benchField struct {
	name, class, dims string
	width             int     // 1 scalar, 3 vector
	lo, hi            float64 // value range
}

// The fields a steady k-epsilon run writes (phi, a surface field, is not judged).
var benchFields = []benchField{
	{"U", "volVectorField", "[0 1 -1 0 0 0 0]", 3, -10, 10},
	{"p", "volScalarField", "[0 2 -2 0 0 0 0]", 1, -50, 50},
	{"k", "volScalarField", "[0 2 -2 0 0 0 0]", 1, 1e-4, 1},
	{"epsilon", "volScalarField", "[0 2 -3 0 0 0 0]", 1, 1e-3, 100},
	{"nut", "volScalarField", "[0 2 -1 0 0 0 0]", 1, 1e-7, 1e-3},
}

// writeBenchCase writes a 1M-cell steady case (controlDict, polyMesh/boundary and the
// fields of time 100, as OpenFOAM writes them with writePrecision 6) in format.
func writeBenchCase(tb testing.TB, dir, format string) {
	tb.Helper()
	files := map[string]string{
		"system/controlDict": header("dictionary", "controlDict", "ascii") + "application simpleFoam;\nstartTime 0;\n",
		"constant/polyMesh/boundary": header("polyBoundaryMesh", "boundary", "ascii") +
			"3\n(\n    inlet { type patch; nFaces 1000; startFace 2997000; }\n    outlet { type patch; nFaces 1000; startFace 2998000; }\n" +
			"    walls { type wall; nFaces 1000; startFace 2999000; }\n)\n",
	}
	for rel, s := range files {
		writeFile(tb, filepath.Join(dir, rel), []byte(s))
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, f := range benchFields {
		p := filepath.Join(dir, "100", f.name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		fh, err := os.Create(p)
		if err != nil {
			tb.Fatal(err)
		}
		w := bufio.NewWriterSize(fh, 1<<20)
		fmt.Fprintf(w, "%sdimensions      %s;\n\ninternalField   nonuniform List<%s> \n%d", header(f.class, f.name, format), f.dims,
			map[int]string{1: "scalar", 3: "vector"}[f.width], benchCells)
		if format == "ascii" {
			w.WriteString("\n(\n")
		} else {
			w.WriteString("(")
		}
		var buf []byte
		for range benchCells {
			buf = buf[:0]
			for c := range f.width {
				// 6 significant digits, as writePrecision 6 writes them
				v, _ := strconv.ParseFloat(strconv.FormatFloat(f.lo+(f.hi-f.lo)*r.Float64(), 'g', 6, 64), 64)
				if format != "ascii" {
					buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(v))
					continue
				}
				if c == 0 && f.width > 1 {
					buf = append(buf, '(')
				} else if c > 0 {
					buf = append(buf, ' ')
				}
				buf = strconv.AppendFloat(buf, v, 'g', 6, 64)
			}
			if format == "ascii" {
				if f.width > 1 {
					buf = append(buf, ')')
				}
				buf = append(buf, '\n')
			}
			w.Write(buf)
		}
		uniform := "1"
		if f.width > 1 {
			uniform = "(1 0 0)"
		}
		w.WriteString(")\n;\n\nboundaryField\n{\n    inlet { type fixedValue; value uniform " + uniform + "; }\n" +
			"    outlet { type zeroGradient; }\n    walls { type zeroGradient; }\n}\n")
		if err := w.Flush(); err != nil {
			tb.Fatal(err)
		}
		if err := fh.Close(); err != nil {
			tb.Fatal(err)
		}
	}
}

func header(class, object, format string) string {
	return "FoamFile\n{\n    version     2.0;\n    format      " + format + ";\n    arch        \"LSB;label=32;scalar=64\";\n    class       " +
		class + ";\n    object      " + object + ";\n}\n\n"
}

func writeFile(tb testing.TB, p string, data []byte) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		tb.Fatal(err)
	}
}

var benchDirs sync.Map // format -> case dir, shared by the benchmark's runs

// benchCase returns the generated case of format, written once per process into
// $FOAMC_BENCH_DIR (scripts/bench-verify.sh) or a temporary directory.
func benchCase(b *testing.B, format string) string {
	if d, ok := benchDirs.Load(format); ok {
		return d.(string)
	}
	root := os.Getenv("FOAMC_BENCH_DIR")
	if root == "" {
		var err error
		if root, err = os.MkdirTemp("", "foamc-bench-verify"); err != nil {
			b.Fatal(err)
		}
	}
	dir := filepath.Join(root, "case1M-"+format)
	if _, err := os.Stat(filepath.Join(dir, "100", "nut")); err != nil {
		writeBenchCase(b, dir, format)
	}
	benchDirs.Store(format, dir)
	return dir
}

// benchmarkVerify verifies the 1M-cell case's five fields (7M numbers) and reports,
// beside ns/op and B/op (everything allocated, then dropped), the largest live heap a
// garbage collection found while it ran: bounded by one field (its file and its
// numbers), not by the five (~120 MB together).
func benchmarkVerify(b *testing.B, format string) {
	dir := benchCase(b, format)
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				metrics.Read(s)
				if v := s[0].Value.Uint64(); v > peak.Load() {
					peak.Store(v)
				}
			}
		}
	}()
	runtime.GC()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		r, err := Case(dir, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if !strings.Contains(passed(r), "100/nut min") {
			b.Fatalf("the fields were not judged: %v", r.Findings)
		}
	}
	b.StopTimer()
	close(stop)
	wg.Wait()
	b.ReportMetric(float64(peak.Load())/1e6, "peak-live-MB")
}

func passed(r *Result) string {
	var s []string
	for _, f := range r.Findings {
		if f.ID == IDCheckPassed {
			s = append(s, f.Summary)
		}
	}
	return strings.Join(s, "\n")
}

// BenchmarkVerify1MASCII: foamc verify on a 1M-cell case written in ASCII (U, p, k,
// epsilon, nut: ~75 MB). Target < 1 s on 2 cores.
func BenchmarkVerify1MASCII(b *testing.B) { benchmarkVerify(b, "ascii") }

// BenchmarkVerify1MBinary: the same case in format binary (~56 MB). Target < 1 s.
func BenchmarkVerify1MBinary(b *testing.B) { benchmarkVerify(b, "binary") }
