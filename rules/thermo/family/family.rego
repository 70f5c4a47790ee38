# METADATA
# title: thermo family the solver constructs
# description: rhoCentralFoam, sonicFoam and reactingFoam construct psiThermo (hePsiThermo); buoyant and conjugate heat-transfer solvers rhoThermo (heRhoThermo); rhoSimpleFoam and rhoPimpleFoam accept either.
# custom:
#   id: FOAM-THERMO-003
#   severity: deny
#   fix: Set thermoType/type to the family in the message.
#   provenance:
#     - applications/solvers/compressible/rhoCentralFoam/createFields.H:5
#     - applications/solvers/heatTransfer/buoyantSimpleFoam/createFields.H:3
#   applies_to:
#     features: [compressible]
package foamc.rules.thermo.family

import data.foamc.lib

expected := {"psiThermo": "hePsiThermo", "rhoThermo": "heRhoThermo"}

findings contains f if {
	want := expected[lib.solver_info.thermo]
	got := lib.thermo_type(input.files["constant/thermophysicalProperties"]).type
	got != want
	f := lib.finding(
		lib.file_ptr("constant/thermophysicalProperties", ["thermoType", "type"]),
		sprintf("%s constructs a %s: thermoType type must be %s, not %s", [lib.solver, lib.solver_info.thermo, want, got]),
	)
}
