# METADATA
# title: maxCo and maxDeltaT without adjustTimeStep
# description: |
#   The solvers read maxCo and maxDeltaT (createTimeControls.H) but use them only inside
#   `if (adjustTimeStep)` (setInitialDeltaT.H, setDeltaT.H). With adjustTimeStep off or
#   absent (Time.C and createTimeControls.H default it to false) they are dead: the run takes
#   fixed steps of deltaT however large the Courant number, and endTime/deltaT of them.
#   chemFoam reads maxDeltaT on its own and is exempt.
# custom:
#   id: FOAM-TIME-007
#   severity: warn
#   fix: Set `adjustTimeStep yes;` for a Courant-limited step (solvers with setDeltaT), or remove maxCo/maxDeltaT and choose deltaT yourself.
#   provenance:
#     - src/finiteVolume/cfdTools/general/include/createTimeControls.H (lookupOrDefault adjustTimeStep false, maxCo, maxDeltaT)
#     - src/finiteVolume/cfdTools/general/include/setInitialDeltaT.H, setDeltaT.H (if (adjustTimeStep))
#     - applications/solvers/combustion/chemFoam/createControls.H (maxDeltaT read on its own)
#     - rules/timestartup_test.go TestDeadMaxCo (pimpleFoam v1912 with maxCo 0.2 and adjustTimeStep no takes every step at deltaT)
package foamc.rules.time.dead

import data.foamc.lib

file := "system/controlDict"

cd := input.files[file]

findings contains f if {
	lib.has(cd, "deltaT")
	not lib.truthy(object.get(cd, "adjustTimeStep", false))
	lib.solver != "chemFoam"
	some key in ["maxCo", "maxDeltaT"]
	lib.has(cd, key)
	f := lib.finding_with(
		lib.file_ptr(file, [key]),
		sprintf("%s %v has no effect: adjustTimeStep is off, so every step is deltaT %v%s", [key, cd[key], cd.deltaT, steps_note]),
		{
			"related": related,
			"edits": edits(key),
		},
	)
}

steps_note := sprintf(" (%d steps to endTime)", [round((cd.endTime - object.get(cd, "startTime", 0)) / cd.deltaT)]) if {
	is_number(cd.endTime)
	is_number(object.get(cd, "startTime", 0))
	is_number(cd.deltaT)
	cd.deltaT > 0
}

else := ""

related := [lib.related(lib.file_ptr(file, ["adjustTimeStep"]), "adjustTimeStep off")] if lib.has(cd, "adjustTimeStep")

else := [lib.related(lib.file_ptr(file, ["deltaT"]), "the fixed step")]

# A solver that adjusts its step gets adjustTimeStep (on one finding: maxCo's, else
# maxDeltaT's); for the others the dead entry goes.
edits(key) := [adjust_edit] if {
	lib.solver_info.setDeltaT
	key == first_key
}

else := [] if lib.solver_info.setDeltaT

else := [lib.fix_remove(file, [key])]

first_key := "maxCo" if lib.has(cd, "maxCo")

else := "maxDeltaT"

adjust_edit := lib.fix_set(file, ["adjustTimeStep"], "yes") if lib.has(cd, "adjustTimeStep")

else := lib.fix_add(file, ["adjustTimeStep"], "yes")
