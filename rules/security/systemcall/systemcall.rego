# METADATA
# title: systemCall function object
# description: systemCall runs shell commands (executeCalls, writeCalls, endCalls); allowSystemOperations is 1 by default in etc/controlDict, so as a normal user the commands really run. Its type may be given under a pattern keyword (`"typ(e)" systemCall;`).
# custom:
#   id: FOAM-SEC-003
#   severity: deny
#   fix: Remove the systemCall function object and run the commands yourself, or use --allow-code after reviewing them.
#   provenance:
#     - src/functionObjects/utilities/systemCall/systemCall.C:127
#     - etc/controlDict:68
#   applies_to:
#     releases: [any]
package foamc.rules.security.systemcall

import data.foamc.lib

findings contains f if {
	not data.config.allow_code
	some [file, path, v, loc] in lib.typed_objects
	some [_, "systemCall"] in lib.types(v)
	cmds := [c |
		some k in ["executeCalls", "writeCalls", "endCalls"]
		some [_, calls] in lib.entries(v, k)
		some c in lib.words(calls)
	]
	f := lib.sec_finding(
		file, path, loc,
		sprintf("systemCall in %s runs shell commands: %s", [file, concat("; ", [sprintf("%v", [c]) | some c in cmds])]),
	)
}
