# METADATA
# title: each surface lies inside the mesh snappyHexMesh refines, at a plausible scale, with locationInMesh outside a body
# description: |
#   snappyHexMesh only meshes the part of a surface inside the background mesh: a body that
#   leaves the background box is cut open by it (the flow passes through the cut), and one
#   that touches the box's faces leaves cells squeezed to nothing between the body and the
#   boundary. A surface far larger than the whole domain, or smaller than a thousandth of it,
#   is almost always in other units than the blockMeshDict (an STL in millimetres beside a
#   background in metres): snappyHexMesh meshes it without complaint. A locationInMesh inside a
#   closed surface that is small against the domain (under half of it along every axis: a
#   body, not a duct that bounds the flow) makes snappyHexMesh mesh the body's inside and drop
#   the flow around it. Each is a warning: a ground plane or a symmetry cut through a body
#   leaves the domain on purpose, and a small internal volume is possible.
# custom:
#   id: FOAM-STRUCT-016
#   severity: warn
#   fix: Scale the surface into the blockMeshDict's units (surfaceTransformPoints -scale, or the geometry entry's scale), make the background box enclose every body with room around it, and put locationInMesh in the fluid.
#   provenance:
#     - src/mesh/snappyHexMesh/meshRefinement/meshRefinement.C (surface intersections are only tested on the background mesh's cells)
#     - src/meshTools/searchableSurfaces/triSurfaceMesh/triSurfaceMesh.C:364-372 (the geometry entry's scale)
package foamc.rules.structure.surfacedomain

import data.foamc.lib

file := "system/snappyHexMeshDict"

ptr(s) := lib.file_ptr(file, ["geometry", s.name])

extent(box) := max([box[1][0] - box[0][0], box[1][1] - box[0][1], box[1][2] - box[0][2]])

outside(s, b) := {k |
	some k in [0, 1, 2]
	beyond(s.box, b.box, k)
}

beyond(sb, bb, k) if sb[0][k] < bb[0][k]

beyond(sb, bb, k) if sb[1][k] > bb[1][k]

# A face of the surface's box on a face of the background box (within 1e-9 of the domain).
touches(s, b) := {k |
	some k in [0, 1, 2]
	some side in [0, 1]
	abs(s.box[side][k] - b.box[side][k]) <= 1e-9 * extent(b.box)
}

axes := ["x", "y", "z"]

plausible(s, b) if {
	r := extent(s.box) / extent(b.box)
	r >= 0.001
	r <= 10
}

findings contains f if {
	b := input.features.background
	some s in input.features.surfaces
	s.found
	not s.error
	plausible(s, b)
	ks := outside(s, b)
	count(ks) > 0
	f := lib.finding_with(ptr(s), sprintf("%s leaves the background mesh along %s: surface box (%v %v %v) (%v %v %v), background (%v %v %v) (%v %v %v); snappyHexMesh cuts the body open there", array.concat(array.concat([s.file, concat(", ", sort([axes[k] | some k in ks]))], array.concat(s.box[0], s.box[1])), array.concat(b.box[0], b.box[1]))), {"detail": sprintf("background from %s", [b.source])})
}

findings contains f if {
	b := input.features.background
	some s in input.features.surfaces
	s.found
	not s.error
	plausible(s, b)
	count(outside(s, b)) == 0
	ks := touches(s, b)
	count(ks) > 0
	f := lib.finding_with(ptr(s), sprintf("%s touches the background mesh's boundary along %s: the cells between the body and the boundary are squeezed to nothing", [s.file, concat(", ", sort([axes[k] | some k in ks]))]), {})
}

findings contains f if {
	b := input.features.background
	some s in input.features.surfaces
	s.found
	not s.error
	s.triangles > 0
	not plausible(s, b)
	f := lib.finding_with(ptr(s), sprintf("%s measures %v against a background mesh of %v (ratio %v): the units look different (mm against m is 1000)", [s.file, extent(s.box), extent(b.box), extent(s.box) / extent(b.box)]), {})
}

findings contains f if {
	b := input.features.background
	some s in input.features.surfaces
	s.locationInside == true
	plausible(s, b)
	small(s, b)
	f := lib.finding_with(lib.file_ptr(file, ["castellatedMeshControls", "locationInMesh"]), sprintf("locationInMesh (%v %v %v) is inside %s, a body far smaller than the domain: snappyHexMesh meshes its inside and drops the flow around it", array.concat(b.locationInMesh, [s.file])), {})
}

small(s, b) if {
	every k in [0, 1, 2] {
		s.box[1][k] - s.box[0][k] < 0.5 * (b.box[1][k] - b.box[0][k])
	}
}
