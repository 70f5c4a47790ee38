# METADATA
# title: scalarTransport function object inputs
# description: The scalarTransport function object (src/functionObjects/solvers/scalarTransport) reads its field (default s) from the start time (MUST_READ, scalarTransport.C:71), looks up div(phi,<schemesField>) (:261) and solves with solverDict(<schemesField>) (:352). Measured in v1912 (pimpleFoam channel with a tracer) - without 0/tracer the function object is not loaded (a warning) and the run ends without the scalar; without div(phi,tracer) - FATAL IO ERROR "Entry 'div(phi,tracer)' not found"; without a tracer solver - "Entry 'tracer' not found in dictionary fvSolution.solvers".
# custom:
#   id: FOAM-STRUCT-042
#   severity: deny
#   fix: "Give the scalar a field file in the start time, a div(phi,<field>) scheme and a linear solver entry <field> in fvSolution."
#   provenance:
#     - src/functionObjects/solvers/scalarTransport/scalarTransport.C
package foamc.rules.structure.scalartransport

import data.foamc.lib

# transported are the scalarTransport function objects: name -> [field, schemesField].
transported[name] := [field, object.get(fo, "schemesField", field)] if {
	some name, fo in object.get(lib.control_dict, "functions", {})
	is_object(fo)
	fo.type == "scalarTransport"
	object.get(fo, "region", "region0") == "region0"
	field := object.get(fo, "field", "s")
}

# A function object of another mesh region (region cabin: windshieldCondensation) reads
# that region's <start>/<region>/ field and system/<region>/ schemes and solution, which
# this rule does not model: it is left unjudged rather than denied.

findings contains f if {
	some name, [field, _] in transported
	not input.fields[field]
	f := lib.finding_with(
		lib.file_ptr("system/controlDict", ["functions", name]),
		sprintf("function object %s transports %s, which has no field file in the start time: OpenFOAM skips the function with a warning and the run has no %s", [name, field, field]),
		{"related": [lib.missing(lib.file_ptr(concat("/", ["0", field]), []))]},
	)
}

findings contains f if {
	some name, [_, key] in transported
	div := sprintf("div(phi,%s)", [key])
	not lib.scheme_found(object.get(lib.fv_schemes, "divSchemes", {}), div)
	f := lib.finding(
		lib.file_ptr("system/fvSchemes", ["divSchemes"]),
		sprintf("function object %s needs %s in divSchemes: OpenFOAM stops at its first execution", [name, div]),
	)
}

findings contains f if {
	some name, [_, key] in transported
	solvers := object.get(lib.fv_solution, "solvers", {})
	not lib.lookup(solvers, key)
	f := lib.finding(
		lib.file_ptr("system/fvSolution", ["solvers"]),
		sprintf("function object %s solves %s but fvSolution's solvers has no %s entry: OpenFOAM stops at its first execution", [name, key, key]),
	)
}
