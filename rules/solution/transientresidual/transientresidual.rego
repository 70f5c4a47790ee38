# METADATA
# title: residualControl ends a transient simpleControl solver
# description: scalarTransportFoam is transient (fvm::ddt(T)) but loops with simpleControl (scalarTransportFoam.C:71, simple.loop()), which ends the run when every residual is below SIMPLE's residualControl - at whatever simulated time that happens. Measured in v1912 on the 1-D advection of a front (endTime 5 s) - residualControl T 1e-2 - "SIMPLE solution converged in 0.26 iterations" - the run ended at t = 0.26 s, exit 0.
# custom:
#   id: FOAM-SOL-040
#   severity: deny
#   fix: "Remove residualControl from the SIMPLE dictionary: a transient run ends at endTime."
#   provenance:
#     - applications/solvers/basic/scalarTransportFoam/scalarTransportFoam.C
#     - src/finiteVolume/cfdTools/general/solutionControl/simpleControl/simpleControl.C
package foamc.rules.solution.transientresidual

import data.foamc.lib

findings contains f if {
	lib.solver_info.algorithm == "SIMPLE"
	not lib.solver_info.steady
	rc := lib.fv_solution.SIMPLE.residualControl
	is_object(rc)
	count(rc) > 0
	f := lib.finding(
		lib.file_ptr("system/fvSolution", ["SIMPLE", "residualControl"]),
		sprintf("%s is transient but loops with simpleControl: residualControl ends the run at the first step whose residuals fall below it, before endTime", [lib.solver]),
	)
}
