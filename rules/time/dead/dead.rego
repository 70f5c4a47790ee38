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

# dead lists the Courant controls the file sets, maxCo first: one finding names them all.
dead := [k | some k in ["maxCo", "maxDeltaT"]; lib.has(cd, k)]

findings contains f if {
	lib.has(cd, "deltaT")
	not lib.truthy(object.get(cd, "adjustTimeStep", false))
	lib.solver != "chemFoam"
	count(dead) > 0
	f := lib.finding_with(
		lib.file_ptr(file, [dead[0]]),
		sprintf("%s %s no effect: adjustTimeStep is off, so every step is deltaT %v%s", [
			concat(" and ", [sprintf("%s %v", [k, cd[k]]) | some k in dead]),
			{1: "has", 2: "have"}[count(dead)],
			cd.deltaT, steps_note,
		]),
		{
			"related": array.concat(related, [lib.related(lib.file_ptr(file, [k]), "also unused") | some k in array.slice(dead, 1, 2)]),
			"edits": edits,
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

# A solver that adjusts its step gets adjustTimeStep; for the others the dead entries go.
edits := [lib.fix_set(file, ["adjustTimeStep"], "yes")] if {
	lib.solver_info.setDeltaT
	lib.has(cd, "adjustTimeStep")
}

else := [lib.fix_add(file, ["adjustTimeStep"], "yes")] if lib.solver_info.setDeltaT

else := [lib.fix_remove(file, [k]) | some k in dead]
