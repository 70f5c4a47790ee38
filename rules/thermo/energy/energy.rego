# METADATA
# title: energy variable the solver supports
# description: sonicFoam validates "e"; rhoCentralFoam does not validate but always solves internal energy, so sensibleEnthalpy there is a silent physics bug. Other compressible solvers accept h or e.
# custom:
#   id: FOAM-THERMO-004
#   severity: deny
#   fix: Set thermoType/energy to sensibleInternalEnergy for this solver.
#   provenance:
#     - applications/solvers/compressible/sonicFoam/createFields.H:8
#     - applications/solvers/compressible/rhoCentralFoam/createFields.H:11
#   applies_to:
#     features: [compressible]
package foamc.rules.thermo.energy

import data.foamc.lib

findings contains f if {
	allowed := lib.solver_info.energy
	count(allowed) > 0
	e := input.features.energy
	is_string(e)
	e != ""
	not e in allowed
	f := lib.finding(
		lib.file_ptr("constant/thermophysicalProperties", ["thermoType", "energy"]),
		sprintf("%s needs energy variable %s, the case uses %s", [lib.solver, concat(" or ", allowed), e]),
	)
}
