# METADATA
# title: kinematic viscosity nu is a positive number
# description: |
#   The Newtonian viscosity model reads `nu` from transportProperties (interFoam from each
#   phase's sub-dictionary). A word where the number should be stops the read (FATAL IO
#   ERROR) and a negative nu makes the momentum equation anti-diffusive: icoFoam dies with a
#   floating point exception in its first steps (deny). nu 0 runs, without viscosity: the
#   interface-advection tutorials (interIsoFoam discInConstantFlow, sloshing2D) do that on
#   purpose, so it is only noted (info).
# custom:
#   id: FOAM-STRUCT-012
#   severity: deny
#   fix: Give nu its physical value in m^2/s, e.g. `nu [0 2 -1 0 0 0 0] 1e-05;` for air, 1e-06 for water.
#   provenance:
#     - src/transportModels/incompressible/viscosityModels/Newtonian/Newtonian.C:56 (nu0 read from the dictionary)
#     - applications/solvers/incompressible/icoFoam/createFields.H:7
#     - fault corpus ico-nu-zero, ico-nu-negative, ico-nu-word (faults/outcomes.json)
package foamc.rules.structure.viscosity

import data.foamc.lib

file := "constant/transportProperties"

# nus yields [pointer tokens, value] of every nu entry: top level and per phase.
nus contains [["nu"], v] if v := input.files[file].nu

nus contains [[phase, "nu"], v] if {
	some phase in input.files[file].phases
	is_string(phase)
	v := input.files[file][phase].nu
}

findings contains f if {
	some [tk, v] in nus
	not lib.scalar_of(v)
	f := lib.finding(
		lib.file_ptr(file, tk),
		sprintf("nu %v is not a number", [v]),
	)
}

findings contains f if {
	some [tk, v] in nus
	x := lib.scalar_of(v)
	x < 0
	f := lib.finding(
		lib.file_ptr(file, tk),
		sprintf("nu %v is negative", [x]),
	)
}

findings contains f if {
	some [tk, v] in nus
	lib.scalar_of(v) == 0
	f := lib.finding_with(
		lib.file_ptr(file, tk),
		"nu is 0: the flow has no viscosity",
		{
			"severity": "info",
		},
	)
}
