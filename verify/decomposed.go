package verify

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// processorDirs lists the processor<N> directories of a decomposed case in rank
// order ("processor10" after "processor9").
func processorDirs(dir string) []string {
	ents, _ := os.ReadDir(dir)
	type proc struct {
		name string
		n    int
	}
	var ps []proc
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), "processor")
		if n, err := strconv.Atoi(rest); ok && err == nil && e.IsDir() {
			ps = append(ps, proc{e.Name(), n})
		}
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].n < ps[j].n })
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.name
	}
	return out
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
