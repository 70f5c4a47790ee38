# METADATA
# title: Courant number estimate for fixed time steps
# description: |
#   Estimates Co = sum over block axes of |U.e| dt n / |e|^2 (the hex-cell form of
#   0.5 sum|phi_f| dt / V) from the uniform-grading hex blocks of blockMeshDict, the largest
#   uniform velocity of U (internalField and boundary values) and controlDict deltaT.
#   Incompressible transient solvers that do not adjust the time step run with Co > 1, but
#   PISO loses accuracy and often diverges; this is an estimate, not a crash predictor.
# custom:
#   id: FOAM-TIME-001
#   severity: warn
#   fix: Reduce deltaT to about deltaT/Co, or use pimpleFoam with `adjustTimeStep yes; maxCo 1;`.
#   provenance:
#     - src/finiteVolume/cfdTools/general/include/createTimeControls.H:34
#     - src/finiteVolume/cfdTools/incompressible/CourantNo.H
#   applies_to:
#     solvers: [icoFoam, pisoFoam, pimpleFoam]
package foamc.rules.time.courant

import data.foamc.lib

adjusting if {
	lib.solver_info.setDeltaT
	lib.truthy(lib.control_dict.adjustTimeStep)
}

# blocks yields [vertex ids, cell counts] of every hex block with uniform grading.
blocks contains [ids, n] if {
	bs := lib.bmd.blocks
	some i, w in bs
	w == "hex"
	ids := bs[i + 1]
	count(ids) == 8
	some j in [i + 2, i + 3]
	n := bs[j]
	is_array(n)
	count(n) == 3
	bs[j + 1] == "simpleGrading"
	bs[j + 2] == [1, 1, 1]
}

# The three block axes from vertex 0: to vertices 1, 3 and 4 (blockMesh hex ordering).
axes(ids) := [lib.sub(lib.vertex(ids[k]), lib.vertex(ids[0])) | some k in [1, 3, 4]]

co(u, ids, n, dt) := sum([term | some k, e in axes(ids); n[k] > 1; lib.dot(e, e) > 0; term := ((abs(lib.dot(u, e)) * dt) * n[k]) / lib.dot(e, e)])

estimates contains c if {
	dt := lib.control_dict.deltaT
	is_number(dt)
	some [ids, n] in blocks
	some u in lib.uniform_velocities
	c := co(u, ids, n, dt)
}

findings contains f if {
	not lib.solver_info.compressible
	lib.solver_info.steady == false
	not adjusting
	c := max(estimates)
	c > 1
	f := lib.finding(
		lib.file_ptr("system/controlDict", ["deltaT"]),
		sprintf("estimated Courant number %v with deltaT %v (uniform blocks of blockMeshDict, largest uniform U)", [round(c * 10) / 10, lib.control_dict.deltaT]),
	)
}
