# METADATA
# title: fileHandler is one OpenFOAM has
# description: |
#   Time::readDict reads the case controlDict's OptimisationSwitches; a `fileHandler` there
#   that differs from the one in use is constructed by name (fileOperation::New), and a name
#   outside the run-time selection table stops every application, blockMesh too, with a FATAL
#   ERROR "Unknown fileHandler type" before the first time step. The table holds collated,
#   hostCollated, masterUncollated and uncollated.
# custom:
#   id: FOAM-TIME-009
#   severity: deny
#   fix: Name one of OpenFOAM's file handlers in OptimisationSwitches (uncollated is the default), or remove the entry.
#   provenance:
#     - src/OpenFOAM/db/Time/TimeIO.C:146-170 (readIfPresent fileHandler; fileOperation::New when it differs)
#     - src/OpenFOAM/global/fileOperations/fileOperation/fileOperation.C:425-441 (FatalErrorInLookup "fileHandler")
#     - src/OpenFOAM/global/fileOperations/*/*FileOperation.C (addToRunTimeSelectionTable: collated, hostCollated, masterUncollated, uncollated)
#     - icoFoam v1912 on the cavity with `fileHandler bogus;`: "Unknown fileHandler type bogus ... 4(collated hostCollated masterUncollated uncollated)"
package foamc.rules.time.filehandler

import data.foamc.lib

file := "system/controlDict"

handlers := ["collated", "hostCollated", "masterUncollated", "uncollated"]

findings contains f if {
	h := input.files[file].OptimisationSwitches.fileHandler
	not h in handlers
	f := lib.finding_with(
		lib.file_ptr(file, ["OptimisationSwitches", "fileHandler"]),
		sprintf("fileHandler %v is not one of %s: every application stops at start-up", [h, concat(", ", handlers)]),
		{
			"detail": sprintf("FOAM FATAL ERROR: Unknown fileHandler type %v", [h]),
			"suggest": lib.suggest(sprintf("%v", [h]), handlers),
		},
	)
}
