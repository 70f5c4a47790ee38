# METADATA
# title: SIMPLEC with unrelaxed momentum
# description: With `consistent yes` the pressure equation uses rAtU = 1/(1/rAU - H1); a U relaxation factor of 1 makes the denominator zero (SIGFPE).
# custom:
#   id: FOAM-SOL-007
#   severity: deny
#   fix: Relax the U equation below 1 (SIMPLEC tutorials use 0.9), or set `consistent no`.
#   provenance:
#     - applications/solvers/incompressible/simpleFoam/pEqn.H:12
package foamc.rules.solution.simplec

import data.foamc.lib

findings contains f if {
	lib.algorithm == "SIMPLE"
	lib.truthy(lib.algorithm_dict.consistent)
	eqs := lib.fv_solution.relaxationFactors.equations
	some m in ["U", "Urel"]
	m in lib.solver_info.solve
	v := lib.lookup(eqs, m)
	v >= 1
	f := lib.finding(
		lib.file_ptr("system/fvSolution", array.concat(["relaxationFactors", "equations"], lib.tokens(eqs, m))),
		sprintf("consistent yes with %s relaxation %v divides by zero", [m, v]),
	)
}
