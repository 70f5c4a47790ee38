# The run-time selectable classes of the judged release in positions that select code:
# data.kb.vocab.classes, mined from the release's own sources (kb/mine classes.go: the
# names its registration macros add to each selection table, in the files its Make/files
# compile; TestSelectableClasses compares v1912's with what v1912 itself prints as "Valid
# ... types"). The coded classes are listed as OpenFOAM lists them; FOAM-SEC-002 denies them.
package foamc.lib

# selectable(vocab) is the release's class names of one data.kb.vocab.classes vocabulary
# (fvOptions, fvModels, fvConstraints, dynamicFvMeshes, motionSolvers,
# solidBodyMotionFunctions, fvMeshMovers, fvMeshTopoChangers, fvMeshDistributors).
selectable(vocab) := {x | some x in object.get(data.kb.vocab, ["classes", vocab], [])}

# fv_source_types: what constant/fvOptions, system/fvOptions, constant/fvModels and
# system/fvConstraints may select. ESI reads fv::option from fvOptions; Foundation 12 reads
# fvModels (constant/fvModels, else constant/ or system/fvOptions, fvModels.C:55-95) and
# fvConstraints (system/fvConstraints, else fvOptions); a release has one kind or the
# other, and any of them is a class it compiles.
fv_source_types := (selectable("fvOptions") | selectable("fvModels")) | selectable("fvConstraints")

# release_profiled: data.kb is the case's own release's (rules/release.go judge: no
# release, or the reference one, is judged with the default data).
release_profiled if {
	object.get(input, ["release", "id"], "") == ""
	object.get(input, ["release", "family"], "") == ""
}

release_profiled if input.release.id == object.get(data.kb, ["release", "id"], "")

# judged_release names the case's release in a message: its profile ID, else its family.
judged_release := input.release.id if object.get(input, ["release", "id"], "") != ""

else := sprintf("this %s release", [object.get(input, ["release", "family"], "")])
