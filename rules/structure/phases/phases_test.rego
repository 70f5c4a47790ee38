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

test_phase_keys if {
	fs := phases.findings with input as vof(json.patch(tp, [{"op": "remove", "path": "/water/rho"}, {"op": "remove", "path": "/air/nu"}]))
	count(fs) == 2
}

test_non_newtonian_needs_no_nu if {
	count(phases.findings) == 0 with input as vof(json.patch(tp, [{"op": "replace", "path": "/water", "value": {"transportModel": "BirdCarreau", "rho": 1000, "BirdCarreauCoeffs": {}}}]))
}

test_rho_zero if {
	count(phases.findings) == 1 with input as vof(json.patch(tp, [{"op": "replace", "path": "/water/rho", "value": 0}]))
	count(phases.findings) == 0 with input as vof(json.patch(tp, [{"op": "replace", "path": "/water/rho", "value": [{"$dims": [1, -3, 0, 0, 0, 0, 0]}, 1000]}]))
}

test_sigma_word if {
	count(phases.findings) == 1 with input as vof(json.patch(tp, [{"op": "replace", "path": "/sigma", "value": "high"}]))
	count(phases.findings) == 0 with input as vof(json.patch(tp, [{"op": "replace", "path": "/sigma", "value": {"type": "constant", "sigma": 0.07}}]))
}
