package foamc.rules.structure.phases_test

import data.foamc.rules.structure.phases
import data.foamc.test

tp := {
	"phases": ["water", "air"], "sigma": 0.07,
	"water": {"transportModel": "Newtonian", "nu": 1e-06, "rho": 1000},
	"air": {"transportModel": "Newtonian", "nu": 1.48e-05, "rho": 1},
}

vof(t) := test.set(test.set(test.case, "/features/solver", "interFoam"), "/files/constant~1transportProperties", t)

test_damBreak_clean if {
	count(phases.findings) == 0 with input as vof(tp)
}

test_phase_without_subdict if {
	fs := phases.findings with input as vof(json.patch(tp, [{"op": "replace", "path": "/phases/1", "value": "gas"}]))
	count(fs) == 1
	some f in fs
	f.path == "/files/constant~1transportProperties/phases/1"
	f.suggest.candidates == ["air"]
}

test_one_phase if {
	count(phases.findings) == 1 with input as vof(json.patch(tp, [{"op": "replace", "path": "/phases", "value": ["water"]}]))
}

test_not_vof if {
	count(phases.findings) == 0 with input as test.set(test.case, "/files/constant~1transportProperties", {"phases": ["a", "b"]})
}
