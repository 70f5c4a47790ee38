# METADATA
# title: includes from outside the case
# description: "#include with an absolute path or one that climbs out of the case reads files the case does not own (includeEntry); #includeEtc is OpenFOAM's own etc tree and is fine."
# custom:
#   id: FOAM-SEC-005
#   severity: warn
#   fix: Copy the included file into the case and include it with a case-relative path.
#   provenance:
#     - src/OpenFOAM/db/dictionary/functionEntries/includeEntry/includeEntry.C
#   applies_to:
#     releases: [any]
package foamc.rules.security.includes

import data.foamc.lib

outside(inc) if startswith(inc.target, "/")

outside(inc) if startswith(object.get(inc, "resolved", ""), "../")

outside(inc) if startswith(object.get(inc, "resolved", ""), "/")

# OpenFOAM's own etc tree and function-object templates.
etc_directives := {"#includeEtc", "#includeFunc"}

findings contains f if {
	some inc in input.includes
	not object.get(inc, "directive", "#include") in etc_directives

	# includes made by OpenFOAM's own etc files (reached through #includeEtc)
	not startswith(inc.file, "/")
	outside(inc)
	f := lib.finding_with(
		"/includes",
		sprintf("%s includes %s, outside the case", [inc.file, inc.target]),
		{"location": {"file": inc.file, "line": object.get(inc, "line", 0)}},
	)
}
