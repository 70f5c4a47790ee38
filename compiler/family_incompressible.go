package compiler

import (
	"fmt"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
)

// incompressible is the family of the kinematic-pressure solvers: icoFoam and pisoFoam
// (PISO), pimpleFoam (PIMPLE), simpleFoam (SIMPLE). Fields U, p (m^2/s^2) and the model's;
// the fluid is nu in constant/transportProperties.
type incompressible struct{ pressureBased }

func (incompressible) name() string { return "incompressible" }

func (incompressible) solvers() []string {
	return []string{"icoFoam", "simpleFoam", "pisoFoam", "pimpleFoam"}
}

func (incompressible) resolve(c *resolution, _ assignment, _ func(string)) {
	noGravity(c)
	if c.spec.Physics.Energy != "" {
		c.note(IDNotice, finding.Info, "/physics/energy", "physics.energy is ignored by incompressible solvers", "remove it")
	}
	if c.spec.Fluid.Nu == nil {
		c.open("fluid/nu", "/fluid/nu", "the kinematic viscosity", "number")
	}
}

func (incompressible) fields(_ *Features, mi modelInfo) (files, solved []string) {
	files, solved = []string{"U", "p"}, []string{"U", "p"}
	if mi.Class != "laminar" {
		files = append(append(files, mi.Fields...), "nut")
		solved = append(solved, mi.Fields...)
	}
	return files, solved
}

func (incompressible) constant(c *emission, _ *state) {
	t := c.file("constant/transportProperties", "dictionary")
	t.set("transportModel", curated("Newtonian fluid"), grammar.NewWord("Newtonian"))
	t.set("nu", specSrc("/fluid/nu"), grammar.Dims(0, 2, -1, 0, 0, 0, 0), grammar.Num(*c.spec.Fluid.Nu))
}

// linearSolvers: icoFoam's p with PCG and DIC under the robust profile (its tutorials'
// practice), the pressure-based blocks (GAMG) otherwise.
func (incompressible) linearSolvers(c *emission, sol node, ls linearSolver) {
	if c.feat.Solver == "icoFoam" && !c.numerics().accurate() {
		ls.pressure = func(name string, relTol float64) {
			c.solverBlock(sol, name, fmt.Sprintf("solver PCG; preconditioner DIC; tolerance 1e-06; relTol %g", relTol), curated(refNumerics))
		}
	}
	pressureBased{}.linearSolvers(c, sol, ls)
}

func (incompressible) simple(_ *emission, alg node, asrc Source) {
	alg.set("consistent", asrc, grammar.NewWord("yes"))
}

// relaxation: SIMPLEC (consistent) with equations at 0.9 and the pressure unrelaxed
// (tutorial practice: simpleFoam pitzDaily).
func (incompressible) relaxation() ([][2]any, float64) { return nil, 0.9 }
