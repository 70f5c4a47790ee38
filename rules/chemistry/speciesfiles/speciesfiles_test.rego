package foamc.rules.chemistry.speciesfiles_test

import data.foamc.rules.chemistry.speciesfiles
import data.foamc.test

no_ydefault := test.del(test.del(test.reacting, "/fields/Ydefault"), "/files/0~1Ydefault")

test_ok if {
	count(speciesfiles.findings) == 0 with input as test.reacting
}

test_no_ydefault if {
	fs := speciesfiles.findings with input as no_ydefault
	count(fs) == 1
	some f in fs
	f.path == "/files/constant~1reactions/species"
}

# Every specie with its own file needs no Ydefault.
test_all_files if {
	doc := test.set(test.set(no_ydefault, "/fields/H2O", "0/H2O"), "/fields/CO2", "0/CO2")
	count(speciesfiles.findings) == 0 with input as doc
}
