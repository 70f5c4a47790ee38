# METADATA
# title: nut wall functions only on walls
# description: nutWallFunctionFvPatchScalarField checks isA<wallFvPatch> and stops with a FATAL ERROR on any other patch.
# custom:
#   id: FOAM-BC-011
#   severity: deny
#   fix: Use calculated for nut on non-wall patches, or make the patch a wall in constant/polyMesh/boundary.
#   provenance:
#     - src/TurbulenceModels/turbulenceModels/derivedFvPatchFields/wallFunctions/nutWallFunctions/nutWallFunction/nutWallFunctionFvPatchScalarField.C:47
package foamc.rules.bc.nutwall

import data.foamc.lib

requires_wall(t) if data.kb.bc[t].requiresWall

requires_wall(t) if regex.match(`^nut.*WallFunction$`, t)

findings contains f if {
	some b in lib.bc
	lib.final_region(lib.patch_region(b.patch))
	requires_wall(b.type)
	not lib.is_wall(b.patch)
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("%s on patch %s (%s): nut wall functions need a wall patch", [b.type, b.patch.name, b.patch.type]),
		{
			"related": [lib.patch_related(b.patch)],
		},
	)
}
