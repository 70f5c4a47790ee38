package foamc.rules.bc.required_test

import data.foamc.rules.bc.required
import data.foamc.test

test_ok if {
	count(required.findings) == 0 with input as test.case
}

test_totalpressure_without_p0 if {
	fs := required.findings with input as test.set(test.case, "/files/0~1p/boundaryField/outlet", {"type": "totalPressure", "p00": 0})
	count(fs) == 1
	some f in fs
	contains(f.msg, "p0")
	f.suggest.candidates == ["p00", "type"]
}

test_inletoutlet_with_inletvalue if {
	count(required.findings) == 0 with input as test.set(test.case, "/files/0~1k/boundaryField/outlet", {"type": "inletOutlet", "inletValue": {"$uniform": 0}})
}

# alphat.gas of a laminar gas phase is never read: its BCs are not checked.
phase_case(sim) := test.set(
	test.set(
		test.set(test.set(test.case, "/fields/p.gas", "0/p.gas"), "/headers/0~1p.gas", {"class": "volScalarField", "object": "p.gas"}),
		"/files/0~1p.gas", {"boundaryField": {"outlet": {"type": "totalPressure"}}},
	),
	"/files/constant~1turbulenceProperties.gas", {"simulationType": sim},
)

alphat_case(sim) := json.patch(phase_case(sim), [
	{"op": "add", "path": "/fields/alphat.gas", "value": "0/alphat.gas"},
	{"op": "add", "path": "/headers/0~1alphat.gas", "value": {"class": "volScalarField", "object": "alphat.gas"}},
	{"op": "add", "path": "/files/0~1alphat.gas", "value": {"boundaryField": {"outlet": {"type": "totalPressure"}}}},
])

test_laminar_phase_field_not_read if {
	# p.gas is read whatever the phase's model; alphat.gas only by a turbulent phase.
	lam := required.findings with input as alphat_case("laminar")
	ras := required.findings with input as alphat_case("RAS")
	fields_of(lam) == {"p.gas"}
	fields_of(ras) == {"p.gas", "alphat.gas"}
}

fields_of(fs) := {x |
	some f in fs
	some x in ["p.gas", "alphat.gas"]
	contains(f.msg, sprintf("of %s needs", [x]))
}
