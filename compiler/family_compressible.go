package compiler

import (
	"github.com/foamc/foamc/grammar"
)

// compressible is the family of the pressure-based compressible solvers: rhoSimpleFoam
// (SIMPLE), rhoPimpleFoam and sonicFoam (PIMPLE; sonicFoam transonic). Fields U, p (Pa), T
// and the model's with alphat; the fluid is a perfect gas in
// constant/thermophysicalProperties, with a thermo family and an energy variable that the
// solver constrains (THERMO-003/004).
type compressible struct{ pressureBased }

func (compressible) name() string { return "compressible" }

func (compressible) solvers() []string {
	return []string{"rhoSimpleFoam", "rhoPimpleFoam", "sonicFoam"}
}

func (compressible) resolve(c *resolution, sol assignment, add func(string)) {
	noGravity(c)
	gasResolve(c, sol, add)
}

// gasResolve settles the thermo type and energy variable and opens the gas properties:
// the resolve step of every family with a thermophysical model.
func gasResolve(c *resolution, sol assignment, add func(string)) {
	c.feat.Thermo = sol["constant/thermophysicalProperties/thermoType/type"]
	c.feat.Energy = map[string]string{"sensibleEnthalpy": "h", "sensibleInternalEnergy": "e"}[sol["constant/thermophysicalProperties/thermoType/energy"]]
	add("constant/thermophysicalProperties/thermoType/type")
	add("constant/thermophysicalProperties/thermoType/energy")
	c.energyWord = sol["constant/thermophysicalProperties/thermoType/energy"]
	for _, ptr := range []string{"/fluid/molWeight", "/fluid/Cp"} {
		if c.fluidValue(ptr) == nil {
			c.open(ptr[1:], ptr, "a perfect-gas property of the fluid", "number")
		}
	}
	if c.spec.Fluid.Mu == nil {
		c.open("fluid/mu", "/fluid/mu", "the dynamic viscosity (0 for inviscid)", "number")
	}
}

func (compressible) fields(f *Features, mi modelInfo) (files, solved []string) {
	return gasFields([]string{"U", "p"}, []string{"U", "p"}, f, mi)
}

// gasFields adds T, the energy variable and the model's fields (with alphat) to the
// flow's own fields.
func gasFields(files, solved []string, f *Features, mi modelInfo) ([]string, []string) {
	files = append(files, "T")
	solved = append(solved, f.Energy)
	if mi.Class != "laminar" {
		files = append(append(files, mi.Fields...), "nut", "alphat")
		solved = append(solved, mi.Fields...)
	}
	return files, solved
}

func (compressible) constant(c *emission, _ *state) { thermoConstant(c) }

// thermoConstant writes constant/thermophysicalProperties: a perfect gas with constant
// properties (docs/spec.md fluid).
func thermoConstant(c *emission) {
	s := c.spec
	t := c.file("constant/thermophysicalProperties", "dictionary")
	tt := t.sub("thermoType")
	tsrc := curated("perfect gas with constant properties (docs/spec.md fluid)")
	tt.set("type", c.stageSource("constant/thermophysicalProperties/thermoType/type"), grammar.NewWord(c.feat.Thermo))
	tt.set("mixture", tsrc, grammar.NewWord("pureMixture"))
	tt.set("transport", tsrc, grammar.NewWord("const"))
	tt.set("thermo", tsrc, grammar.NewWord("hConst"))
	tt.set("equationOfState", tsrc, grammar.NewWord("perfectGas"))
	tt.set("specie", tsrc, grammar.NewWord("specie"))
	tt.set("energy", c.stageSource("constant/thermophysicalProperties/thermoType/energy"), grammar.NewWord(c.energyWord))
	mx := t.sub("mixture")
	mx.sub("specie").set("molWeight", specSrc("/fluid/molWeight"), grammar.Num(*s.Fluid.MolWeight))
	th := mx.sub("thermodynamics")
	th.set("Cp", specSrc("/fluid/Cp"), grammar.Num(*s.Fluid.Cp))
	th.set("Hf", curated("no formation enthalpy (non-reacting)"), grammar.Num(0))
	tr := mx.sub("transport")
	tr.set("mu", specSrc("/fluid/mu"), grammar.Num(*s.Fluid.Mu))
	pr := val{s: 0.7, src: curated("Pr = 0.7 (air) when the spec gives none")}
	if s.Fluid.Pr != nil {
		pr = sv(*s.Fluid.Pr, specSrc("/fluid/Pr"))
	} else if v, ok := c.cascadeNumber("constant/thermophysicalProperties", "/mixture/transport/Pr"); ok {
		pr = v
	}
	tr.set("Pr", pr.src, pr.item())
}

// linearSolvers: the pressure-based blocks and rho's continuity (diagonal).
func (compressible) linearSolvers(c *emission, sol node, ls linearSolver) {
	pressureBased{}.linearSolvers(c, sol, ls)
	rhoSolver(sol, ls.final)
}

func rhoSolver(sol node, final bool) {
	sol.sub("rho").words("solver", ruleSrc("FOAM-SOL-001", "compressible continuity"), "diagonal")
	if final {
		sol.sub("rhoFinal").words("solver", ruleSrc("FOAM-SOL-001", "compressible continuity"), "diagonal")
	}
}

// simple: pressure limits (SOL-010) relative to a fixed-value p, else absolute.
func (compressible) simple(c *emission, alg node, asrc Source) {
	alg.set("consistent", asrc, grammar.NewWord("no"))
	alg.set("transonic", asrc, grammar.NewWord("no"))
	if c.hasFixedP() {
		alg.set("pMinFactor", ruleSrc("FOAM-SOL-010", "pressure limits relative to a fixed-value p"), grammar.Num(0.1))
		alg.set("pMaxFactor", ruleSrc("FOAM-SOL-010", "pressure limits relative to a fixed-value p"), grammar.Num(2))
	} else {
		alg.set("pMin", ruleSrc("FOAM-SOL-010", "absolute limits without a fixed-value p"), grammar.Num(clean(0.1*c.refP())))
		alg.set("pMax", ruleSrc("FOAM-SOL-010", "absolute limits without a fixed-value p"), grammar.Num(clean(10*c.refP())))
	}
}

// relaxation: tutorial practice of rhoSimpleFoam squareBend.
func (compressible) relaxation() ([][2]any, float64) {
	return [][2]any{{"p", 0.3}, {"rho", 0.05}}, 0.7
}
