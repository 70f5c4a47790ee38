# METADATA
# title: total pressure magnitude does not fit the pressure units
# description: |
#   totalPressure switches mode on the dimensions of p; p0 is in m2/s2 for kinematic p
#   (incompressible) and in Pa (absolute) for compressible p. p0 ~ 1e5 on a kinematic p, or a
#   gauge-sized p0 on an absolute p, is almost always a units mix-up (warn). On kinematic p the
#   finding is a deny when p0 would drive a speed sqrt(2|p0|) more than 10 times the largest
#   uniform velocity of U (|p0| > 50 |U|max^2, i.e. over 100 dynamic pressures): the fault corpus
#   (simple-totalpressure-pa-on-kinematic: p0 1e5, i.e. 447 m/s, against pitzDaily's 10 m/s inlet)
#   dies with SIGFPE in the first SIMPLE iteration. Without a velocity scale it stays a warning.
#   On absolute p a p0 of zero or below is a vacuum reservoir: the fault corpus
#   (sonic-totalpressure-zero) dies with SIGFPE in the first step, so that is a deny too.
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
	f := lib.finding_with(
		concat("/", [b.ptr, "p0"]),
		sprintf("p0 %v on patch %s does not fit %s with dimensions %s", [p0, b.patch.name, b.field, lib.dims_text(d)]),
		{
			"severity": severity(d, p0),
		},
	)
}

# deny: a kinematic p0 far beyond the flow's dynamic pressure, or a non-positive absolute
# p0 (see description).
severity(d, p0) := "deny" if {
	d == kinematic
	lib.max_speed2 > 0
	abs(p0) > 50 * lib.max_speed2
} else := "deny" if {
	d == static
	p0 <= 0
} else := "warn"

findings contains f if {
	some b in lib.bc
	b.type in {"totalPressure", "uniformTotalPressure"}
	d := lib.dims(lib.field(b.field).dimensions)
	d == kinematic
	p0 := lib.uniform(b.entry.p0)
	is_number(p0)
	not suspicious(d, p0, b.field)
	severity(d, p0) == "deny"
	f := lib.finding_with(
		concat("/", [b.ptr, "p0"]),
		sprintf("p0 %v on patch %s of kinematic %s drives a speed sqrt(2|p0|) over 10 times the largest velocity of U", [p0, b.patch.name, b.field]),
		{
			"severity": "deny",
		},
	)
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
