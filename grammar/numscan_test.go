package grammar

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// seqScan is the single-threaded pre-scan, the reference for the chunked one.
func seqScan(src string, open int, n int64) (end int, elems int64, width int, labels, ok bool, lines, lastNL int) {
	st := newBodyScan(0, maxNesting)
	st.run(src, open, len(src))
	elems, width, ok = st.result(n)
	return st.end, elems, width, st.allLabels, ok, st.lines, st.lastNL
}

// TestParallelScanMatchesSequential: the chunked pre-scan of big counted lists gives exactly
// the sequential results (end, count, width, labels, lines) or falls back to it, for the list
// shapes OpenFOAM writes, shapes that defeat the depth-1 speculation, and broken lists.
func TestParallelScanMatchesSequential(t *testing.T) {
	const n = 100_000
	var vec, scal, faces, countNL, nested strings.Builder
	for i := range n {
		fmt.Fprintf(&vec, "(%g %g -%ge-05)\n", float64(i)*0.5, float64(i)/7, float64(i%13)+0.25)
		fmt.Fprintf(&scal, "%d\n", 1_000_000_000+i*3)
		fmt.Fprintf(&faces, "4(%d %d %d %d)\n", i, i+1, i+2, i+3)
		fmt.Fprintf(&countNL, "3\n(%d %d %d)\n", i, i+1, i+2)           // a count alone on its line
		fmt.Fprintf(&nested, "(\n(%d 100000)\n(200000 300000)\n)\n", i) // newlines at depth 2
	}
	wrap := func(body string, count int) string {
		return fmt.Sprintf("internalField nonuniform List<vector> \n%d\n(\n%s)\n;\nboundaryField { a { type zeroGradient; } }\n", count, body)
	}
	mutate := func(s, old, new string) string {
		if !strings.Contains(s, old) {
			t.Fatalf("test input lacks %q", old)
		}
		return strings.Replace(s, old, new, 1)
	}
	cases := map[string]string{
		"vector":         wrap(vec.String(), n),
		"scalar":         wrap(scal.String(), n),
		"faces":          wrap(faces.String(), n),
		"count-nl":       wrap(countNL.String(), n),
		"nested":         wrap(nested.String(), n),
		"wrongCount":     wrap(vec.String(), n+1),
		"badNumber":      wrap(mutate(vec.String(), "(35000.5 ", "(35000.5.1 "), n),
		"badByte":        wrap(mutate(scal.String(), "1000090000\n", "1000090000;\n"), n),
		"ragged":         wrap(mutate(vec.String(), "(42500 ", "(1 42500 "), n),
		"unclosed":       fmt.Sprintf("x \n%d\n(\n%s", n, vec.String()),
		"extraClose":     wrap(mutate(scal.String(), "1000060000\n", "1000060000)\n"), n),
		"labelsThenReal": wrap(mutate(scal.String(), "\n1000270000\n", "\n1000270000.5\n"), n),
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{2, 3, 4, 7} {
		runtime.GOMAXPROCS(procs)
		for name, src := range cases {
			open := strings.Index(src, "\n(\n") + 1
			if len(src)-open < scanParallelBytes {
				t.Fatalf("%s: %d bytes is too small for the chunked scan", name, len(src)-open)
			}
			count := int64(n)
			if name == "wrongCount" {
				count = n + 1
			}
			wEnd, wElems, wWidth, wLabels, wOK, wLines, wLastNL := seqScan(src, open, count)
			if bad := strings.HasPrefix(name, "bad") || name == "wrongCount" || name == "unclosed" || name == "extraClose"; wOK == bad {
				t.Fatalf("%s: sequential scan ok=%v", name, wOK)
			}
			line, lineStart := 1, 0
			end, elems, width, labels, ok := scanNumBody(src, open, count, maxNesting, &line, &lineStart)
			if ok != wOK || ok && (end != wEnd || elems != wElems || width != wWidth || labels != wLabels ||
				line != 1+wLines || wLastNL >= 0 && lineStart != wLastNL) {
				t.Errorf("%s, %d procs: got end %d elems %d width %d labels %v ok %v line %d start %d; want %d %d %d %v %v %d %d",
					name, procs, end, elems, width, labels, ok, line, lineStart, wEnd, wElems, wWidth, wLabels, wOK, 1+wLines, wLastNL)
			}
		}
	}
	// the speculation holds for what OpenFOAM writes, so those lists really run in chunks
	runtime.GOMAXPROCS(2)
	for _, name := range []string{"vector", "scalar", "faces"} {
		src := cases[name]
		if _, par := scanParallel(src, strings.Index(src, "\n(\n")+1, n, maxNesting); !par {
			t.Errorf("%s: chunked scan fell back to the sequential one", name)
		}
	}
}
