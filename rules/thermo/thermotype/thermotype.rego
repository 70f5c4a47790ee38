# METADATA
# title: thermoType names all seven components
# description: fluidThermo::New builds the class name from type, mixture, transport, thermo, equationOfState, specie and energy; a missing key is a FATAL IO ERROR, a combination that is not instantiated for the solver's thermo family (kb vocab.thermoCombinations) "Unknown fluidThermo type". The legacy single-word thermoType is that class name itself and is checked the same way.
# custom:
#   id: FOAM-THERMO-001
#   severity: deny
#   fix: Give all seven thermoType keys (copy a thermoType from a tutorial of the same solver).
#   provenance:
#     - src/thermophysicalModels/basic/basicThermo/basicThermoTemplates.C
package foamc.rules.thermo.thermotype

import data.foamc.lib

file := "constant/thermophysicalProperties"

# liquidProperties-based thermo (`properties liquid;`) replaces the four model keys.
keys(tt) := lib.thermo_liquid_cmpts if lib.has(tt, "properties")

else := lib.thermo_cmpts

findings contains f if {
	tt := lib.thermo_type(input.files[file])
	some key in keys(tt)
	not lib.has(tt, key)
	f := lib.finding_with(lib.file_ptr(file, ["thermoType"]), sprintf("thermoType has no %s", [key]), {"related": [lib.missing(lib.file_ptr(file, ["thermoType", key]))]})
}

# The legacy single-word form is looked up as the package name itself
# (basicThermoTemplates.C:168-186): a word that is no package name never matches.
findings contains f if {
	tp := input.files[file]
	lib.has(tp, "thermoType")
	not lib.thermo_type(tp)
	f := lib.finding_with(
		lib.file_ptr(file, ["thermoType"]),
		sprintf("thermoType %v is neither a dictionary nor a package name type<mixture<transport<thermo<equationOfState<specie>>,energy>>>", [tp.thermoType]),
		{
			"fix": "Write thermoType as a dictionary of its seven keys, or as one word without spaces: type<mixture<transport<thermo<equationOfState<specie>>,energy>>>.",
		},
	)
}

findings contains f if {
	lib.solver_info.compressible
	tp := input.files[file]
	not lib.has(tp, "thermoType")
	f := lib.finding_with(lib.file_ptr(file, []), "thermophysicalProperties has no thermoType", {"related": [lib.missing(lib.file_ptr(file, ["thermoType"]))]})
}

# The instantiated name, in the two forms a kb may list: the nested class name
# type<mixture<transport<thermo<eos<specie>>,energy>>> and the lookup name
# type<mixture,transport,thermo,eos,specie,energy>.
composite(tt) := sprintf("%s<%s<%s<%s<%s<%s>>,%s>>>", [tt.type, tt.mixture, tt.transport, tt.thermo, tt.equationOfState, tt.specie, tt.energy])

flat(tt) := sprintf("%s<%s,%s,%s,%s,%s,%s>", [tt.type, tt.mixture, tt.transport, tt.thermo, tt.equationOfState, tt.specie, tt.energy])

findings contains f if {
	table := data.kb.vocab.thermoCombinations[lib.solver_info.thermoTable]
	count(table) > 0
	tt := lib.thermo_type(input.files[file])
	not lib.has(tt, "properties")
	every key in keys(tt) {
		is_string(tt[key])
	}

	# A type outside the solver's family is THERMO-003's finding.
	some x in table
	startswith(x, concat("", [tt.type, "<"]))
	name := composite(tt)
	not name in table
	not flat(tt) in table
	f := lib.finding_with(
		lib.file_ptr(file, ["thermoType"]),
		sprintf("%s has no %s thermo %s", [lib.solver, lib.solver_info.thermoTable, name]),
		{
			"suggest": lib.suggest(name, table),
		},
	)
}
