# METADATA
# title: controlDict names a v1912 application
# description: |
#   OpenFOAM's solvers do not read `application` (Time only records it), so a case without it
#   or with an unknown name still runs when the solver is started by hand. But Allrun scripts
#   start `$(getApplication)`, `foamc run` and the gate take the solver from it, and foamc's
#   solver rules cannot check a case whose solver they do not know, so the case is linted
#   blind (warn). A name one slip from a v1912 application (a letter changed, dropped or
#   swapped with its neighbour, or the case) is a misspelling: the run cannot start, since
#   `foamc run`, the Slurm job and Allrun's `runApplication $(getApplication)` all start the
#   named program (deny; rules/timestartup_test.go runs getApplication/runApplication).
# custom:
#   id: FOAM-STRUCT-009
#   severity: warn
#   fix: Set `application <solver>;` in system/controlDict to the solver that runs the case (icoFoam, simpleFoam, ...).
#   provenance:
#     - src/OpenFOAM/db/Time/TimeIO.C:92 (readIfPresent application)
#     - bin/tools/RunFunctions (getApplication)
#     - applications/solvers/**/Make/files, applications/utilities/**/Make/files (EXE names)
#     - fault corpus ico-no-application, ico-unknown-application (faults/outcomes.json; icoFoam runs)
#     - rules/timestartup_test.go TestMisspeltApplication (RunFunctions runApplication of icoFaom fails)
#   applies_to:
#     releases: [openfoam-v1912]
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
		unknown_msg(app),
		object.union(
			{"suggest": lib.suggest(sprintf("%v", [app]), [a | some a in (lib.v1912_solvers | lib.v1912_utilities)])},
			misspelt_severity(app),
		),
	)
}

unknown_msg(app) := sprintf("application %v is a misspelling of %s: the run starts %v, which does not exist", [app, concat(", ", sort(near_names(app))), app]) if {
	count(near_names(app)) > 0
}

else := sprintf("application %v is not a v1912 solver or utility: foamc cannot check the case against its solver", [app])

misspelt_severity(app) := {"severity": "deny"} if count(near_names(app)) > 0

else := {}

near_names(app) := {a |
	is_string(app)
	some a in (lib.v1912_solvers | lib.v1912_utilities)
	slip(lower(app), lower(a))
}

# slip: b is a with one typing slip: the case only, one letter changed, one dropped, or
# two neighbours swapped.
slip(a, b) if a == b

slip(a, b) if {
	count(a) == count(b)
	diff := [i | some i in numbers.range(0, count(a) - 1); substring(a, i, 1) != substring(b, i, 1)]
	count(diff) == 1
}

slip(a, b) if {
	count(a) == count(b)
	diff := [i | some i in numbers.range(0, count(a) - 1); substring(a, i, 1) != substring(b, i, 1)]
	[i, j] := diff
	j == i + 1
	substring(a, i, 1) == substring(b, j, 1)
	substring(a, j, 1) == substring(b, i, 1)
}

slip(a, b) if {
	count(a) == count(b) - 1
	some i in numbers.range(0, count(a))
	concat("", [substring(b, 0, i), substring(b, i + 1, -1)]) == a
}
