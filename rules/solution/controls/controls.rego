# METADATA
# title: fvSolution controls of the type the solver reads
# description: |
#   solutionControl, pisoControl, pimpleControl and setRefCell read the algorithm dictionary
#   (SIMPLE, PISO, PIMPLE) with typed lookups, solution::read reads every relaxation factor
#   as a scalar (ESI v2506: a Function1 of time, not judged here), and lduMatrix::solver reads tolerance, relTol, maxIter and minIter of the
#   field's solver dictionary; a value of another type stops the solver with a FATAL IO
#   ERROR ("Wrong token type - expected label ...", "Expected 'true/false', 'on/off' ...").
#   Integer controls: nCorrectors, nOuterCorrectors, nNonOrthogonalCorrectors, pRefCell,
#   maxIter, minIter; switches: momentumPredictor, transonic, consistent, frozenFlow,
#   SIMPLErho, turbOnFinalIterOnly, solveFlow; scalars: pRefValue, tolerance, relTol and the
#   relaxation factors (a coupled solver's tolerance and relTol: one number per component).
# custom:
#   id: FOAM-SOL-012
#   severity: deny
#   fix: Give the entry a value of the type OpenFOAM reads (a whole number, a switch word such as yes/no, or a number).
#   provenance:
#     - src/finiteVolume/cfdTools/general/solutionControl/solutionControl/solutionControl.C:44-51
#     - src/finiteVolume/cfdTools/general/solutionControl/pimpleControl/pimpleControl.C:47-52
#     - src/finiteVolume/cfdTools/general/solutionControl/pisoControl/pisoControl.C (nCorrectors)
#     - src/finiteVolume/cfdTools/general/findRefCell/findRefCell.C (pRefCell, pRefValue)
#     - src/OpenFOAM/matrices/solution/solution.C:70-98 (relaxation factors get<scalar>)
#     - src/OpenFOAM/matrices/lduMatrix/lduMatrix/lduMatrixSolver.C (readControls tolerance, relTol, maxIter, minIter)
#     - rules/timestartup_test.go TestSolutionControls (icoFoam v1912 stops on each)
package foamc.rules.solution.controls

import data.foamc.lib

file := "system/fvSolution"

fvs := input.files[file]

integers := {"nCorrectors", "nOuterCorrectors", "nNonOrthogonalCorrectors", "pRefCell"}

switches := {"momentumPredictor", "transonic", "consistent", "frozenFlow", "SIMPLErho", "turbOnFinalIterOnly", "solveFlow"}

# checks yields [pointer tokens, value, the type OpenFOAM reads] for every typed entry.
checks contains [[lib.algorithm, key], v, "a whole number"] if {
	some key in integers
	v := lib.algorithm_dict[key]
	not lib.is_label(v)
}

checks contains [[lib.algorithm, key], v, "a switch (yes/no, true/false, on/off)"] if {
	some key in switches
	v := lib.algorithm_dict[key]
	not lib.is_switch(v)
}

checks contains [[lib.algorithm, "pRefValue"], v, "a number"] if {
	v := lib.algorithm_dict.pRefValue
	not is_number(v)
}

# ESI v2506 reads each factor as a Function1 (`U table (...)`, `U lookup; name r;`).
checks contains [["relaxationFactors", kind, name], v, "a number"] if {
	not data.kb.release.layout.relaxationFunction1
	some kind in ["fields", "equations"]
	some name, v in fvs.relaxationFactors[kind]
	name != "$regex"
	not is_number(v)
}

checks contains [["solvers", field, key], v, want] if {
	some field, d in fvs.solvers
	field != "$regex"
	is_object(d)
	some [key, want] in [["tolerance", "a number"], ["relTol", "a number"], ["maxIter", "a whole number"], ["minIter", "a whole number"]]
	v := d[key]
	not typed(v, want)
}

typed(v, "a number") if is_number(v)

# A coupled solver (`type coupled;`) reads one tolerance per component.
typed(v, "a number") if {
	is_array(v)
	every x in v {
		is_number(x)
	}
}

typed(v, "a whole number") if lib.is_label(v)

findings contains f if {
	some [tokens, v, want] in checks
	f := lib.finding(
		lib.file_ptr(file, tokens),
		sprintf("%s %v is not %s: the solver stops reading fvSolution", [concat("/", tokens), v, want]),
	)
}
