package foamc.rules.turbulence.laminarfields_test

import data.foamc.rules.turbulence.laminarfields
import data.foamc.test

test_laminar_with_k if {
	count(laminarfields.findings) == 3 with input as test.set(test.case, "/features/simulationType", "laminar")
}

test_ras if {
	count(laminarfields.findings) == 0 with input as test.case
}

streamlines(doc) := test.set(doc, "/files/system~1controlDict/functions", {"streamlines": {"type": "streamLine", "fields": ["p", "k", "U"]}})

test_laminar_streamlines_sampling_k_denies if {
	lam := streamlines(test.set(test.case, "/features/simulationType", "laminar"))
	denies := [f | some f in laminarfields.findings with input as lam; f.severity == "deny"]
	count(denies) == 1
	denies[0].path == "/files/system~1controlDict/functions/streamlines/fields/1"
}

test_turbulence_fields_function_object_creates_them if {
	lam := test.set(streamlines(test.set(test.case, "/features/simulationType", "laminar")), "/files/system~1controlDict/functions/tf", {"type": "turbulenceFields", "fields": ["k"]})
	count([f | some f in laminarfields.findings with input as lam; f.severity == "deny"]) == 0
}

test_ras_streamlines_sampling_k if {
	count(laminarfields.findings) == 0 with input as streamlines(test.case)
}
