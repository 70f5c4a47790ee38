package verify

import (
	"fmt"
	"path/filepath"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/foamcase/polymesh"
)

// meshPatch is a boundary patch of constant/polyMesh/boundary.
type meshPatch struct {
	name, typ        string
	start, faceCount int
}

// coupled patch types carry flux between parts of the domain, not through its
// boundary: a conservation balance leaves them out.
var coupled = map[string]bool{"cyclic": true, "cyclicAMI": true, "cyclicACMI": true, "cyclicSlip": true,
	"processor": true, "processorCyclic": true, "nonConformalCyclic": true}

// readPatches reads the patches of constant/polyMesh/boundary with their face ranges.
func readPatches(dir string) ([]meshPatch, error) {
	_, patches, err := foamcase.ReadBoundary(filepath.Join(dir, "constant", "polyMesh", "boundary"))
	if err != nil {
		return nil, err
	}
	out := make([]meshPatch, len(patches))
	for i, p := range patches {
		if p.StartFace == nil || p.NFaces == nil {
			return nil, fmt.Errorf("constant/polyMesh/boundary: patch %s has no startFace/nFaces", p.Name)
		}
		out[i] = meshPatch{name: p.Name, typ: p.Type, start: int(*p.StartFace), faceCount: int(*p.NFaces)}
	}
	return out, nil
}

// patchAreas are the face area vectors of the named patches, computed as OpenFOAM does
// (primitiveMeshFaceCentresAndAreas: triangles from each edge to the mean of the face's
// points), from constant/polyMesh/points and faces (ASCII or binary).
func patchAreas(dir string, patches []meshPatch, names map[string]bool) (map[string][][3]float64, error) {
	pts, faces, err := readPointsFaces(dir)
	if err != nil {
		return nil, err
	}
	out := map[string][][3]float64{}
	for _, p := range patches {
		if !names[p.name] {
			continue
		}
		if p.start+p.faceCount > len(faces) {
			return nil, fmt.Errorf("constant/polyMesh/faces has %d faces, patch %s ends at %d", len(faces), p.name, p.start+p.faceCount)
		}
		areas := make([][3]float64, p.faceCount)
		for i := range areas {
			a, err := polymesh.FaceArea(faces[p.start+i], pts)
			if err != nil {
				return nil, fmt.Errorf("patch %s face %d: %w", p.name, i, err)
			}
			areas[i] = a
		}
		out[p.name] = areas
	}
	return out, nil
}

// readPointsFaces reads constant/polyMesh/points and faces.
func readPointsFaces(dir string) ([][3]float64, [][]int, error) {
	pm := filepath.Join(dir, "constant", "polyMesh")
	pts, err := polymesh.Points(pm)
	if err != nil {
		return nil, nil, err
	}
	faces, err := polymesh.Faces(pm)
	return pts, faces, err
}

func dot(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
