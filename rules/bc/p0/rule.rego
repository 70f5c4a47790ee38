# METADATA
# title: total pressure magnitude does not fit the pressure units
# description: totalPressure switches mode on the dimensions of p; p0 is in m2/s2 for kinematic p (incompressible) and in Pa (absolute) for compressible p. p0 ~ 1e5 on a kinematic p, or a gauge-sized p0 on an absolute p, is almost always a units mix-up.
# custom:
#   id: FOAM-BC-014
#   severity: warn
#   fix: Give p0 in the units of p (incompressible kinematic p = pressure/density; compressible absolute Pa).
#   provenance:
#     - src/finiteVolume/fields/fvPatchFields/derived/totalPressure/totalPressureFvPatchScalarField.C:172
package foamc.rules.bc.p0

import data.foamc.lib

kinematic := [0, 2, -2, 0, 0, 0, 0]

static := [1, -1, -2, 0, 0, 0, 0]

findings contains f if {
	some b in lib.bc
	b.type in {"totalPressure", "uniformTotalPressure"}
	d := lib.dims(lib.field(b.field).dimensions)
	p0 := lib.uniform(b.entry.p0)
	is_number(p0)
	suspicious(d, p0, b.field)
	f := {
		"path": concat("/", [b.ptr, "p0"]),
		"msg": sprintf("p0 %v on patch %s does not fit %s with dimensions %s", [p0, b.patch.name, b.field, lib.dims_text(d)]),
	}
}

suspicious(d, p0, _) if {
	d == kinematic
	abs(p0) > 10000
}

suspicious(d, p0, name) if {
	d == static
	input.features.compressible
	name == "p"
	p0 < 1000
}
