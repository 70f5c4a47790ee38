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
