# METADATA
# title: VoF alpha solver controls
# description: |
#   The VoF solvers read their MULES controls from the fvSolution/solvers entry of
#   alpha.<phase1> with get<> (alphaControls.H; cAlpha in interfaceProperties.C:162), so a missing
#   nAlphaCorr, nAlphaSubCycles or cAlpha stops interFoam at the first time step ("Entry
#   'nAlphaCorr' not found in dictionary .../fvSolution.solvers.alpha.water.*"). MULESCorr,
#   nLimiterIter, icAlpha and scAlpha have defaults.
# custom:
#   id: FOAM-SOL-014
#   severity: deny
#   fix: Add the missing control to the alpha entry of fvSolution/solvers, e.g. `nAlphaCorr 2; nAlphaSubCycles 1; cAlpha 1;` (damBreak).
#   provenance:
#     - src/finiteVolume/cfdTools/general/include/alphaControls.H:3
#     - src/transportModels/interfaceProperties/interfaceProperties.C:162
#     - applications/solvers/multiphase/interIsoFoam/alphaControls.H:3
package foamc.rules.solution.alphacontrols

import data.foamc.lib

# the values of the v1912 damBreak tutorial
defaults := {"cAlpha": 1, "nAlphaCorr": 2, "nAlphaSubCycles": 1}

findings contains f if {
	keys := lib.vof_controls[lib.solver]
	solvers := lib.fv_solution.solvers
	tk := lib.tokens(solvers, lib.phase_alpha)
	e := lib.lookup(solvers, lib.phase_alpha)
	is_object(e)
	some key in keys
	not lib.has(e, key)
	f := lib.finding_with(
		lib.file_ptr("system/fvSolution", array.concat(["solvers"], tk)),
		sprintf("%s reads %s from the %s solver entry, which has none", [lib.solver, key, lib.phase_alpha]),
		{
			"related": [lib.missing(lib.file_ptr("system/fvSolution", array.concat(array.concat(["solvers"], tk), [key])))],
			"edits": [lib.fix_add("system/fvSolution", ["solvers", file_key(solvers, tk), key], defaults[key])],
		},
	)
}

# file_key is the keyword as written: the literal name, or the pattern of a regex entry.
file_key(_, tk) := tk[0] if count(tk) == 1

else := solvers["$regex"][tk[1]].pattern if solvers := lib.fv_solution.solvers
