package foamc.rules.numerics.schemenames_test

import data.foamc.rules.numerics.schemenames
import data.foamc.test

test_ok if {
	count(schemenames.findings) == 0 with input as test.case
}

test_linearr if {
	fs := schemenames.findings with input as test.set(test.case, "/files/system~1fvSchemes/divSchemes/div(phi,U)", ["Gauss", "linearr"])
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1fvSchemes/divSchemes/div(phi,U)"
	f.suggest.word == "linearr"
}

test_default_warns if {
	fs := schemenames.findings with input as test.set(test.case, "/files/system~1fvSchemes/ddtSchemes/default", "steadystate")
	count(fs) == 1
	some f in fs
	f.severity == "warn"
}

test_multivariate if {
	count(schemenames.findings) == 0 with input as test.set(test.case, "/files/system~1fvSchemes/divSchemes/div(phi,Yi_h)", ["Gauss", "multivariateSelection", {}])
}

test_regex_entry if {
	doc := test.set(test.case, "/files/system~1fvSchemes/divSchemes/$regex/0/value", ["bounded", "Gauss", "limitedLinea", 1])
	fs := schemenames.findings with input as doc
	some f in fs
	f.path == "/files/system~1fvSchemes/divSchemes/$regex/0/value"
}
