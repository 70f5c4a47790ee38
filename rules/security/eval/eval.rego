# METADATA
# title: "#eval expressions"
# description: "#eval evaluates an expression while reading the dictionary without compiling code; foamc records it but cannot check the computed value."
# custom:
#   id: FOAM-SEC-006
#   severity: info
#   fix: Nothing to do; the value is computed by OpenFOAM at read time.
#   provenance:
#     - src/OpenFOAM/db/dictionary/functionEntries/evalEntry/evalEntry.C
#   applies_to:
#     releases: [any]
package foamc.rules.security.eval

import data.foamc.lib

findings contains f if {
	some d in input.directives
	d.name == "#eval"
	f := lib.finding_with(
		object.get(d, "path", "/directives"),
		sprintf("#eval in %s is computed by OpenFOAM at read time", [d.file]),
		{"location": {"file": d.file, "line": object.get(d, "line", 0), "column": object.get(d, "column", 0)}},
	)
}
