# METADATA
# title: steady solvers count iterations with deltaT 1
# description: For steady solvers time is an iteration counter; deltaT other than 1 only rescales endTime and writeInterval and confuses both.
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
		{"edits": [lib.fix_set("system/controlDict", ["deltaT"], 1)]},
	)
}
