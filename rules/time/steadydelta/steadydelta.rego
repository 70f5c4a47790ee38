# METADATA
# title: steady solvers count iterations with deltaT 1
# description: For steady solvers time is an iteration counter; deltaT other than 1 only rescales endTime and writeInterval and confuses both. The repair sets deltaT 1 and rescales endTime (from startTime 0) and a writeInterval in time (runTime, adjustable) by 1/deltaT, so the run keeps its iteration count.
# custom:
#   id: FOAM-TIME-002
#   severity: warn
#   fix: Set `deltaT 1;` and give endTime as the number of iterations.
#   provenance:
#     - tutorials/incompressible/simpleFoam/pitzDaily/system/controlDict
package foamc.rules.time.steadydelta

import data.foamc.lib

findings contains f if {
	lib.solver_info.steady
	dt := lib.control_dict.deltaT
	is_number(dt)
	dt != 1
	f := lib.finding_with(
		lib.file_ptr("system/controlDict", ["deltaT"]),
		sprintf("steady solver %s with deltaT %v", [lib.solver, dt]),
		{"edits": array.concat([lib.fix_set("system/controlDict", ["deltaT"], 1)], rescaled(dt))},
	)
}

cd := lib.control_dict

# rescaled keeps the iteration count: endTime and a writeInterval in time divided by deltaT.
rescaled(dt) := [lib.fix_set("system/controlDict", [k], round(cd[k] / dt)) |
	some k in ["endTime", "writeInterval"]
	is_number(cd[k])
	in_time(k)
]

in_time("endTime") if {
	object.get(cd, "startFrom", "latestTime") == "startTime"
	object.get(cd, "startTime", 0) == 0
}

in_time("writeInterval") if cd.writeControl in {"runTime", "adjustable", "adjustableRunTime"}
