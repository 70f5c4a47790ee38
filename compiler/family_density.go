package compiler

import (
	"github.com/foamc/foamc/schema"
)

// density is the family of the density-based solver rhoCentralFoam: central-upwind fluxes
// (Kurganov), TVD reconstruction, rho, rhoU and rhoE solved explicitly, no pressure
// equation and no pressure-velocity algorithm. Its fields and gas are the compressible
// family's.
type density struct{}

func (density) name() string { return "density-based" }

func (density) solvers() []string { return []string{"rhoCentralFoam"} }

func (density) resolve(c *resolution, sol assignment, add func(string)) {
	noGravity(c)
	gasResolve(c, sol, add)
}

func (density) fields(f *Features, mi modelInfo) (files, solved []string) {
	return gasFields([]string{"U", "p"}, []string{"U", "p"}, f, mi)
}

func (density) constant(c *emission, _ *state) { thermoConstant(c) }

func (density) bcDomain(*resolution, string, meshPatch, *schema.Boundary) []candidate { return nil }

func (density) velocityScale(*emission, *state) {}

func (density) plausibility(*emission, *state) {}

// divSchemes: the flux scheme and the viscous terms of rhoCentralFoam (FOAM-NUM-007).
func (density) divSchemes(c *emission, fs, div node, conv func(string) string) {
	f := c.feat
	src := curated(refNumerics)
	fs.words("fluxScheme", ruleSrc("FOAM-NUM-007", "rhoCentralFoam flux scheme"), "Kurganov")
	div.words("div(tauMC)", src, "Gauss linear")
	for _, m := range models[f.Model].Fields {
		c.scheme(div, "divSchemes", "div(phi,"+m+")", conv(m), src)
	}
	if f.Class != "laminar" {
		div.words("div(((rho*nuEff)*dev2(T(grad(U)))))", src, "Gauss linear")
	}
}

func (density) interpolation(ip node) {
	r := ruleSrc("FOAM-NUM-007", "TVD reconstruction for rhoCentralFoam")
	ip.words("reconstruct(rho)", r, "vanLeer")
	ip.words("reconstruct(U)", r, "vanLeerV")
	ip.words("reconstruct(T)", r, "vanLeer")
}

// linearSolvers: the conserved variables explicitly (diagonal), the primitive ones
// smoothed.
func (density) linearSolvers(c *emission, sol node, ls linearSolver) {
	for _, x := range []string{"rho", "rhoU", "rhoE"} {
		sol.sub(x).words("solver", ruleSrc("FOAM-SOL-001", "rhoCentralFoam solves rho, rhoU, rhoE explicitly"), "diagonal")
	}
	for _, x := range append([]string{"U", "e"}, models[c.feat.Model].Fields...) {
		ls.smooth(x, 1e-09, 0)
	}
}

// simple and relaxation are never asked: rhoCentralFoam has no algorithm dictionary.
func (density) simple(*emission, node, Source)  {}
func (density) relaxation() ([][2]any, float64) { return nil, 0 }
