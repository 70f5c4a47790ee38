# METADATA
# title: physically plausible thermodynamic values
# description: |
#   Absolute temperature and (compressible) pressure must be positive (deny, the thermo
#   fails). molWeight, Cp, Cv and Pr must be positive numbers and mu a non-negative one: a
#   word stops the read, zero divides by zero in the first step and mu 0 does under a
#   turbulence model (deny); a negative value runs and produces nonsense or NaN (warn).
# custom:
#   id: FOAM-THERMO-006
#   severity: warn
#   fix: Use absolute temperature in K and absolute pressure in Pa, and physical property values.
#   provenance:
#     - src/thermophysicalModels/specie/equationOfState/perfectGas/perfectGasI.H
#     - src/thermophysicalModels/specie/specie/specieI.H:93 (R = RR/molWeight)
#     - src/thermophysicalModels/specie/transport/const/constTransportI.H:40,96 (rPr = 1/Pr; kappa = Cp mu rPr)
#     - fault corpus rhopimple-cp-zero, rhopimple-cp-word, rhopimple-pr-zero, rhopimple-mu-zero, rhopimple-molweight-zero, rhopimple-cp-negative (faults/outcomes.json)
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

# Property entries of every thermophysicalProperties (regions included): zero is a division
# by zero in the thermo (fault corpus: Cp 0, Pr 0 and molWeight 0 are SIGFPE in rhoPimpleFoam's
# first step: deny); a negative value runs and gives nonsense (warn).
positive := {"specie": {"molWeight"}, "thermodynamics": {"Cp", "Cv"}, "transport": {"Pr"}}

thermo_files contains file if {
	some file, _ in input.files
	startswith(file, "constant/")
	endswith(file, "/thermophysicalProperties")
}

props contains [file, sub, key, v] if {
	some file in thermo_files
	mix := input.files[file].mixture
	some sub, keys in positive
	some key in keys
	v := mix[sub][key]
}

props contains [file, "transport", "mu", v] if {
	some file in thermo_files
	v := input.files[file].mixture.transport.mu
}

findings contains f if {
	some [file, sub, key, v] in props
	not is_number(v)
	f := lib.finding_with(
		lib.file_ptr(file, ["mixture", sub, key]),
		sprintf("%s %v is not a number", [key, v]),
		{
			"severity": "deny",
		},
	)
}

findings contains f if {
	some [file, sub, key, v] in props
	key != "mu"
	is_number(v)
	v <= 0
	f := lib.finding_with(
		lib.file_ptr(file, ["mixture", sub, key]),
		sprintf("%s %v is not positive", [key, v]),
		{
			"severity": zero_deny(v),
		},
	)
}

zero_deny(0) := "deny"

zero_deny(v) := "warn" if v != 0

findings contains f if {
	some [file, sub, key, v] in props
	key == "mu"
	is_number(v)
	v < 0
	f := lib.finding(
		lib.file_ptr(file, ["mixture", sub, key]),
		sprintf("mu %v is negative", [v]),
	)
}

# mu 0 is an inviscid gas, which laminar solvers run (rhoCentralFoam's obliqueShock); a
# turbulence model divides by the viscosity (rhoPimpleFoam RAS cavity: SIGFPE).
findings contains f if {
	lib.turbulent
	some [file, sub, key, v] in props
	key == "mu"
	v == 0
	f := lib.finding_with(
		lib.file_ptr(file, ["mixture", sub, key]),
		sprintf("mu 0 with the %s model %v: the turbulence model divides by the viscosity", [input.features.simulationType, input.features.turbulenceModel]),
		{
			"severity": "deny",
		},
	)
}
