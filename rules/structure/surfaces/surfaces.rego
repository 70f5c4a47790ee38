# METADATA
# title: the surfaces snappyHexMesh meshes are there and sound
# description: |
#   snappyHexMesh reads every triSurfaceMesh of snappyHexMeshDict's geometry from
#   constant/triSurface and stops when one is missing ("Cannot find triSurfaceMesh"). A
#   surface that is not closed (edges of one triangle), has edges of more than two
#   triangles, illegal triangles (a vertex used twice, a duplicate) or zones of opposite
#   normals meshes quietly wrong: the castellated mesh leaks through the gap or keeps the
#   wrong side, and layers fail where normals flip. The counts are surfaceCheck's
#   (package surface ports its rules; its tests compare with surfaceCheck v1912). Each is
#   a warning: an Allrun step foamc cannot see may copy or repair the surface, and a
#   surface closed by the domain's own boundary is legitimate. A surface that intersects
#   itself (an edge crossing a triangle it shares no point with, surfaceCheck
#   -checkSelfIntersection's test; tested up to 200000 triangles) has no defined inside there.
# custom:
#   id: FOAM-STRUCT-013
#   severity: warn
#   fix: Put the surface in constant/triSurface, or repair it (surfaceCheck names the open edges and illegal triangles; surfaceOrient makes normals consistent).
#   provenance:
#     - src/meshTools/searchableSurfaces/triSurfaceMesh/triSurfaceMesh.C:50-120 (checkFile, "Cannot find triSurfaceMesh")
#     - applications/utilities/surface/surfaceCheck/surfaceCheck.C:450-930 (illegal triangles, open and multiply connected edges, parts, normal zones)
#     - surface/surface_test.go TestAgainstSurfaceCheck (counts equal to surfaceCheck v1912 on 9 planted faults and 5 tutorial geometries)
#     - applications/utilities/surface/surfaceCheck/surfaceCheck.C:969-1070 (-checkSelfIntersection); surface/intersect_test.go (verdict equal to surfaceCheck's)
package foamc.rules.structure.surfaces

import data.foamc.lib

file := "system/snappyHexMeshDict"

ptr(s) := lib.file_ptr(file, ["geometry", s.name])

findings contains f if {
	some s in input.features.surfaces
	not s.found
	f := lib.finding_with(ptr(s), sprintf("%s is not in the case: snappyHexMesh stops with \"Cannot find triSurfaceMesh\"", [s.file]), {})
}

findings contains f if {
	some s in input.features.surfaces
	s.error
	f := lib.finding_with(ptr(s), sprintf("%s cannot be read as a surface: %s", [s.file, s.error]), {})
}

findings contains f if {
	some s in input.features.surfaces
	s.found
	problems := [p |
		some [key, what] in [
			["openEdges", "edges of one triangle (not closed)"],
			["multiEdges", "edges of more than two triangles"],
			["illegal", "illegal triangles"],
		]
		s[key] > 0
		p := sprintf("%d %s", [s[key], what])
	]
	count(problems) > 0
	f := lib.finding_with(ptr(s), sprintf("%s has %s: the castellated mesh may leak through it", [s.file, concat(", ", problems)]), {
		"detail": detail(s),
	})
}

findings contains f if {
	some s in input.features.surfaces
	s.found
	s.normalZones > s.parts
	f := lib.finding_with(ptr(s), sprintf("%s has %d zones of consistent normals in %d part(s): its normals flip, so layers and inside/outside tests go wrong", [s.file, s.normalZones, s.parts]), normals_more(s))
}

findings contains f if {
	some s in input.features.surfaces
	s.selfIntersections > 0
	x := s.firstSelfIntersection
	f := lib.finding_with(ptr(s), sprintf("%s intersects itself: %d edges cross a triangle (surfaceCheck -checkSelfIntersection's test), the first through triangle %d at (%v %v %v): snappyHexMesh's inside and outside are undefined there", array.concat([s.file, s.selfIntersections, x.triangle], x.point)), {})
}

detail(s) := concat("; ", [d | some d in [open_detail(s), illegal_detail(s)]; d != ""])

open_detail(s) := sprintf("an open edge at (%v %v %v)", s.firstOpenEdge) if s.firstOpenEdge

open_detail(s) := "" if not s.firstOpenEdge

illegal_detail(s) := sprintf("illegal triangle %d at (%v %v %v)", array.concat([s.firstIllegal.triangle], s.firstIllegal.point)) if s.firstIllegal

illegal_detail(s) := "" if not s.firstIllegal

normals_more(s) := {"detail": sprintf("the normals flip at the edge through (%v %v %v)", s.firstFlippedEdge)} if s.firstFlippedEdge

normals_more(s) := {} if not s.firstFlippedEdge
