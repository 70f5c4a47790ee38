# METADATA
# title: residualControl format per algorithm
# description: SIMPLE reads residualControl values as scalars; PIMPLE reads {tolerance; relTol;} dictionaries. The other form is a FATAL IO ERROR (solutionControl.C:72-104).
# custom:
#   id: FOAM-SOL-008
#   severity: deny
#   fix: "SIMPLE: `residualControl { p 1e-3; }`. PIMPLE: `residualControl { p { tolerance 1e-3; relTol 0; } }`."
#   provenance:
#     - src/finiteVolume/cfdTools/general/solutionControl/solutionControl/solutionControl.C:72
package foamc.rules.solution.residualformat

import data.foamc.lib

ok("SIMPLE", v) if is_number(v)

ok("PIMPLE", v) if is_object(v)

values(rc) := {[[k], v] | some k, v in rc; k != "$regex"} | {[["$regex", i, "value"], e.value] | some i, e in object.get(rc, "$regex", [])}

findings contains f if {
	algo := lib.algorithm
	algo in {"SIMPLE", "PIMPLE"}
	rc := lib.fv_solution[algo].residualControl
	some [tk, v] in values(rc)
	not ok(algo, v)
	f := lib.finding(
		lib.file_ptr("system/fvSolution", array.concat([algo, "residualControl"], tk)),
		sprintf("%s residualControl entries must be %s", [algo, {"SIMPLE": "scalars", "PIMPLE": "{tolerance; relTol;} dictionaries"}[algo]]),
	)
}
