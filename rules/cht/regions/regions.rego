# METADATA
# title: regionProperties lists every region
# description: chtMultiRegionFoam and chtMultiRegionSimpleFoam create the meshes of the regions constant/regionProperties lists, and nothing else (createMeshes.H, regionProperties.C). A region with its own thermophysicalProperties or mesh left out of the list is never loaded, and the mapped interface patches of its neighbours stop the solver when they look for it (v1912, a solid dropped from the list - "request for polyMesh solid from objectRegistry ... failed").
# custom:
#   id: FOAM-CHT-001
#   severity: deny
#   fix: Add the region to constant/regionProperties, under fluid or solid.
#   provenance:
#     - applications/solvers/heatTransfer/chtMultiRegionFoam/createMeshes.H
#     - src/regionModels/regionModel/regionProperties/regionProperties.C
package foamc.rules.cht.regions

import data.foamc.lib

findings contains f if {
	lib.file_exists("constant/regionProperties")
	some r in lib.region_dirs
	not r in lib.listed_regions
	f := lib.finding_with(
		lib.file_ptr("constant/regionProperties", ["regions"]),
		sprintf("region %s has its own files (constant/%s) but constant/regionProperties does not list it: the solver never loads it", [r, r]),
		{"related": [lib.related(lib.file_ptr(lib.region_evidence(r), []), "the region's files")]},
	)
}
