# METADATA
# title: epsilon/omega wall functions need a nut wall function on the same patch
# description: epsilonWallFunction and omegaWallFunction refCast the nut patchField of their patch to nutWallFunction (FATAL "bad cast" otherwise).
# custom:
#   id: FOAM-BC-012
#   severity: deny
#   fix: Use a nut*WallFunction (e.g. nutkWallFunction) for nut on this patch, or drop the epsilon/omega wall function.
#   provenance:
#     - src/TurbulenceModels/turbulenceModels/derivedFvPatchFields/wallFunctions/epsilonWallFunctions/epsilonWallFunction/epsilonWallFunctionFvPatchScalarField.C:194
#     - src/TurbulenceModels/turbulenceModels/derivedFvPatchFields/wallFunctions/omegaWallFunctions/omegaWallFunction/omegaWallFunctionFvPatchScalarField.C:195
package foamc.rules.bc.wfcoupling

import data.foamc.lib

nut_wall_function(t) if data.kb.bc[t].requiresWall

nut_wall_function(t) if regex.match(`^nut.*WallFunction$`, t)

# The kb names the constructors that refCast nut (epsilon, omega, v2, f, kLowRe wall
# functions); without it, the two the inventory names.
casts_nut(t) if object.get(object.get(data.kb.bc, t, {}), "nutWallFunction", "") != ""

casts_nut(t) if regex.match(`^(epsilon|omega)WallFunction$`, t)

findings contains f if {
	some b in lib.bc
	casts_nut(b.type)
	some n in lib.bc
	n.field == "nut"
	n.patch.name == b.patch.name
	not nut_wall_function(n.type)
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("%s on patch %s needs a nut wall function there, but nut is %s", [b.type, b.patch.name, n.type]),
		{
			"related": [lib.related(concat("/", [n.ptr, "type"]), "the nut boundary condition on this patch")],
			"edits": [e | e := lib.fix_set_at(concat("/", [n.ptr, "type"]), "nutkWallFunction")],
		},
	)
}
