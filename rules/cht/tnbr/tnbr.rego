# METADATA
# title: Tnbr names the neighbour's temperature field
# description: The coupled temperature condition looks its neighbour's field up by the name Tnbr (default T) in the neighbour region's registry; a name the neighbour has no field of stops the solver (v1912 - "request for volScalarField Ts from objectRegistry fluid failed").
# custom:
#   id: FOAM-CHT-004
#   severity: deny
#   fix: Set Tnbr to T (the neighbour region's temperature field).
#   provenance:
#     - src/TurbulenceModels/compressible/turbulentFluidThermoModels/derivedFvPatchFields/turbulentTemperatureCoupledBaffleMixed/turbulentTemperatureCoupledBaffleMixedFvPatchScalarField.C
package foamc.rules.cht.tnbr

import data.foamc.lib

findings contains f if {
	some [a, b] in lib.interface_pairs
	[e, tk] := lib.region_T_entry(a, sprintf("%s_to_%s", [a, b]))
	e.type in lib.temperature_coupled
	nbr := object.get(e, "Tnbr", "T")
	not input.fields[sprintf("%s/%s", [b, nbr])]
	f := lib.finding(
		lib.region_T_ptr(a, array.concat(tk, ["Tnbr"])),
		sprintf("Tnbr %v on %s_to_%s names no field of region %s: the coupled condition cannot find the neighbour's temperature", [nbr, a, b, b]),
	)
}
