# METADATA
# title: fields the solver must read
# description: The solver's createFields.H reads these fields with MUST_READ from the start-time directory (interFoam also alpha.<phase1>).
# custom:
#   id: FOAM-STRUCT-002
#   severity: deny
#   fix: Add the field file to the start-time directory (0/ or 0.orig/) with dimensions, internalField and a boundaryField entry for every patch.
#   provenance:
#     - openfoam/solvers.json (fields, from each solver's createFields.H)
#     - src/transportModels/twoPhaseMixture/twoPhaseMixture/twoPhaseMixture.C:39
package foamc.rules.structure.fields

import data.foamc.lib

needed contains name if some name in lib.solver_info.fields

# interFoam: alpha.<first phase> from transportProperties `phases (water air)`.
needed contains sprintf("alpha.%s", [phases[0]]) if {
	lib.solver_info.multiphase
	phases := input.files["constant/transportProperties"].phases
	is_array(phases)
	count(phases) > 0
}

findings contains f if {
	some name in needed
	not lib.has(input.fields, name)
	dir := object.get(input.features, "fieldDir", "0")
	f := lib.finding_with(
		"/fields",
		sprintf("%s reads field %s but %s/%s does not exist", [lib.solver, name, dir, name]),
		{"related": [lib.missing(lib.file_ptr(concat("/", [dir, name]), []))]},
	)
}
