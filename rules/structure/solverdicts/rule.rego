# METADATA
# title: solver-specific constant dictionaries
# description: SRF solvers read SRFProperties, chtMultiRegion solvers regionProperties, reactingFoam chemistryProperties and combustionProperties.
# custom:
#   id: FOAM-STRUCT-007
#   severity: deny
#   fix: Create the missing dictionary under constant/ (copy it from a tutorial of the same solver).
#   provenance:
#     - src/finiteVolume/cfdTools/general/SRF/SRFModel/SRFModel/SRFModel.C:55
#     - applications/solvers/heatTransfer/chtMultiRegionFoam/createMeshes.H:1
#     - src/thermophysicalModels/chemistryModel/chemistryModel/basicChemistryModel/basicChemistryModel.C:53
#     - src/combustionModels/combustionModel/combustionModel.C:39
package foamc.rules.structure.solverdicts

import data.foamc.lib

# Dictionaries with their own rule (STRUCT-003..006).
general := {"transportProperties", "thermophysicalProperties", "g", "turbulenceProperties"}

findings contains f if {
	some name in data.kb.solvers[lib.solver].constant
	not name in general
	not lib.file_exists(concat("/", ["constant", name]))
	f := {"path": "/files", "msg": sprintf("%s needs constant/%s, which is missing", [lib.solver, name])}
}
