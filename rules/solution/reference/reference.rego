# METADATA
# title: reference pressure in closed domains
# description: When no pressure boundary fixes the value, setRefCell needs pRefCell or pRefPoint, and pRefValue, in the algorithm dictionary (findRefCell.C:40-110).
# custom:
#   id: FOAM-SOL-004
#   severity: deny
#   fix: "Add `pRefCell 0; pRefValue 0;` (or pRefPoint) to the SIMPLE/PISO/PIMPLE dictionary of fvSolution (rhoSimpleFoam: pRefValue is an absolute pressure, and pMinFactor/pMaxFactor scale it)."
#   provenance:
#     - src/finiteVolume/cfdTools/general/findRefCell/findRefCell.C:40
#     - src/finiteVolume/cfdTools/general/pressureControl/pressureControl.C:53
#     - src/finiteVolume/cfdTools/general/solutionControl/solutionControl/solutionControl.C:301
package foamc.rules.solution.reference

import data.foamc.lib

closed if {
	lib.solver_info.pRef
	lib.closed(lib.solver_info.pressure)
}

findings contains f if {
	closed
	algo := lib.algorithm
	d := lib.fv_solution[algo]
	missing := [m | some k in ref_keys; not any_of(d, k.keys); m := k.text]
	count(missing) > 0
	f := lib.finding_with(
		lib.file_ptr("system/fvSolution", [algo]),
		sprintf("no boundary fixes %s (closed domain): %s needs %s", [lib.solver_info.pressure, algo, concat(" and ", missing)]),
		{
			"fix": sprintf("Add `pRefCell 0; pRefValue %v;` to the %s dictionary of fvSolution (the reference value is the initial pressure level).", [ref_value, algo]),
			"edits": [lib.fix_add("system/fvSolution", [algo, k.keys[0]], k.value) | some k in ref_keys; not any_of(d, k.keys)],
		},
	)
}

# Without the dictionary the solver reads an empty one (solutionControl.C:301) and setRefCell
# stops all the same. A solver that requires the dictionary stops earlier (FOAM-SOL-005).
findings contains f if {
	closed
	algo := lib.algorithm
	algo != ""
	lib.fv_solution
	not lib.has(lib.fv_solution, algo)
	not lib.solver_info.algorithmRequired
	f := lib.finding_with(
		lib.file_ptr("system/fvSolution", []),
		sprintf("no boundary fixes %s (closed domain): fvSolution needs a %s dictionary with pRefCell (or pRefPoint) and pRefValue", [lib.solver_info.pressure, algo]),
		{
			"fix": sprintf("Add `%s { pRefCell 0; pRefValue %v; }` to fvSolution (the reference value is the initial pressure level).", [algo, ref_value]),
			"edits": [lib.fix_add("system/fvSolution", [algo], sprintf("{ pRefCell 0; pRefValue %v; }", [ref_value]))],
		},
	)
}

# ref_value is the uniform initial value of p (absolute for compressible and buoyant
# solvers, whose setRefCell level is physical), else 0.
ref_value := v if {
	v := lib.uniform(lib.field("p").internalField)
	is_number(v)
} else := 0

# setRefCell reads <p>RefCell, else <p>RefPoint, then <p>RefValue (findRefCell.C:52-110);
# p_rgh solvers call it with p's name.
ref_keys := [
	{"keys": ["pRefCell", "pRefPoint"], "text": "pRefCell (or pRefPoint)", "value": 0},
	{"keys": ["pRefValue"], "text": "pRefValue", "value": ref_value},
]

any_of(d, keys) if {
	some k in keys
	lib.has(d, k)
}
