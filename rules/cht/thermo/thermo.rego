# METADATA
# title: every region has its thermophysicalProperties
# description: Each fluid region builds a rhoThermo and each solid region a solidThermo from constant/<region>/thermophysicalProperties (createFluidFields.H, createSolidFields.H); without it the solver stops at start-up (v1912 - cannot find file constant/<region>/thermophysicalProperties).
# custom:
#   id: FOAM-CHT-002
#   severity: deny
#   fix: "Create constant/<region>/thermophysicalProperties: heRhoThermo for a fluid, heSolidThermo (kappa, Cp, rho) for a solid."
#   provenance:
#     - applications/solvers/heatTransfer/chtMultiRegionFoam/solid/createSolidFields.H
#     - applications/solvers/heatTransfer/chtMultiRegionFoam/fluid/createFluidFields.H
package foamc.rules.cht.thermo

import data.foamc.lib

findings contains f if {
	some r in lib.listed_regions
	file := sprintf("constant/%s/thermophysicalProperties", [r])
	not has_thermo(file)
	not lib.unreadable(file)
	f := lib.finding_with(
		lib.file_ptr("constant/regionProperties", ["regions"]),
		sprintf("%s region %s has no %s", [lib.region_kind(r), r, file]),
		{"related": [lib.missing(lib.file_ptr(file, []))]},
	)
}

# has_thermo: the region's thermophysicalProperties, or one per phase
# (thermophysicalProperties.<phase>: chtMultiRegionTwoPhaseEulerFoam's solidQuenching2D).
has_thermo(file) if {
	some f, _ in input.files
	startswith(f, file)
}
