# METADATA
# title: controlDict values Time refuses at start-up
# description: |
#   Time::setControls and Time::readDict read controlDict before anything else, in every
#   application (blockMesh too), and stop with a FATAL IO ERROR on: a startFrom other than
#   startTime, firstTime, latestTime; a stopAt or writeControl word outside their
#   enumerations; `writeInterval` below 1 while writeControl is timeStep (the default),
#   since the interval is then a step count; a word where a number is read (`endTime inf`,
#   a startTime, writeInterval or writeFrequency word); a non-integer purgeWrite,
#   timePrecision or writePrecision; and a runTimeModifiable or adjustTimeStep that is no
#   switch word; solvers that adjust their step read maxCo and maxDeltaT as numbers too
#   (createTimeControls.H). writeInterval 0 under writeControl runTime/adjustableRunTime divides by
#   zero at the first step (SIGFPE). deltaT is FOAM-TIME-005's.
# custom:
#   id: FOAM-TIME-006
#   severity: deny
#   fix: Give each controlDict entry a value of the type Time reads (see the finding), e.g. `writeControl runTime;` for a writeInterval in time units.
#   provenance:
#     - src/OpenFOAM/db/Time/Time.C:146-189 (startFrom; readEntry startTime)
#     - src/OpenFOAM/db/Time/Time.C:290 (lookupOrDefault adjustTimeStep)
#     - src/OpenFOAM/db/Time/TimeIO.C:257-279 (writeControl enum; writeInterval < 1 for writeControl timeStep; readEntry writeFrequency)
#     - src/OpenFOAM/db/Time/TimeIO.C:300-357 (purgeWrite, timePrecision, stopAt enum, readEntry endTime)
#     - src/OpenFOAM/db/Time/TimeIO.C:375-420 (writePrecision unsigned int, runTimeModifiable switch)
#     - src/OpenFOAM/db/Time/Time.C:40-66 (stopAtControlNames, writeControlNames)
#     - src/OpenFOAM/primitives/bools/Switch/Switch.C:66-120, 225-275 (switch words)
#     - src/finiteVolume/cfdTools/general/include/createTimeControls.H (maxCo, maxDeltaT scalars)
#     - rules/timestartup_test.go TestTimeStartup (blockMesh v1912 stops with FATAL IO ERROR on each case, icoFoam with SIGFPE on writeInterval 0)
package foamc.rules.time.startup

import data.foamc.lib

file := "system/controlDict"

cd := input.files[file]

start_from := ["firstTime", "latestTime", "startTime"]

stop_at := ["endTime", "nextWrite", "noWriteNow", "writeNow"]

write_controls := ["adjustable", "adjustableRunTime", "clockTime", "cpuTime", "none", "runTime", "timeStep"]

# enums lists [key, the words Time accepts, the FATAL it raises on another word].
enums contains ["startFrom", start_from, "expected startTime, firstTime or latestTime"]

enums contains ["stopAt", stop_at, "is not in enumeration: 4(endTime noWriteNow writeNow nextWrite)"]

enums contains ["writeControl", write_controls, "is not in enumeration: 7(none timeStep runTime adjustable adjustableRunTime clockTime cpuTime)"]

findings contains f if {
	some [key, words, fatal] in enums
	w := cd[key]
	not w in words
	f := lib.finding_with(
		lib.file_ptr(file, [key]),
		sprintf("%s %v is not one of %s: OpenFOAM stops reading controlDict", [key, w, concat(", ", words)]),
		{
			"detail": sprintf("FOAM FATAL IO ERROR: %v %s", [w, fatal]),
			"suggest": lib.suggest(sprintf("%v", [w]), words),
		},
	)
}

# write_control is the one Time uses: timeStep unless the file names another.
write_control := object.get(cd, "writeControl", "timeStep")

# scalars lists the entries Time reads as numbers, when it reads them.
scalars contains "startTime" if cd.startFrom == "startTime"

scalars contains "endTime" if cd.stopAt == "endTime"

scalars contains "endTime" if not lib.has(cd, "stopAt")

scalars contains "writeInterval"

scalars contains "writeFrequency" if not lib.has(cd, "writeInterval")

# Solvers that can adjust their step read maxCo and maxDeltaT at start-up
# (createTimeControls.H), adjustTimeStep or not.
scalars contains key if {
	lib.solver_info.setDeltaT
	some key in ["maxCo", "maxDeltaT"]
}

findings contains f if {
	some key in scalars
	lib.has(cd, key)
	v := cd[key]
	not is_number(v)
	f := lib.finding_with(
		lib.file_ptr(file, [key]),
		sprintf("%s %v is not a number: OpenFOAM stops reading controlDict", [key, v]),
		{
			"detail": sprintf("FOAM FATAL IO ERROR: Wrong token type - expected scalar value, found %v", [v]),
			"fix": fix_word(key, v),
		},
	)
}

fix_word(key, v) := "Give endTime as a number: v1912 reads no `inf`; for a run without an end use a large finite endTime and stop it with `foamStopAt writeNow`." if {
	key == "endTime"
	v == "inf"
}

else := sprintf("Give %s as a number.", [key])

# labels lists the entries Time reads as integers (the case document keeps `6.0` as 6, so
# only a visible fraction or a word is caught).
labels := ["purgeWrite", "timePrecision", "writePrecision"]

findings contains f if {
	some key in labels
	lib.has(cd, key)
	v := cd[key]
	not lib.is_label(v)
	f := lib.finding_with(
		lib.file_ptr(file, [key]),
		sprintf("%s %v is not an integer: OpenFOAM stops reading controlDict", [key, v]),
		{"detail": sprintf("FOAM FATAL IO ERROR: Wrong token type - expected label, found %v", [v])},
	)
}

findings contains f if {
	some key in ["adjustTimeStep", "runTimeModifiable"]
	lib.has(cd, key)
	v := cd[key]
	not lib.is_switch(v)
	f := lib.finding_with(
		lib.file_ptr(file, [key]),
		sprintf("%s %v is not a switch (true/false, yes/no, on/off): OpenFOAM stops reading controlDict", [key, v]),
		{
			"detail": sprintf("FOAM FATAL IO ERROR: Expected 'true/false', 'on/off' ... found %v", [v]),
			"suggest": lib.suggest(sprintf("%v", [v]), ["false", "no", "off", "on", "true", "yes"]),
		},
	)
}

# writeInterval counts steps under writeControl timeStep: label(writeInterval) < 1 stops.
findings contains f if {
	write_control == "timeStep"
	wi := cd.writeInterval
	is_number(wi)
	wi < 1
	f := lib.finding_with(
		lib.file_ptr(file, ["writeInterval"]),
		sprintf("writeInterval %v is below 1 while writeControl is timeStep (a step count): OpenFOAM stops reading controlDict", [wi]),
		{
			"detail": "FOAM FATAL IO ERROR: writeInterval < 1 for writeControl timeStep",
			"fix": sprintf("To write every %v of simulated time set `writeControl runTime;`; to write every N steps give writeInterval as a whole number N >= 1.", [wi]),
			"related": related_write_control,
			"edits": [lib.fix_set(file, ["writeControl"], "runTime")],
		},
	)
}

related_write_control := [lib.related(lib.file_ptr(file, ["writeControl"]), "writeControl timeStep")] if lib.has(cd, "writeControl")

else := []

findings contains f if {
	write_control in {"runTime", "adjustable", "adjustableRunTime"}
	cd.writeInterval == 0
	f := lib.finding_with(
		lib.file_ptr(file, ["writeInterval"]),
		sprintf("writeInterval 0 with writeControl %s: the first time step divides by it (floating point exception)", [write_control]),
		{"related": [lib.related(lib.file_ptr(file, ["writeControl"]), sprintf("writeControl %s", [write_control]))]},
	)
}
