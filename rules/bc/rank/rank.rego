# METADATA
# title: values have the rank of the field
# description: A vector field reads `uniform (x y z)`, a scalar field `uniform s` (VectorSpace and scalar readers); the wrong rank is a FATAL IO ERROR.
# custom:
#   id: FOAM-BC-006
#   severity: deny
#   fix: Write the value with the field's rank (scalar `uniform 0`, vector `uniform (0 0 0)`, symmTensor 6 and tensor 9 components).
#   provenance:
#     - src/OpenFOAM/primitives/VectorSpace/VectorSpaceI.H
#     - src/OpenFOAM/fields/Fields/Field/Field.C
package foamc.rules.bc.rank

import data.foamc.lib

size_rank := {1: "scalar", 3: "vector", 6: "symmTensor", 9: "tensor"}

value_rank(v) := "scalar" if is_number(v["$uniform"])

else := size_rank[count(v["$uniform"])] if is_array(v["$uniform"])

else := trim_suffix(trim_prefix(v["$nonuniform"].type, "List<"), ">") if {
	is_object(v["$nonuniform"])
	v["$nonuniform"].type != ""
}

# sphericalTensor values are one number too.
compatible(want, got) if want == got

compatible("sphericalTensor", "scalar")

value_keys := {"value", "inletValue", "refValue"}

# internalField
findings contains f if {
	some name, file in input.fields
	want := lib.rank(name)
	got := value_rank(input.files[file].internalField)
	not compatible(want, got)
	f := lib.finding(
		lib.file_ptr(file, ["internalField"]),
		sprintf("internalField of %s is a %s, the field is a %s", [name, got, want]),
	)
}

findings contains f if {
	some b in lib.bc
	want := lib.rank(b.field)
	some key in value_keys
	got := value_rank(b.entry[key])
	not compatible(want, got)
	f := lib.finding(
		concat("/", [b.ptr, key]),
		sprintf("%s on patch %s of %s is a %s, the field is a %s", [key, b.patch.name, b.field, got, want]),
	)
}
