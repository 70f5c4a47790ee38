package foamc.rules.turbulence.known_test

import data.foamc.rules.turbulence.known
import data.foamc.test

test_known if {
	count(known.findings) == 0 with input as test.case
}

test_misspelled if {
	fs := known.findings with input as test.set(test.case, "/files/constant~1turbulenceProperties/RAS/RASModel", "kEpsilonn")
	count(fs) == 1
	some f in fs
	f.suggest.word == "kEpsilonn"
	f.path == "/files/constant~1turbulenceProperties/RAS/RASModel"
}

test_compressible_vocab if {
	doc := object.union(test.compressible, {"files": {"constant/turbulenceProperties": {"simulationType": "LES", "LES": {"LESModel": "Smagorinsky"}}}})
	count(known.findings) == 0 with input as doc
	count(known.findings) == 1 with input as test.set(doc, "/files/constant~1turbulenceProperties/LES/LESModel", "Smag")
}
