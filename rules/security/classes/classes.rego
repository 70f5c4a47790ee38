# METADATA
# title: code-selecting entries name a class the case's OpenFOAM release compiles
# description: "In the entries that select a class to construct (a function object's type in controlDict's functions or the Foundation's system/functions, an fvOption's type and the Foundation's fvModel and fvConstraint types, dynamicMeshDict's dynamicFvMesh, motionSolver and solidBodyMotionFunction, and the Foundation's mover, topoChanger and distributor types; boundary conditions are FOAM-BC-001's, libraries FOAM-SEC-004's), only the classes the case's release compiles are allowed (data.kb.vocab.functionObjects and data.kb.vocab.classes, mined from that release's registration macros in the sources its Make/files compile): any other name can only come from a library that OpenFOAM does not ship. Pattern keywords count as every keyword they match. For a release foamc has no profile of, a class its nearest release lacks is an info finding, not a deny."
# custom:
#   id: FOAM-SEC-009
#   severity: deny
#   fix: Use a class the case's OpenFOAM release provides (the finding names the near matches), or run with --allow-code after reviewing the library that provides it.
#   provenance:
#     - src/OpenFOAM/db/functionObjects/functionObject/functionObject.C:94
#     - src/finiteVolume/cfdTools/general/fvOptions/fvOption.C:95
#     - src/dynamicFvMesh/dynamicFvMesh/dynamicFvMeshNew.C:79
#     - src/dynamicMesh/motionSolvers/motionSolver/motionSolver.C:114
#     - src/dynamicMesh/motionSolvers/displacement/solidBody/solidBodyMotionFunctions/solidBodyMotionFunction/solidBodyMotionFunctionNew.C:47
#     - src/OpenFOAM/db/runTimeSelection/construction/addToRunTimeSelectionTable.H
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
	f := object.union(unknown(file, tokens, t, what, loc), {"suggest": lib.suggest(t, sort(known))})
}

unknown(file, tokens, t, what, loc) := lib.sec_finding(file, tokens, loc, sprintf("%s %q in %s is no class OpenFOAM %s compiles: only a library OpenFOAM does not ship can provide it", [what, t, file, data.kb.version])) if lib.release_profiled

# Without the case's release's lists, a class foamc does not know is not denied: the
# release may compile it.
else := object.union(
	lib.sec_finding(file, tokens, loc, sprintf("%s %q in %s: foamc cannot check it, it has no class list of %s", [what, t, file, lib.judged_release])),
	{"severity": "info", "detail": sprintf("%q is not among the classes of OpenFOAM %s, the nearest release foamc knows; check that %s compiles it or that the library providing it is trusted", [t, data.kb.version, lib.judged_release])},
)

sort(s) := [x | some x in s]

# selections are [file, pointer tokens, class name, allowed names, what it is, location
# (lib.sec_loc)].
selections contains [file, array.concat(ftok, array.concat(otok, ttok)), t, {x | some x in data.kb.vocab.functionObjects}, "function object type", loc] if {
	some src in lib.sec_sources
	file := lib.sec_file(src)
	d := lib.sec_body(src)
	loc := lib.sec_loc(src)
	some [ftok, fs] in function_dicts(file, d)
	some [otok, fo] in members(fs)
	some [ttok, t] in lib.types(fo)
}

# function_dicts: controlDict's functions, and the Foundation's system/functions, which
# functionObjectList reads in its place (OpenFOAM-12 functionObjectList.C:38-66, 245).
function_dicts(file, d) := lib.entries(d, "functions") if file == "system/controlDict"

function_dicts(file, d) := {[[], d]} if file == "system/functions"

selections contains [file, array.concat(otok, ttok), t, lib.fv_source_types, fv_what(file), loc] if {
	some src in lib.sec_sources
	file := lib.sec_file(src)
	d := lib.sec_body(src)
	loc := lib.sec_loc(src)
	fv_options_file(file)
	some [otok, o] in members(options(d))
	some [ttok, t] in lib.types(o)
}

selections contains [file, tok, t, lib.selectable("dynamicFvMeshes"), "dynamicFvMesh", loc] if {
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
	"motionSolver": [lib.selectable("motionSolvers"), "motionSolver"],
	"solver": [lib.selectable("motionSolvers"), "motionSolver (solver)"],
	"solidBodyMotionFunction": [lib.selectable("solidBodyMotionFunctions"), "solidBodyMotionFunction"],
}

# The Foundation's dynamicMeshDict selects its mesh changers by the type of a
# sub-dictionary (fvMeshMover::New, fvMeshTopoChanger::New, fvMeshDistributor::New).
selections contains [file, array.concat(tok, ttok), t, lib.selectable(vocab), what, loc] if {
	some src in lib.sec_sources
	file := lib.sec_file(src)
	d := lib.sec_body(src)
	loc := lib.sec_loc(src)
	endswith(file, "dynamicMeshDict")
	some key, [vocab, what] in changer_keys
	some [tok, o] in lib.entries(d, key)
	is_object(o)
	some [ttok, t] in lib.types(o)
}

changer_keys := {
	"mover": ["fvMeshMovers", "mover type"],
	"topoChanger": ["fvMeshTopoChangers", "topoChanger type"],
	"distributor": ["fvMeshDistributors", "distributor type"],
}

# fv_options_file: constant/ and system/ fvOptions (ESI's fvOptionList reads either; the
# Foundation's fvModels and fvConstraints fall back to them), constant/fvModels and
# system/fvConstraints, and a region's.
fv_options_file(file) if regex.match(`^(constant|system)/([^/]+/)?(fvOptions|fvModels|fvConstraints)$`, file)

fv_what(file) := what if {
	some suffix, what in {"fvModels": "fvModel type", "fvConstraints": "fvConstraint type", "fvOptions": "fvOption type"}
	endswith(file, suffix)
}

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
