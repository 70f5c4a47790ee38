# METADATA
# title: thermoType names all seven components
# description: fluidThermo::New builds the class name from type, mixture, transport, thermo, equationOfState, specie and energy; a missing key is a FATAL IO ERROR, a combination that is not instantiated for the solver's thermo family (kb vocab.thermoCombinations) "Unknown fluidThermo type".
# custom:
#   id: FOAM-THERMO-001
#   severity: deny
#   fix: Give all seven thermoType keys (copy a thermoType from a tutorial of the same solver).
#   provenance:
#     - src/thermophysicalModels/basic/basicThermo/basicThermoTemplates.C
package foamc.rules.thermo.thermotype

import data.foamc.lib

file := "constant/thermophysicalProperties"

keys(tt) := ["type", "mixture", "properties", "energy"] if lib.has(tt, "properties")

# liquidProperties-based thermo (`properties liquid;`) replaces the four model keys.
else := ["type", "mixture", "transport", "thermo", "equationOfState", "specie", "energy"]

findings contains f if {
	tt := input.files[file].thermoType
	some key in keys(tt)
	not lib.has(tt, key)
	f := {
		"path": lib.file_ptr(file, ["thermoType"]),
		"msg": sprintf("thermoType has no %s", [key]),
	}
}

findings contains f if {
	lib.solver_info.compressible
	tp := input.files[file]
	not lib.has(tp, "thermoType")
	f := {"path": lib.file_ptr(file, []), "msg": "thermophysicalProperties has no thermoType"}
}

# The instantiated name, in the two forms a kb may list: the nested class name
# type<mixture<transport<thermo<eos<specie>>,energy>>> and the lookup name
# type<mixture,transport,thermo,eos,specie,energy>.
composite(tt) := sprintf("%s<%s<%s<%s<%s<%s>>,%s>>>", [tt.type, tt.mixture, tt.transport, tt.thermo, tt.equationOfState, tt.specie, tt.energy])

flat(tt) := sprintf("%s<%s,%s,%s,%s,%s,%s>", [tt.type, tt.mixture, tt.transport, tt.thermo, tt.equationOfState, tt.specie, tt.energy])

findings contains f if {
	table := data.kb.vocab.thermoCombinations[lib.solver_info.thermoTable]
	count(table) > 0
	tt := input.files[file].thermoType
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
	f := {
		"path": lib.file_ptr(file, ["thermoType"]),
		"msg": sprintf("%s has no %s thermo %s", [lib.solver, lib.solver_info.thermoTable, name]),
		"suggest": {"word": name, "candidates": table},
	}
}
