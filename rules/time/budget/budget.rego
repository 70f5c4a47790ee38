# METADATA
# title: fixed time steps beyond a step budget
# description: |
#   Without adjustTimeStep (or on a solver that cannot adjust) the run takes
#   (endTime - startTime)/deltaT steps of deltaT, iterations for a steady solver. Beyond
#   100,000 of them the run is almost always a unit slip (deltaT in the wrong unit, endTime
#   meant as iterations) or a dead maxCo (FOAM-TIME-007): warn with the step count and,
#   when the cell count is known (polyMesh/owner note, else blockMeshDict's blocks), a
#   CPU-time estimate at 8 µs per cell and step, what icoFoam took on a 10,000-cell cavity
#   (200 steps, ExecutionTime 16.4 s, one core of the development machine); other solvers
#   cost more per step, so it is a lower bound.
# custom:
#   id: FOAM-TIME-008
#   severity: warn
#   fix: Check deltaT and endTime (a steady solver counts iterations with deltaT 1), or let a solver with setDeltaT size the step (`adjustTimeStep yes; maxCo 1;`).
#   provenance:
#     - src/OpenFOAM/db/Time/Time.C:873 (run() while value < endTime - 0.5 deltaT)
#     - src/finiteVolume/cfdTools/general/include/setDeltaT.H
#     - rules/timestartup_test.go TestStepBudget (icoFoam v1912 takes endTime/deltaT fixed steps; CPU seconds per cell and step)
package foamc.rules.time.budget

import data.foamc.lib

file := "system/controlDict"

cd := input.files[file]

budget := 100000

# cell_step_seconds: icoFoam v1912, 10,000-cell cavity, 200 steps in 16.4 s of CPU.
cell_step_seconds := 8e-6

adjusting if {
	lib.truthy(object.get(cd, "adjustTimeStep", false))
	not lib.solver_info.setDeltaT == false
}

start := object.get(cd, "startTime", 0) if object.get(cd, "startFrom", "latestTime") == "startTime"

else := 0

steps := (cd.endTime - start) / cd.deltaT if {
	object.get(cd, "stopAt", "endTime") == "endTime"
	is_number(cd.endTime)
	is_number(start)
	is_number(cd.deltaT)
	cd.deltaT > 0
}

findings contains f if {
	not lib.is_utility
	not adjusting
	round(steps) > budget
	f := lib.finding_with(
		lib.file_ptr(file, ["endTime"]),
		sprintf("endTime %v / deltaT %v is %d fixed time steps (budget %d)%s", [cd.endTime, cd.deltaT, round(steps), budget, wall_note]),
		{"related": [lib.related(lib.file_ptr(file, ["deltaT"]), "the fixed step")]},
	)
}

cells := input.meshes[""].nCells

wall_note := sprintf(": with %d cells at least %s of CPU time", [cells, duration((steps * cells) * cell_step_seconds)]) if cells > 0

else := ""

duration(s) := sprintf("%d s", [round(s)]) if s < 120

else := sprintf("%d min", [round(s / 60)]) if s < 7200

else := sprintf("%d h", [round(s / 3600)]) if s < 172800

else := sprintf("%d days", [round(s / 86400)])
