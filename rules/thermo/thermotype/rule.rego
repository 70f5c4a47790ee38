# METADATA
# title: thermoType names all seven components
# description: fluidThermo::New builds the class name from type, mixture, transport, thermo, equationOfState, specie and energy; a missing key is a FATAL IO ERROR, an impossible combination "Unknown fluidThermo type".
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
