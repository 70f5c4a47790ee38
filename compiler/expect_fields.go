package compiler

import "slices"

// solverComputed are fields a solver constructs from others and writes (IOobject NO_READ,
// AUTO_WRITE in its createFields.H) though the case has no 0/ file for them: a function
// object samples them like any registered field. TestSolverComputedFields checks each
// against the v1912 source.
var solverComputed = map[string][]string{
	// applications/solvers/multiphase/interFoam/createFields.H: p = p_rgh + rho*gh.
	"interFoam": {"p"},
	// applications/solvers/incompressible/shallowWaterFoam/createFields.H: U = hU/h.
	"shallowWaterFoam": {"U"},
}

// vectorFields are the vector fields an expect item can sample (a component is required).
var vectorFields = []string{"U", "hU"}

// writtenFields are the fields the compiled case writes beside its 0/ files (Features.Fields):
// what the solver computes (solverComputed), every passive scalar of a scalarTransport
// function object, and a reacting mixture's species (reactingFoam writes each Yi, also the
// ones that start from Ydefault).
func (c *resolution) writtenFields() []string {
	out := slices.Clone(solverComputed[c.feat.Solver])
	for _, s := range c.spec.Scalars {
		out = append(out, s.Name)
	}
	if c.spec.Reaction != nil && c.feat.Solver == "reactingFoam" {
		if m := c.mechanism(); m != nil {
			out = append(out, m.species...)
		}
	}
	return out
}
