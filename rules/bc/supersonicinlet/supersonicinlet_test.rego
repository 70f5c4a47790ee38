package foamc.rules.bc.supersonicinlet_test

import data.foamc.rules.bc.supersonicinlet
import data.foamc.test

# A non-dimensional gas (R = 8314.47/11640.3, gamma = 1.4: c = 1 at T = 1).
# The inlet is the x = 0 face of a unit box, its outward normal -x.
doc(inlet_p, u) := object.union(test.compressible, {
	"fields": {"U": "0/U", "T": "0/T", "p": "0/p"},
	"files": {
		"constant/thermophysicalProperties": {"mixture": {"specie": {"molWeight": 11640.3}, "thermodynamics": {"Cp": 2.5}}},
		"0/U": {"boundaryField": test.scalar_bf({"type": "fixedValue", "value": {"$uniform": u}}, {"type": "inletOutlet"}, {"type": "noSlip"})},
		"0/T": {"boundaryField": test.scalar_bf({"type": "fixedValue", "value": {"$uniform": 1}}, {"type": "inletOutlet"}, {"type": "zeroGradient"})},
		"system/blockMeshDict": {
			"vertices": [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [0, 0, 0.1], [1, 0, 0.1], [1, 1, 0.1], [0, 1, 0.1]],
			"boundary": ["inlet", {"type": "patch", "faces": [[0, 4, 7, 3]]}],
		},
		"0/p": {"boundaryField": test.scalar_bf(inlet_p, {"type": "zeroGradient"}, {"type": "zeroGradient"})},
	},
})

test_zero_gradient_supersonic if {
	count(supersonicinlet.findings) == 1 with input as doc({"type": "zeroGradient"}, [3, 0, 0])
}

test_fixed_p_supersonic if {
	count(supersonicinlet.findings) == 0 with input as doc({"type": "fixedValue", "value": {"$uniform": 1}}, [3, 0, 0])
}

test_zero_gradient_subsonic if {
	count(supersonicinlet.findings) == 0 with input as doc({"type": "zeroGradient"}, [0.5, 0, 0])
}

# Ma 3 along the patch (a side boundary), normal Ma 0.5: only the normal component counts.
test_zero_gradient_tangential if {
	count(supersonicinlet.findings) == 0 with input as doc({"type": "zeroGradient"}, [0.5, 3, 0])
}

# Supersonic outflow through the patch is no inlet.
test_zero_gradient_outflow if {
	count(supersonicinlet.findings) == 0 with input as doc({"type": "zeroGradient"}, [-3, 0, 0])
}

# The older `patches` list (with a leading count) gives the inlet's faces as well.
test_patches_list_syntax if {
	d := json.patch(doc({"type": "zeroGradient"}, [3, 0, 0]), [
		{"op": "remove", "path": "/files/system~1blockMeshDict/boundary"},
		{"op": "add", "path": "/files/system~1blockMeshDict/patches", "value": [1, ["patch", "inlet", [[0, 4, 7, 3]]]]},
	])
	count(supersonicinlet.findings) == 1 with input as d
}
