# METADATA
# title: dynamic code at read time (#codeStream, #calc)
# description: |
#   OpenFOAM compiles and dlopens the C++ of #codeStream and #calc while it reads the
#   dictionary; foamc never executes it and refuses it unless --allow-code is given, in
#   every #if/#ifeq/#else branch (foamc evaluates conditions in its own environment, the
#   solver in another).
# custom:
#   id: FOAM-SEC-001
#   severity: deny
#   fix: Replace the directive by its literal value, or run with --allow-code after reviewing the code.
#   provenance:
#     - src/OpenFOAM/db/dictionary/functionEntries/codeStream/codeStream.C
#     - src/OpenFOAM/db/dictionary/functionEntries/calcEntry/calcEntry.C
#   applies_to:
#     releases: [any]
package foamc.rules.security.codestream

import data.foamc.lib

findings contains f if {
	not data.config.allow_code
	some d in input.directives
	d.name in {"#codeStream", "#calc"}
	f := lib.finding_with(
		object.get(d, "path", lib.ptr(["files", d.file])),
		sprintf("%s in %s compiles and loads C++ code when OpenFOAM reads it", [d.name, d.file]),
		{"location": {"file": d.file, "line": object.get(d, "line", 0), "column": object.get(d, "column", 0)}},
	)
}
