# METADATA
# title: compressible, buoyant and VoF pressure is static
# description: Compressible and buoyant solvers (thermo p*psi) and interFoam (p_rgh) work with pressure in Pa.
# custom:
#   id: FOAM-DIM-002
#   severity: deny
#   fix: Set `dimensions [1 -1 -2 0 0 0 0];` in p (and p_rgh) and give absolute pressures in Pa for compressible solvers.
#   provenance:
#     - src/thermophysicalModels/basic/psiThermo/psiThermo.C
#     - applications/solvers/multiphase/interFoam/createFields.H:8
package foamc.rules.dims.static

import data.foamc.lib

static := [1, -1, -2, 0, 0, 0, 0]

pressures contains lib.solver_info.pressure if lib.solver_info.pDims == static

pressures contains "p" if lib.solver_info.compressible

findings contains f if {
	some name in pressures
	file := input.fields[name]
	d := lib.dims(input.files[file].dimensions)
	d != static
	f := lib.finding_with(
		lib.file_ptr(file, ["dimensions"]),
		sprintf("%s has dimensions %s; %s needs %s", [name, lib.dims_text(d), lib.solver, lib.dims_text(static)]),
		{"edits": [lib.fix_set(file, ["dimensions"], lib.dims_text(static))]},
	)
}
