# METADATA
# title: g and nu dimensions
# description: readGravitationalAcceleration reads g as a dimensioned vector [0 1 -2]; transportProperties nu, when written with dimensions, must be [0 2 -1].
# custom:
#   id: FOAM-DIM-004
#   severity: deny
#   fix: "Use `dimensions [0 1 -2 0 0 0 0];` in constant/g and `nu [0 2 -1 0 0 0 0] <value>;` in transportProperties."
#   provenance:
#     - src/finiteVolume/cfdTools/general/include/readGravitationalAcceleration.H
#     - src/transportModels/incompressible/viscosityModels/Newtonian/Newtonian.C
package foamc.rules.dims.constants

import data.foamc.lib

findings contains f if {
	want := data.kb.dims.g
	d := lib.dims(input.files["constant/g"].dimensions)
	d != want
	f := lib.finding_with(
		lib.file_ptr("constant/g", ["dimensions"]),
		sprintf("g has dimensions %s, expected %s", [lib.dims_text(d), lib.dims_text(want)]),
		{"edits": [lib.fix_set("constant/g", ["dimensions"], lib.dims_text(want))]},
	)
}

findings contains f if {
	want := data.kb.dims.nu
	d := lib.dims(input.files["constant/transportProperties"].nu)
	d != want
	f := lib.finding(
		lib.file_ptr("constant/transportProperties", ["nu"]),
		sprintf("nu has dimensions %s, expected %s", [lib.dims_text(d), lib.dims_text(want)]),
	)
}
