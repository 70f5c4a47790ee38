package foamc.lib

# The incompressible two-phase VoF solvers of v1912 (immiscibleIncompressibleTwoPhaseMixture or
# interfaceProperties over incompressibleTwoPhaseMixture): each reads `phases` (twoPhaseMixture.C:39)
# and one sub-dictionary per phase (incompressibleTwoPhaseMixture.C:85,95), and its alpha
# controls with get<> from fvSolution/solvers/alpha.<phase1> (a missing key is a FATAL IO ERROR).
# The table is the solvers' own alphaControls.H and interfaceProperties.C:162 (cAlpha).
vof_controls := {
	"interFoam": ["cAlpha", "nAlphaCorr", "nAlphaSubCycles"],
	"overInterDyMFoam": ["cAlpha", "nAlphaCorr", "nAlphaSubCycles"],
	"MPPICInterFoam": ["cAlpha", "nAlphaCorr", "nAlphaSubCycles"],
	"interPhaseChangeFoam": ["cAlpha", "nAlphaCorr", "nAlphaSubCycles"],
	"interPhaseChangeDyMFoam": ["cAlpha", "nAlphaCorr", "nAlphaSubCycles"],
	# isoAdvector: no MULES corrector loop (interIsoFoam/alphaControls.H)
	"interIsoFoam": ["cAlpha", "nAlphaSubCycles"],
}

# vof_mules are the solvers whose MULES alpha equation looks up div(phi,alpha) and
# div(phirb,alpha) (VoF/alphaEqn.H:2-3, MPPICInterFoam and interPhaseChangeFoam alphaEqn.H).
vof_mules := {"interFoam", "overInterDyMFoam", "MPPICInterFoam", "interPhaseChangeFoam", "interPhaseChangeDyMFoam"}

vof_two_phase if vof_controls[solver]
