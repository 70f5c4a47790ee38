# METADATA
# title: write control writes something
# description: writeControl is an enum (timeStep, runTime, adjustable, adjustableRunTime, clockTime, cpuTime); a writeInterval longer than the run writes only the final time, if at all.
# custom:
#   id: FOAM-TIME-003
#   severity: warn
#   fix: Use a valid writeControl and a writeInterval shorter than endTime - startTime.
#   provenance:
#     - src/OpenFOAM/db/Time/Time.C
#     - src/OpenFOAM/db/Time/TimeIO.C
package foamc.rules.time.write

import data.foamc.lib

controls := ["adjustable", "adjustableRunTime", "clockTime", "cpuTime", "runTime", "timeStep"]

cd := lib.control_dict

findings contains f if {
	wc := cd.writeControl
	not wc in controls
	f := lib.finding_with(
		lib.file_ptr("system/controlDict", ["writeControl"]),
		sprintf("unknown writeControl %q", [wc]),
		{
			"suggest": lib.suggest(wc, controls),
		},
	)
}

start := cd.startTime if object.get(cd, "startFrom", "startTime") == "startTime"

span := cd.endTime - start if {
	is_number(cd.endTime)
	is_number(start)
}

interval := cd.writeInterval * cd.deltaT if {
	cd.writeControl == "timeStep"
	is_number(cd.deltaT)
}

else := cd.writeInterval if cd.writeControl in {"adjustable", "adjustableRunTime", "runTime"}

# A run without any time step (span <= 0) is FOAM-TIME-005's finding.
findings contains f if {
	is_number(cd.writeInterval)
	span > 0
	interval > span
	f := lib.finding(
		lib.file_ptr("system/controlDict", ["writeInterval"]),
		sprintf("writeInterval covers %v, longer than the run (%v)", [interval, span]),
	)
}
