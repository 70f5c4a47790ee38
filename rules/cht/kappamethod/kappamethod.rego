# METADATA
# title: no kappaMethod solidThermo in a fluid region
# description: kappaMethod solidThermo looks the region's thermo up as a solidThermo (temperatureCoupledBase::kappa); a fluid region's thermo is none and the solver stops (v1912 - "lookup of thermophysicalProperties ... successful but it is not a solidThermo"). The converse, fluidThermo in a solid region, falls back to the thermo's own kappa and gives the same answer (v1912, the chtslab case - interface T 323.244615 K either way), so it is not flagged.
# custom:
#   id: FOAM-CHT-005
#   severity: deny
#   fix: Use kappaMethod fluidThermo in a fluid region.
#   provenance:
#     - src/TurbulenceModels/compressible/turbulentFluidThermoModels/derivedFvPatchFields/temperatureCoupledBase/temperatureCoupledBase.C
package foamc.rules.cht.kappamethod

import data.foamc.lib

findings contains f if {
	some r in lib.listed_regions
	lib.region_kind(r) == "fluid"
	file := input.fields[sprintf("%s/T", [r])]
	some tk, e in entries(input.files[file].boundaryField)
	e.kappaMethod == "solidThermo"
	f := lib.finding(
		lib.file_ptr(file, array.concat(array.concat(["boundaryField"], json.unmarshal(tk)), ["kappaMethod"])),
		sprintf("kappaMethod solidThermo in fluid region %s: its thermo is not a solidThermo", [r]),
	)
}

# entries are a boundaryField's patch entries by their pointer tokens (JSON-encoded).
entries(bf) := object.union(
	{json.marshal([k]): e | some k, e in bf; k != "$regex"; is_object(e)},
	{json.marshal(["$regex", i, "value"]): e.value | some i, e in object.get(bf, "$regex", [])},
)
