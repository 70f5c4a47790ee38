# METADATA
# title: libraries loaded into the solver
# description: "`libs (...)` in controlDict, a function object or fvOptions (and the other *Libs entries, under literal or pattern keywords such as `\"li(b)s\"`) dlopens shared objects found on the library path; libraries that OpenFOAM v1912 itself ships are allowed by bare name, any other name (a user library, one the case ships and a library path leads to) runs code OpenFOAM does not ship and is denied. A library named by a path is FOAM-SEC-007."
# custom:
#   id: FOAM-SEC-004
#   severity: deny
#   fix: Remove the libs entry if the case does not need it; run with --allow-code only after checking that the library is trusted.
#   provenance:
#     - src/OpenFOAM/db/dynamicLibrary/dlLibraryTable/dlLibraryTable.C
#     - src/OSspecific/POSIX/POSIX.C:1668
#   applies_to:
#     releases: [any]
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
# extension, so `libs (forces)` loads libforces.so. A path into OpenFOAM's library
# directories is judged by its file name; other paths are FOAM-SEC-007's.
canonical(name) := with_so(with_lib(base(name)))

base(name) := b if {
	lib.openfoam_lib_path(name)
	parts := split(name, "/")
	b := parts[count(parts) - 1]
} else := name

with_lib(name) := name if startswith(name, "lib")

else := name if contains(name, "/")

else := concat("", ["lib", name])

with_so(name) := name if endswith(name, ".so")

else := concat("", [name, ".so"])

findings contains f if {
	not data.config.allow_code
	some [file, path, name, loc] in lib.loaded_libs
	not lib.foreign_lib_path(name)
	not canonical(name) in shipped
	f := lib.sec_finding(file, path, loc, sprintf("%s loads %s, which OpenFOAM v1912 does not ship", [file, name]))
}
