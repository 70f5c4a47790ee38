# METADATA
# title: controlDict time controls the solver can run with
# description: |
#   Time reads controlDict before anything else. It stops (FATAL IO ERROR) when the file has
#   no FoamFile header, when deltaT is missing, when neither writeInterval nor writeFrequency
#   is given, when `startFrom startTime` has no startTime and when `stopAt endTime` has no
#   endTime; a deltaT that is not a positive number stops the first time step (SIGFPE for
#   0 and negative values). An endTime not half a step past the start time runs no time
#   step at all: the solver reads everything and exits cleanly (warn). Utilities
#   (blockMesh: `deltaT 0; endTime 0;` in the mesh tutorials) take no time step and are
#   exempt from both.
# custom:
#   id: FOAM-TIME-005
#   severity: deny
#   fix: "Give controlDict a FoamFile header and `deltaT` > 0, `writeInterval`, `startTime` (with `startFrom startTime`) and an `endTime` after `startTime`."
#   provenance:
#     - src/OpenFOAM/db/Time/TimeIO.C:254 (readEntry deltaT)
#     - src/OpenFOAM/db/Time/TimeIO.C:266-278 (writeInterval, else readEntry writeFrequency)
#     - src/OpenFOAM/db/Time/TimeIO.C:343-357 (stopAt endTime reads endTime; without stopAt endTime defaults to 0)
#     - src/OpenFOAM/db/Time/Time.C:148-156 (startFrom startTime reads startTime)
#     - src/OpenFOAM/db/Time/Time.C:873 (run() while value < endTime - 0.5 deltaT)
#     - fault corpus ico-deltat-zero, ico-deltat-negative, ico-controldict-header-only, ico-controldict-empty, ico-endtime-equal (faults/outcomes.json)
package foamc.rules.time.controls

import data.foamc.lib

file := "system/controlDict"

cd := input.files[file]

findings contains f if {
	lib.file_exists(file)
	not input.headers[file]
	f := lib.finding_with(
		lib.file_ptr(file, []),
		"system/controlDict has no FoamFile header: OpenFOAM cannot read it",
		{
			"fix": "Start the file with `FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }` and the time controls.",
		},
	)
}

# required lists [key, why] for entries Time reads with readEntry.
required contains ["deltaT", "Time reads deltaT at start-up"]

required contains ["startTime", "startFrom startTime reads it"] if cd.startFrom == "startTime"

required contains ["endTime", "stopAt endTime reads it"] if cd.stopAt == "endTime"

findings contains f if {
	input.headers[file]
	some [key, why] in required
	not lib.has(cd, key)
	f := lib.finding(
		lib.file_ptr(file, [key]),
		sprintf("controlDict has no %s (%s)", [key, why]),
	)
}

findings contains f if {
	input.headers[file]
	not lib.has(cd, "writeInterval")
	not lib.has(cd, "writeFrequency")
	f := lib.finding(
		lib.file_ptr(file, ["writeInterval"]),
		"controlDict has neither writeInterval nor writeFrequency",
	)
}

findings contains f if {
	lib.has(cd, "deltaT")
	not is_number(cd.deltaT)
	f := lib.finding(
		lib.file_ptr(file, ["deltaT"]),
		sprintf("deltaT %v is not a number", [cd.deltaT]),
	)
}

findings contains f if {
	not lib.is_utility
	is_number(cd.deltaT)
	cd.deltaT <= 0
	f := lib.finding(
		lib.file_ptr(file, ["deltaT"]),
		sprintf("deltaT %v is not positive: the first time step fails", [cd.deltaT]),
	)
}

# The run's start when it is written down (startFrom latestTime/firstTime take a directory).
start := cd.startTime if {
	cd.startFrom == "startTime"
	is_number(cd.startTime)
}

findings contains f if {
	not lib.is_utility
	object.get(cd, "stopAt", "endTime") == "endTime"
	is_number(cd.endTime)
	is_number(cd.deltaT)
	cd.deltaT > 0
	cd.endTime < start + (0.5 * cd.deltaT)
	f := lib.finding_with(
		lib.file_ptr(file, ["endTime"]),
		sprintf("endTime %v is not after startTime %v: the solver exits without a time step", [cd.endTime, start]),
		{
			"severity": "warn",
		},
	)
}
