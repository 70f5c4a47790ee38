package foamc.rules.numerics.nonortho_test

import data.foamc.rules.numerics.nonortho
import data.foamc.test

mesh(angle) := test.set(test.case, "/features/meshQuality", {"cells": 1000, "maxNonOrtho": angle, "avgNonOrtho": 30, "severeNonOrtho": 12, "maxSkewness": 1, "negativeVolumes": 0})

test_orthogonal if {
	count(nonortho.findings) == 0 with input as mesh(40)
	count(nonortho.findings) == 0 with input as test.case
}

test_skewed if {
	fs := nonortho.findings with input as mesh(82.2)
	some f in fs
	contains(f.msg, "laplacianSchemes default is unlimited corrected on a mesh 82.2 degrees non-orthogonal (12 faces above 70)")
	f.edits[0].value == "Gauss linear limited corrected 0.33"
}
