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

# kEpsilon's fvm::ddt(alpha, rho, k_) takes the only ddt entry, the default.
test_default_only_entry_denies if {
	fs := schemenames.findings with input as test.set(test.case, "/files/system~1fvSchemes/ddtSchemes/default", "steadystate")
	count(fs) == 1
	some f in fs
	f.severity == "deny"
	contains(f.msg, "only entry")
}

# A steady laminar simpleFoam assembles no ddt term: the default may never be read.
test_default_ddt_steady_laminar_warns if {
	doc := json.patch(test.case, [
		{"op": "add", "path": "/features/simulationType", "value": "laminar"},
		{"op": "add", "path": "/files/system~1fvSchemes/ddtSchemes/default", "value": "steadystate"},
	])
	fs := schemenames.findings with input as doc
	count(fs) == 1
	some f in fs
	f.severity == "warn"
}

# simpleFoam looks up no snGrad scheme by name (laplacian entries carry their own).
test_default_unread_warns if {
	fs := schemenames.findings with input as test.set(test.case, "/files/system~1fvSchemes/snGradSchemes/default", "correctd")
	count(fs) == 1
	some f in fs
	f.severity == "warn"
	contains(f.msg, "no lookup")
}

# icoFoam with `gradSchemes { default Guass linear; }`: grad(p) takes it (icoFoam.C:154).
test_grad_default_ico_denies if {
	doc := json.patch(test.case, [
		{"op": "add", "path": "/features/solver", "value": "icoFoam"},
		{"op": "add", "path": "/files/system~1fvSchemes/gradSchemes/default", "value": ["Guass", "linear"]},
	])
	fs := schemenames.findings with input as doc
	count(fs) == 1
	some f in fs
	f.severity == "deny"
	f.path == "/files/system~1fvSchemes/gradSchemes/default"
	contains(f.msg, "the default for grad(p)")
}

test_grad_default_simple_denies if {
	fs := schemenames.findings with input as test.set(test.case, "/files/system~1fvSchemes/gradSchemes/default", ["Guass", "linear"])
	some f in fs
	f.severity == "deny"
	contains(f.msg, "grad(U), grad(p)")
}

# Every gradient simpleFoam is known to take has its own entry: warn.
test_grad_default_covered_warns if {
	grads := {"default": ["Guass", "linear"], "grad(p)": ["Gauss", "linear"], "grad(U)": ["Gauss", "linear"]}
	fs := schemenames.findings with input as test.set(test.case, "/files/system~1fvSchemes/gradSchemes", grads)
	count(fs) == 1
	some f in fs
	f.severity == "warn"
}

# A regex entry covers grad(p) and grad(U) too (dictionary.H pattern lookup).
test_grad_default_regex_warns if {
	grads := {"default": ["Guass", "linear"], "$regex": [{"pattern": "grad\\((p|U)\\)", "value": ["Gauss", "linear"]}]}
	fs := schemenames.findings with input as test.set(test.case, "/files/system~1fvSchemes/gradSchemes", grads)
	count(fs) == 1
	some f in fs
	f.severity == "warn"
}

# A solver foamc does not know: no lookup is certain.
test_ddt_default_unknown_solver_warns if {
	doc := json.patch(test.case, [
		{"op": "add", "path": "/features/solver", "value": "dnsFoam"},
		{"op": "add", "path": "/files/system~1fvSchemes/ddtSchemes/default", "value": "Eulerr"},
	])
	fs := schemenames.findings with input as doc
	count(fs) == 1
	some f in fs
	f.severity == "warn"
}

# A transient solver: icoFoam's fvm::ddt(U) (icoFoam.C:105) takes the only entry.
test_ddt_default_transient_denies if {
	doc := json.patch(test.case, [
		{"op": "add", "path": "/features/solver", "value": "icoFoam"},
		{"op": "add", "path": "/files/system~1fvSchemes/ddtSchemes/default", "value": "Eulerr"},
	])
	fs := schemenames.findings with input as doc
	count(fs) == 1
	some f in fs
	f.severity == "deny"
}

test_grad_default_unknown_solver_warns if {
	doc := json.patch(test.case, [
		{"op": "add", "path": "/features/solver", "value": "scalarTransportFoam"},
		{"op": "add", "path": "/files/system~1fvSchemes/gradSchemes/default", "value": ["Guass", "linear"]},
	])
	fs := schemenames.findings with input as doc
	count(fs) == 1
	some f in fs
	f.severity == "warn"
}

# The stress term div((nuEff*dev2(T(grad(U))))) has no entry: the default's
# interpolation scheme is read.
test_div_default_stress_denies if {
	doc := json.patch(test.case, [
		{"op": "remove", "path": "/files/system~1fvSchemes/divSchemes/div((nuEff*dev2(T(grad(U)))))"},
		{"op": "add", "path": "/files/system~1fvSchemes/divSchemes/default", "value": ["Gauss", "linearr"]},
	])
	fs := schemenames.findings with input as doc
	count(fs) == 1
	some f in fs
	f.severity == "deny"
	f.path == "/files/system~1fvSchemes/divSchemes/default"
	contains(f.msg, "div((nuEff*dev2(T(grad(U)))))")
}

test_div_default_covered_warns if {
	fs := schemenames.findings with input as test.set(test.case, "/files/system~1fvSchemes/divSchemes/default", ["Guass", "linear"])
	count(fs) == 1
	some f in fs
	f.severity == "warn"
}

# Model convection div(phi,k) without an entry takes the default.
test_div_default_model_denies if {
	doc := json.patch(test.case, [
		{"op": "remove", "path": "/files/system~1fvSchemes/divSchemes/$regex"},
		{"op": "add", "path": "/files/system~1fvSchemes/divSchemes/default", "value": ["Guass", "linear"]},
	])
	fs := schemenames.findings with input as doc
	some f in fs
	f.severity == "deny"
	contains(f.msg, "div(phi,epsilon), div(phi,k)")
}

# A Maxwell laminar model brings its own stress term: the dev2 key is not looked up.
test_div_default_viscoelastic_warns if {
	doc := json.patch(test.case, [
		{"op": "add", "path": "/features/simulationType", "value": "laminar"},
		{"op": "add", "path": "/files/constant~1turbulenceProperties", "value": {"simulationType": "laminar", "laminar": {"laminarModel": "Maxwell"}}},
		{"op": "remove", "path": "/files/system~1fvSchemes/divSchemes/div((nuEff*dev2(T(grad(U)))))"},
		{"op": "add", "path": "/files/system~1fvSchemes/divSchemes/default", "value": ["Guass", "linear"]},
	])
	fs := schemenames.findings with input as doc
	count(fs) == 1
	some f in fs
	f.severity == "warn"
}

# Energy convection of rhoPimpleFoam (EEqn.H:14) without an entry.
test_div_default_energy_denies if {
	doc := json.patch(test.compressible, [
		{"op": "remove", "path": "/files/system~1fvSchemes/divSchemes/div(phi,K)"},
		{"op": "add", "path": "/files/system~1fvSchemes/divSchemes/default", "value": ["Guass", "linear"]},
	])
	fs := schemenames.findings with input as doc
	some f in fs
	f.severity == "deny"
	contains(f.msg, "the default for div(phi,K)")
}

# interFoam's buoyancy flux takes snGrad(rho) (interFoam/pEqn.H:32).
test_sngrad_default_interfoam_denies if {
	doc := json.patch(test.case, [
		{"op": "add", "path": "/features/solver", "value": "interFoam"},
		{"op": "add", "path": "/files/system~1fvSchemes/snGradSchemes/default", "value": "correctd"},
	])
	fs := schemenames.findings with input as doc
	some f in fs
	f.path == "/files/system~1fvSchemes/snGradSchemes/default"
	f.severity == "deny"
	contains(f.msg, "snGrad(rho)")
}

test_laplacian_default_only_entry_denies if {
	fs := schemenames.findings with input as test.set(test.case, "/files/system~1fvSchemes/laplacianSchemes/default", ["Guass", "linear", "corrected"])
	count(fs) == 1
	some f in fs
	f.severity == "deny"
}

test_laplacian_default_other_entry_warns if {
	lap := {"default": ["Guass", "linear", "corrected"], "laplacian(nuEff,U)": ["Gauss", "linear", "corrected"]}
	fs := schemenames.findings with input as test.set(test.case, "/files/system~1fvSchemes/laplacianSchemes", lap)
	count(fs) == 1
	some f in fs
	f.severity == "warn"
}

# potentialFoam solves only Phi, with a laplacian (potentialFoam.C:169) and fvc::flux(U).
test_potential_defaults_deny if {
	doc := json.patch(test.case, [
		{"op": "add", "path": "/features/solver", "value": "potentialFoam"},
		{"op": "add", "path": "/files/system~1fvSchemes/laplacianSchemes/default", "value": ["Guass", "linear", "corrected"]},
		{"op": "add", "path": "/files/system~1fvSchemes/interpolationSchemes/default", "value": "linearr"},
		{"op": "add", "path": "/files/system~1fvSchemes/gradSchemes/default", "value": ["Guass", "linear"]},
	])
	fs := schemenames.findings with input as doc
	count(fs) == 3
	{f.path: f.severity | some f in fs} == {
		"/files/system~1fvSchemes/laplacianSchemes/default": "deny",
		"/files/system~1fvSchemes/interpolationSchemes/default": "deny",
		"/files/system~1fvSchemes/gradSchemes/default": "warn",
	}
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
