package foamc.rules.time.filehandler_test

import data.foamc.rules.time.filehandler
import data.foamc.test

ptr := "/files/system~1controlDict/OptimisationSwitches"

with_handler(v) := test.set(test.case, ptr, {"fileHandler": v})

test_ok if {
	count(filehandler.findings) == 0 with input as test.case
	count(filehandler.findings) == 0 with input as with_handler("collated")
	count(filehandler.findings) == 0 with input as with_handler("uncollated")
}

test_unknown if {
	[f] := [f | some f in filehandler.findings] with input as with_handler("collatd")
	contains(f.msg, "fileHandler collatd is not one of")
	f.suggest.word == "collatd"
	f.path == concat("/", [ptr, "fileHandler"])
}
