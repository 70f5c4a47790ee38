# METADATA
# title: boundary condition type is registered for the field
# description: |
#   fvPatchField::New looks the `type` up in the run-time selection table of the field's type
#   (volScalarField, volVectorField...); an unknown name is a FATAL IO ERROR. Names come from
#   TypeName in the code, never from header examples (6 headers show a wrong name), and
#   compressible thermal wall functions carry the `compressible::` prefix.
# custom:
#   id: FOAM-BC-001
#   severity: deny
#   fix: Use a boundary condition type registered for this field's type (`foamc kb bc <type>`).
#   provenance:
#     - src/finiteVolume/fields/fvPatchFields/fvPatchField/fvPatchFieldNew.C:131
package foamc.rules.bc.known

import data.foamc.lib

# Header examples and class stems that differ from the registered TypeName.
aliases := {
	"turbulentDigitalFilter": "turbulentDigitalFilterInlet",
	"thermalHumidityCoupledMixed": "humidityTemperatureCoupledMixed",
	"nutUTabulatedWallFunction": "nutTabulatedWallFunction",
	"greyDiffusiveViewFactorFixedValue": "greyDiffusiveRadiationViewFactor",
}

candidates(t, r) := [aliases[t]] if r

else := object.get(data.kb.vocab.bcTypes, r, [])

# The kb also lists the boundary conditions compiled inside solvers (applications/solvers),
# with the solvers that have them.
findings contains f if {
	count(object.get(data.kb, "bc", {})) > 0
	some b in lib.bc
	t := b.type
	t != ""
	not lib.has(data.kb.bc, t)

	# BC-016 reports the missing compressible:: prefix.
	not lib.has(data.kb.bc, concat("", ["compressible::", t]))
	r := lib.rank(b.field)
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("unknown boundary condition type %q for %s (patch %s of %s)", [t, input.headers[input.fields[b.field]].class, b.patch.name, b.field]),
		{
			"suggest": lib.suggest(t, candidates(t, r)),
			"related": [lib.patch_related(b.patch)],
		},
	)
}

findings contains f if {
	some b in lib.bc
	c := data.kb.bc[b.type]
	r := lib.rank(b.field)
	count(c.ranks) > 0
	not r in c.ranks
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("%s is not available for a %s field (patch %s of %s; it exists for %s)", [b.type, r, b.patch.name, b.field, concat(", ", c.ranks)]),
		{
			"suggest": lib.suggest(b.type, object.get(data.kb.vocab.bcTypes, r, [])),
			"related": [lib.patch_related(b.patch)],
		},
	)
}

# A boundary condition compiled into other solvers only.
findings contains f if {
	some b in lib.bc
	only := object.get(data.kb.bc[b.type], "solvers", [])
	count(only) > 0
	not lib.solver in only
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("%s (patch %s of %s) is compiled only into %s, not %s", [b.type, b.patch.name, b.field, concat(", ", only), lib.solver]),
		{
			"related": [lib.patch_related(b.patch)],
		},
	)
}
