# METADATA
# title: pressure limits that need a fixed pressure
# description: pressureControl derives pMaxFactor/pMinFactor and rhoMax/rhoMin limits from the fixed-value p boundaries. Without one it stops (pressureControl.C:104-113, 129-147) unless the solver set a reference cell (rhoSimpleFoam family only, pRefRequired), which makes the factors valid but never rhoMax/rhoMin.
# custom:
#   id: FOAM-SOL-010
#   severity: deny
#   fix: Give absolute `pMax`/`pMin` in the SIMPLE/PIMPLE dictionary, or fix p on a boundary.
#   provenance:
#     - src/finiteVolume/cfdTools/general/pressureControl/pressureControl.C:53
#     - src/finiteVolume/cfdTools/general/pressureControl/pressureControl.C:104
#     - src/finiteVolume/cfdTools/general/pressureControl/pressureControl.C:129
#     - applications/solvers/compressible/rhoSimpleFoam/createFields.H:41
#     - applications/solvers/compressible/rhoPimpleFoam/createFields.H:43
#   applies_to:
#     solvers: [rhoSimpleFoam, rhoPorousSimpleFoam, overRhoSimpleFoam, rhoPimpleFoam, overRhoPimpleDyMFoam, buoyantPimpleFoam, reactingFoam, rhoReactingFoam, reactingParcelFoam]
package foamc.rules.solution.pressurelimits

import data.foamc.lib

# The solvers that construct a pressureControl, with its dictionary and pRefRequired
# argument (pressureControl.H:88 defaults it to true).
pressure_control := {
	# rhoSimpleFoam/createFields.H:41, shared by rhoPorousSimpleFoam (Make/options -I..)
	"rhoSimpleFoam": {"dict": "SIMPLE", "pRefRequired": true},
	"rhoPorousSimpleFoam": {"dict": "SIMPLE", "pRefRequired": true},
	# overRhoSimpleFoam/createFields.H:41
	"overRhoSimpleFoam": {"dict": "SIMPLE", "pRefRequired": true},
	# rhoPimpleFoam/createFields.H:43, overRhoPimpleDyMFoam/createFields.H:42
	"rhoPimpleFoam": {"dict": "PIMPLE", "pRefRequired": false},
	"overRhoPimpleDyMFoam": {"dict": "PIMPLE", "pRefRequired": false},
	# buoyantPimpleFoam/createFields.H:38 (on p, not p_rgh)
	"buoyantPimpleFoam": {"dict": "PIMPLE", "pRefRequired": false},
	# reactingFoam/createFields.H:48, rhoReactingFoam/createFields.H:50
	"reactingFoam": {"dict": "PIMPLE", "pRefRequired": false},
	"rhoReactingFoam": {"dict": "PIMPLE", "pRefRequired": false},
	# reactingParcelFoam/createFields.H:93
	"reactingParcelFoam": {"dict": "PIMPLE", "pRefRequired": false},
}

pc := pressure_control[lib.solver]

dict := object.get(lib.fv_solution, pc.dict, {})

# No p boundary fixes the value: pLimits comes only from setRefCell (when pRefRequired;
# in a closed domain it sets a reference or stops first, FOAM-SOL-004) and rhoLimits is false.
closed if lib.closed("p")

# Each side's first entry in pressureControl.C's order (pMax, pMaxFactor, rhoMax); both
# pMax and pMin present skip every check (pressureControl.C:61).
side_key(limit) := k if {
	not both_limits
	not lib.has(dict, limit)
	k := [k | some k in [concat("", [limit, "Factor"]), replace(limit, "p", "rho")]; lib.has(dict, k)][0]
}

both_limits if {
	lib.has(dict, "pMax")
	lib.has(dict, "pMin")
}

findings contains f if {
	closed
	some limit in ["pMax", "pMin"]
	key := side_key(limit)
	not reference_suffices(key)
	f := lib.finding(
		lib.file_ptr("system/fvSolution", [pc.dict, key]),
		sprintf("%s without %s: no boundary fixes p (closed domain), so %s cannot derive %s from it; give %s", [key, limit, lib.solver, limit, limit]),
	)
}

# With pRefRequired the reference value stands in for the boundary pressure of the factors
# (pressureControl.C:53-59), but rhoMax/rhoMin also need a boundary density (C:139-147).
reference_suffices(key) if {
	pc.pRefRequired
	endswith(key, "Factor")
}
