package compiler

import (
	"fmt"
	"strings"

	"github.com/foamc/foamc/schema"
)

// checkExpect: every expect item can be measured in the compiled case — a unique name
// (it names the function object), patches of the mesh, a forceCoeffs object for a force
// coefficient, readable reference data for a line.
func (c *compilation) checkExpect() {
	seen := map[string]int{}
	for i := range c.spec.Expect {
		e := &c.spec.Expect[i]
		ptr := fmt.Sprintf("/expect/%d", i)
		if j, dup := seen[e.Name]; dup {
			c.fail(IDExpect, ptr+"/name", fmt.Sprintf("expect item %q is named twice (items %d and %d)", e.Name, j, i),
				"give each expect item its own name: it names the function object "+e.FunctionObject())
		}
		seen[e.Name] = i
		kind := e.Kind()
		for _, p := range e.Patches() {
			if c.mesh.patch(p) == nil {
				c.fail(IDExpect, ptr+"/"+kind, fmt.Sprintf("expect %q measures on %q, which is not a patch of the mesh", e.Name, p),
					"use one of the mesh patches: "+strings.Join(c.mesh.names(), ", "))
			}
		}
		if e.ForceCoeff != "" && c.spec.Outputs.ForceCoeffs == nil {
			c.fail(IDExpect, ptr+"/forceCoeff", fmt.Sprintf("expect %q asks for %s, but the spec has no outputs.forceCoeffs", e.Name, e.ForceCoeff),
				"add outputs.forceCoeffs with the patches (and reference values) the coefficient is taken over")
		}
		if e.Line != nil {
			if _, err := schema.ReadReference(c.spec.path(e.Line.Reference)); err != nil {
				c.fail(IDExpect, ptr+"/line/reference", fmt.Sprintf("expect %q: cannot read its reference data: %v", e.Name, err),
					"point line.reference (relative to the spec) at a CSV with a header row and coordinate, value rows")
			}
		}
	}
}
