# METADATA
# title: write control writes something
# description: A writeInterval longer than the run writes only the final time, if at all (a writeControl outside its enumeration stops OpenFOAM, FOAM-TIME-006).
# custom:
#   id: FOAM-TIME-003
#   severity: warn
#   fix: Use a writeInterval shorter than endTime - startTime.
#   provenance:
#     - src/OpenFOAM/db/Time/Time.C
#     - src/OpenFOAM/db/Time/TimeIO.C
package foamc.rules.time.write

import data.foamc.lib

cd := lib.control_dict

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
