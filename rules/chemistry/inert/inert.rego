# METADATA
# title: inertSpecie names a specie of the mixture
# description: reactingFoam (and the other solvers that solve Y with an inert remainder) read inertSpecie from thermophysicalProperties with get<word> and stop when it is missing ("Entry 'inertSpecie' not found") or not among the species ("Inert specie Ar not found in available species"); both run first in v1912 (eval/faults reacting-no-inert, reacting-bad-inert).
# custom:
#   id: FOAM-CHEM-001
#   severity: deny
#   fix: Set inertSpecie in constant/thermophysicalProperties to the specie that makes up the rest of the mixture (N2 for air).
#   provenance:
#     - applications/solvers/combustion/reactingFoam/createFields.H
package foamc.rules.chemistry.inert

import data.foamc.lib

file := "constant/thermophysicalProperties"

findings contains f if {
	lib.solver in lib.inert_solvers
	count(lib.species) > 0
	not lib.has(lib.thermo_props, "inertSpecie")
	f := lib.finding_with(lib.file_ptr(file, []), sprintf("%s needs inertSpecie in thermophysicalProperties", [lib.solver]), {
		"related": [lib.missing(lib.file_ptr(file, ["inertSpecie"]))],
		"suggest": lib.suggest("N2", lib.species),
	})
}

findings contains f if {
	lib.solver in lib.inert_solvers
	count(lib.species) > 0
	s := lib.thermo_props.inertSpecie
	not s in lib.species
	f := lib.finding_with(lib.file_ptr(file, ["inertSpecie"]), sprintf("inert specie %v is not one of the species %v", [s, lib.species]), {"suggest": lib.suggest(sprintf("%v", [s]), lib.species)})
}
