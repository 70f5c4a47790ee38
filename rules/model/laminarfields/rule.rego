# METADATA
# title: turbulence fields in a laminar case
# description: With `simulationType laminar` the k/epsilon/omega/nut/nuTilda files are never read; they usually mean the model switch was forgotten.
# custom:
#   id: FOAM-FM-006
#   severity: warn
#   fix: Either select the intended RAS/LES model in constant/turbulenceProperties or remove the unused field files.
#   provenance:
#     - src/TurbulenceModels/turbulenceModels/laminar/laminarModel/laminarModel.C
package foamc.rules.model.laminarfields

import data.foamc.lib

turbulence_fields := {"k", "epsilon", "omega", "nut", "nuTilda"}

findings contains f if {
	input.features.simulationType == "laminar"
	lib.solver_info.turbulence
	some name in turbulence_fields
	file := input.fields[name]
	f := {"path": lib.file_ptr(file, []), "msg": sprintf("%s is not read: the case is laminar", [file])}
}
