# METADATA
# title: OpenFOAM lookup semantics and case-document helpers
# description: |
#   Shared by every rule. Dictionary lookup follows dictionary.H:36-39 (exact key, then regex
#   keys from the last defined to the first, anchored); boundaryField lookup follows
#   GeometricBoundaryField.C:51-140 (patch name, then patch groups, then regex; empty patches
#   default to empty).
package foamc.lib

# esc escapes one RFC 6901 reference token.
esc(s) := replace(replace(sprintf("%v", [s]), "~", "~0"), "/", "~1")

# ptr joins tokens into an RFC 6901 pointer.
ptr(tokens) := concat("", [sprintf("/%s", [esc(t)]) | some t in tokens])

# file_ptr points into a case file of the document.
file_ptr(file, tokens) := ptr(array.concat(["files", file], tokens))

# finding is what every rule's findings set holds, built only here (Regal's result.fail):
# ptr locates it in the case document, msg is its one-line summary.
finding(ptr, msg) := {"path": ptr, "msg": msg}

# finding_with adds the optional parts: "detail", "fix" (prose replacing the METADATA fix),
# "severity", "related" (pointers), "location" (directives: file, line, column),
# "suggest" (lib.suggest) and "edits" (lib.fix_*), which the engine turns into the
# finding's Repair.
finding_with(ptr, msg, more) := object.union(more, finding(ptr, msg))

# related is a second location of a finding with what it is there; "related" takes
# these or bare pointers.
related(ptr, msg) := {"path": ptr, "message": msg}

# missing relates a finding to the file or entry it reports absent: the runner's gate
# repair reads the pointer to know what to create.
missing(ptr) := related(ptr, "missing")

# patch_related is the patch's entry in constant/polyMesh/boundary.
patch_related(p) := related(patch_ptr(p), "the patch in the mesh")

# suggest: word is a misspelling of one of candidates (the engine keeps the nearest).
suggest(word, candidates) := {"word": word, "candidates": candidates}

# The fix helpers build one edit of a case file: tokens are the keys from the file's top
# level down (RFC 6901 inside the file, not the case document), value OpenFOAM text
# ("Gauss linear", "{ pRefCell 0; pRefValue 0; }").
fix_add(file, tokens, value) := {"op": "add", "file": file, "pointer": ptr(tokens), "value": sprintf("%v", [value])}

fix_set(file, tokens, value) := {"op": "set", "file": file, "pointer": ptr(tokens), "value": sprintf("%v", [value])}

fix_remove(file, tokens) := {"op": "remove", "file": file, "pointer": ptr(tokens)}

# fix_set_at and fix_add_at edit the entry a case-document pointer ("/files/0~1U/...")
# names; a pointer through a regex key names no entry and yields no edit.
fix_set_at(doc_ptr, value) := object.union(doc_edit(doc_ptr), {"op": "set", "value": sprintf("%v", [value])})

fix_add_at(doc_ptr, value) := object.union(doc_edit(doc_ptr), {"op": "add", "value": sprintf("%v", [value])})

doc_edit(doc_ptr) := {"file": unesc(seg[0]), "pointer": concat("/", array.concat([""], array.slice(seg, 1, count(seg))))} if {
	startswith(doc_ptr, "/files/")
	not contains(doc_ptr, "/$regex/")
	seg := split(substring(doc_ptr, 7, -1), "/")
	count(seg) > 1
}

unesc(s) := replace(replace(s, "~1", "/"), "~0", "~")

# foam_file is a file's text with the FoamFile header, for fix_create.
foam_file(class, object_name, body) := sprintf("FoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       %s;\n    object      %s;\n}\n\n%s", [class, object_name, body])

# fix_create writes a missing file whole (header included).
fix_create(file, text) := {"op": "create-file", "file": file, "value": text}

# has is true when d holds the exact key k (values may be null or false).
has(d, k) if {
	is_object(d)
	_ = d[k]
}

anchored(p) := sprintf("^(?:%s)$", [p])

# key_re is the RE2 form of a `$regex` item's pattern as OpenFOAM compiles it (POSIX ERE,
# grammar.KeyRegex): the item's "re" when the translation differs from the pattern, null
# when foamc cannot translate it.
key_re(e) := e.re if has(e, "re")

else := e.pattern

# regex_index is the index of the last `$regex` entry of d whose anchored pattern matches k.
regex_index(d, k) := max(ms) if {
	ms := [i |
		some i, e in d["$regex"]
		re := key_re(e)
		is_string(re)
		regex.is_valid(anchored(re))
		regex.match(anchored(re), k)
	]
	count(ms) > 0
}

# may_match holds when OpenFOAM may find the `$regex` item e under keyword k: its pattern
# matches k, or foamc cannot translate the pattern (then it is assumed to match).
may_match(e, k) if {
	re := key_re(e)
	is_string(re)
	regex.is_valid(anchored(re))
	regex.match(anchored(re), k)
}

may_match(e, _) if {
	re := key_re(e)
	not is_string(re)
}

may_match(e, _) if not regex.is_valid(anchored(key_re(e)))

# entries is every [pointer suffix, value] OpenFOAM may read for keyword k in d: the
# literal entry and each pattern entry that may match k (`"li(b)s"` is libs, `"typ(e)"`
# is type). Lookup picks one of them (the literal, else the last matching pattern); the
# security rules judge them all, so a shadowed pattern is judged too.
entries(d, k) := {[[k], d[k]] | has(d, k)} | {[["$regex", i, "value"], e.value] |
	is_object(d)
	some i, e in object.get(d, "$regex", [])
	may_match(e, k)
}

# tokens is the pointer suffix of the entry OpenFOAM would find for k in d.
tokens(d, k) := [k] if has(d, k)

else := ["$regex", regex_index(d, k), "value"]

# found is OpenFOAM's dictionary::found with pattern matching.
found(d, k) if tokens(d, k)

# lookup returns the value OpenFOAM would find for k in d.
lookup(d, k) := d[k] if has(d, k)

else := d["$regex"][regex_index(d, k)].value

# first is the first word of an entry value (`Gauss linear` -> Gauss).
first(v) := v[0] if is_array(v)

else := v

# words is the value as an array of items.
words(v) := v if is_array(v)

else := [v]

# file returns a case file by its case-relative path.
file(name) := input.files[name]

# files present in the document.
file_exists(name) if has(input.files, name)

# thermo_type is the thermoType of the thermophysicalProperties dictionary tp as an object of
# its components, in both forms basicThermo::lookupThermo reads: the thermoType dictionary
# (basicThermoTemplates.C:99), or the legacy single word (:168) that is the package name itself,
# type<mixture<transport<thermo<equationOfState<specie>>,energy>>> (or, liquidProperties,
# type<mixture<properties,energy>>). Undefined for a word that is no such name (foamcase's
# thermoComponents parses the same for features.energy).
thermo_type(tp) := tp.thermoType if is_object(tp.thermoType)

else := {k: m[i + 1] | some i, k in thermo_cmpts} if {
	is_string(tp.thermoType)
	[m] := regex.find_all_string_submatch_n(thermo_name, tp.thermoType, 1)
}

else := {k: m[i + 1] | some i, k in thermo_liquid_cmpts} if {
	is_string(tp.thermoType)
	[m] := regex.find_all_string_submatch_n(thermo_liquid_name, tp.thermoType, 1)
}

thermo_cmpts := ["type", "mixture", "transport", "thermo", "equationOfState", "specie", "energy"]

thermo_liquid_cmpts := ["type", "mixture", "properties", "energy"]

# The package names basicThermoTemplates.C:146-154 and :116-122 build from the components
# (C++ class names).
thermo_name := `^(\w+)<(\w+)<(\w+)<(\w+)<(\w+)<(\w+)>>,(\w+)>>>$`

thermo_liquid_name := `^(\w+)<(\w+)<(\w+),(\w+)>>$`

solver := input.features.solver

# solver_info is the curated record of the case's solver; undefined for unknown solvers and
# for multi-region solvers, whose fields, schemes and solution controls live per region.
solver_info := data.kb.solvers[solver] if not data.kb.solvers[solver].multiRegion

# solver_div are the divergence keys the solver always looks up (the kb's div list); a
# non-Newtonian laminar model (Maxwell, Giesekus...) replaces the stress term with its own.
solver_div contains key if {
	some key in solver_info.div
	not viscoelastic_stress(key)
}

viscoelastic_stress(key) if {
	contains(key, "dev2")
	input.features.simulationType == "laminar"
	l := input.files["constant/turbulenceProperties"].laminar
	m := object.get(l, "laminarModel", object.get(l, "model", "Stokes"))
	m != "Stokes"
}

# model_div are the convection keys of the transported turbulence fields (div(phi,k)...).
model_div contains sprintf("div(%s,%s)", [turbulence_flux, name]) if some name in transported

# turbulence_flux is the flux the turbulence model convects its fields with: rhoPhi where the
# release's solver reads `density variable` from turbulenceProperties and builds a
# phase-incompressible model on rhoPhi (v2506 interFoam:
# incompressibleInterPhaseTransportModel.C:60-92; data.kb.release.layout.densityVariable),
# else phi.
turbulence_flux := "rhoPhi" if {
	solver in object.get(data.kb.release.layout, "densityVariable", [])
	input.files["constant/turbulenceProperties"].density == "variable"
} else := "phi"

# model_info is the curated record of the case's turbulence model; undefined for laminar.
model_info := data.kb.models[input.features.turbulenceModel] if {
	solver_info.turbulence
	input.features.simulationType != "laminar"
}

turbulent if input.features.simulationType in {"RAS", "LES"}

# model_fields are the fields the turbulence model reads (nut, k, epsilon...).
model_fields := {f | some f in model_info.fields} if {
	turbulent
	solver_info.turbulence
}

else := set()

# transported are the model fields that have an equation (need schemes and solvers).
transported := {f | some f in model_info.transported} if {
	turbulent
	solver_info.turbulence
}

else := set()

# field_file is the case file of a named field.
field_file(name) := input.fields[name]

# field is the expanded dictionary of a named field.
field(name) := input.files[input.fields[name]]

# vol_field holds for fields whose header class is a volume field.
vol_field(name) if startswith(input.headers[input.fields[name]].class, "vol")

rank_of_class := {
	"volScalarField": "scalar", "volVectorField": "vector", "volSphericalTensorField": "sphericalTensor",
	"volSymmTensorField": "symmTensor", "volTensorField": "tensor",
}

# field_class is the volume-field class the solver constructs for a known field (velocities
# are vectors; pressures and the kb's dimensioned scalars are scalars); undefined otherwise.
field_class(name) := "volVectorField" if {
	name in {"U", "Urel", "hU"}
} else := "volScalarField" if {
	_ = data.kb.dims[name]
} else := "volScalarField" if {
	name in {"p", "p_rgh"}
}

# rank of a field: of the class the solver constructs for a known field (a wrong header
# class is FOAM-STRUCT-008's finding, not the values'), else of its header class.
rank(name) := rank_of_class[field_class(name)] if {
	field_class(name)
} else := rank_of_class[input.headers[input.fields[name]].class]

# internal: Foundation 12's internalPolyPatch, a constraint type there (a point patch field
# of its name exists, polyPatch.C:238); blockMesh keeps it, empty, in group internal
# (counterFlowFlame2D_GRI), which setConstraintTypes' `internal` entry covers.
constraint_types := {
	"empty", "wedge", "symmetryPlane", "symmetry", "cyclic", "cyclicAMI", "cyclicACMI", "cyclicSlip",
	"processor", "processorCyclic", "nonuniformTransformCyclic", "overset", "internal",
}

# groups of a patch: its inGroups plus its own type for constraint types (polyPatch.C) and
# walls (wallPolyPatch.C:55-58 adds the wall group, also for the patch types derived from it:
# v1912 blockMesh writes a mappedWall patch with inGroups (wall mappedPatch)).
groups(p) := ({g | some g in object.get(p, "inGroups", [])} | {p.type | p.type in (constraint_types | {"wall"})}) | {"wall" | is_wall(p)}

# region of a field name ("heater/T" -> "heater") and of a patch ("" for the default region).
field_region(name) := r if {
	contains(name, "/")
	parts := split(name, "/")
	r := concat("/", array.slice(parts, 0, count(parts) - 1))
}

else := ""

patch_region(p) := object.get(p, "region", "")

# Dictionaries of utilities that add, remove or rename patches after blockMesh.
mesh_changers := {
	"system/snappyHexMeshDict", "system/createPatchDict", "system/createBafflesDict", "system/extrudeMeshDict",
	"system/extrudeToRegionMeshDict", "system/mirrorMeshDict", "system/stitchMeshDict", "system/subsetMeshDict",
	"system/foamyHexMeshDict", "system/foamyQuadMeshDict", "system/mergeOrSplitBafflesDict", "system/topoSetDict",
	"system/refineMeshDict", "system/collapseDict", "system/modifyMeshDict", "system/splitMeshRegionsDict",
}

# patches_final holds when input.patches are the patches the solver will see: no utility
# dictionary in system/ that adds, removes or retypes patches after blockMesh (or after the
# mesh in polyMesh was made), and a single-region case.
patches_final if {
	count(input.patches) > 0
	not any_mesh_changer
	not file_exists("constant/regionProperties")
}

# final_region(r) holds when the patches of mesh region r are the ones the solver will see:
# the default region under patches_final, and a named region (chtMultiRegion) once its own
# constant/<r>/polyMesh/boundary exists, since splitMeshRegions, which makes it, is the last
# mesh step of those cases.
final_region("") if patches_final

final_region(r) if {
	r != ""
	some p in input.patches
	patch_region(p) == r
	endswith(p.source, "polyMesh/boundary")
}

any_mesh_changer if {
	some name in mesh_changers
	file_exists(name)
}

# bc_tokens is the pointer suffix (under boundaryField) of the entry that applies to patch p.
bc_tokens(bf, p) := [p.name] if is_object(bf[p.name])

else := [g] if {
	gs := [g | some g in groups(p); is_object(bf[g])]
	count(gs) > 0
	g := max(gs)
}

# Empty patches never take a wildcard entry: they default to empty (step 3).
else := ["$regex", i, "value"] if {
	p.type != "empty"
	i := regex_index(bf, p.name)
	is_object(bf["$regex"][i].value)
}

# bc is every (field, patch) pair with its entry, type and pointer; volume fields and
# mesh patches only.
bc contains {"field": f, "patch": p, "entry": e, "type": object.get(e, "type", ""), "ptr": ptr(t)} if {
	some f, _ in input.fields
	vol_field(f)
	not unread_phase_field(f)
	bf := field(f).boundaryField
	some p in input.patches
	patch_region(p) == field_region(f)
	tk := bc_tokens(bf, p)
	t := array.concat(["files", input.fields[f], "boundaryField"], tk)
	e := bc_at(bf, tk)
}

# unread_phase_field: a turbulence field of a phase (multiphase Euler solvers: alphat.gas)
# whose own constant/turbulenceProperties.<phase> is laminar. No model reads it, so its
# boundary conditions are never constructed (wallBoiling1D runs with alphat.gas lacking the
# `relax` its BC requires).
phase_turbulence_fields := {"alphat", "nut", "k", "epsilon", "omega", "nuTilda"}

unread_phase_field(f) if {
	parts := split(f, ".")
	count(parts) == 2
	parts[0] in phase_turbulence_fields
	input.files[concat("", ["constant/turbulenceProperties.", parts[1]])].simulationType == "laminar"
}

bc_at(bf, tk) := bf[tk[0]] if count(tk) == 1

else := bf["$regex"][tk[1]].value

# bc_type returns the boundary condition type of field f on the patch named name.
bc_type(f, name) := b.type if {
	some b in bc
	b.field == f
	b.patch.name == name
}

wall_types := {"wall", "mappedWall"}

# is_wall holds for patches whose fvPatch is a wallFvPatch.
is_wall(p) if p.type in wall_types

# contract is the kb boundary-condition contract of a type.
contract(t) := data.kb.bc[t]

# patch_ptr points at a mesh patch of its own region (resolves into that region's
# polyMesh/boundary).
patch_ptr(p) := ptr(["patches", min([i |
	some i, q in input.patches
	q.name == p.name
	patch_region(q) == patch_region(p)
])])

# dims returns the 7 exponents of a `dimensions` or inline dimensioned value.
dims(v) := v["$dims"] if is_object(v)

else := d if {
	is_array(v)
	some x in v
	is_object(x)
	d := x["$dims"]
}

# scalar_of returns the numeric value of an entry that may be `[dims] value` or `name [dims] value`.
scalar_of(v) := v if is_number(v)

else := x if {
	is_array(v)
	x := v[count(v) - 1]
	is_number(x)
}

# uniform value of a field value, when it is `uniform X`.
uniform(v) := v["$uniform"] if is_object(v)

dims_text(d) := sprintf("[%s]", [concat(" ", [sprintf("%v", [x]) | some x in d])])

# scheme_found is fvSchemes::<kind>Scheme(name) success: an entry, or a default that is not none.
scheme_found(section, name) if found(section, name)

scheme_found(section, name) if {
	not found(section, name)
	d := section["default"]
	d != "none"
	d != ""
}

fv_schemes := input.files["system/fvSchemes"]

fv_solution := input.files["system/fvSolution"]

control_dict := input.files["system/controlDict"]

# algorithm is the solver's pressure-velocity algorithm (the solver decides, not the files).
algorithm := solver_info.algorithm if solver_info

else := input.features.algorithm

# algorithm_dict is the fvSolution dictionary of that algorithm.
algorithm_dict := fv_solution[algorithm]

# OpenFOAM's Switch, which every bool entry is read as (v1912 Switch.C, bool.C): the words
# Switch::parse knows, compared case-sensitively (True, YES and On stop OpenFOAM with
# "Expected 'true/false', 'on/off' ... found"), and a label token read as bool(label). A
# document built from YAML or a test may hold a boolean. A scalar token (1.0) is refused by
# OpenFOAM but reaches the rules as the number 1, so it passes as a label.
switch_true_words := {"true", "t", "yes", "y", "on", "any"}

switch_false_words := {"false", "f", "no", "n", "off", "none"}

switch_words := switch_true_words | switch_false_words

# is_switch: OpenFOAM reads v as a Switch.
is_switch(v) if is_boolean(v)

is_switch(v) if is_label(v)

is_switch(v) if v in switch_words

# truthy: v is a Switch read as true.
truthy(v) if v == true

truthy(v) if {
	is_label(v)
	v != 0
}

truthy(v) if v in switch_true_words

# switch_off: v is a Switch read as false.
switch_off(v) if v == false

switch_off(v) if {
	is_label(v)
	v == 0
}

switch_off(v) if v in switch_false_words

is_label(v) if {
	is_number(v)
	floor(v) == v
}

# solved is every field the solver assembles a matrix for: solver fields, transported model
# fields, the energy variable, and the VoF phase fraction.
solved contains name if {
	some name in solver_info.solve
	not skipped_momentum(name)
}

# momentumPredictor no: the momentum equation is assembled but never solved.
skipped_momentum(name) if {
	name in {"U", "Urel", "hU"}
	switch_off(algorithm_dict.momentumPredictor)
}

solved contains name if some name in transported

solved contains input.features.energy if {
	count(object.get(solver_info.energyDiv, input.features.energy, [])) > 0
}

solved contains phase_alpha if solver_info.multiphase

phase_alpha := sprintf("alpha.%s", [input.files["constant/transportProperties"].phases[0]])

# Patch fields whose fixesValue() is true (fixedValue, mixed, directionMixed, calculated
# and sliced override it; fvPatchField.H:319 says false), so findRefCell needs no reference.
fixing_bases := {"fixedValue", "mixed", "directionMixed", "calculated", "sliced"}

# Without kb base classes: the common types that do not fix the value.
no_fix_types := {
	"zeroGradient", "fixedFluxPressure", "fixedFluxExtrapolatedPressure", "fixedGradient",
	"slip", "empty", "symmetryPlane", "symmetry", "wedge", "cyclic", "cyclicAMI", "cyclicACMI", "cyclicSlip",
	"processor", "processorCyclic", "nonuniformTransformCyclic",
}

type_fixes(t) if t in fixing_bases

type_fixes(t) if {
	some base in data.kb.bc[t].bases
	base in fixing_bases
}

type_fixes(t) if {
	not has_bases(t)
	not t in no_fix_types
}

has_bases(t) if is_array(data.kb.bc[t].bases)

# fixes_value holds when some patch of field name has a value-fixing condition.
fixes_value(name) if {
	some b in bc
	b.field == name
	type_fixes(b.type)
}

# closed holds when the mesh patches are final, field name has boundary conditions and none
# of them fixes its value: the domain gives the field no reference level.
closed(name) if {
	final_region(field_region(name))
	patched(name)
	not fixes_value(name)
}

# patched holds when the field has at least one resolved boundary condition.
patched(name) if {
	some b in bc
	b.field == name
}

# typed_objects is every dictionary in any file that has a `type` or a library entry, with
# its file and path; walked once per evaluation and shared by the security rules.
typed_objects contains [file, path, v, loc] if {
	some [src, path, v] in sec_nodes
	is_object(v)
	typed_or_libs(v)
	file := sec_file(src)
	loc := sec_loc(src)
}

# sec_nodes is the one walk of every security body (sec_sources): [source, path, node] for
# the few nodes the security rules read: dictionaries with a type, a library entry, a
# commsDir or pattern entries, and words naming a coded class.
sec_nodes contains [src, path, v] if {
	some src in sec_sources
	walk(sec_body(src), [path, v])
	sec_node(v)
}

# Cheap tests first: most nodes are numbers and words of no interest.
sec_node(v) if {
	is_object(v)
	sec_object(v)
}

sec_node(v) if {
	is_string(v)
	v in coded_classes
}

sec_object(v) if typed_or_libs(v)

sec_object(v) if _ = v.commsDir

sec_object(v) if _ = v["$regex"]

# coded_classes are the TypeNames of v1912's codedBase subclasses: the coded function
# object, fvOption and motion solver, the coded patch fields (fvPatchField, pointPatchField)
# and the fvOptions makeFvOption(CodedSource, Type) registers.
coded_classes := {
	"coded", "codedFixedValue", "codedMixed",
	"scalarCodedSource", "vectorCodedSource", "sphericalTensorCodedSource",
	"symmTensorCodedSource", "tensorCodedSource",
}

# sec_sources name the bodies the security rules judge: every file (["file", name]) and
# every #if/#ifeq/#elif/#else branch foamc's evaluation skipped (["branch", i]:
# input.directives[i].branch, placed at its path in the file), located at the directive
# that opens it (sec_loc; null for a file). The condition is evaluated in foamc's
# environment, not the solver's, so a skipped branch may be the one the solver reads.
# Sources are names, not bodies: a set of whole files would hash every file.
sec_sources contains ["file", name] if some name, _ in input.files

sec_sources contains ["branch", i] if {
	some i, d in input.directives
	is_object(d.branch)
}

sec_body(["file", name]) := input.files[name]

sec_body(["branch", i]) := input.directives[i].branch

sec_file(["file", name]) := name

sec_file(["branch", i]) := unesc(split(input.directives[i].path, "/")[2])

sec_loc(["file", _]) := null

sec_loc(["branch", i]) := {"file": d.file, "line": d.line, "column": d.column} if d := input.directives[i]

# sec_finding is lib.finding for what sec_sources name: a finding in a skipped branch is
# located at its directive and says so.
sec_finding(file, tokens, loc, msg) := finding(file_ptr(file, tokens), msg) if loc == null

else := finding_with(
	file_ptr(file, tokens),
	sprintf("%s (in the branch at %s:%v that foamc's evaluation skips; the solver evaluates the condition in its own environment)", [msg, loc.file, loc.line]),
	{"location": loc},
)

# Literal keywords first: most dictionaries have no pattern entry, so the walk stays cheap.
typed_or_libs(v) if is_string(v.type)

typed_or_libs(v) if {
	some k in library_keys
	_ = v[k]
}

typed_or_libs(v) if {
	some e in v["$regex"]
	some k in ({"type"} | library_keys)
	may_match(e, k)
}

# types are the [pointer suffix, word] a dictionary's `type` may be, pattern keys included.
types(v) := {[["type"], v.type]} if {
	is_string(v.type)
	not v["$regex"]
} else := {[tok, t] |
	some [tok, t] in entries(v, "type")
	is_string(t)
}

# library_keys are the entries whose libraries v1912 dlopens (dlLibraryTable::open callers:
# Time.C, functionObject.C (functionObjectLibs is the pre-1612 name), fvOption.C,
# dynamicFvMeshNew.C, motionSolver.C, GAMGAgglomeration.C).
library_keys := {
	"libs", "functionObjectLibs", "dynamicFvMeshLibs", "motionSolverLibs",
	"geometricGAMGAgglomerationLibs", "algebraicGAMGAgglomerationLibs",
}

# loaded_libs are the libraries a case has the solver dlopen: [file, pointer path, name,
# location (sec_loc)].
loaded_libs contains [file, array.concat(array.concat(path, tok), [i]), name, loc] if {
	some [file, path, v, loc] in typed_objects
	some [tok, val] in lib_entries(v)
	lib_list(tok, val)
	some i, name in words(val)
	is_string(name)
}

# lib_entries are entries(v, k) for every library keyword k.
lib_entries(v) := {[[k], x] | some k, x in object.filter(v, library_keys)} | {[["$regex", i, "value"], e.value] |
	some i, e in object.get(v, "$regex", [])
	some k in library_keys
	may_match(e, k)
}

# lib_list: dlLibraryTable reads a fileNameList, so a pattern entry (`".*" linear;` in
# interpolationSchemes matches libs too) is a library list only when it is a list; a
# literal libs entry counts in any form.
lib_list(tok, _) if tok[0] != "$regex"

lib_list(["$regex", _, _], val) if is_array(val)

# lib_path holds for a library named by a path rather than a bare name: dlopen then opens
# that file instead of searching the library directories. fileName::expand (in
# dlLibraryTable::openLibrary) first expands $VARs, ~ and the <case>/<etc>/<constant>/<system>
# tags, so those are paths too.
lib_path(name) if contains(name, "/")

lib_path(name) if contains(name, "$")

lib_path(name) if startswith(name, "~")

lib_path(name) if startswith(name, "<")

# openfoam_lib_dirs are where Debian's libopenfoam v1912 installs its libraries (dpkg -L libopenfoam).
openfoam_lib_dirs := {"/usr/lib", "/usr/lib/openmpi-system", "/usr/lib/dummy"}

# openfoam_lib_path holds for an absolute, literal path into OpenFOAM's library directories.
openfoam_lib_path(name) if {
	startswith(name, "/")
	not contains(name, "$")
	not contains(name, "..")
	parts := split(name, "/")
	concat("/", array.slice(parts, 0, count(parts) - 1)) in openfoam_lib_dirs
}

# foreign_lib_path holds for a library file the case names that is not OpenFOAM's own:
# inside the case (a relative path, $FOAM_CASE, <case>), in a home directory, or anywhere
# outside OpenFOAM's library directories.
foreign_lib_path(name) if {
	lib_path(name)
	not openfoam_lib_path(name)
}

# inside_case holds for a path a function object or coupler resolves inside the case: a
# relative path (OpenFOAM runs in the case) or one starting at <case> or $FOAM_CASE, with no
# `..`, variable, `~` or tag after that.
inside_case(p) if {
	is_string(p)
	rest := case_relative(p)
	not contains(rest, "$")
	not contains(rest, "<")
	not startswith(rest, "~")
	not startswith(rest, "/")
	not ".." in split(rest, "/")
}

case_relative(p) := substring(p, count(prefix), -1) if {
	some prefix in {"<case>", "$FOAM_CASE", "${FOAM_CASE}"}
	startswith(p, prefix)
	rest := substring(p, count(prefix), -1)
	rest == ""
} else := substring(p, count(prefix) + 1, -1) if {
	some prefix in {"<case>", "$FOAM_CASE", "${FOAM_CASE}"}
	startswith(p, concat("", [prefix, "/"]))
} else := p

# uniform_velocities are the uniform vectors of U, its internalField and patch values, that
# are three numbers (a word such as nan, or an unevaluated #calc, is FOAM-STRUCT-010's finding).
uniform_velocities contains u if {
	u := uniform(field("U").internalField)
	numeric_vector(u)
}

uniform_velocities contains u if {
	some b in bc
	b.field == "U"
	u := uniform(b.entry.value)
	numeric_vector(u)
}

numeric_vector(u) if {
	is_array(u)
	count(u) == 3
	every x in u { is_number(x) }
}

# speeds2 are the squared magnitudes of the uniform velocities.
speeds2 contains ((u[0] * u[0]) + (u[1] * u[1])) + (u[2] * u[2]) if some u in uniform_velocities

# max_speed2 is the largest of speeds2 (undefined without any).
max_speed2 := max(speeds2) if count(speeds2) > 0

# parallel_run: the run being linted for reads decomposeParDict (input.run: the gate's
# command or foamc run's options): a parallel launch (-parallel, mpirun/srun, foamc run
# --parallel N), decomposePar itself, or a script of the case whose launches are parallel
# (./Allrun, sbatch job.slurm). A serial solver never reads the dictionary, so a parallel
# Allrun alone does not make it used. With no run known (foamc lint), a case already
# decomposed (processor directories) is one whose decomposition is in use.
parallel_run if input.run.parallel

parallel_run if input.run.command == "decomposePar"

parallel_run if {
	some l in input.launches
	l.file == input.run.script
}

parallel_run if {
	not input.run
	input.features.decomposed
}

# decompose_dicts are the decomposition dictionaries by file: system/decomposeParDict, a
# region's system/<region>/decomposeParDict, alternatives named for -decomposeParDict.
decompose_dicts[name] := d if {
	some name, d in input.files
	startswith(name, "system/")
	endswith(name, "decomposeParDict")
}

# decompose_severity: only decomposePar reads decomposeParDict, so its mistakes deny when
# the run at hand is parallel (parallel_run) and warn otherwise (they wait for the first
# decomposePar).
decompose_severity := "deny" if parallel_run

else := "warn"

# A file that is there but cannot be read or parsed (a FIFO, no permission, a syntax
# error, a release tarball's symlink stored as its target's path) is the loader's finding
# (FOAM-PARSE-*, FOAM-CASE-001), not a missing file.
unreadable(name) if {
	some e in input.errors
	e.location.file == name
}
