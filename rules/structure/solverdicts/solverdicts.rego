# METADATA
# title: solver-specific constant dictionaries
# description: "SRF solvers read SRFProperties (origin, axis, SRFModel rpm with rpmCoeffs/rpm or rpm in the dictionary), chtMultiRegion solvers regionProperties, reactingFoam chemistryProperties and combustionProperties."
# custom:
#   id: FOAM-STRUCT-007
#   severity: deny
#   fix: Create the missing dictionary under constant/ (copy it from a tutorial of the same solver).
#   provenance:
#     - src/finiteVolume/cfdTools/general/SRF/SRFModel/SRFModel/SRFModel.C:55
#     - applications/solvers/heatTransfer/chtMultiRegionFoam/createMeshes.H:1
#     - src/thermophysicalModels/chemistryModel/chemistryModel/basicChemistryModel/basicChemistryModel.C:53
#     - src/combustionModels/combustionModel/combustionModel.C:39
#     - src/finiteVolume/cfdTools/general/SRF/SRFModel/SRFModel/SRFModel.C:64
#     - src/finiteVolume/cfdTools/general/SRF/SRFModel/rpm/rpm.C:55
package foamc.rules.structure.solverdicts

import data.foamc.lib

# Dictionaries with their own rule (STRUCT-003..006).
general := {"transportProperties", "thermophysicalProperties", "g", "turbulenceProperties"}

findings contains f if {
	some name in data.kb.solvers[lib.solver].constant
	not name in general
	not lib.file_exists(concat("/", ["constant", name]))
	f := lib.finding_with(
		"/files",
		sprintf("%s needs constant/%s, which is missing", [lib.solver, name]),
		{"related": [lib.missing(lib.file_ptr(concat("/", ["constant", name]), []))]},
	)
}

srf := "constant/SRFProperties"

# SRFModel.C:64-66 and rpm.C:55: origin, axis and the model are required; rpm is read from
# rpmCoeffs, or from the dictionary itself (optionalSubDict).
srf_models := ["rpm"]

findings contains f if {
	d := input.files[srf]
	some key in ["origin", "axis", "SRFModel"]
	not lib.has(d, key)
	f := lib.finding_with(lib.file_ptr(srf, []), sprintf("%s has no %s", [srf, key]), {"related": [lib.missing(lib.file_ptr(srf, [key]))]})
}

findings contains f if {
	m := input.files[srf].SRFModel
	not m in srf_models
	f := lib.finding_with(
		lib.file_ptr(srf, ["SRFModel"]),
		sprintf("unknown SRFModel %q", [m]),
		{
			"suggest": lib.suggest(m, srf_models),
		},
	)
}

findings contains f if {
	d := input.files[srf]
	d.SRFModel == "rpm"
	not lib.has(object.get(d, "rpmCoeffs", {}), "rpm")
	not lib.has(d, "rpm")
	f := lib.finding(lib.file_ptr(srf, ["SRFModel"]), "SRFModel rpm needs rpmCoeffs { rpm <value>; }")
}
