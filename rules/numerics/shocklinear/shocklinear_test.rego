package foamc.rules.numerics.shocklinear_test

import data.foamc.rules.numerics.shocklinear
import data.foamc.test

test_ok if {
	count(shocklinear.findings) == 0 with input as test.compressible
}

test_linear if {
	count(shocklinear.findings) == 1 with input as test.set(test.compressible, "/files/system~1fvSchemes/divSchemes/div(phi,U)", ["Gauss", "linear"])
}

test_regex_linear if {
	doc := json.patch(test.compressible, [
		{"op": "remove", "path": "/files/system~1fvSchemes/divSchemes/div(phi,U)"},
		{"op": "add", "path": "/files/system~1fvSchemes/divSchemes/$regex", "value": [{"pattern": "div\\(phi,(U|h)\\)", "value": ["Gauss", "linear"]}]},
	])
	fs := shocklinear.findings with input as doc
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1fvSchemes/divSchemes/$regex/0/value"
}

# div(phi,U) and div(phi,h) have no entry and take `default Gauss linear` (fvSchemes.C:427).
test_default_linear if {
	doc := json.patch(test.compressible, [
		{"op": "remove", "path": "/files/system~1fvSchemes/divSchemes/div(phi,U)"},
		{"op": "remove", "path": "/files/system~1fvSchemes/divSchemes/div(phi,h)"},
		{"op": "add", "path": "/files/system~1fvSchemes/divSchemes/default", "value": ["Gauss", "linear"]},
	])
	fs := shocklinear.findings with input as doc
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1fvSchemes/divSchemes/default"
	contains(f.msg, "div(phi,U), div(phi,h)")
}

# Every convection key has its own entry: the default is not used for them.
test_default_linear_unused if {
	doc := test.set(test.compressible, "/files/system~1fvSchemes/divSchemes/default", ["Gauss", "linear"])
	count(shocklinear.findings) == 0 with input as doc
}

# The energy variable e: div(phi,e) takes the default; div(phi,K) and div(phiv,p) are not
# convection of a solved field.
test_default_linear_e if {
	doc := json.patch(test.compressible, [
		{"op": "add", "path": "/features/energy", "value": "e"},
		{"op": "remove", "path": "/files/system~1fvSchemes/divSchemes/div(phi,h)"},
		{"op": "remove", "path": "/files/system~1fvSchemes/divSchemes/div(phi,K)"},
		{"op": "add", "path": "/files/system~1fvSchemes/divSchemes/default", "value": ["Gauss", "linear"]},
	])
	fs := shocklinear.findings with input as doc
	count(fs) == 1
	some f in fs
	endswith(f.msg, "used for div(phi,e) in compressible solver rhoPimpleFoam")
}

# Turbulence fields of a RAS model: div(phi,epsilon) and div(phi,k) take the default.
test_default_linear_model_fields if {
	doc := json.patch(test.compressible, [
		{"op": "add", "path": "/features/simulationType", "value": "RAS"},
		{"op": "add", "path": "/features/turbulenceModel", "value": "kEpsilon"},
		{"op": "remove", "path": "/files/system~1fvSchemes/divSchemes/$regex"},
		{"op": "add", "path": "/files/system~1fvSchemes/divSchemes/default", "value": ["Gauss", "linear"]},
	])
	fs := shocklinear.findings with input as doc
	count(fs) == 1
	some f in fs
	contains(f.msg, "div(phi,epsilon), div(phi,k) in")
}

test_explicit_model_field if {
	doc := json.patch(test.compressible, [
		{"op": "add", "path": "/features/simulationType", "value": "RAS"},
		{"op": "add", "path": "/features/turbulenceModel", "value": "kEpsilon"},
		{"op": "add", "path": "/files/system~1fvSchemes/divSchemes/div(phi,k)", "value": ["Gauss", "linear"]},
		{"op": "add", "path": "/files/system~1fvSchemes/divSchemes/div(phi,epsilon)", "value": ["Gauss", "upwind"]},
	])
	fs := shocklinear.findings with input as doc
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1fvSchemes/divSchemes/div(phi,k)"
}

test_incompressible_default_linear if {
	doc := test.set(test.case, "/files/system~1fvSchemes/divSchemes/default", ["Gauss", "linear"])
	count(shocklinear.findings) == 0 with input as doc
}
