# METADATA
# title: turbulence model is a known type
# description: RASModel/LESModel are runtime-selected; an unknown name stops the solver with "Unknown RASModel type".
# custom:
#   id: FOAM-FM-001
#   severity: deny
#   fix: Use a model registered for this solver class (see `foamc kb query` or the RAS/LES model list in the error message).
#   provenance:
#     - src/TurbulenceModels/turbulenceModels/RAS/RASModel/RASModel.C
#     - src/TurbulenceModels/turbulenceModels/LES/LESModel/LESModel.C
package foamc.rules.turbulence.known

import data.foamc.lib

tp := "constant/turbulenceProperties"

kind := "compressible" if input.features.compressible

else := "incompressible"

vocab_of := {"RAS": "rasModels", "LES": "lesModels"}

# Solvers outside the curated table may bring their own models (PDRFoam's PDRkEpsilon).
findings contains f if {
	lib.solver_info
	st := input.files[tp].simulationType
	d := input.files[tp][st]
	some key in ["RASModel", "LESModel", "model"]
	name := d[key]
	known := data.kb.vocab[vocab_of[st]][kind]
	count(known) > 0
	not name in known
	f := lib.finding_with(
		lib.file_ptr(tp, [st, key]),
		sprintf("%s model %q is not a known %s %s model", [st, name, kind, st]),
		{
			"suggest": lib.suggest(name, known),
		},
	)
}
