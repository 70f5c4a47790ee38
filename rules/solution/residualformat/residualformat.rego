# METADATA
# title: residualControl format per algorithm
# description: SIMPLE reads residualControl values as scalars; PIMPLE reads {tolerance; relTol;} dictionaries in the ESI releases and single values in the Foundation's (data.kb.release.layout.pimpleResidualDicts). The other form is a FATAL IO ERROR (solutionControl.C:72-104; Foundation 12 singleRegionConvergenceControl.C:52).
# custom:
#   id: FOAM-SOL-008
#   severity: deny
#   fix: "SIMPLE, and PIMPLE in the Foundation releases: `residualControl { p 1e-3; }`. PIMPLE in the ESI releases: `residualControl { p { tolerance 1e-3; relTol 0; } }`."
#   provenance:
#     - src/finiteVolume/cfdTools/general/solutionControl/solutionControl/solutionControl.C:72
#     - "openfoam-12: src/finiteVolume/cfdTools/general/solutionControl/convergenceControl/singleRegionConvergenceControl/singleRegionConvergenceControl.C:52"
package foamc.rules.solution.residualformat

import data.foamc.lib

ok("SIMPLE", v) if is_number(v)

ok("PIMPLE", v) if {
	dicts
	is_object(v)
}

ok("PIMPLE", v) if {
	not dicts
	is_number(v)
}

dicts if data.kb.release.layout.pimpleResidualDicts

# a kb without a release layout (a user's --kb snapshot) is v1912's
dicts if not data.kb.release.layout

form(algo) := "scalars" if {
	algo == "SIMPLE"
} else := "{tolerance; relTol;} dictionaries" if dicts

else := "single values (the Foundation's PIMPLE)"

values(rc) := {[[k], v] | some k, v in rc; k != "$regex"} | {[["$regex", i, "value"], e.value] | some i, e in object.get(rc, "$regex", [])}

findings contains f if {
	algo := lib.algorithm
	algo in {"SIMPLE", "PIMPLE"}
	rc := lib.fv_solution[algo].residualControl
	some [tk, v] in values(rc)
	not ok(algo, v)
	f := lib.finding(
		lib.file_ptr("system/fvSolution", array.concat([algo, "residualControl"], tk)),
		sprintf("%s residualControl entries must be %s", [algo, form(algo)]),
	)
}
