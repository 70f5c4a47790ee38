# METADATA
# title: an interface is coupled on both sides
# description: compressible::turbulentTemperatureCoupledBaffleMixed (and ...RadCoupledMixed) on a_to_b reads the neighbour's patch field b_to_a as the same coupled type (refCast in updateCoeffs); any other condition there stops the solver (v1912 - "Attempt to cast type zeroGradient to type compressible::turbulentTemperatureCoupledBaffleMixed").
# custom:
#   id: FOAM-CHT-003
#   severity: deny
#   fix: Give the neighbour's T the coupled condition on its side of the interface (b_to_a), with Tnbr T and the kappaMethod of its region.
#   provenance:
#     - src/TurbulenceModels/compressible/turbulentFluidThermoModels/derivedFvPatchFields/turbulentTemperatureCoupledBaffleMixed/turbulentTemperatureCoupledBaffleMixedFvPatchScalarField.C
package foamc.rules.cht.coupling

import data.foamc.lib

findings contains f if {
	some [a, b] in lib.interface_pairs
	ab := sprintf("%s_to_%s", [a, b])
	ba := sprintf("%s_to_%s", [b, a])
	[ea, ta] := lib.region_T_entry(a, ab)
	ea.type in lib.temperature_coupled
	[eb, tb] := lib.region_T_entry(b, ba)
	not eb.type in lib.temperature_coupled
	f := lib.finding_with(
		lib.region_T_ptr(b, tb),
		sprintf("T of region %s is %s on %s, but region %s couples the interface (%s on %s): the coupled condition needs its own type on both sides", [b, object.get(eb, "type", "untyped"), ba, a, ea.type, ab]),
		{"related": [lib.related(lib.region_T_ptr(a, ta), "the coupled side")]},
	)
}
