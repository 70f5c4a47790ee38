# METADATA
# title: fvSolution has a solver for the species equations
# description: YEqn.H solves every non-inert specie with mesh.solver("Yi"), one entry for all species (no <specie> or Final variant); without it reactingFoam stops in the first time step ("Entry 'Yi' not found in dictionary fvSolution.solvers"; run in v1912, eval/faults reacting-no-yi).
# custom:
#   id: FOAM-CHEM-005
#   severity: deny
#   fix: "Add `Yi { solver PBiCGStab; preconditioner DILU; tolerance 1e-06; relTol 0; }` to fvSolution solvers."
#   provenance:
#     - applications/solvers/combustion/reactingFoam/YEqn.H
package foamc.rules.chemistry.yisolver

import data.foamc.lib

findings contains f if {
	lib.solver in lib.inert_solvers
	count(lib.species) > 0
	solves_primary_region
	solvers := object.get(lib.fv_solution, "solvers", {})
	not lib.found(solvers, "Yi")
	f := lib.finding_with(lib.file_ptr("system/fvSolution", ["solvers"]), sprintf("%s solves the species with fvSolution/solvers/Yi, which is missing", [lib.solver]), {
		"related": [lib.missing(lib.file_ptr("system/fvSolution", ["solvers", "Yi"]))],
		"edits": [lib.fix_add("system/fvSolution", ["solvers", "Yi"], "{ solver PBiCGStab; preconditioner DILU; tolerance 1e-06; relTol 0; }")],
	})
}

# reactingParcelFoam's PIMPLE/solvePrimaryRegion no (createRegionControls.H, v1912 and
# v2506: lookupOrDefault true) skips the flow and species equations: no Yi is read.
default solves_primary_region := true

solves_primary_region := false if {
	lib.switch_off(object.get(object.get(lib.fv_solution, "PIMPLE", {}), "solvePrimaryRegion", true))
}
