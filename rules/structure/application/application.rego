# METADATA
# title: controlDict names a v1912 application
# description: |
#   OpenFOAM's solvers do not read `application` (Time only records it), so a case without it
#   or with an unknown name still runs when the solver is started by hand. But Allrun scripts
#   start `$(getApplication)`, `foamc run` and the gate take the solver from it, and foamc's
#   solver rules cannot check a case whose solver they do not know, so the case is linted
#   blind (warn).
# custom:
#   id: FOAM-STRUCT-009
#   severity: warn
#   fix: Set `application <solver>;` in system/controlDict to the solver that runs the case (icoFoam, simpleFoam, ...).
#   provenance:
#     - src/OpenFOAM/db/Time/TimeIO.C:92 (readIfPresent application)
#     - bin/tools/RunFunctions (getApplication)
#     - applications/solvers/**/Make/files, applications/utilities/**/Make/files (EXE names)
#     - fault corpus ico-no-application, ico-unknown-application (faults/outcomes.json; icoFoam runs)
package foamc.rules.structure.application

import data.foamc.lib

file := "system/controlDict"

findings contains f if {
	input.headers[file]
	not lib.has(input.files[file], "application")
	f := lib.finding(
		lib.file_ptr(file, []),
		"controlDict has no application: foamc cannot tell which solver runs the case, so solver checks were skipped",
	)
}

findings contains f if {
	app := input.files[file].application
	not app in lib.v1912_solvers
	not app in lib.v1912_utilities
	f := lib.finding_with(
		lib.file_ptr(file, ["application"]),
		sprintf("application %v is not a v1912 solver or utility: foamc cannot check the case against its solver", [app]),
		{
			"suggest": lib.suggest(sprintf("%v", [app]), [a | some a in (lib.v1912_solvers | lib.v1912_utilities)]),
		},
	)
}
