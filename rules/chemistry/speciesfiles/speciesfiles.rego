# METADATA
# title: every specie has a field file or Ydefault
# description: basicSpecieMixture reads each specie's mass fraction from 0/<specie> and, for a specie without one, from 0/Ydefault; with neither the solver stops ("cannot find file 0/Ydefault"; run first in v1912, eval/faults reacting-no-ydefault).
# custom:
#   id: FOAM-CHEM-002
#   severity: deny
#   fix: Add 0/Ydefault (all zero, the boundary types of the other species) or a 0/<specie> file for each specie named.
#   provenance:
#     - src/thermophysicalModels/reactionThermo/mixtures/basicSpecieMixture/basicSpecieMixture.C
package foamc.rules.chemistry.speciesfiles

import data.foamc.lib

findings contains f if {
	lib.solver in lib.inert_solvers
	missing := [s | some s in lib.species; not lib.species_field(s)]
	count(missing) > 0
	dir := object.get(input.features, "fieldDir", "0")
	f := lib.finding_with(lib.species_ptr, sprintf("species %v have no %s/<specie> file and there is no %s/Ydefault", [missing, dir, dir]), {"related": [lib.missing(lib.ptr(["files", sprintf("%s/Ydefault", [dir])]))]})
}
