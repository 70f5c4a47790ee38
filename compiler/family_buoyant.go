package compiler

import (
	"fmt"
	"math"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/schema"
)

// buoyant is the family of the buoyant solvers buoyantSimpleFoam (SIMPLE) and
// buoyantPimpleFoam (PIMPLE): a compressible gas with gravity, solving p_rgh (p = p_rgh +
// rho g h is calculated), constant/g, free-convection velocity scale and the Rayleigh
// number check.
type buoyant struct{ compressible }

func (buoyant) name() string { return "buoyant" }

func (buoyant) solvers() []string { return []string{"buoyantSimpleFoam", "buoyantPimpleFoam"} }

func (buoyant) resolve(c *resolution, sol assignment, add func(string)) {
	c.feat.Pressure = "p_rgh"
	if c.spec.Physics.Gravity == nil {
		c.open("physics/gravity", "/physics/gravity", "the gravity vector of a buoyant solver", "vector")
	}
	gasResolve(c, sol, add)
}

func (buoyant) fields(f *Features, mi modelInfo) (files, solved []string) {
	return gasFields([]string{"U", "p", "p_rgh"}, []string{"U", "p_rgh"}, f, mi)
}

func (buoyant) constant(c *emission, _ *state) {
	thermoConstant(c)
	s := c.spec
	if s.Physics.Gravity == nil {
		return
	}
	g := c.file("constant/g", "uniformDimensionedVectorField")
	gs := specSrc("/physics/gravity")
	g.set("dimensions", ruleSrc("FOAM-DIM-004", "g in m/s^2"), grammar.Dims(0, 1, -2, 0, 0, 0, 0))
	g.set("value", gs, grammar.Vector(s.Physics.Gravity[0], s.Physics.Gravity[1], s.Physics.Gravity[2]))
}

// bcDomain: with p_rgh solved, p is calculated from it everywhere and p_rgh takes
// fixedFluxPressure on walls and inlets (rule FOAM-BC-015), a fixed value at outlets.
func (buoyant) bcDomain(_ *resolution, field string, _ meshPatch, b *schema.Boundary) []candidate {
	if field != "p" && field != "p_rgh" {
		return nil
	}
	switch b.Role {
	case "empty", "wedge", "cyclic", "symmetry":
		return nil
	}
	src := ruleSrc("FOAM-BC-015", "buoyant solvers: p calculated, p_rgh fixedFluxPressure on walls")
	if field == "p" {
		return []candidate{{"calculated", src}}
	}
	switch b.Role {
	case "outlet", "freestream":
		return cands("fixedValue", "prghPressure")
	}
	return []candidate{{"fixedFluxPressure", src}}
}

// velocityScale: the free-convection velocity U = sqrt(g dT/T L) of the temperature
// differences the walls impose on the fluid's reference state.
func (buoyant) velocityScale(c *emission, st *state) {
	s := c.spec
	if s.Physics.Gravity == nil {
		return
	}
	tmin, tmax := st.T.s, st.T.s
	for _, n := range sortedKeys(s.Boundaries) {
		if b := s.Boundaries[n]; b.T != nil {
			tmin, tmax = math.Min(tmin, b.T.Value), math.Max(tmax, b.T.Value)
		}
	}
	L, _ := c.characteristicLength()
	g := mag([3]float64{s.Physics.Gravity[0], s.Physics.Gravity[1], s.Physics.Gravity[2]})
	if tmax > tmin && L > 0 && tmin > 0 {
		st.uRef = math.Sqrt(g * (tmax - tmin) / st.T.s * L)
		st.derive("derived/Uref", derivation{st.uRef, "U = sqrt(g dT / T L)", map[string]float64{"g": g, "dT": tmax - tmin, "T": st.T.s, "L": L}})
	}
}

// plausibility: free convection between walls at different temperatures, Ra = g beta dT
// H^3 / (nu alpha) with beta = 1/T, H the mesh extent along gravity, alpha = nu/Pr. Above
// the transition (Ra ~ 1e9) free convection is unsteady and turbulent: a steady laminar
// solver has no solution to converge to (the generated matrix's hotRoom, Ra ~ 1e11, drove
// T negative in 4 iterations), so that combination is refused as a conflict.
func (buoyant) plausibility(c *emission, st *state) {
	s := c.spec
	if s.Physics.Gravity == nil || st.gas == nil || s.Fluid.Mu == nil || st.p.s <= 0 || st.T.s <= 0 {
		return
	}
	tmin, tmax := st.T.s, st.T.s
	for _, n := range sortedKeys(s.Boundaries) {
		if b := s.Boundaries[n]; b.Role == "wall" && b.T != nil {
			tmin, tmax = math.Min(tmin, b.T.Value), math.Max(tmax, b.T.Value)
		}
	}
	g := s.Physics.Gravity
	gm := mag([3]float64{g[0], g[1], g[2]})
	nu := c.viscosity(st)
	if tmax <= tmin || gm == 0 || nu <= 0 {
		return
	}
	// The extent along gravity: the projection of the bounding box on g's direction.
	e := c.mesh.Extent
	H := (math.Abs(g[0])*e[0] + math.Abs(g[1])*e[1] + math.Abs(g[2])*e[2]) / gm
	pr := 0.7
	if s.Fluid.Pr != nil {
		pr = *s.Fluid.Pr
	}
	ra := st.derive("derived/Ra", derivation{gm * (tmax - tmin) / st.T.s * H * H * H / (nu * nu / pr),
		"Ra = g (dT/T) H^3 / (nu alpha), alpha = nu/Pr", map[string]float64{"g": gm, "dT": tmax - tmin, "T": st.T.s, "H": H, "nu": nu, "Pr": pr}})
	if c.feat.Steady && c.feat.Class == "laminar" && ra.s > 1e9 {
		c.fail(IDConflict, "/physics/turbulence", fmt.Sprintf("steady laminar free convection at Rayleigh number Ra = %.3g: above Ra ~ 1e9 the flow is unsteady and turbulent, so %s has no laminar steady state to converge to", ra.s, c.feat.Solver),
			"choose a RAS model, or the transient buoyantPimpleFoam")
	}
}

func (buoyant) simple(_ *emission, alg node, asrc Source) {
	alg.set("momentumPredictor", asrc, grammar.NewWord("yes"))
}

// relaxation: tutorial practice of buoyantCavity.
func (buoyant) relaxation() ([][2]any, float64) {
	return [][2]any{{"rho", 1.0}, {"p_rgh", 0.7}}, 0.3
}
