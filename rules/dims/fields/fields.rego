# METADATA
# title: model and solver field dimensions
# description: Transport equations check dimensions (k [0 2 -2], epsilon [0 2 -3], omega [0 0 -1], nut/nuTilda [0 2 -1], alphat [1 -1 -1] for compressible, T [0 0 0 1], U [0 1 -1]).
# custom:
#   id: FOAM-DIM-003
#   severity: deny
#   fix: Set the field's `dimensions` to the value given in the message.
#   provenance:
#     - kb/curated/dims.json
#     - src/TurbulenceModels/turbulenceModels/RAS/kEpsilon/kEpsilon.C
package foamc.rules.dims.fields

import data.foamc.lib

# Only fields the case's (curated) solver or model reads: other solvers give the same
# names other meanings (T is a passive scalar in scalarTransportFoam; alphat is kinematic in
# the Boussinesq solvers).
checked(name) if {
	name in lib.solver_info.fields
	not passive(name)
}

# scalarTransportFoam's T takes any dimensions: only DT is dimensioned (createFields.H:50).
passive("T") if lib.solver == "scalarTransportFoam"

checked(name) if name in lib.model_fields

checked("alphat") if {
	input.features.compressible
	lib.solver_info.turbulence
	lib.turbulent
}

findings contains f if {
	some name, want in data.kb.dims
	checked(name)
	file := input.fields[name]
	d := lib.dims(input.files[file].dimensions)
	d != want
	f := lib.finding_with(
		lib.file_ptr(file, ["dimensions"]),
		sprintf("%s has dimensions %s, expected %s", [name, lib.dims_text(d), lib.dims_text(want)]),
		{"edits": [lib.fix_set(file, ["dimensions"], lib.dims_text(want))]},
	)
}
