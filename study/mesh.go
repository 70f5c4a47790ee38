package study

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/foamc/foamc/grammar"
)

// blockCounts are the cell-count lists `(nx ny nz)` of a blockMeshDict's blocks, where
// they stand in the source (byte offsets) and their values.
type blockCounts []blockCount

type blockCount struct {
	start, end int
	n          [3]int
}

// readBlockCounts finds every `hex (vertices) [zone] (nx ny nz)` of the top-level
// `blocks` list. The counts must be literal whole numbers: a $macro or #eval count is
// refused rather than guessed.
func readBlockCounts(name string, src []byte) (blockCounts, error) {
	f, err := grammar.Parse(name, src)
	if err != nil {
		return nil, err
	}
	var out blockCounts
	for _, e := range f.Body.Entries {
		p, ok := e.(*grammar.PrimitiveEntry)
		if !ok || p.Key.Name != "blocks" || len(p.Value) != 1 {
			continue
		}
		l, ok := p.Value[0].(*grammar.List)
		if !ok {
			return nil, fmt.Errorf("blocks is not a list")
		}
		for i := 0; i < len(l.Items); i++ {
			w, ok := l.Items[i].(*grammar.Word)
			if !ok || w.Value != "hex" {
				continue
			}
			// hex, the vertex list, an optional zone name, then the counts.
			k := i + 2
			if k < len(l.Items) {
				if _, zone := l.Items[k].(*grammar.Word); zone {
					k++
				}
			}
			if k >= len(l.Items) {
				return nil, fmt.Errorf("line %d: a hex block without cell counts", w.Pos.Line)
			}
			r := l.Items[k].Span()
			text := string(src[r.Pos.Offset:r.End.Offset])
			fields := strings.Fields(strings.Trim(text, "()"))
			if !strings.HasPrefix(text, "(") || len(fields) != 3 {
				return nil, fmt.Errorf("line %d: cell counts %q are not three numbers", r.Pos.Line, text)
			}
			bc := blockCount{start: int(r.Pos.Offset), end: int(r.End.Offset)}
			for d, s := range fields {
				n, err := strconv.Atoi(s)
				if err != nil || n < 1 {
					return nil, fmt.Errorf("line %d: cell count %q is not a whole number", r.Pos.Line, s)
				}
				bc.n[d] = n
			}
			out = append(out, bc)
			i = k
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no hex blocks in the top-level blocks list")
	}
	return out, nil
}

// refinable are the directions with more than one cell in some block.
func (bs blockCounts) refinable() []int {
	var out []int
	for d := range 3 {
		if slices.ContainsFunc(bs, func(b blockCount) bool { return b.n[d] > 1 }) {
			out = append(out, d)
		}
	}
	return out
}

// refine returns the blockMeshDict with the counts of dirs multiplied by factor (rounded
// to the nearest whole number; the cell counts blockMesh then writes decide the ratios).
func (bs blockCounts) refine(src []byte, factor float64, dirs []int) []byte {
	var b bytes.Buffer
	last := 0
	for _, bc := range bs {
		b.Write(src[last:bc.start])
		n := bc.n
		for _, d := range dirs {
			n[d] = max(1, int(math.Round(float64(n[d])*factor)))
		}
		fmt.Fprintf(&b, "(%d %d %d)", n[0], n[1], n[2])
		last = bc.end
	}
	b.Write(src[last:])
	return b.Bytes()
}
