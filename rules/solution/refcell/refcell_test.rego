package foamc.rules.solution.refcell_test

import data.foamc.rules.solution.refcell
import data.foamc.test

closed(cell) := object.union(
	test.set(test.set(test.case, "/files/0~1p/boundaryField/outlet", {"type": "zeroGradient"}), "/files/system~1fvSolution/SIMPLE/pRefCell", cell),
	{"meshes": {"": {"nCells": 400, "source": "constant/polyMesh/owner"}}},
)

test_inside if {
	count(refcell.findings) == 0 with input as closed(0)
	count(refcell.findings) == 0 with input as closed(399)
}

test_outside if {
	some cell in [400, 1000, -1]
	fs := refcell.findings with input as closed(cell)
	[f] := [f | some f in fs]
	f.path == "/files/system~1fvSolution/SIMPLE/pRefCell"
	f.msg == sprintf("pRefCell %v is not a cell of the mesh (cells 0 to 399): setRefCell stops with \"Illegal master cellID\"", [cell])
}

# An open domain never reads pRefCell; without a cell count nothing is judged.
test_open_or_unknown if {
	open := object.union(test.set(test.case, "/files/system~1fvSolution/SIMPLE/pRefCell", 400), {"meshes": {"": {"nCells": 400}}})
	count(refcell.findings) == 0 with input as open
	count(refcell.findings) == 0 with input as test.set(test.set(test.case, "/files/0~1p/boundaryField/outlet", {"type": "zeroGradient"}), "/files/system~1fvSolution/SIMPLE/pRefCell", 400)
}
