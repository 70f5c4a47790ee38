# METADATA
# title: kappaMethod agrees with the region's kind
# description: kappaMethod solidThermo looks the region's thermo up as a solidThermo and fluidThermo as a fluid's thermo with its turbulence model (temperatureCoupledBase::kappa); the other kind's thermo stops the solver (v1912, solidThermo in a fluid region - "lookup of thermophysicalProperties ... successful but it is not a solidThermo").
# custom:
#   id: FOAM-CHT-005
#   severity: deny
#   fix: Use kappaMethod fluidThermo in a fluid region and solidThermo in a solid region.
#   provenance:
#     - src/TurbulenceModels/compressible/turbulentFluidThermoModels/derivedFvPatchFields/temperatureCoupledBase/temperatureCoupledBase.C
package foamc.rules.cht.kappamethod

import data.foamc.lib

want := {"fluid": "fluidThermo", "solid": "solidThermo"}

findings contains f if {
	some r in lib.listed_regions
	k := lib.region_kind(r)
	file := input.fields[sprintf("%s/T", [r])]
	some tk, e in entries(input.files[file].boundaryField)
	m := e.kappaMethod
	m in {"fluidThermo", "solidThermo"}
	m != want[k]
	f := lib.finding_with(
		lib.file_ptr(file, array.concat(array.concat(["boundaryField"], json.unmarshal(tk)), ["kappaMethod"])),
		sprintf("kappaMethod %s in %s region %s: its thermo is not a %s", [m, k, r, m]),
		{"repair": {"edits": [lib.fix_set(file, array.concat(array.concat(["boundaryField"], json.unmarshal(tk)), ["kappaMethod"]), want[k])]}},
	)
}

# entries are a boundaryField's patch entries by their pointer tokens (JSON-encoded).
entries(bf) := object.union(
	{json.marshal([k]): e | some k, e in bf; k != "$regex"; is_object(e)},
	{json.marshal(["$regex", i, "value"]): e.value | some i, e in object.get(bf, "$regex", [])},
)
