# METADATA
# title: field files OpenFOAM can read
# description: |
#   A volume field is read as `dimensions`, `internalField` and the `boundaryField`
#   sub-dictionary; a file without one of them stops the solver that reads it (FATAL IO
#   ERROR, deny when the solver or its turbulence model reads the field, else warn). A
#   uniform value is read token by token as numbers: a word in its place (`nan`, `inf`, an
#   out-of-range 1e999, a name) stops the read or the first step (deny). A component computed
#   by #calc or #codeStream is code foamc does not run, so no rule can check it (warn).
# custom:
#   id: FOAM-STRUCT-010
#   severity: deny
#   fix: Write `dimensions [..];`, `internalField uniform <value>;` and `boundaryField { .. }` in the field file, with numbers for every component.
#   provenance:
#     - src/OpenFOAM/fields/DimensionedFields/DimensionedField/DimensionedFieldIO.C:40 (dimensions)
#     - src/OpenFOAM/fields/GeometricFields/GeometricField/GeometricField.C:57-59 (internalField, subDict boundaryField)
#     - src/OpenFOAM/fields/Fields/Field/Field.C:195-230 (uniform value read as Type)
#     - fault corpus ico-p-no-dimensions, ico-p-no-internalfield, ico-u-nan, ico-u-out-of-range (faults/outcomes.json)
package foamc.rules.structure.fieldentries

import data.foamc.lib

# read holds for fields the solver or its turbulence model reads at start-up.
read(name) if name in lib.solver_info.fields

read(name) if name in lib.model_fields

read(name) if {
	lib.solver_info.multiphase
	name == lib.phase_alpha
}

severity(name) := "deny" if read(name)

else := "warn"

findings contains f if {
	some name, file in input.fields
	lib.vol_field(name)
	some key in ["dimensions", "internalField", "boundaryField"]
	not lib.has(input.files[file], key)
	f := lib.finding_with(
		lib.file_ptr(file, [key]),
		sprintf("%s has no %s: OpenFOAM stops reading field %s", [file, key, name]),
		{
			"severity": severity(name),
		},
	)
}

# Entries of a patch that are read as a Field of the patch size.
value_keys := ["value", "refValue", "refGradient", "valueFraction", "gradient", "inletValue"]

# values yields [field, file, pointer tokens, where, uniform value] of the uniform values of
# the volume fields.
values contains [name, file, ["internalField"], "internalField", v] if {
	some name, file in input.fields
	lib.vol_field(name)
	v := lib.uniform(input.files[file].internalField)
}

values contains [name, file, ["boundaryField", patch, key], sprintf("%s %s", [patch, key]), v] if {
	some name, file in input.fields
	lib.vol_field(name)
	some patch, e in input.files[file].boundaryField
	is_object(e)
	some key in value_keys
	v := lib.uniform(e[key])
}

# items are [index, item] of a uniform value's components (index -1 for a scalar).
items(v) := {[i, x] | some i, x in v} if is_array(v)

else := {[-1, v]}

not_number(x) if not is_number(x)

code(x) if {
	is_object(x)
	some k in {"$calc", "$codeStream"}
	lib.has(x, k)
}

findings contains f if {
	some [name, file, tk, where, v] in values
	some [i, x] in items(v)
	not_number(x)
	not code(x)
	f := lib.finding(
		lib.file_ptr(file, tk),
		sprintf("%s %s is not a number: %s", [name, where, component(i, x)]),
	)
}

findings contains f if {
	some [name, file, tk, where, v] in values
	some [i, x] in items(v)
	code(x)
	f := lib.finding_with(
		lib.file_ptr(file, tk),
		sprintf("%s %s is not a number foamc can check: %s is computed by a directive foamc does not run", [name, where, part(i)]),
		{
			"severity": "warn",
		},
	)
}

component(-1, x) := sprintf("%v", [x])

component(i, x) := sprintf("%s is %v", [part(i), x]) if i >= 0

part(-1) := "the value"

part(i) := sprintf("component %d", [i]) if i >= 0
