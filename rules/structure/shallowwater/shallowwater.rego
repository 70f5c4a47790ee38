# METADATA
# title: shallowWaterFoam's gravitationalProperties
# description: shallowWaterFoam reads g, rotating and, when rotating, Omega from constant/gravitationalProperties (readGravitationalAcceleration.H:15-21) and divides by |g| (gHat = g/|g|, :24). Measured in v1912 on a 1-D dam break - without rotating - FATAL IO ERROR "Entry 'rotating' not found"; rotating true without Omega - "Entry 'Omega' not found"; g (0 0 0) - floating point exception in the first step.
# custom:
#   id: FOAM-STRUCT-040
#   severity: deny
#   fix: "Write `g g [0 1 -2 0 0 0 0] (0 0 -9.81); rotating false;` (with `Omega Omega [0 0 -1 0 0 0 0] (0 0 7.292e-5);` when rotating)."
#   provenance:
#     - applications/solvers/incompressible/shallowWaterFoam/readGravitationalAcceleration.H
package foamc.rules.structure.shallowwater

import data.foamc.lib

gp := input.files["constant/gravitationalProperties"]

shallow if lib.solver == "shallowWaterFoam"

# vector is the vector of a dimensioned entry (`g g [dims] (x y z)`, `g [dims] (x y z)`,
# `(x y z)`): its last item.
vector(v) := v if {
	count(v) == 3
	every x in v {
		is_number(x)
	}
}

vector(v) := v[count(v) - 1] if {
	count(v) > 0
	is_array(v[count(v) - 1])
}

findings contains f if {
	shallow
	gp
	not lib.has(gp, "rotating")
	f := lib.finding(
		lib.file_ptr("constant/gravitationalProperties", []),
		"gravitationalProperties has no `rotating` switch: shallowWaterFoam stops at start-up (Entry 'rotating' not found)",
	)
}

findings contains f if {
	shallow
	lib.truthy(gp.rotating)
	not lib.has(gp, "Omega")
	f := lib.finding(
		lib.file_ptr("constant/gravitationalProperties", ["rotating"]),
		"rotating is on but gravitationalProperties has no Omega: shallowWaterFoam stops at start-up (Entry 'Omega' not found)",
	)
}

findings contains f if {
	shallow
	g := vector(gp.g)
	every x in g {
		x == 0
	}
	f := lib.finding(
		lib.file_ptr("constant/gravitationalProperties", ["g"]),
		"g is zero: shallowWaterFoam divides by |g| (gHat = g/|g|) and stops with a floating point exception",
	)
}
