package study

import (
	"fmt"
	"math"
)

// Convergence kinds of three solutions (Celik et al. 2008, from R = eps21/eps32).
const (
	Monotonic            = "monotonic convergence"
	Oscillatory          = "oscillatory convergence"
	MonotonicDivergence  = "monotonic divergence"
	OscillatoryDivergent = "oscillatory divergence"
	Unchanged            = "no change between the grids"
)

// safety is the GCI's factor of safety for three grids (Roache; Celik et al. 2008, step 5).
const safety = 1.25

// asymptoticTolerance is how far GCI32 / (r21^p GCI21) may sit from 1 for the fine grids
// to count as in the asymptotic range (foamc's threshold; Roache asks for "approximately 1").
const asymptoticTolerance = 0.1

// GCI is the result of Celik et al.'s procedure on three grids, 1 the finest.
type GCI struct {
	// Kind is one of the convergence kinds; P, Extrapolated and the GCIs are reported only
	// for Monotonic (Celik et al.'s procedure also computes them for oscillatory
	// convergence, which the fields keep for the record; Reliable says which).
	Kind     string     `json:"kind"`
	Reliable bool       `json:"reliable"`
	H        [3]float64 `json:"h"`
	Phi      [3]float64 `json:"phi"`
	R21      float64    `json:"r21"`
	R32      float64    `json:"r32"`
	// P is the apparent (observed) order, from the fixed-point iteration of eq. (3).
	P          float64 `json:"p"`
	Iterations int     `json:"iterations"`
	// Extrapolated is phi_ext^21 (eq. 4).
	Extrapolated float64 `json:"extrapolated"`
	// EA21 is the approximate relative error |(phi1 - phi2)/phi1|, EExt21 the
	// extrapolated relative error |(phi_ext - phi1)/phi_ext| (eq. 5).
	EA21   float64 `json:"ea21"`
	EExt21 float64 `json:"eext21"`
	// GCIFine is GCI_fine^21 = 1.25 ea21 / (r21^p - 1); GCI32 the same for grids 2 and 3.
	GCIFine float64 `json:"gciFine"`
	GCI32   float64 `json:"gci32"`
	// Asymptotic is GCI32 / (r21^p GCI21): near 1 in the asymptotic range.
	Asymptotic   float64 `json:"asymptotic"`
	InAsymptotic bool    `json:"inAsymptoticRange"`
}

// Celik applies the procedure of Celik, Ghia, Roache, Freitas, Coleman and Raad (2008),
// "Procedure for estimation and reporting of uncertainty due to discretization in CFD
// applications", J. Fluids Eng. 130(7) 078001, to three grids of representative cell sizes
// h1 < h2 < h3 (1 the finest) and solutions phi1..3. Refinement ratios need not be equal:
// the apparent order p solves eq. (3) by fixed-point iteration,
//
//	p = |ln|eps32/eps21| + q(p)| / ln r21,  q(p) = ln((r21^p - s) / (r32^p - s)),  s = sign(eps32/eps21),
//
// starting from q = 0.
func Celik(h, phi [3]float64) (GCI, error) {
	g := GCI{H: h, Phi: phi}
	if !(h[0] > 0 && h[0] < h[1] && h[1] < h[2]) {
		return g, fmt.Errorf("cell sizes %g, %g, %g are not ordered fine to coarse", h[0], h[1], h[2])
	}
	g.R21, g.R32 = h[1]/h[0], h[2]/h[1]
	eps21, eps32 := phi[1]-phi[0], phi[2]-phi[1]
	if eps21 == 0 || eps32 == 0 {
		g.Kind = Unchanged
		return g, nil
	}
	ratio := eps21 / eps32
	switch {
	case ratio > 0 && ratio < 1:
		g.Kind = Monotonic
	case ratio < 0 && ratio > -1:
		g.Kind = Oscillatory
	case ratio >= 1:
		g.Kind = MonotonicDivergence
		return g, nil
	default:
		g.Kind = OscillatoryDivergent
		return g, nil
	}
	s := math.Copysign(1, eps32/eps21)
	lnE := math.Log(math.Abs(eps32 / eps21))
	lnR := math.Log(g.R21)
	p := math.Abs(lnE) / lnR
	for g.Iterations = 1; g.Iterations <= 200; g.Iterations++ {
		num, den := math.Pow(g.R21, p)-s, math.Pow(g.R32, p)-s
		if num <= 0 || den <= 0 {
			return g, fmt.Errorf("eq. (3) has no solution: r21^p - s = %g, r32^p - s = %g at p = %g", num, den, p)
		}
		next := math.Abs(lnE+math.Log(num/den)) / lnR
		if math.Abs(next-p) < 1e-12*max(1, p) {
			p = next
			break
		}
		p = next
	}
	if g.Iterations > 200 {
		return g, fmt.Errorf("the fixed-point iteration for p did not converge (last p = %g)", p)
	}
	g.P = p
	rp21, rp32 := math.Pow(g.R21, p), math.Pow(g.R32, p)
	g.Extrapolated = (rp21*phi[0] - phi[1]) / (rp21 - 1)
	g.EA21 = math.Abs((phi[0] - phi[1]) / phi[0])
	g.EExt21 = math.Abs((g.Extrapolated - phi[0]) / g.Extrapolated)
	g.GCIFine = safety * g.EA21 / (rp21 - 1)
	g.GCI32 = safety * math.Abs((phi[1]-phi[2])/phi[1]) / (rp32 - 1)
	g.Asymptotic = g.GCI32 / (rp21 * g.GCIFine)
	g.InAsymptotic = math.Abs(g.Asymptotic-1) <= asymptoticTolerance
	g.Reliable = g.Kind == Monotonic
	return g, nil
}

// Summary says the result in one line: the numbers for monotonic convergence, the kind
// otherwise.
func (g GCI) Summary() string {
	if !g.Reliable {
		return g.Kind + ": no order, extrapolation or GCI"
	}
	in := "in the asymptotic range"
	if !g.InAsymptotic {
		in = "NOT in the asymptotic range"
	}
	return fmt.Sprintf("%s, observed order p = %.3g, extrapolated %.6g, GCI_fine %.3g%%, GCI32/(r21^p GCI21) = %.3g (%s)",
		g.Kind, g.P, g.Extrapolated, 100*g.GCIFine, g.Asymptotic, in)
}
