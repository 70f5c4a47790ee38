# METADATA
# title: turbulence fields in a laminar case
# description: |
#   With `simulationType laminar` the k/epsilon/omega/nut/nuTilda files are never read; they
#   usually mean the model switch was forgotten (warn). A streamLine or wallBoundedStreamLine
#   function object whose `fields` name one of them is a deny: no laminar model registers such a
#   field, and streamLineBase::initInterpolations stops with "Cannot find field k" at its first
#   execution (fault corpus simple-laminar-extra-fields: pitzDaily's streamlines at the first write).
# custom:
#   id: FOAM-FM-006
#   severity: warn
#   fix: Either select the intended RAS/LES model in constant/turbulenceProperties or remove the unused field files.
#   provenance:
#     - src/TurbulenceModels/turbulenceModels/laminar/laminarModel/laminarModel.C
#     - src/functionObjects/field/streamLine/streamLineBase.C:155-172
package foamc.rules.turbulence.laminarfields

import data.foamc.lib

turbulence_fields := {"k", "epsilon", "omega", "nut", "nuTilda"}

findings contains f if {
	input.features.simulationType == "laminar"
	lib.solver_info.turbulence
	some name in turbulence_fields
	file := input.fields[name]
	f := lib.finding(lib.file_ptr(file, []), sprintf("%s is not read: the case is laminar", [file]))
}

# Function objects that stop on a field missing from the registry.
strict_field_readers := {"streamLine", "wallBoundedStreamLine"}

findings contains f if {
	input.features.simulationType == "laminar"
	lib.solver_info.turbulence
	functions := lib.control_dict.functions
	is_object(functions)
	not creates_turbulence_fields(functions)
	some fo_name, fo in functions
	is_object(fo)
	fo.type in strict_field_readers
	some i, name in lib.words(fo.fields)
	name in turbulence_fields
	f := lib.finding_with(
		lib.file_ptr("system/controlDict", ["functions", fo_name, "fields", i]),
		sprintf("function object %s (%s) samples %s, which a laminar case never creates: it stops with 'Cannot find field %s' at its first execution", [fo_name, fo.type, name, name]),
		{
			"severity": "deny",
			"fix": sprintf("Remove %s from the fields of %s, or select the intended RAS/LES model in constant/turbulenceProperties.", [name, fo_name]),
		},
	)
}

# turbulenceFields function objects register model fields under their own names; stay silent then.
creates_turbulence_fields(functions) if {
	some fo in functions
	is_object(fo)
	fo.type == "turbulenceFields"
}
