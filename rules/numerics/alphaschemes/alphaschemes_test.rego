package foamc.rules.numerics.alphaschemes_test

import data.foamc.rules.numerics.alphaschemes
import data.foamc.test

vof(solver, ds) := test.set(test.set(test.case, "/features/solver", solver), "/files/system~1fvSchemes/divSchemes", ds)

both := {"div(phi,alpha)": "Gauss vanLeer", "div(phirb,alpha)": "Gauss linear"}

test_damBreak_clean if {
	count(alphaschemes.findings) == 0 with input as vof("interFoam", both)
}

test_missing if {
	fs := alphaschemes.findings with input as vof("interFoam", object.remove(both, ["div(phirb,alpha)"]))
	count(fs) == 1
	some f in fs
	some e in f.edits
	e.pointer == "/divSchemes/div(phirb,alpha)"
}

test_default if {
	count(alphaschemes.findings) == 0 with input as vof("interFoam", {"default": "Gauss linear"})
	count(alphaschemes.findings) == 2 with input as vof("interFoam", {"default": "none"})
}

test_isoadvector if {
	count(alphaschemes.findings) == 0 with input as vof("interIsoFoam", {})
}
