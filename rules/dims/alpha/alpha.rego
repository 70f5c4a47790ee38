# METADATA
# title: VoF phase fraction is dimensionless
# description: |
#   interFoam forms alpha2 = 1 - alpha1 and mixes rho = alpha1 rho1 + alpha2 rho2, so a phase
#   fraction with dimensions stops the first step ("Different dimensions for '(a - b)'
#   dimensions : [0 0 0 0 0 0 0] != [0 1 0 0 0 0 0]", damBreak with alpha.water in metres).
# custom:
#   id: FOAM-DIM-005
#   severity: deny
#   fix: Set `dimensions [0 0 0 0 0 0 0];` in the alpha.<phase> field.
#   provenance:
#     - applications/solvers/multiphase/interFoam/createFields.H
#     - src/transportModels/incompressible/incompressibleTwoPhaseMixture/incompressibleTwoPhaseMixture.C
package foamc.rules.dims.alpha

import data.foamc.lib

dimensionless := [0, 0, 0, 0, 0, 0, 0]

findings contains f if {
	lib.vof_two_phase
	name := lib.phase_alpha
	rel := lib.field_file(name)
	d := lib.dims(input.files[rel].dimensions)
	d != dimensionless
	f := lib.finding_with(
		lib.file_ptr(rel, ["dimensions"]),
		sprintf("%s has dimensions %s; a phase fraction is dimensionless", [rel, lib.dims_text(d)]),
		{"edits": [lib.fix_set(rel, ["dimensions"], "[0 0 0 0 0 0 0]")]},
	)
}
