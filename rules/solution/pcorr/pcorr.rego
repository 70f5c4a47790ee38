# METADATA
# title: VoF flux correction solver entry
# description: |
#   interFoam and interIsoFoam correct the initial flux before the first step
#   (initCorrectPhi.H: correctPhi.H or CorrectPhi, both solving the pcorr equation) with the
#   fvSolution/solvers entry of pcorr in the non-final and pcorrFinal in the final
#   non-orthogonal corrector (CorrectPhi.C:97-111); without one the solver stops at start-up
#   ("Entry 'pcorrFinal' not found in dictionary .../fvSolution.solvers"). The tutorials give
#   "pcorr.*". With PIMPLE nNonOrthogonalCorrectors -1 (the interIsoFoam frozen-flow tutorials)
#   the loop never runs and no entry is read.
# custom:
#   id: FOAM-SOL-015
#   severity: deny
#   fix: 'Add `"pcorr.*" { solver PCG; preconditioner DIC; tolerance 1e-5; relTol 0; }` to fvSolution/solvers (damBreak).'
#   provenance:
#     - applications/solvers/multiphase/interFoam/initCorrectPhi.H
#     - src/finiteVolume/cfdTools/general/CorrectPhi/CorrectPhi.C:75
package foamc.rules.solution.pcorr

import data.foamc.lib

# the solvers that include initCorrectPhi.H (interFoam.C, interIsoFoam.C)
correcting := {"interFoam", "interIsoFoam"}

# solutionControl reads nNonOrthogonalCorrectors with default 0; the corrector loop runs
# nNonOrth + 1 times, the last with the Final entry.
n_non_orth := object.get(object.get(lib.fv_solution, "PIMPLE", {}), "nNonOrthogonalCorrectors", 0)

needed contains "pcorrFinal" if n_non_orth >= 0

needed contains "pcorr" if n_non_orth >= 1

findings contains f if {
	lib.solver in correcting
	solvers := object.get(lib.fv_solution, "solvers", {})
	some key in needed
	not lib.found(solvers, key)
	f := lib.finding_with(
		lib.file_ptr("system/fvSolution", ["solvers"]),
		sprintf("%s solves pcorr at start-up and needs fvSolution/solvers/%s (e.g. \"pcorr.*\")", [lib.solver, key]),
		{
			"related": [lib.missing(lib.file_ptr("system/fvSolution", ["solvers", key]))],
			"edits": [lib.fix_add("system/fvSolution", ["solvers", "\"pcorr.*\""], "{ solver PCG; preconditioner DIC; tolerance 1e-5; relTol 0; }")],
		},
	)
}
