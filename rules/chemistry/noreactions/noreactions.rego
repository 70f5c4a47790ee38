# METADATA
# title: chemistry on with a mechanism that has reactions
# description: With chemistry on and a combustion model active but an empty reactions dictionary, reactingFoam runs and nothing reacts (run in v1912, eval/faults reacting-no-reactions - 22 steps, no product formed); the case silently computes mixing only.
# custom:
#   id: FOAM-CHEM-004
#   severity: warn
#   fix: Give the mechanism's reactions in the foamChemistryFile, or switch chemistry off (chemistryProperties chemistry off, combustionModel none) for a non-reacting mixture.
#   provenance:
#     - src/thermophysicalModels/chemistryModel/chemistryModel/StandardChemistryModel/StandardChemistryModel.C
package foamc.rules.chemistry.noreactions

import data.foamc.lib

findings contains f if {
	lib.solver in lib.inert_solvers
	lib.truthy(lib.file("constant/chemistryProperties").chemistry)
	cp := lib.file("constant/combustionProperties")
	cp.combustionModel != "none"
	r := lib.file(lib.chemistry_file).reactions
	is_object(r)
	count(r) == 0
	f := lib.finding(lib.file_ptr(lib.chemistry_file, ["reactions"]), sprintf("chemistry is on (combustionModel %v) but %s has no reactions: nothing will react", [cp.combustionModel, lib.chemistry_file]))
}
