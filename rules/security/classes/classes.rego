# METADATA
# title: code-selecting entries name a class OpenFOAM v1912 compiles
# description: "In the entries that select a class to construct (a function object's type, an fvOption's type, dynamicMeshDict's dynamicFvMesh, motionSolver and solidBodyMotionFunction; boundary conditions are FOAM-BC-001's, libraries FOAM-SEC-004's), only the classes v1912 compiles are allowed: any other name can only come from a library that OpenFOAM does not ship. Pattern keywords count as every keyword they match."
# custom:
#   id: FOAM-SEC-009
#   severity: deny
#   fix: Use a class OpenFOAM v1912 provides (the finding names the near matches), or run with --allow-code after reviewing the library that provides it.
#   provenance:
#     - src/OpenFOAM/db/functionObjects/functionObject/functionObject.C:94
#     - src/finiteVolume/cfdTools/general/fvOptions/fvOption.C:95
#     - src/dynamicFvMesh/dynamicFvMesh/dynamicFvMeshNew.C:79
#     - src/dynamicMesh/motionSolvers/motionSolver/motionSolver.C:114
#     - src/dynamicMesh/motionSolvers/displacement/solidBody/solidBodyMotionFunctions/solidBodyMotionFunction/solidBodyMotionFunctionNew.C:47
#   applies_to:
#     releases: [any]
package foamc.rules.security.classes

import data.foamc.lib

# Coded classes are FOAM-SEC-002's.
coded(t) if regex.match(`^coded|CodedSource$`, t)

findings contains f if {
	not data.config.allow_code
	some [file, tokens, t, known, what, loc] in selections
	count(known) > 0
	not t in known
	not coded(t)
	f := object.union(
		lib.sec_finding(file, tokens, loc, sprintf("%s %q in %s is no class OpenFOAM v1912 compiles: only a library OpenFOAM does not ship can provide it", [what, t, file])),
		{"suggest": lib.suggest(t, sort(known))},
	)
}

sort(s) := [x | some x in s]

# selections are [file, pointer tokens, class name, allowed names, what it is, location
# (lib.sec_loc)].
selections contains [file, array.concat(ftok, array.concat(otok, ttok)), t, {x | some x in data.kb.vocab.functionObjects}, "function object type", loc] if {
	some src in lib.sec_sources
	file := lib.sec_file(src)
	d := lib.sec_body(src)
	loc := lib.sec_loc(src)
	file == "system/controlDict"
	some [ftok, fs] in lib.entries(d, "functions")
	some [otok, fo] in members(fs)
	some [ttok, t] in lib.types(fo)
}

selections contains [file, array.concat(otok, ttok), t, lib.fv_option_types, "fvOption type", loc] if {
	some src in lib.sec_sources
	file := lib.sec_file(src)
	d := lib.sec_body(src)
	loc := lib.sec_loc(src)
	fv_options_file(file)
	some [otok, o] in members(options(d))
	some [ttok, t] in lib.types(o)
}

selections contains [file, tok, t, lib.dynamic_fv_mesh_types, "dynamicFvMesh", loc] if {
	some src in lib.sec_sources
	file := lib.sec_file(src)
	d := lib.sec_body(src)
	loc := lib.sec_loc(src)
	endswith(file, "dynamicMeshDict")
	some [tok, t] in lib.entries(d, "dynamicFvMesh")
	is_string(t)
}

selections contains [file, array.concat(path, tok), t, names, what, loc] if {
	some src in lib.sec_sources
	file := lib.sec_file(src)
	d := lib.sec_body(src)
	loc := lib.sec_loc(src)
	endswith(file, "dynamicMeshDict")
	walk(d, [path, v])
	is_object(v)
	some key, [names, what] in dynamic_keys
	some [tok, t] in lib.entries(v, key)
	is_string(t)
}

dynamic_keys := {
	"motionSolver": [lib.motion_solver_types, "motionSolver"],
	"solver": [lib.motion_solver_types, "motionSolver (solver)"],
	"solidBodyMotionFunction": [lib.solid_body_motion_functions, "solidBodyMotionFunction"],
}

# fv_options_file: constant/fvOptions, system/fvOptions and a region's (fvOptionList reads
# either).
fv_options_file(file) if file in {"constant/fvOptions", "system/fvOptions"}

fv_options_file(file) if regex.match(`^(constant|system)/[^/]+/fvOptions$`, file)

# options is fv::optionList::optionsDict: the "options" sub-dictionary if present, else d.
options(d) := o if {
	o := lib.lookup(d, "options")
	is_object(o)
} else := d

# members are the sub-dictionaries of d, under literal and pattern keywords.
members(d) := {[[k], v] | is_object(d); some k, v in d; k != "$regex"; is_object(v)} | {[["$regex", i, "value"], e.value] |
	is_object(d)
	some i, e in object.get(d, "$regex", [])
	is_object(e.value)
}
