# METADATA
# title: SIMPLE needs under-relaxation
# description: Without relaxationFactors, SIMPLE divides by zero in the first iteration (SIGFPE in rAtU = 1/(1/rAU - H1) with consistent, and in pitzDaily without). All 42 SIMPLE-family tutorials relax U and the turbulence equations, and p when not consistent.
# custom:
#   id: FOAM-SOL-006
#   severity: deny
#   fix: "Add `relaxationFactors { equations { U 0.9; \".*\" 0.9; } fields { p 0.3; } }` (no p factor with consistent yes)."
#   provenance:
#     - applications/solvers/incompressible/simpleFoam/pEqn.H:10
#     - src/OpenFOAM/matrices/solution/solution.C
package foamc.rules.solution.relaxation

import data.foamc.lib

# A SIMPLE pressure-velocity loop: scalarTransportFoam loops with simpleControl too, but
# solves no pressure (its tutorial has no relaxationFactors).
simple if {
	lib.solver_info.algorithm == "SIMPLE"
	lib.solver_info.pressure != ""
}

rf := lib.fv_solution.relaxationFactors

# solution.C: with neither fields nor equations the flat entries apply to both.
section(name) := rf[name] if is_object(rf[name])

else := rf if {
	is_object(rf)
	not lib.has(rf, "fields")
	not lib.has(rf, "equations")
}

else := {}

consistent if lib.truthy(lib.algorithm_dict.consistent)

relaxed(sec, name) if lib.found(sec, name)

relaxed(sec, _) if lib.has(sec, "default")

momentum := [m | some m in lib.solver_info.solve; m in {"U", "Urel"}][0]

findings contains f if {
	simple
	lib.fv_solution
	not lib.has(lib.fv_solution, "relaxationFactors")
	f := lib.finding_with(
		lib.file_ptr("system/fvSolution", ["SIMPLE"]),
		sprintf("%s has no relaxationFactors", [lib.solver]),
		{"related": [lib.missing(lib.file_ptr("system/fvSolution", ["relaxationFactors"]))]},
	)
}

findings contains f if {
	simple
	is_object(rf)
	not relaxed(section("equations"), momentum)
	f := lib.finding(
		lib.file_ptr("system/fvSolution", ["relaxationFactors"]),
		sprintf("relaxationFactors do not relax the %s equation", [momentum]),
	)
}

findings contains f if {
	simple
	is_object(rf)
	not consistent
	p := lib.solver_info.pressure
	not relaxed(section("fields"), p)
	f := lib.finding(
		lib.file_ptr("system/fvSolution", ["relaxationFactors"]),
		sprintf("relaxationFactors do not relax the field %s (SIMPLE without consistent)", [p]),
	)
}
