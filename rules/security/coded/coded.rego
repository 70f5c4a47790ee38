# METADATA
# title: coded boundary conditions, function objects, fvOptions and motion solvers
# description: codedFixedValue, codedMixed, coded function objects, coded fvOptions (<Type>CodedSource) and the coded motion solver compile user C++ with wmake and dlopen it when the case runs. A pattern keyword (`"typ(e)" codedFixedValue;`) and any selector other than type (`motionSolver coded;`) count.
# custom:
#   id: FOAM-SEC-002
#   severity: deny
#   fix: Replace the coded entry with a built-in boundary condition / function object, or run with --allow-code after reviewing the code.
#   provenance:
#     - src/finiteVolume/fields/fvPatchFields/derived/codedFixedValue/codedFixedValueFvPatchField.C
#     - src/dynamicMesh/motionSolvers/displacement/codedPoints0/codedPoints0MotionSolver.H:143
#     - src/fvOptions/sources/general/codedSource/codedSource.C:33
#     - src/OpenFOAM/db/dynamicLibrary/dynamicCode/dynamicCode.C
package foamc.rules.security.coded

import data.foamc.lib

coded(t) if regex.match(`^coded|CodedSource$`, t)

# coded_classes are the TypeNames of v1912's codedBase subclasses: the coded function
# object, fvOption and motion solver, the coded patch fields (fvPatchField, pointPatchField)
# and the fvOptions makeFvOption(CodedSource, Type) registers.
coded_classes := {
	"coded", "codedFixedValue", "codedMixed",
	"scalarCodedSource", "vectorCodedSource", "sphericalTensorCodedSource",
	"symmTensorCodedSource", "tensorCodedSource",
}

msg(t, file) := sprintf("%s in %s compiles and loads C++ code when the case runs", [t, file])

findings contains f if {
	not data.config.allow_code
	some [file, path, v, loc] in lib.typed_objects
	some [_, t] in lib.types(v)
	coded(t)
	f := lib.sec_finding(file, path, loc, msg(t, file))
}

# Any other run-time selector naming a coded class: dynamicMeshDict's motionSolver, a
# solver or model keyword, under a literal or a pattern keyword.
findings contains f if {
	not data.config.allow_code
	some [file, body, loc] in lib.sec_files
	walk(body, [path, v])
	is_object(v)
	not regex_item(path)
	some [tok, x] in selector_values(v)
	t := lib.first(x)
	is_string(t)
	t in coded_classes
	f := lib.sec_finding(file, array.concat(path, tok), loc, msg(t, file))
}

# regex_item: v is a `$regex` item ({pattern, value}), whose value is judged in the
# dictionary that holds it.
regex_item(path) if {
	count(path) > 1
	path[count(path) - 2] == "$regex"
}

# selector_values are a dictionary's entries other than what may be its type.
selector_values(v) := {[[k], x] | some k, x in v; not k in {"type", "$regex"}} | {[["$regex", i, "value"], e.value] |
	some i, e in object.get(v, "$regex", [])
	not lib.may_match(e, "type")
}
