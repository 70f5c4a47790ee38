# The run-time selectable classes of OpenFOAM v1912 in positions that select code:
# what v1912 prints as "Valid ... types" for an unknown type with every library of the
# Debian libopenfoam package loaded (TestSelectableClasses asks the real binaries and
# compares), plus the classes compiled into solvers (applications/solvers). The coded
# classes are listed as OpenFOAM lists them; FOAM-SEC-002 denies them.
package foamc.lib

# fv::option::New (constant/fvOptions, system/fvOptions); VoFSolidificationMeltingSource is
# compiled into compressibleInterFilmFoam.
fv_option_types := {
	"VoFSolidificationMeltingSource",
	"acousticDampingSource",
	"actuationDiskSource",
	"buoyancyEnergy",
	"buoyancyForce",
	"constantHeatTransfer",
	"directionalPressureGradientExplicitSource",
	"effectivenessHeatExchangerSource",
	"explicitPorositySource",
	"fixedTemperatureConstraint",
	"interRegionExplicitPorositySource",
	"jouleHeatingSource",
	"limitTemperature",
	"limitVelocity",
	"meanVelocityForce",
	"multiphaseMangrovesSource",
	"multiphaseMangrovesTurbulenceModel",
	"multiphaseStabilizedTurbulence",
	"patchMeanVelocityForce",
	"radialActuationDiskSource",
	"radiation",
	"rotorDisk",
	"scalarCodedSource",
	"scalarFixedValueConstraint",
	"scalarPhaseLimitStabilization",
	"scalarSemiImplicitSource",
	"solidificationMeltingSource",
	"sphericalTensorCodedSource",
	"sphericalTensorFixedValueConstraint",
	"sphericalTensorPhaseLimitStabilization",
	"sphericalTensorSemiImplicitSource",
	"symmTensorCodedSource",
	"symmTensorFixedValueConstraint",
	"symmTensorPhaseLimitStabilization",
	"symmTensorSemiImplicitSource",
	"tabulatedAccelerationSource",
	"tabulatedHeatTransfer",
	"tabulatedNTUHeatTransfer",
	"tensorCodedSource",
	"tensorFixedValueConstraint",
	"tensorPhaseLimitStabilization",
	"tensorSemiImplicitSource",
	"variableHeatTransfer",
	"vectorCodedSource",
	"vectorFixedValueConstraint",
	"vectorPhaseLimitStabilization",
	"vectorSemiImplicitSource",
	"velocityDampingConstraint",
	"viscousDissipation",
}

# dynamicFvMesh::New (dynamicMeshDict dynamicFvMesh).
dynamic_fv_mesh_types := {
	"dynamicInkJetFvMesh",
	"dynamicMotionSolverFvMesh",
	"dynamicMotionSolverListFvMesh",
	"dynamicMotionSolverTopoFvMesh",
	"dynamicMultiMotionSolverFvMesh",
	"dynamicOversetFvMesh",
	"dynamicRefineFvMesh",
	"interfaceTrackingFvMesh",
	"movingConeTopoFvMesh",
	"rawTopoChangerFvMesh",
	"staticFvMesh",
}

# motionSolver::New (dynamicMeshDict motionSolver, its v1612 name solver).
motion_solver_types := {
	"coded",
	"displacementComponentLaplacian",
	"displacementInterpolation",
	"displacementLaplacian",
	"displacementLayeredMotion",
	"displacementMeshMover",
	"displacementSBRStress",
	"elasticityMotionSolver",
	"laplacianMotionSolver",
	"multiSolidBodyMotionSolver",
	"rigidBodyMotion",
	"rigidBodyMotionSolver",
	"sixDoFRigidBodyMotion",
	"solidBody",
	"solidBodyDisplacementLaplacian",
	"surfaceAlignedSBRStress",
	"velocityComponentLaplacian",
	"velocityDisplacement",
	"velocityLaplacian",
	"volumetricBSplinesMotionSolver",
}

# solidBodyMotionFunction::New (solidBody motion: solidBodyMotionFunction).
solid_body_motion_functions := {
	"SDA",
	"axisRotationMotion",
	"drivenLinearMotion",
	"linearMotion",
	"multiMotion",
	"oscillatingLinearMotion",
	"oscillatingRotatingMotion",
	"rotatingMotion",
	"tabulated6DoFMotion",
}
