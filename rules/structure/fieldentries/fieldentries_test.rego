package foamc.rules.structure.fieldentries_test

import data.foamc.rules.structure.fieldentries
import data.foamc.test

test_ok if {
	count(fieldentries.findings) == 0 with input as test.case
}

test_no_dimensions if {
	fs := fieldentries.findings with input as test.del(test.case, "/files/0~1p/dimensions")
	[f] := [f | some f in fs]
	f.severity == "deny"
	contains(f.msg, "no dimensions")
}

test_no_internal_field_unread if {
	doc := test.set(test.set(test.case, "/fields/s", "0/s"), "/headers/0~1s", {"class": "volScalarField"})
	fs := fieldentries.findings with input as test.set(doc, "/files/0~1s", {"dimensions": {"$dims": [0, 0, 0, 0, 0, 0, 0]}, "boundaryField": {}})
	[f] := [f | some f in fs]
	f.severity == "warn"
}

test_nan_component if {
	fs := fieldentries.findings with input as test.set(test.case, "/files/0~1U/internalField", {"$uniform": ["nan", 0, 0]})
	[f] := [f | some f in fs]
	f.msg == "U internalField is not a number: component 0 is nan"
	not f.severity
}

test_word_scalar_on_patch if {
	fs := fieldentries.findings with input as test.set(test.case, "/files/0~1p/boundaryField/outlet/value", {"$uniform": "inf"})
	[f] := [f | some f in fs]
	f.path == "/files/0~1p/boundaryField/outlet/value"
}

test_calc_component if {
	fs := fieldentries.findings with input as test.set(test.case, "/files/0~1U/internalField", {"$uniform": [{"$calc": "1.0"}, 0, 0]})
	[f] := [f | some f in fs]
	f.severity == "warn"
}
