# METADATA
# title: libraries loaded into the solver
# description: "`libs (...)` in controlDict or a function object dlopens arbitrary shared objects; libraries that OpenFOAM v1912 itself ships are fine, others run foreign code."
# custom:
#   id: FOAM-SEC-004
#   severity: warn
#   fix: Check that the library is trusted; remove the libs entry if the case does not need it.
#   provenance:
#     - src/OpenFOAM/db/dynamicLibrary/dlLibraryTable/dlLibraryTable.C
#     - src/OSspecific/POSIX/POSIX.C:1668
package foamc.rules.security.libs

import data.foamc.lib

# Shared libraries of the Debian libopenfoam v1912 package.
shipped := {
	"libCompressibleMultiPhaseTurbulenceModels.so",
	"libCompressibleTwoPhaseMixtureTurbulenceModels.so",
	"libDPMTurbulenceModels.so",
	"libDSMC.so",
	"libIncompressibleMultiphaseSystems.so",
	"libMGridGen.so",
	"libODE.so",
	"libOpenFOAM.so",
	"libPstream.so",
	"libSLGThermo.so",
	"libSloanRenumber.so",
	"libVoFphaseCompressibleTurbulenceModels.so",
	"libadjointOptimisation.so",
	"libatmosphericModels.so",
	"libbarotropicCompressibilityModel.so",
	"libblockMesh.so",
	"libchemistryModel.so",
	"libcoalCombustion.so",
	"libcombustionModels.so",
	"libcompressibleEulerianInterfacialModels.so",
	"libcompressibleMultiphaseEulerianInterfacialModels.so",
	"libcompressibleTransportModels.so",
	"libcompressibleTurbulenceModels.so",
	"libcompressibleTwoPhaseSystem.so",
	"libconversion.so",
	"libdecompose.so",
	"libdecompositionMethods.so",
	"libdistributed.so",
	"libdistributionModels.so",
	"libdriftFluxRelativeVelocityModels.so",
	"libdriftFluxTransportModels.so",
	"libdynamicFvMesh.so",
	"libdynamicMesh.so",
	"libengine.so",
	"libextrude2DMesh.so",
	"libextrudeModel.so",
	"libfieldFunctionObjects.so",
	"libfileFormats.so",
	"libfiniteArea.so",
	"libfiniteVolume.so",
	"libfluidThermophysicalModels.so",
	"libforces.so",
	"libfvMotionSolvers.so",
	"libfvOptions.so",
	"libgenericPatchFields.so",
	"libhelpTypes.so",
	"libimmiscibleIncompressibleTwoPhaseMixture.so",
	"libincompressibleTransportModels.so",
	"libincompressibleTurbulenceModels.so",
	"libinitialisationFunctionObjects.so",
	"libinterfaceProperties.so",
	"libinterfaceTrackingFvMesh.so",
	"libkahipDecomp.so",
	"liblagrangian.so",
	"liblagrangianFunctionObjects.so",
	"liblagrangianIntermediate.so",
	"liblagrangianSpray.so",
	"liblagrangianTurbulence.so",
	"liblaminarFlameSpeedModels.so",
	"liblaserDTRM.so",
	"libliquidPropertiesFvPatchFields.so",
	"liblumpedPointMotion.so",
	"libmassTransferModels.so",
	"libmeshTools.so",
	"libmetisDecomp.so",
	"libmolecularMeasurements.so",
	"libmolecule.so",
	"libmultiphaseInterFoam.so",
	"libmultiphaseMixtureThermo.so",
	"libmultiphaseReactingTurbulenceModels.so",
	"libmultiphaseSystem.so",
	"liboverset.so",
	"libpairPatchAgglomeration.so",
	"libphaseChangeTwoPhaseMixtures.so",
	"libphaseCompressibleTurbulenceModels.so",
	"libphaseTemperatureChangeTwoPhaseMixtures.so",
	"libpotential.so",
	"libptscotchDecomp.so",
	"libpyrolysisModels.so",
	"libradiationModels.so",
	"librandomProcesses.so",
	"librandomProcessesFunctionObjects.so",
	"libreactingEulerFoamFunctionObjects.so",
	"libreactingEulerianFvPatchFields.so",
	"libreactingEulerianInterfacialCompositionModels.so",
	"libreactingEulerianInterfacialModels.so",
	"libreactingMultiphaseSystem.so",
	"libreactingPhaseSystem.so",
	"libreactingTwoPhaseSystem.so",
	"libreactionThermophysicalModels.so",
	"libreconstruct.so",
	"libregionCoupling.so",
	"libregionModels.so",
	"librenumberMethods.so",
	"librhoCentralFoam.so",
	"librigidBodyDynamics.so",
	"librigidBodyMeshMotion.so",
	"librunTimePostProcessing.so",
	"libsampling.so",
	"libscotchDecomp.so",
	"libsemiPermeableBaffle.so",
	"libsixDoFRigidBodyMotion.so",
	"libsixDoFRigidBodyState.so",
	"libsnappyHexMesh.so",
	"libsolidChemistryModel.so",
	"libsolidParticle.so",
	"libsolidSpecie.so",
	"libsolidThermo.so",
	"libsolverFunctionObjects.so",
	"libspecie.so",
	"libsurfMesh.so",
	"libsurfaceFeatureExtract.so",
	"libsurfaceFilmDerivedFvPatchFields.so",
	"libsurfaceFilmModels.so",
	"libtabulatedWallFunctions.so",
	"libthermalBaffleModels.so",
	"libthermophysicalProperties.so",
	"libtopoChangerFvMesh.so",
	"libturbulenceModelSchemes.so",
	"libturbulenceModels.so",
	"libtwoPhaseMixture.so",
	"libtwoPhaseMixtureThermo.so",
	"libtwoPhaseProperties.so",
	"libtwoPhaseReactingTurbulenceModels.so",
	"libtwoPhaseSurfaceTension.so",
	"libutilityFunctionObjects.so",
	"libwaveModels.so",
}

# POSIX.C dlOpen (1668-1701): a bare name gets the lib prefix, and any name the .so
# extension, so `libs (forces)` loads libforces.so. Paths are never shipped names.
canonical(name) := with_so(with_lib(name))

with_lib(name) := name if startswith(name, "lib")

else := name if contains(name, "/")

else := concat("", ["lib", name])

with_so(name) := name if endswith(name, ".so")

else := concat("", [name, ".so"])

findings contains f if {
	some [file, path, v] in lib.typed_objects
	some i, name in lib.words(object.get(v, "libs", []))
	is_string(name)
	not canonical(name) in shipped
	f := lib.finding(
		lib.file_ptr(file, array.concat(path, ["libs", i])),
		sprintf("%s loads %s, which OpenFOAM v1912 does not ship", [file, name]),
	)
}
