# METADATA
# title: residualControl for fields that are not solved
# description: residualControl entries that match no solved field are silently ignored; convergence is then never checked for the intended field.
# custom:
#   id: FOAM-SOL-009
#   severity: warn
#   fix: Name solved fields (or a regex that matches one) in residualControl.
#   provenance:
#     - src/finiteVolume/cfdTools/general/solutionControl/solutionControl/solutionControl.C:56
package foamc.rules.solution.residualkeys

import data.foamc.lib

# Unknown solvers have no curated solved set, so nothing is reported for them.
names := (lib.solved | {lib.solver_info.pressure}) | radiation

# Radiation models solve their own fields: G (P1), ILambda_<ray>_<band> (fvDOM).
radiation := {"G", "ILambda_0_0"} if {
	m := input.files["constant/radiationProperties"].radiationModel
	m != "none"
}

else := set()

findings contains f if {
	lib.solver_info
	algo := lib.algorithm
	rc := lib.fv_solution[algo].residualControl
	some key, _ in rc
	key != "$regex"
	not key in names
	f := lib.finding_with(
		lib.file_ptr("system/fvSolution", [algo, "residualControl", key]),
		sprintf("residualControl %s: %s does not solve for %s", [key, lib.solver, key]),
		{
			"suggest": lib.suggest(key, names),
			# a control for a field the solver never solves is never met.
			"edits": [lib.fix_remove("system/fvSolution", [algo, "residualControl", key])],
		},
	)
}

findings contains f if {
	lib.solver_info
	algo := lib.algorithm
	some i, e in lib.fv_solution[algo].residualControl["$regex"]
	regex.is_valid(lib.anchored(e.pattern))
	count([n | some n in names; regex.match(lib.anchored(e.pattern), n)]) == 0
	f := lib.finding(
		lib.file_ptr("system/fvSolution", [algo, "residualControl", "$regex", i]),
		sprintf("residualControl %q matches no field %s solves", [e.pattern, lib.solver]),
	)
}
