# METADATA
# title: shallowWaterFoam's water depth is positive
# description: shallowWaterFoam has no wetting and drying - it divides the discharge by the depth (U = hU/h, createFields.H:57 and shallowWaterFoam.C:167). A uniform depth h <= 0 in 0/h, or a fixedValue patch holding one, stops it. Measured in v1912 on a 1-D dam break - internalField uniform 0 and uniform -0.1 - floating point exception in the first step.
# custom:
#   id: FOAM-STRUCT-041
#   severity: deny
#   fix: "Give h a positive depth everywhere: a thin wet layer (e.g. 1 % of the deepest water) where the bed would be dry."
#   provenance:
#     - applications/solvers/incompressible/shallowWaterFoam/createFields.H
#     - applications/solvers/incompressible/shallowWaterFoam/shallowWaterFoam.C
package foamc.rules.structure.waterdepth

import data.foamc.lib

h := input.files[input.fields.h] if lib.solver == "shallowWaterFoam"

findings contains f if {
	v := lib.uniform(h.internalField)
	is_number(v)
	v <= 0
	f := lib.finding(
		lib.file_ptr(input.fields.h, ["internalField"]),
		sprintf("the water depth h is %v everywhere: shallowWaterFoam divides by h (U = hU/h) and stops with a floating point exception", [v]),
	)
}

findings contains f if {
	some name, p in h.boundaryField
	p.type == "fixedValue"
	v := lib.uniform(p.value)
	is_number(v)
	v <= 0
	f := lib.finding(
		lib.file_ptr(input.fields.h, ["boundaryField", name, "value"]),
		sprintf("patch %s holds the water depth h at %v: shallowWaterFoam divides by h (U = hU/h)", [name, v]),
	)
}
