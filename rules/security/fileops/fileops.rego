# METADATA
# title: stock function objects that change files outside the case
# description: "Stock v1912 classes that copy, delete or write files where the case says: timeActivatedFileUpdate copies any file over any file during the run (a controlDict with libs, a shell start-up file); abort deletes its `file`; ensightWrite, vtkWrite, vtkCloud and dataCloud write into their `directory`; externalCoupled (function object and patch fields) and lumpedPointMotion create, write and delete files in their `commsDir`. The last three are denied only when the path leaves the case."
# custom:
#   id: FOAM-SEC-008
#   severity: deny
#   fix: Remove timeActivatedFileUpdate and swap the files yourself between runs; keep the other paths inside the case (relative, or under <case>); or run with --allow-code after reviewing them.
#   provenance:
#     - src/functionObjects/utilities/timeActivatedFileUpdate/timeActivatedFileUpdate.C:77
#     - src/functionObjects/utilities/abort/abort.C:154
#     - src/functionObjects/utilities/ensightWrite/ensightWrite.C:168
#     - src/functionObjects/utilities/vtkWrite/vtkWrite.C:230
#     - src/functionObjects/lagrangian/vtkCloud/vtkCloud.C:440
#     - src/functionObjects/lagrangian/dataCloud/dataCloud.C:182
#     - src/finiteVolume/cfdTools/general/coupling/externalFileCoupler.C:237
#   applies_to:
#     releases: [any]
package foamc.rules.security.fileops

import data.foamc.lib

# The entry of each writer whose path it writes to (abort deletes it).
path_keys := {
	"abort": "file",
	"ensightWrite": "directory",
	"vtkWrite": "directory",
	"vtkCloud": "directory",
	"dataCloud": "directory",
}

findings contains f if {
	not data.config.allow_code
	some [file, path, v, loc] in lib.typed_objects
	some [_, "timeActivatedFileUpdate"] in lib.types(v)
	f := lib.sec_finding(
		file, path, loc,
		sprintf("timeActivatedFileUpdate in %s copies files over %v while the case runs", [file, object.get(v, "fileToUpdate", "a file")]),
	)
}

findings contains f if {
	not data.config.allow_code
	some [file, path, v, loc] in lib.typed_objects
	some [_, t] in lib.types(v)
	key := path_keys[t]
	some [tok, p] in lib.entries(v, key)
	is_string(p)
	not lib.inside_case(p)
	f := lib.sec_finding(
		file, array.concat(path, tok), loc,
		sprintf("%s in %s %s %v, outside the case", [t, file, verb(t), p]),
	)
}

verb("abort") := "deletes"

verb(t) := "writes into" if t != "abort"

# externalFileCoupler's commsDir, wherever it is read (externalCoupled, lumpedPointMovement):
# under the literal keyword, and under a pattern that may be it.
findings contains f if {
	not data.config.allow_code
	some [src, path, v] in lib.sec_nodes
	some [tok, p] in comms_dirs(v)
	is_string(p)
	not lib.inside_case(p)
	file := lib.sec_file(src)
	loc := lib.sec_loc(src)
	f := lib.sec_finding(
		file, array.concat(path, tok), loc,
		sprintf("commsDir %v in %s: the coupler creates, writes and deletes files there, outside the case", [p, file]),
	)
}

comms_dirs(v) := {[["commsDir"], v.commsDir]} if _ = v.commsDir

else := lib.entries(v, "commsDir") if _ = v["$regex"]
