# METADATA
# title: mixture coefficients for the chosen models
# description: Each thermo, transport and equation-of-state model reads its coefficients from the mixture dictionary (hConst Cp Hf; eConst Cv Hf; janaf Tlow Thigh Tcommon highCpCoeffs lowCpCoeffs; const mu Pr; sutherland As Ts; specie molWeight...).
# custom:
#   id: FOAM-THERMO-002
#   severity: deny
#   fix: Add the missing coefficient to the mixture sub-dictionary named in the message.
#   provenance:
#     - src/thermophysicalModels/specie/thermo/hConst/hConstThermo.C
#     - src/thermophysicalModels/specie/transport/sutherland/sutherlandTransport.C
#     - src/thermophysicalModels/specie/specie/specie.C
package foamc.rules.thermo.coeffs

import data.foamc.lib

file := "constant/thermophysicalProperties"

needs := {
	"thermodynamics": {
		"hConst": ["Cp", "Hf"], "eConst": ["Cv", "Hf"],
		"janaf": ["Tcommon", "Thigh", "Tlow", "highCpCoeffs", "lowCpCoeffs"],
	},
	"transport": {"const": ["Pr", "mu"], "sutherland": ["As", "Ts"]},
	"equationOfState": {
		"rhoConst": ["rho"], "incompressiblePerfectGas": ["pRef"], "Boussinesq": ["T0", "beta", "rho0"],
		"perfectFluid": ["R", "rho0"], "adiabaticPerfectFluid": ["B", "gamma", "p0", "rho0"],
	},
	"specie": {"specie": ["molWeight"]},
}

# thermoType key selecting the model of each mixture sub-dictionary.
selector := {"thermodynamics": "thermo", "transport": "transport", "equationOfState": "equationOfState", "specie": "specie"}

findings contains f if {
	tp := input.files[file]
	tt := lib.thermo_type(tp)
	tt.mixture == "pureMixture"
	some sub, sel in selector
	model := tt[sel]
	some key in needs[sub][model]
	not lib.has(object.get(object.get(tp, "mixture", {}), sub, {}), key)
	f := lib.finding_with(
		lib.file_ptr(file, ["mixture"]),
		sprintf("%s %s needs mixture/%s/%s", [sel, model, sub, key]),
		{"related": [lib.missing(lib.file_ptr(file, ["mixture", sub, key]))]},
	)
}
