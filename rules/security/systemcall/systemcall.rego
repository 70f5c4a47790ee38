# METADATA
# title: systemCall function object
# description: systemCall runs shell commands (executeCalls, writeCalls, endCalls); allowSystemOperations is 1 by default in etc/controlDict, so as a normal user the commands really run.
# custom:
#   id: FOAM-SEC-003
#   severity: deny
#   fix: Remove the systemCall function object and run the commands yourself, or use --allow-code after reviewing them.
#   provenance:
#     - src/functionObjects/utilities/systemCall/systemCall.C:127
#     - etc/controlDict:68
package foamc.rules.security.systemcall

import data.foamc.lib

findings contains f if {
	not data.config.allow_code
	some [file, path, v] in lib.typed_objects
	v.type == "systemCall"
	cmds := [c | some k in ["executeCalls", "writeCalls", "endCalls"]; some c in object.get(v, k, [])]
	f := lib.finding(
		lib.file_ptr(file, path),
		sprintf("systemCall in %s runs shell commands: %s", [file, concat("; ", [sprintf("%v", [c]) | some c in cmds])]),
	)
}
