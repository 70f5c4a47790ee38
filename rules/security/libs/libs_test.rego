package foamc.rules.security.libs_test

import data.foamc.rules.security.libs
import data.foamc.test

test_shipped if {
	count(libs.findings) == 0 with input as test.set(test.case, "/files/system~1controlDict/libs", ["libforces.so"])
}

test_foreign if {
	fs := libs.findings with input as test.set(test.case, "/files/system~1controlDict/libs", ["libforces.so", "libevil.so"])
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1controlDict/libs/1"
}

test_short_names if {
	count(libs.findings) == 0 with input as test.set(test.case, "/files/system~1controlDict/libs", ["forces", "libsampling", "fieldFunctionObjects"])
	count(libs.findings) == 0 with input as test.set(test.case, "/files/system~1controlDict/libs", ["/usr/lib/libforces.so"])
	count(libs.findings) == 1 with input as test.set(test.case, "/files/system~1controlDict/libs", ["/usr/lib/libmine.so"])
}

# Paths outside OpenFOAM's library directories are FOAM-SEC-007's.
test_paths_left_to_caselib if {
	count(libs.findings) == 0 with input as test.set(test.case, "/files/system~1controlDict/libs", ["/opt/x/libforces.so", "$FOAM_CASE/libevil.so"])
}

test_pattern_key if {
	fs := libs.findings with input as test.set(test.case, "/files/system~1controlDict/$regex", [{"pattern": "li(b)s", "value": ["evil"]}])
	{f.path | some f in fs} == {"/files/system~1controlDict/$regex/0/value/0"}
}

test_allow_code if {
	count(libs.findings) == 0 with input as test.set(test.case, "/files/system~1controlDict/libs", ["evil"]) with data.config.allow_code as true
}

# A skipped #if branch is judged too, located at its directive.
test_skipped_branch if {
	doc := object.union(test.case, {"directives": [{"name": "#else", "file": "system/controlDict", "line": 7, "column": 1, "path": "/files/system~1controlDict", "executed": true, "branch": {"libs": ["evil"]}}]})
	fs := libs.findings with input as doc
	count(fs) == 1
	some f in fs
	f.location.line == 7
	contains(f.msg, "skips")
}

# The list is the release's (data.kb.vocab.libs): a case of the release data.kb is for is
# denied what the list lacks; a case of a release foamc has no profile of gets an info.
test_release_list if {
	doc := object.union(test.set(test.case, "/files/system~1controlDict/libs", ["libforces.so", "libevil.so"]), {"release": {"id": "openfoam-12", "family": "foundation"}})
	fs := libs.findings with input as doc with data.kb.release.id as "openfoam-12" with data.kb.vocab.libs as ["libforces.so"]
	count(fs) == 1
	some f in fs
	not f.severity
}

test_no_profile_is_info if {
	doc := object.union(test.set(test.case, "/files/system~1controlDict/libs", ["libforces.so", "libevil.so"]), {"release": {"id": "openfoam-11", "family": "foundation"}})
	fs := libs.findings with input as doc with data.kb.release.id as "openfoam-12"
	count(fs) == 1
	some f in fs
	f.severity == "info"
	contains(f.msg, "no library list of openfoam-11")
}
