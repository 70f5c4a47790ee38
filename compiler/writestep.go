package compiler

import (
	"maps"
	"math"
	"strconv"
)

// dividing shortens a Courant step that stays fixed (a solver without setDeltaT) to divide
// the write interval: under writeControl runTime OpenFOAM writes at the whole step nearest
// each interval (Time.C: outputTimeIndex = label((t + 0.5 deltaT)/writeInterval)), so 0.0016
// s writes 0.0096 for 0.01. adjustableRunTime needs none of this: it shortens the step to
// hit the write times itself. The step is writeInterval/n for the least n >= writeInterval/
// deltaT whose quotient has three significant digits at most (else the least n).
func dividing(d derivation, writeInterval float64) derivation {
	if d.Value <= 0 || writeInterval <= 0 {
		return d
	}
	n0 := math.Ceil(writeInterval/d.Value - 1e-9)
	v := writeInterval / n0
	for n := n0; n <= 2*n0; n++ {
		q := writeInterval / n
		if r, _ := strconv.ParseFloat(strconv.FormatFloat(q, 'g', 3, 64), 64); math.Abs(r-q) <= 1e-12*q {
			v = r
			break
		}
	}
	in := maps.Clone(d.Inputs)
	in["writeInterval"] = writeInterval
	return derivation{v, d.Formula + "; deltaT = writeInterval / n, n >= writeInterval / deltaT (a fixed step writes on whole steps)", in}
}
