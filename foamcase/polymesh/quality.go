package polymesh

import (
	"fmt"
	"math"

	"github.com/foamc/foamc/internal/vec"
)

// Quality is what checkMesh reports of non-orthogonality and skewness, computed by
// OpenFOAM's own formulas (primitiveMeshFaceCentresAndAreas, primitiveMeshCellCentresAndVols,
// primitiveMeshTools::faceOrthogonality, faceSkewness, boundaryFaceSkewness).
type Quality struct {
	Cells, Faces, InternalFaces int
	// MaxNonOrtho and AvgNonOrtho are in degrees over the internal faces; SevereNonOrtho
	// counts the faces above 70 degrees (checkMesh's threshold, primitiveMesh::nonOrthThreshold_).
	MaxNonOrtho, AvgNonOrtho float64
	SevereNonOrtho           int
	// MaxSkewness is over every face (checkMesh flags more than 4).
	MaxSkewness float64
	// NegativeVolumes counts cells of volume <= 0.
	NegativeVolumes int
}

const (
	rootVSmall = 1e-150
	vSmall     = 1e-300
	// NonOrthThreshold is checkMesh's severe non-orthogonality, in degrees.
	NonOrthThreshold = 70.0
)

// MeasureQuality reads dir (a polyMesh directory) and measures it. Coupled patches (cyclic,
// processor) are treated as walls: checkMesh measures across them, so on such meshes its
// numbers may be larger.
func MeasureQuality(dir string) (Quality, error) {
	pts, err := Points(dir)
	if err != nil {
		return Quality{}, err
	}
	faces, err := Faces(dir)
	if err != nil {
		return Quality{}, err
	}
	own, err := Labels(dir, "owner")
	if err != nil {
		return Quality{}, err
	}
	nei, err := Labels(dir, "neighbour")
	if err != nil {
		return Quality{}, err
	}
	return measureQuality(pts, faces, own, nei)
}

func measureQuality(pts [][3]float64, faces [][]int, own, nei []int) (Quality, error) {
	if len(own) != len(faces) || len(nei) > len(faces) {
		return Quality{}, fmt.Errorf("polymesh: %d faces, %d owners, %d neighbours", len(faces), len(own), len(nei))
	}
	nCells := 0
	for _, c := range own {
		nCells = max(nCells, c+1)
	}
	for _, c := range nei {
		nCells = max(nCells, c+1)
	}
	q := Quality{Cells: nCells, Faces: len(faces), InternalFaces: len(nei)}
	fc, fa := make([][3]float64, len(faces)), make([][3]float64, len(faces))
	for i, f := range faces {
		for _, p := range f {
			if p < 0 || p >= len(pts) {
				return Quality{}, fmt.Errorf("polymesh: face %d uses point %d of %d", i, p, len(pts))
			}
		}
		fc[i], fa[i] = faceCentreArea(f, pts)
	}
	cc, vol := cellCentresVols(fc, fa, own, nei, nCells)
	for _, v := range vol {
		if v <= 0 {
			q.NegativeVolumes++
		}
	}
	severe := math.Cos(NonOrthThreshold * math.Pi / 180)
	minDDotS, sum := math.Inf(1), 0.0
	for i := range nei {
		d := vec.Sub(cc[nei[i]], cc[own[i]])
		ortho := vec.Dot(d, fa[i]) / (vec.Mag(d)*vec.Mag(fa[i]) + rootVSmall)
		if ortho < severe {
			q.SevereNonOrtho++
		}
		minDDotS = math.Min(minDDotS, ortho)
		sum += ortho
		q.MaxSkewness = math.Max(q.MaxSkewness, skewness(faces[i], pts, fc[i], fa[i], cc[own[i]], d, 0.2))
	}
	if len(nei) > 0 {
		q.MaxNonOrtho = degrees(minDDotS)
		q.AvgNonOrtho = degrees(sum / float64(len(nei)))
	}
	for i := len(nei); i < len(faces); i++ {
		cpf := vec.Sub(fc[i], cc[own[i]])
		n := vec.Scale(fa[i], 1/(vec.Mag(fa[i])+vSmall))
		d := vec.Scale(n, vec.Dot(n, cpf))
		q.MaxSkewness = math.Max(q.MaxSkewness, skewness(faces[i], pts, fc[i], fa[i], cc[own[i]], d, 0.4))
	}
	return q, nil
}

func degrees(cos float64) float64 { return math.Acos(math.Min(1, math.Max(-1, cos))) * 180 / math.Pi }

// skewness is faceSkewness (factor 0.2, d from owner to neighbour centre) and
// boundaryFaceSkewness (factor 0.4, d the face-normal part of owner centre to face centre).
func skewness(f []int, pts [][3]float64, fc, fa, ownCc, d [3]float64, factor float64) float64 {
	cpf := vec.Sub(fc, ownCc)
	sv := vec.Sub(cpf, vec.Scale(d, vec.Dot(fa, cpf)/(vec.Dot(fa, d)+rootVSmall)))
	svHat := vec.Scale(sv, 1/(vec.Mag(sv)+rootVSmall))
	fd := factor*vec.Mag(d) + rootVSmall
	for _, p := range f {
		fd = math.Max(fd, math.Abs(vec.Dot(svHat, vec.Sub(pts[p], fc))))
	}
	return vec.Mag(sv) / fd
}

// faceCentreArea is primitiveMesh::makeFaceCentresAndAreas for one face.
func faceCentreArea(f []int, pts [][3]float64) (c, a [3]float64) {
	if len(f) == 3 {
		p0, p1, p2 := pts[f[0]], pts[f[1]], pts[f[2]]
		return vec.Scale(vec.Add(vec.Add(p0, p1), p2), 1.0/3.0), vec.Scale(vec.Cross(vec.Sub(p1, p0), vec.Sub(p2, p0)), 0.5)
	}
	var centre [3]float64
	for _, p := range f {
		centre = vec.Add(centre, pts[p])
	}
	centre = vec.Scale(centre, 1/float64(len(f)))
	var sumN, sumAc [3]float64
	sumA := 0.0
	for i := range f {
		this, next := pts[f[i]], pts[f[(i+1)%len(f)]]
		c := vec.Add(vec.Add(this, next), centre)
		n := vec.Cross(vec.Sub(next, this), vec.Sub(centre, this))
		am := vec.Mag(n)
		sumN, sumA, sumAc = vec.Add(sumN, n), sumA+am, vec.Add(sumAc, vec.Scale(c, am))
	}
	if sumA < rootVSmall {
		return centre, [3]float64{}
	}
	return vec.Scale(sumAc, 1/(3*sumA)), vec.Scale(sumN, 0.5)
}

// cellCentresVols is primitiveMesh::makeCellCentresAndVols.
func cellCentresVols(fc, fa [][3]float64, own, nei []int, nCells int) ([][3]float64, []float64) {
	est := make([][3]float64, nCells)
	n := make([]int, nCells)
	for i, c := range own {
		est[c], n[c] = vec.Add(est[c], fc[i]), n[c]+1
	}
	for i, c := range nei {
		est[c], n[c] = vec.Add(est[c], fc[i]), n[c]+1
	}
	for c := range est {
		if n[c] > 0 {
			est[c] = vec.Scale(est[c], 1/float64(n[c]))
		}
	}
	cc, vol := make([][3]float64, nCells), make([]float64, nCells)
	for i, c := range own {
		v := vec.Dot(fa[i], vec.Sub(fc[i], est[c]))
		cc[c], vol[c] = vec.Add(cc[c], vec.Scale(vec.Add(vec.Scale(fc[i], 0.75), vec.Scale(est[c], 0.25)), v)), vol[c]+v
	}
	for i, c := range nei {
		v := vec.Dot(fa[i], vec.Sub(est[c], fc[i]))
		cc[c], vol[c] = vec.Add(cc[c], vec.Scale(vec.Add(vec.Scale(fc[i], 0.75), vec.Scale(est[c], 0.25)), v)), vol[c]+v
	}
	for c := range cc {
		if math.Abs(vol[c]) > vSmall {
			cc[c] = vec.Scale(cc[c], 1/vol[c])
		} else {
			cc[c] = est[c]
		}
		vol[c] /= 3
	}
	return cc, vol
}
