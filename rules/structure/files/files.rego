# METADATA
# title: case skeleton files
# description: Every solver constructs Time from system/controlDict and reads fvSchemes and fvSolution; a mesh (or a dictionary to make one) must exist. In the Foundation releases fvMesh reads fvSchemes and fvSolution when a scheme is first asked for (data.kb.release.layout.schemesOnDemand), so only solvers need them, and foamMultiRun's regionSolvers keep them per region.
# custom:
#   id: FOAM-STRUCT-001
#   severity: deny
#   fix: "Add the missing file (copy it from a tutorial of the same solver), or a blockMeshDict/snappyHexMeshDict to generate the mesh (a missing mesh alone is a warning: it may be made by a step foamc cannot see)."
#   provenance:
#     - src/OpenFOAM/db/Time/Time.C
#     - src/finiteVolume/finiteVolume/fvSchemes/fvSchemes.C
#     - src/finiteVolume/finiteVolume/fvSolution/fvSolution.C
#     - "openfoam-12: src/finiteVolume/fvMesh/fvMesh.C:1744"
package foamc.rules.structure.files

import data.foamc.lib

required := ["system/controlDict", "system/fvSchemes", "system/fvSolution"]

# Multi-region cases keep fvSchemes and fvSolution per region (system/<region>/).
needed(name) if name == "system/controlDict"

needed(name) if {
	not lib.file_exists("constant/regionProperties")
	not input.files["system/controlDict"].regionSolvers
	not region_application
	schemes_read
}

# foamMultiRun reads its regions from regionSolvers, which may be a file a set-up step
# makes (coolingSphere: `#includeIfPresent "regionSolvers"`, foamSetupCHT).
region_application if input.files["system/controlDict"].application in object.get(data.kb.release.layout, "regionApplications", [])

schemes_read if not data.kb.release.layout.schemesOnDemand

# a solver: a module runner (foamRun) or an application named *Foam (the Foundation's
# utilities, blockMesh, snappyHexMesh, refineMesh…, never ask for a scheme)
schemes_read if input.files["system/controlDict"].application in data.kb.release.layout.applications

schemes_read if endswith(input.files["system/controlDict"].application, "Foam")

findings contains f if {
	some name in required
	needed(name)
	not lib.file_exists(name)
	not lib.unreadable(name)
	f := lib.finding_with("/files", sprintf("%s is missing", [name]), {"related": [lib.missing(lib.file_ptr(name, []))]})
}

mesh_sources := {"system/blockMeshDict", "constant/polyMesh/blockMeshDict"} | lib.mesh_changers

findings contains f if {
	lib.file_exists("system/controlDict")
	count(object.get(input, "patches", [])) == 0
	not has_mesh_source

	# The mesh may come from a step foamc cannot see (m4, a copy in Allrun); the gate must
	# not refuse that step, so this half of the rule warns.
	f := lib.finding_with(
		"/patches",
		"the case has no mesh (constant/polyMesh/boundary), no blockMeshDict or snappyHexMeshDict to make one and no file a mesh converter reads",
		{
			"severity": "warn",
		},
	)
}

has_mesh_source if {
	some name in mesh_sources
	lib.file_exists(name)
}

# A file a mesh converter reads (gmshToFoam mesh.msh, fluentMeshToFoam elbow.msh...).
has_mesh_source if count(object.get(input.features, "meshInputs", [])) > 0
