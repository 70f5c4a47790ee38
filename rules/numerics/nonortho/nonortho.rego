# METADATA
# title: schemes fit for the mesh's non-orthogonality
# description: |
#   The corrected Laplacian and surface-normal gradient add an explicit non-orthogonal
#   correction that grows with the angle between a face normal and the line joining the cell
#   centres; above about 70 degrees (checkMesh's "severely non-orthogonal" threshold) the
#   unlimited correction can outweigh the implicit part and the solution oscillates or
#   diverges. The usual remedy limits the correction (`limited corrected 0.33`) and adds
#   non-orthogonal correctors. The angle is the mesh's own, computed by checkMesh's formulas
#   (polymesh.MeasureQuality equals checkMesh v1912 on the tutorial meshes it is tested on).
# custom:
#   id: FOAM-NUM-010
#   severity: warn
#   fix: Use `Gauss linear limited corrected 0.33` (laplacianSchemes) and `limited corrected 0.33` (snGradSchemes), and 1-2 nNonOrthogonalCorrectors, or improve the mesh.
#   provenance:
#     - src/OpenFOAM/meshes/primitiveMesh/primitiveMeshCheck/primitiveMesh.C (nonOrthThreshold_ 70)
#     - src/finiteVolume/finiteVolume/snGradSchemes/limitedSnGrad/limitedSnGrad.H (limiter on the explicit correction)
#     - Jasak 1996, PhD thesis, Imperial College, section 3.3.1.3 (non-orthogonal correction, its limiting)
#     - foamcase/polymesh/quality_test.go TestQualityAgainstCheckMesh (angles equal checkMesh v1912)
package foamc.rules.numerics.nonortho

import data.foamc.lib

threshold := 70

quality := input.features.meshQuality

sections := {"laplacianSchemes": "Gauss linear limited corrected 0.33", "snGradSchemes": "limited corrected 0.33"}

unlimited(v) if {
	ws := lib.words(v)
	"corrected" in ws
	not "limited" in ws
}

findings contains f if {
	quality.maxNonOrtho > threshold
	some section, fix in sections
	some key, v in lib.fv_schemes[section]
	unlimited(v)
	f := lib.finding_with(
		lib.file_ptr("system/fvSchemes", [section, key]),
		sprintf("%s %s is unlimited corrected on a mesh %.1f degrees non-orthogonal (%d faces above %d): the correction can outweigh the implicit part", [section, key, quality.maxNonOrtho, quality.severeNonOrtho, threshold]),
		{
			"detail": sprintf("checkMesh's measure: max %.4g, average %.4g degrees over %d cells", [quality.maxNonOrtho, quality.avgNonOrtho, quality.cells]),
			"edits": [lib.fix_set("system/fvSchemes", [section, key], fix)],
		},
	)
}

findings contains f if {
	quality.maxNonOrtho > threshold
	d := lib.algorithm_dict
	object.get(d, "nNonOrthogonalCorrectors", 0) == 0
	f := lib.finding_with(
		lib.file_ptr("system/fvSolution", [lib.algorithm]),
		sprintf("%s has no non-orthogonal correctors on a mesh %.1f degrees non-orthogonal", [lib.algorithm, quality.maxNonOrtho]),
		{"edits": [lib.fix_set("system/fvSolution", [lib.algorithm, "nNonOrthogonalCorrectors"], 2)]},
	)
}
