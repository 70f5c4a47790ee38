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
#   applies_to:
#     releases: [any]
package foamc.rules.security.coded

import data.foamc.lib

coded(t) if regex.match(`^coded|CodedSource$`, t)

msg(t, file) := sprintf("%s in %s compiles and loads C++ code when the case runs", [t, file])

findings contains f if {
	not data.config.allow_code
	some [file, path, v, loc] in lib.typed_objects
	some [_, t] in lib.types(v)
	coded(t)
	f := lib.sec_finding(file, path, loc, msg(t, file))
}

# Any other run-time selector naming a coded class: dynamicMeshDict's motionSolver, a
# solver or model keyword. A literal keyword: every string leaf (or a list's first word)
# under a keyword other than type.
findings contains f if {
	not data.config.allow_code
	some [src, path, x] in lib.sec_nodes
	is_string(x)
	selector_path(path)
	file := lib.sec_file(src)
	loc := lib.sec_loc(src)
	f := lib.sec_finding(file, path, loc, msg(x, file))
}

# A pattern keyword that cannot be type.
findings contains f if {
	not data.config.allow_code
	some [src, path, v] in lib.sec_nodes
	some i, e in v["$regex"]
	t := lib.first(e.value)
	is_string(t)
	t in lib.coded_classes
	not lib.may_match(e, "type")
	file := lib.sec_file(src)
	loc := lib.sec_loc(src)
	f := lib.sec_finding(file, array.concat(path, ["$regex", i, "value"]), loc, msg(t, file))
}

# selector_path: the leaf is an entry's value (or its first word) under a literal keyword
# other than type.
selector_path(path) if {
	n := count(path)
	n > 0
	selector_key(path[n - 1])
}

selector_path(path) if {
	n := count(path)
	n > 1
	path[n - 1] == 0
	selector_key(path[n - 2])
}

selector_key(k) if {
	is_string(k)
	not k in {"type", "pattern", "re", "value", "$regex"}
}
