# METADATA
# title: reference pressure in closed domains
# description: When no pressure boundary fixes the value, setRefCell needs pRefCell or pRefPoint, and pRefValue, in the algorithm dictionary (findRefCell.C:40-110).
# custom:
#   id: FOAM-SOL-004
#   severity: deny
#   fix: Add `pRefCell 0; pRefValue 0;` (or pRefPoint) to the SIMPLE/PISO/PIMPLE dictionary of fvSolution.
#   provenance:
#     - src/finiteVolume/cfdTools/general/findRefCell/findRefCell.C:40
package foamc.rules.solution.reference

import data.foamc.lib

closed if {
	lib.patches_final
	lib.solver_info.pRef
	lib.patched(lib.solver_info.pressure)
	not lib.fixes_value(lib.solver_info.pressure)
}

findings contains f if {
	closed
	algo := lib.algorithm
	d := object.get(lib.fv_solution, algo, {})
	missing := [k | some k in ["pRefCell|pRefPoint", "pRefValue"]; not any_of(d, split(k, "|"))]
	count(missing) > 0
	f := {
		"path": lib.file_ptr("system/fvSolution", [algo]),
		"msg": sprintf("no boundary fixes %s (closed domain): %s needs %s", [lib.solver_info.pressure, algo, concat(" and ", missing)]),
	}
}

any_of(d, keys) if {
	some k in keys
	lib.has(d, k)
}
