# METADATA
# title: reference cell outside the mesh
# description: In a closed domain setRefCell reads pRefCell and stops with "Illegal master cellID" when it is not a cell of the mesh, 0 <= pRefCell < nCells (findRefCell.C:55-62). The cell count is the owner header's nCells note, or the blockMeshDict's cells before meshing.
# custom:
#   id: FOAM-SOL-013
#   severity: deny
#   fix: "Set pRefCell to a cell of the mesh (0 is always one), or give pRefPoint instead."
#   provenance:
#     - src/finiteVolume/cfdTools/general/findRefCell/findRefCell.C:55
#     - src/OpenFOAM/meshes/polyMesh/polyMeshInitMesh.C:102 (the owner note nCells:)
package foamc.rules.solution.refcell

import data.foamc.lib

findings contains f if {
	lib.solver_info.pRef
	lib.closed(lib.solver_info.pressure)
	algo := lib.algorithm
	cell := lib.fv_solution[algo].pRefCell
	is_number(cell)
	cells := input.meshes[""].nCells
	not inside(cell, cells)
	f := lib.finding_with(
		lib.file_ptr("system/fvSolution", [algo, "pRefCell"]),
		sprintf("pRefCell %v is not a cell of the mesh (cells 0 to %v): setRefCell stops with \"Illegal master cellID\"", [cell, cells - 1]),
		{
			"fix": "Set pRefCell to a cell of the mesh (0 is always one), or give pRefPoint instead.",
			"edits": [lib.fix_set("system/fvSolution", [algo, "pRefCell"], 0)],
		},
	)
}

inside(cell, cells) if {
	cell >= 0
	cell < cells
}
