package grammar

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// fieldHeader is the header of a volVectorField as OpenFOAM v1912 writes it.
func fieldHeader(format string) string {
	return `/*--------------------------------*- C++ -*----------------------------------*\
| =========                 |                                                 |
| \\      /  F ield         | OpenFOAM: The Open Source CFD Toolbox           |
|  \\    /   O peration     | Version:  v1912                                 |
|   \\  /    A nd           | Website:  www.openfoam.com                      |
|    \\/     M anipulation  |                                                 |
\*---------------------------------------------------------------------------*/
FoamFile
{
    version     2.0;
    format      ` + format + `;
    arch        "LSB;label=32;scalar=64";
    class       volVectorField;
    location    "0";
    object      U;
}
// * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * //

dimensions      [0 1 -1 0 0 0 0];

internalField   nonuniform List<vector> `
}

const fieldFooter = `
;

boundaryField
{
    inlet
    {
        type            fixedValue;
        value           uniform (1 0 0);
    }
    outlet
    {
        type            zeroGradient;
    }
    walls
    {
        type            noSlip;
    }
}


// ************************************************************************* //
`

// fieldValues returns n deterministic velocity vectors.
func fieldValues(n int) []float64 {
	r := rand.New(rand.NewPCG(1, 2))
	v := make([]float64, 3*n)
	for i := range v {
		// 6 significant digits, the default writePrecision
		x := (r.Float64()*2 - 1) * math.Pow(10, float64(r.IntN(6)-4))
		v[i], _ = strconv.ParseFloat(strconv.FormatFloat(x, 'g', 6, 64), 64)
	}
	return v
}

// asciiField writes an n-cell volVectorField as OpenFOAM writes ASCII fields.
func asciiField(n int) []byte {
	var b bytes.Buffer
	b.WriteString(fieldHeader("ascii"))
	fmt.Fprintf(&b, "\n%d\n(\n", n)
	vals := fieldValues(n)
	var buf []byte
	for i := 0; i < n; i++ {
		buf = append(buf[:0], '(')
		for j := 0; j < 3; j++ {
			if j > 0 {
				buf = append(buf, ' ')
			}
			buf = strconv.AppendFloat(buf, vals[3*i+j], 'g', 6, 64)
		}
		buf = append(buf, ')', '\n')
		b.Write(buf)
	}
	b.WriteString(")")
	b.WriteString(fieldFooter)
	return b.Bytes()
}

// binaryField writes the same field with `format binary` (raw little-endian doubles).
func binaryField(n int) []byte {
	var b bytes.Buffer
	b.WriteString(fieldHeader("binary"))
	fmt.Fprintf(&b, "%d(", n)
	var w [8]byte
	for _, v := range fieldValues(n) {
		binary.LittleEndian.PutUint64(w[:], math.Float64bits(v))
		b.Write(w[:])
	}
	b.WriteString(")")
	b.WriteString(fieldFooter)
	return b.Bytes()
}

var (
	benchOnce  sync.Once
	benchASCII []byte
	benchBin   []byte
)

// benchInputs returns the 1M-cell fields; FOAMC_BENCH_DIR lets scripts/bench-grammar.sh pass
// the files it also gives foamDictionary.
func benchInputs(b *testing.B) ([]byte, []byte) {
	benchOnce.Do(func() {
		if d := os.Getenv("FOAMC_BENCH_DIR"); d != "" {
			benchASCII, _ = os.ReadFile(filepath.Join(d, "U_1M_ascii"))
			benchBin, _ = os.ReadFile(filepath.Join(d, "U_1M_binary"))
		}
		if benchASCII == nil {
			benchASCII = asciiField(1_000_000)
		}
		if benchBin == nil {
			benchBin = binaryField(1_000_000)
		}
	})
	return benchASCII, benchBin
}

// decodeAll parses src and decodes the internalField into float64s.
func decodeAll(tb testing.TB, src []byte) int {
	f, err := Parse("U", src)
	if err != nil {
		tb.Fatal(err)
	}
	for _, e := range f.Body.Entries {
		pe, ok := e.(*PrimitiveEntry)
		if !ok || pe.Key.Name != "internalField" {
			continue
		}
		switch v := pe.Value[len(pe.Value)-1].(type) {
		case *NumList:
			vals, err := v.Floats()
			if err != nil {
				tb.Fatal(err)
			}
			return len(vals)
		case *BinList:
			vals, err := v.Floats()
			if err != nil {
				tb.Fatal(err)
			}
			return len(vals)
		default:
			tb.Fatalf("internalField ends with %T", v)
		}
	}
	tb.Fatal("no internalField")
	return 0
}

// BenchmarkField1MASCII: the 1M-cell ASCII volVectorField (~30 MB) parsed and every value
// decoded to float64. Target >= 200 MB/s.
func BenchmarkField1MASCII(b *testing.B) {
	src, _ := benchInputs(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if n := decodeAll(b, src); n != 3_000_000 {
			b.Fatalf("decoded %d values", n)
		}
	}
}

// BenchmarkField1MASCIIFile is BenchmarkField1MASCII plus reading the file (from the page
// cache), as foamDictionary has to: the like-for-like figure for the comparison.
func BenchmarkField1MASCIIFile(b *testing.B) {
	src, _ := benchInputs(b)
	p := filepath.Join(os.Getenv("FOAMC_BENCH_DIR"), "U_1M_ascii")
	if os.Getenv("FOAMC_BENCH_DIR") == "" {
		p = filepath.Join(b.TempDir(), "U_1M_ascii")
		if err := os.WriteFile(p, src, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		if n := decodeAll(b, data); n != 3_000_000 {
			b.Fatalf("decoded %d values", n)
		}
	}
}

// BenchmarkField1MBinary: the same field in format binary. Target >= 1 GB/s.
func BenchmarkField1MBinary(b *testing.B) {
	_, src := benchInputs(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if n := decodeAll(b, src); n != 3_000_000 {
			b.Fatalf("decoded %d values", n)
		}
	}
}

// BenchmarkNumListAllocs reports allocs/op for a 10k and a 1M list: the fast path must keep
// them of equal order (O(1) per list).
func BenchmarkNumListAllocs(b *testing.B) {
	for _, n := range []int{10_000, 1_000_000} {
		src := asciiField(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				decodeAll(b, src)
			}
		})
	}
}

// BenchmarkFvSchemes: a typical fvSchemes (pitzDaily). Target < 0.5 ms.
func BenchmarkFvSchemes(b *testing.B) {
	p := filepath.Join(foamtest.Tutorials(b), "incompressible/simpleFoam/pitzDaily/system/fvSchemes")
	src, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Parse(p, src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTutorialCorpus parses the whole selected tutorial corpus (see conformance_test.go)
// on all CPUs. Target < 2 s on 2 cores.
func BenchmarkTutorialCorpus(b *testing.B) {
	files, _ := tutorialCorpus(b)
	var total int64
	for _, f := range files {
		total += int64(len(f.src))
	}
	b.SetBytes(total)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		forEachParallel(files, func(cf corpusFile) {
			if _, err := Parse(cf.rel, cf.src); err != nil {
				b.Error(err)
			}
		})
	}
}

// TestWriteBenchInputs writes the 1M-cell fields to $FOAMC_WRITE_BENCH_INPUTS (used by
// scripts/bench-grammar.sh so foamDictionary reads exactly what the benchmarks parse).
func TestWriteBenchInputs(t *testing.T) {
	dir := os.Getenv("FOAMC_WRITE_BENCH_INPUTS")
	if dir == "" {
		t.Skip("set FOAMC_WRITE_BENCH_INPUTS=DIR to write the benchmark inputs")
	}
	for name, data := range map[string][]byte{"U_1M_ascii": asciiField(1_000_000), "U_1M_binary": binaryField(1_000_000)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
