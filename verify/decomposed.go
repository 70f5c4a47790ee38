package verify

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// processorDirs lists the processor<N> directories of a decomposed case in rank
// order ("processor10" after "processor9"). The collated format (processorsN) is
// not read.
func processorDirs(dir string) []string {
	ents, _ := os.ReadDir(dir)
	var out []string
	for _, e := range ents {
		if rank(e.Name()) >= 0 && e.IsDir() {
			out = append(out, e.Name())
		}
	}
	slices.SortFunc(out, func(a, b string) int { return rank(a) - rank(b) })
	return out
}

// rank is N of processor<N>, -1 for another name.
func rank(name string) int {
	rest, ok := strings.CutPrefix(name, "processor")
	n, err := strconv.Atoi(rest)
	if !ok || err != nil {
		return -1
	}
	return n
}

// layout says where a case's results are: in the case directory (parts is [""]),
// or, when the processor directories hold later times than the case directory (a
// parallel run not reconstructed), in each processor<N> directory. A decomposed
// field is judged part by part: each processor's internalField is a disjoint piece
// of the whole, so minima, maxima and non-finite values over the pieces are those
// of the reconstructed field; processor patches are inter-processor faces, not
// boundaries, and their values are skipped.
type layout struct {
	parts []string
}

func (l layout) decomposed() bool { return len(l.parts) > 1 || l.parts[0] != "" }

func caseLayout(dir string, start float64) layout {
	procs := processorDirs(dir)
	if len(procs) == 0 {
		return layout{parts: []string{""}}
	}
	root, proc := timeDirs(dir, start), timeDirs(filepath.Join(dir, procs[0]), start)
	if len(proc) == 0 || len(root) > 0 && timeValue(root[len(root)-1]) >= timeValue(proc[len(proc)-1]) {
		return layout{parts: []string{""}}
	}
	return layout{parts: procs}
}

// resultDir is the directory whose time directories are listed.
func (l layout) resultDir(dir string) string { return filepath.Join(dir, l.parts[0]) }

func timeValue(name string) float64 {
	v, _ := strconv.ParseFloat(name, 64)
	return v
}

func isProcessorPatch(typ string) bool { return typ == "processor" || typ == "processorCyclic" }
