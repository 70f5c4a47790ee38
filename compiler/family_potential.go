package compiler

import (
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
)

// potential is the family of potentialFoam: steady incompressible potential flow. It
// solves the velocity potential Phi (solvers Phi, the potentialFlow dictionary of
// fvSolution; createControls.H) once, from U's boundary conditions, and writes U; p's
// boundary types follow U's (createFields.H). No viscosity, no turbulence, no constant/.
type potential struct{ pressureBased }

func (potential) name() string { return "potential" }

func (potential) solvers() []string { return []string{"potentialFoam"} }

func (potential) resolve(c *resolution, _ assignment, _ func(string)) {
	noGravity(c)
	if c.spec.Physics.Energy != "" {
		c.note(IDNotice, finding.Info, "/physics/energy", "physics.energy is ignored by incompressible solvers", "remove it")
	}
}

// fields: U and p are written (p's boundary types are read when present); Phi is the one
// solved field.
func (potential) fields(*Features, modelInfo) (files, solved []string) {
	return []string{"U", "p"}, []string{"Phi"}
}

func (potential) constant(*emission, *state) {}

// linearSolvers: Phi with GAMG and the potentialFlow dictionary (tutorial practice:
// basic/potentialFoam/cylinder, three non-orthogonal correctors).
func (potential) linearSolvers(_ *emission, _ node, ls linearSolver) {
	ls.pressure("Phi", 0.01)
	ls.fv.sub("potentialFlow").set("nNonOrthogonalCorrectors", curated("tutorials/basic/potentialFoam/cylinder/system/fvSolution"), grammar.Num(3))
}

// simple and relaxation are never asked: potentialFoam has no SIMPLE/PISO/PIMPLE dictionary.
func (potential) simple(*emission, node, Source)  {}
func (potential) relaxation() ([][2]any, float64) { return nil, 0 }
