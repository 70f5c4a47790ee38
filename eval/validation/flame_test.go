package validation

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/schema"
)

// janaf is one specie's NASA 7-coefficient (JANAF) polynomials as OpenFOAM's janafThermo
// reads them from a foam thermo file: cp/R = a0 + a1 T + a2 T^2 + a3 T^3 + a4 T^4 and
// h/(R T) = a0 + a1 T/2 + a2 T^2/3 + a3 T^3/4 + a4 T^4/5 + a5/T, the high coefficients
// above Tcommon (McBride, Gordon & Reno 1993, NASA TM-4513, eq. 2-4; janafThermoI.H).
type janaf struct {
	W         float64 // molWeight, kg/kmol
	Tcommon   float64
	high, low [7]float64
}

// readJanaf reads the species' JANAF entries of a foam thermo file
// (thermo.compressibleGas) with foamc's grammar.
func readJanaf(t *testing.T, path string, species ...string) map[string]janaf {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := grammar.Parse(path, src)
	if err != nil {
		t.Fatal(err)
	}
	num := func(d *grammar.Dict, key string) float64 {
		e, ok := d.Find(key).(*grammar.PrimitiveEntry)
		if !ok || len(e.Value) != 1 {
			t.Fatalf("%s: no number %s", path, key)
		}
		n, ok := e.Value[0].(*grammar.Number)
		if !ok {
			t.Fatalf("%s: %s is not a number", path, key)
		}
		return n.Float
	}
	coeffs := func(d *grammar.Dict, key string) (c [7]float64) {
		e, ok := d.Find(key).(*grammar.PrimitiveEntry)
		if !ok || len(e.Value) != 1 {
			t.Fatalf("%s: no list %s", path, key)
		}
		l, ok := e.Value[0].(*grammar.List)
		if !ok || len(l.Items) != 7 {
			// a list of numbers may come as a NumList
			if nl, ok := e.Value[0].(*grammar.NumList); ok {
				v, err := nl.Floats()
				if err == nil && len(v) == 7 {
					copy(c[:], v)
					return c
				}
			}
			t.Fatalf("%s: %s is not 7 coefficients", path, key)
		}
		for i, it := range l.Items {
			c[i] = it.(*grammar.Number).Float
		}
		return c
	}
	sub := func(d *grammar.Dict, key string) *grammar.Dict {
		e, ok := d.Find(key).(*grammar.DictEntry)
		if !ok {
			t.Fatalf("%s: no dictionary %s", path, key)
		}
		return e.Dict
	}
	out := map[string]janaf{}
	for _, sp := range species {
		d := sub(f.Body, sp)
		th := sub(d, "thermodynamics")
		out[sp] = janaf{W: num(sub(d, "specie"), "molWeight"), Tcommon: num(th, "Tcommon"),
			high: coeffs(th, "highCpCoeffs"), low: coeffs(th, "lowCpCoeffs")}
	}
	return out
}

// mechanismThermo is the thermo of the mechanism the counterflow spec names, the file
// foamc compile copies into the case.
const mechanismThermo = "../../compiler/mechanisms/methaneOneStep/thermo.compressibleGas"

// RR is OpenFOAM's universal gas constant, J/(kmol K) (thermodynamicConstants.H).
const RR = 8314.47

// h is the specific absolute enthalpy (formation included), J/kg, at T.
func (j janaf) h(T float64) float64 {
	a := j.low
	if T >= j.Tcommon {
		a = j.high
	}
	hRT := a[0] + a[1]*T/2 + a[2]*T*T/3 + a[3]*T*T*T/4 + a[4]*T*T*T*T/5 + a[5]/T
	return hRT * RR * T / j.W
}

// adiabaticFlame is the adiabatic flame temperature of complete combustion at constant
// pressure: the temperature at which the products' enthalpy equals the reactants' at T0
// (Turns 2012, An Introduction to Combustion, 3rd ed., §2.5, eq. 2.40), solved by
// bisection; reactants and products are mass fractions.
func adiabaticFlame(th map[string]janaf, reactants, products map[string]float64, T0 float64) float64 {
	hr := 0.0
	for sp, y := range reactants {
		hr += y * th[sp].h(T0)
	}
	hp := func(T float64) float64 {
		s := 0.0
		for sp, y := range products {
			s += y * th[sp].h(T)
		}
		return s
	}
	lo, hi := T0, 5000.0
	for hi-lo > 1e-6 {
		mid := (lo + hi) / 2
		if hp(mid) > hr {
			hi = mid
		} else {
			lo = mid
		}
	}
	return (lo + hi) / 2
}

// stoichiometricMethaneAir is the counterflow's stoichiometric mixture: the fuel stream
// (pure CH4) and the air stream (O2 0.23, N2 0.77 by mass) mixed at the stoichiometric
// mixture fraction Z_st = (Y_O2,air / s) / (Y_CH4,fuel + Y_O2,air / s), s = 2 W_O2 / W_CH4
// the oxygen-to-fuel mass ratio of CH4 + 2 O2 -> CO2 + 2 H2O (Turns 2012, §9.3 eq. 9.65),
// and its complete-combustion products. It returns Z_st, reactants and products.
func stoichiometricMethaneAir(th map[string]janaf, yO2air float64) (float64, map[string]float64, map[string]float64) {
	wF, wO2, wCO2, wH2O := th["CH4"].W, th["O2"].W, th["CO2"].W, th["H2O"].W
	s := 2 * wO2 / wF
	z := (yO2air / s) / (1 + yO2air/s)
	yF, yO2, yN2 := z, yO2air*(1-z), (1-yO2air)*(1-z)
	reactants := map[string]float64{"CH4": yF, "O2": yO2, "N2": yN2}
	// Per kg of fuel burnt: W_CO2/W_CH4 kg of CO2 and 2 W_H2O/W_CH4 kg of H2O.
	products := map[string]float64{"CO2": yF * wCO2 / wF, "H2O": yF * 2 * wH2O / wF, "N2": yN2}
	return z, reactants, products
}

// The mechanism's own thermochemistry gives the adiabatic flame temperature the
// counterflow flame is compared with. Stoichiometric methane-air from 298 K burnt
// completely (no dissociation) is 2308 K by these JANAF coefficients; Turns (2012)
// Example 2.5 estimates 2318 K with a constant cp (1200 K), and gives 2226 K for the
// equilibrium products, whose dissociation (CO, H2, OH, ...) a one-step mechanism cannot
// represent. Both bound the computation: it must lie within 1 % of 2318 K and above 2226 K.
func TestAdiabaticFlameTemperature(t *testing.T) {
	th := readJanaf(t, mechanismThermo, "CH4", "O2", "N2", "CO2", "H2O")
	z, r, p := stoichiometricMethaneAir(th, 0.23)
	sum := 0.0
	for _, y := range p {
		sum += y
	}
	// The file's molecular weights (five or six digits) balance the reaction to 7e-7.
	if math.Abs(sum-1) > 1e-5 {
		t.Fatalf("products sum to %g: mass not conserved", sum)
	}
	t298 := adiabaticFlame(th, r, p, 298.15)
	t1000 := adiabaticFlame(th, r, p, premixedT0)
	t.Logf("Z_st = %.5f; reactants %s; Tad(298.15 K) = %.1f K, Tad(%g K) = %.1f K", z, fmtY(r), t298, premixedT0, t1000)
	if math.Abs(t298-2318)/2318 > 0.01 || t298 <= 2226 {
		t.Errorf("Tad(298 K) = %.1f K: want within 1 %% of Turns' 2318 K and above the equilibrium 2226 K", t298)
	}
	// The premixed validation spec expects this temperature of its burnt gas.
	s, err := schema.LoadSpec(filepath.Join("premixed", "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Expect) != 1 || s.Expect[0].Value == nil || math.Abs(*s.Expect[0].Value-t1000) > 0.5 {
		t.Errorf("premixed/spec.yaml expects %v, want the computed Tad(%g K) = %.1f K", s.Expect, premixedT0, t1000)
	}
	if s.Initial.T == nil || *s.Initial.T != premixedT0 {
		t.Errorf("premixed/spec.yaml starts at %v K, want %g K", s.Initial.T, premixedT0)
	}
}

func fmtY(y map[string]float64) string {
	return fmt.Sprintf("CH4 %.5f O2 %.5f N2 %.5f", y["CH4"], y["O2"], y["N2"])
}

// premixedT0 is the initial temperature of the premixed reactor (premixed/spec.yaml).
const premixedT0 = 1000.0

// flameT0 is the fresh gas temperature of the laminar flame (laminarflame/spec.yaml).
const flameT0 = 300.0

// The laminar flame's spec is the thermochemistry's: fresh stoichiometric methane-air at
// 300 K, an igniter of that mixture's complete-combustion products at Tad(300 K), and the
// burnt gas expected at the same Tad (the energy balance between the two uniform states of
// a planar adiabatic flame, README.md).
func TestLaminarFlameSpec(t *testing.T) {
	th := readJanaf(t, mechanismThermo, "CH4", "O2", "N2", "CO2", "H2O")
	_, r, p := stoichiometricMethaneAir(th, 0.23)
	tad := adiabaticFlame(th, r, p, flameT0)
	t.Logf("Tad(%g K) = %.1f K; products CO2 %.5f H2O %.5f N2 %.5f", flameT0, tad, p["CO2"], p["H2O"], p["N2"])
	s, err := schema.LoadSpec(filepath.Join("laminarflame", "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Initial.T == nil || *s.Initial.T != flameT0 {
		t.Errorf("laminarflame/spec.yaml starts at %v K, want %g K", s.Initial.T, flameT0)
	}
	for sp, y := range r {
		if math.Abs(s.Reaction.Initial[sp]-y) > 1e-5 {
			t.Errorf("fresh %s = %g, want the stoichiometric %.5f", sp, s.Reaction.Initial[sp], y)
		}
	}
	if len(s.Initial.Regions) != 1 {
		t.Fatalf("want one igniter region, got %d", len(s.Initial.Regions))
	}
	ig := s.Initial.Regions[0]
	if ig.T == nil || math.Abs(*ig.T-tad) > 0.5 {
		t.Errorf("igniter at %v K, want Tad(%g K) = %.1f K", ig.T, flameT0, tad)
	}
	if len(ig.Species) != len(p) {
		t.Errorf("igniter species %v, want the products %v", ig.Species, p)
	}
	for sp, y := range p {
		if math.Abs(ig.Species[sp]-y) > 1e-5 {
			t.Errorf("igniter %s = %g, want the complete-combustion %.5f", sp, ig.Species[sp], y)
		}
	}
	if len(s.Expect) == 0 {
		t.Fatal("laminarflame/spec.yaml expects nothing")
	}
	for _, e := range s.Expect {
		if e.Value == nil || math.Abs(*e.Value-tad) > 0.5 {
			t.Errorf("laminarflame/spec.yaml expects %s = %v, want Tad(%g K) = %.1f K", e.Name, e.Value, flameT0, tad)
		}
	}
}
