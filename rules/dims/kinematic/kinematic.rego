# METADATA
# title: incompressible pressure is kinematic
# description: Incompressible solvers solve for p/rho; `UEqn == -grad(p)` checks dimensions and stops with "incompatible dimensions" when p is in Pa.
# custom:
#   id: FOAM-DIM-001
#   severity: deny
#   fix: Set `dimensions [0 2 -2 0 0 0 0];` in the pressure field and divide its values by the density.
#   provenance:
#     - applications/solvers/incompressible/simpleFoam/UEqn.H
#     - src/OpenFOAM/dimensionSet/dimensionSet.C
package foamc.rules.dims.kinematic

import data.foamc.lib

findings contains f if {
	info := lib.solver_info
	not info.compressible
	info.pDims == [0, 2, -2, 0, 0, 0, 0]
	file := input.fields[info.pressure]
	d := lib.dims(input.files[file].dimensions)
	d != info.pDims
	f := lib.finding_with(
		lib.file_ptr(file, ["dimensions"]),
		sprintf("%s has dimensions %s; %s needs kinematic pressure %s", [info.pressure, lib.dims_text(d), lib.solver, lib.dims_text(info.pDims)]),
		{"edits": [lib.fix_set(file, ["dimensions"], lib.dims_text(info.pDims))]},
	)
}
