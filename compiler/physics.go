package compiler

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Physical constants used by derivations.
const (
	Cmu = 0.09
	// universal gas constant in J/(kmol K), as OpenFOAM's constant::thermodynamic::RR.
	RR = 8314.47
)

// derivation is a computed value with the formula and inputs provenance records.
type derivation struct {
	Value   float64
	Formula string
	Inputs  map[string]float64
}

func (d derivation) source() Source {
	return Source{Kind: KindDerived, Formula: d.Formula, Inputs: d.Inputs}
}

// turbulenceState is k, epsilon, omega, nuTilda and nut derived from a velocity scale, an
// intensity and a length scale (standard estimates: k = 1.5 (U I)^2, epsilon =
// Cmu^0.75 k^1.5 / L, omega = sqrt(k) / (Cmu^0.25 L), nuTilda = sqrt(1.5) U I L).
type turbulenceState struct {
	K, Epsilon, Omega, NuTilda derivation
}

func deriveTurbulence(U, I, L float64) turbulenceState {
	k := 1.5 * (U * I) * (U * I)
	in := map[string]float64{"U": U, "I": I, "L": L}
	kin := map[string]float64{"k": k, "L": L, "Cmu": Cmu}
	return turbulenceState{
		K:       derivation{k, "k = 1.5 (U I)^2", in},
		Epsilon: derivation{math.Pow(Cmu, 0.75) * math.Pow(k, 1.5) / L, "epsilon = Cmu^0.75 k^1.5 / L", kin},
		Omega:   derivation{math.Sqrt(k) / (math.Pow(Cmu, 0.25) * L), "omega = sqrt(k) / (Cmu^0.25 L)", kin},
		NuTilda: derivation{math.Sqrt(1.5) * U * I * L, "nuTilda = sqrt(1.5) U I L", in},
	}
}

// nutFor is the eddy viscosity consistent with the model's transported variables.
func nutFor(model string, t turbulenceState) derivation {
	k := t.K.Value
	switch {
	case strings.Contains(strings.ToLower(model), "omega"):
		return derivation{k / t.Omega.Value, "nut = k / omega", map[string]float64{"k": k, "omega": t.Omega.Value}}
	case model == "SpalartAllmaras":
		return derivation{t.NuTilda.Value, "nut ~ nuTilda (fv1 -> 1 for nuTilda >> nu)", map[string]float64{"nuTilda": t.NuTilda.Value}}
	default:
		return derivation{Cmu * k * k / t.Epsilon.Value, "nut = Cmu k^2 / epsilon", map[string]float64{"Cmu": Cmu, "k": k, "epsilon": t.Epsilon.Value}}
	}
}

// gas holds perfect-gas properties derived from the spec's fluid block.
type gas struct {
	R     float64 // specific gas constant R = RR / molWeight
	Gamma derivation
}

func deriveGas(molWeight, cp float64) gas {
	R := RR / molWeight
	return gas{R: R, Gamma: derivation{cp / (cp - R), "gamma = Cp / (Cp - RR/molWeight)",
		map[string]float64{"Cp": cp, "molWeight": molWeight, "RR": RR}}}
}

// soundSpeed is sqrt(gamma R T).
func (g gas) soundSpeed(T float64) float64 { return math.Sqrt(g.Gamma.Value * g.R * T) }

// mach returns |U| / sqrt(gamma R T).
func (g gas) mach(U, T float64) derivation {
	return derivation{U / g.soundSpeed(T), "Ma = |U| / sqrt(gamma R T)", map[string]float64{"U": U, "T": T, "gamma": g.Gamma.Value, "R": g.R}}
}

// totalPressure is the isentropic p0 = p (1 + (gamma-1)/2 Ma^2)^(gamma/(gamma-1)).
func (g gas) totalPressure(p, ma float64) derivation {
	gm := g.Gamma.Value
	return derivation{p * math.Pow(1+(gm-1)/2*ma*ma, gm/(gm-1)), "p0 = p (1 + (gamma-1)/2 Ma^2)^(gamma/(gamma-1))",
		map[string]float64{"p": p, "Ma": ma, "gamma": gm}}
}

// totalTemperature is T0 = T (1 + (gamma-1)/2 Ma^2).
func (g gas) totalTemperature(T, ma float64) derivation {
	gm := g.Gamma.Value
	return derivation{T * (1 + (gm-1)/2*ma*ma), "T0 = T (1 + (gamma-1)/2 Ma^2)", map[string]float64{"T": T, "Ma": ma, "gamma": gm}}
}

// courantDeltaT is deltaT = maxCo dx_min / u, with u the convective (incompressible) or
// convective + acoustic (compressible) speed.
func courantDeltaT(maxCo, dxMin, u float64, acoustic float64) derivation {
	speed := u + acoustic
	in := map[string]float64{"maxCo": maxCo, "dxMin": dxMin, "U": u}
	f := "deltaT = maxCo dxMin / U"
	if acoustic > 0 {
		in["c"] = acoustic
		f = "deltaT = maxCo dxMin / (U + c)"
	}
	return derivation{roundDown(maxCo * dxMin / speed), f, in}
}

// roundDown keeps two significant digits, rounding down so the Courant limit holds.
func roundDown(x float64) float64 {
	if x <= 0 {
		return x
	}
	e := math.Floor(math.Log10(x)) - 1
	p := math.Pow(10, e)
	v := math.Floor(x/p) * p
	// Normalise binary noise (0.0001 * 35 = 0.0035000000000000005).
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 2, 64), 64)
	return r
}

func mag(v [3]float64) float64 { return math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2]) }

func sortedInputs(in map[string]float64) string {
	ks := make([]string, 0, len(in))
	for k := range in {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var parts []string
	for _, k := range ks {
		parts = append(parts, fmt.Sprintf("%s=%.6g", k, in[k]))
	}
	return strings.Join(parts, " ")
}
