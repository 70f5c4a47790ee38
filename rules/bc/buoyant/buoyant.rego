# METADATA
# title: buoyant pressure boundary conditions
# description: With gravity, p_rgh on walls should be fixedFluxPressure (zeroGradient ignores the hydrostatic gradient) and p is computed from p_rgh, so its patches should be calculated.
# custom:
#   id: FOAM-BC-015
#   severity: warn
#   fix: Use fixedFluxPressure for p_rgh on walls and calculated for p (see tutorials heatTransfer/buoyantSimpleFoam/buoyantCavity).
#   provenance:
#     - tutorials/heatTransfer/buoyantSimpleFoam/buoyantCavity/0/p_rgh
#     - tutorials/heatTransfer/buoyantSimpleFoam/buoyantCavity/0/p
package foamc.rules.bc.buoyant

import data.foamc.lib

findings contains f if {
	lib.solver_info.gravity
	some b in lib.bc
	lib.final_region(lib.patch_region(b.patch))
	b.field == "p_rgh"
	lib.is_wall(b.patch)
	b.type == "zeroGradient"
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("p_rgh is zeroGradient on wall %s; with gravity use fixedFluxPressure", [b.patch.name]),
		{"edits": [e | e := lib.fix_set_at(concat("/", [b.ptr, "type"]), "fixedFluxPressure")]},
	)
}

findings contains f if {
	lib.solver_info.gravity
	lib.solver_info.compressible
	some b in lib.bc
	lib.final_region(lib.patch_region(b.patch))
	b.field == "p"
	not b.type in ({"calculated", "empty"} | lib.constraint_types)
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("p is %s on patch %s; %s computes p from p_rgh, so use calculated", [b.type, b.patch.name, lib.solver]),
		# calculated needs a value; the internal field's is where p starts.
		{"edits": [e | e := lib.fix_set_at(b.ptr, "{ type calculated; value $internalField; }")]},
	)
}
