# METADATA
# title: supersonic inlet that does not fix the static pressure
# description: |
#   At an inlet where the fixed U and T enter faster than sound normal to the patch
#   (U.n < 0, (U.n)^2 > gamma R T) every characteristic enters the domain, so the inflow needs
#   all of its state imposed, p included. A p condition that only sets a gradient there
#   (zeroGradient, fixedGradient, fixedFluxPressure) leaves the inflow pressure at whatever the
#   interior starts with: nothing restores it. The patch normal comes from blockMeshDict's
#   boundary faces, so the rule only judges blockMesh cases (a side boundary with U along it is
#   normal-subsonic, where extrapolating p is right). Evidence (real v1912 runs,
#   rhoCentralFoam forwardStep tutorial, Ma 3, to t = 2): started from internalField p 0.5,
#   the shipped case (inlet p fixedValue 1) has inlet p 1, rho 1.4 and mean obstacle p 3.21 at
#   t = 2; with inlet p zeroGradient it runs to the end with inlet p 0.5, rho 0.7 and obstacle
#   p 1.64, half the intended freestream. (From internalField p 1 both give the same result:
#   the error is silent whenever the initial field is the freestream.)
# custom:
#   id: FOAM-BC-018
#   severity: warn
#   fix: Fix the inlet p to the freestream static pressure (fixedValue with value uniform p_inf), as the forwardStep tutorial does.
#   provenance:
#     - tutorials/compressible/rhoCentralFoam/forwardStep/0/p (inlet fixedValue)
#     - src/finiteVolume/fields/fvPatchFields/basic/zeroGradient/zeroGradientFvPatchField.H
#   applies_to:
#     features: [compressible]
package foamc.rules.bc.supersonicinlet

import data.foamc.lib

# Conditions that set only the normal gradient of p, leaving its value to the interior.
gradient_only := {"zeroGradient", "fixedGradient", "fixedFluxPressure"}

findings contains f if {
	input.features.compressible
	some s in lib.inflow
	some b in lib.bc
	b.field == "p"
	b.patch.name == s.patch
	b.type in gradient_only
	faces := lib.block_patch_faces(s.patch)
	count(faces) > 0
	every face in faces {
		supersonic_in(s, lib.block_face_normal(face))
	}
	f := lib.finding(
		concat("/", [b.ptr, "type"]),
		sprintf("patch %s: the fixed U and T enter supersonic normal to the patch but p is %s: every characteristic enters there, so the inflow p is never imposed and stays whatever the interior starts with", [s.patch, b.type]),
	)
}

# supersonic_in holds when the inflow s crosses a face of outward normal n faster than sound:
# U.n < 0 and (U.n)^2 > c^2 |n|^2.
supersonic_in(s, n) if {
	un := lib.dot(s.U, n)
	un < 0
	un * un > s.c2 * lib.dot(n, n)
}
