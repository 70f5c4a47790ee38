package foamtest

import (
	"bytes"
	"fmt"
)

// ASCIISTL is a closed-enough ASCII STL surface "hull" of n facets, ~130 bytes each
// (20 000 make 2.6 MB): the large surface the grammar, the surface reader and foamc lint are
// measured on. With 0 <= k < n the first "vertex" of facet k is bad instead; line and col
// are where bad starts (0 without one).
func ASCIISTL(n, k int, bad string) (src []byte, line, col int) {
	var b bytes.Buffer
	b.WriteString("solid hull\n")
	for i := 0; i < n; i++ {
		v := "vertex"
		if i == k {
			// "solid", then 7 lines a facet; its first vertex is the 3rd
			v, line, col = bad, 4+7*i, len("      ")+1
		}
		x := float64(i) * 1e-3
		fmt.Fprintf(&b, "  facet normal 0 0 1\n    outer loop\n      %s %g 0 0\n      vertex %g 1 0\n      vertex %g 0 1\n    endloop\n  endfacet\n", v, x, x, x)
	}
	b.WriteString("endsolid hull\n")
	return b.Bytes(), line, col
}
