# METADATA
# title: physically plausible thermodynamic values
# description: Absolute temperature and (compressible) pressure must be positive (deny, the thermo fails), Cp positive, mu non-negative and Pr positive (warn, OpenFOAM runs and produces nonsense or NaN).
# custom:
#   id: FOAM-THERMO-006
#   severity: warn
#   fix: Use absolute temperature in K and absolute pressure in Pa, and physical property values.
#   provenance:
#     - src/thermophysicalModels/specie/equationOfState/perfectGas/perfectGasI.H
package foamc.rules.thermo.plausible

import data.foamc.lib

# Absolute T and p in the compressible solvers (T is a passive scalar elsewhere).
positive_fields := {"T", "p"} if lib.solver_info.compressible

else := set()

findings contains f if {
	# setFields overwrites internal values before the run; placeholders are fine then.
	not lib.file_exists("system/setFieldsDict")
	some name in positive_fields
	file := input.fields[name]
	v := lib.uniform(input.files[file].internalField)
	is_number(v)
	v <= 0

	# The thermo stops on a non-positive temperature or pressure (fault corpus:
	# central-negative-temperature is a FATAL ERROR), so these are deny.
	f := lib.finding_with(
		lib.file_ptr(file, ["internalField"]),
		sprintf("%s internalField %v is not positive", [name, v]),
		{
			"severity": "deny",
		},
	)
}

limits := {"thermodynamics": {"Cp": 0, "Cv": 0}, "transport": {"Pr": 0}}

findings contains f if {
	mix := input.files["constant/thermophysicalProperties"].mixture
	some sub, keys in limits
	some key, _ in keys
	v := mix[sub][key]
	is_number(v)
	v <= 0
	f := lib.finding(
		lib.file_ptr("constant/thermophysicalProperties", ["mixture", sub, key]),
		sprintf("%s %v is not positive", [key, v]),
	)
}

findings contains f if {
	v := input.files["constant/thermophysicalProperties"].mixture.transport.mu
	is_number(v)
	v < 0
	f := lib.finding(
		lib.file_ptr("constant/thermophysicalProperties", ["mixture", "transport", "mu"]),
		sprintf("mu %v is negative", [v]),
	)
}
