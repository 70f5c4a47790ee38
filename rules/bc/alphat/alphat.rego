# METADATA
# title: "compressible thermal wall functions need the compressible:: prefix"
# description: "In compressible solvers the alphat wall functions are registered as compressible::alphat*WallFunction; the bare name is unknown (or, for alphatJayatillekeWallFunction, the kinematic incompressible variant)."
# custom:
#   id: FOAM-BC-016
#   severity: deny
#   fix: Prefix the type with `compressible::` (e.g. compressible::alphatWallFunction).
#   provenance:
#     - src/TurbulenceModels/compressible/turbulentFluidThermoModels/derivedFvPatchFields/wallFunctions/alphatWallFunctions/alphatWallFunction/alphatWallFunctionFvPatchScalarField.H
#   applies_to:
#     features: [compressible]
package foamc.rules.bc.alphat

import data.foamc.lib

namespaced(t) := concat("", ["compressible::", t])

needs_prefix(t) if lib.has(data.kb.bc, namespaced(t))

needs_prefix(t) if {
	count(object.get(data.kb, "bc", {})) == 0
	t in {"alphatWallFunction", "alphatJayatillekeWallFunction"}
}

findings contains f if {
	input.features.compressible
	some b in lib.bc
	needs_prefix(b.type)
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("%s on patch %s of %s: compressible solvers need compressible::%s", [b.type, b.patch.name, b.field, b.type]),
		{
			"fix": sprintf("Write `type compressible::%s;`.", [b.type]),
			"edits": [e | e := lib.fix_set_at(concat("/", [b.ptr, "type"]), concat("", ["compressible::", b.type]))],
		},
	)
}
