package compiler

import (
	"fmt"

	"github.com/foamc/foamc/grammar"
)

// cht is the family of the conjugate heat transfer solvers chtMultiRegionFoam (PIMPLE) and
// chtMultiRegionSimpleFoam (SIMPLE): fluid and solid regions, one per cell zone of the
// mesh, split by `splitMeshRegions -cellZonesOnly -overwrite` after the mesh (foamc run and
// Allrun), coupled through the mappedWall patches <region>_to_<other> that splitMeshRegions
// writes. A region's files live in its own directories (0/<region>, constant/<region>,
// system/<region>), so the family writes them itself (cht_regions.go, behind multiRegion)
// instead of the single-region boundary problem; the single-region methods below keep the
// family on the family seam for its solver facts and are never asked for a region case.
type cht struct{ pressureBased }

func (cht) name() string { return "cht" }

func (cht) solvers() []string { return []string{"chtMultiRegionFoam", "chtMultiRegionSimpleFoam"} }

// resolve: the solved pressure of the fluid regions is p_rgh; a spec without regions has
// nothing the solver could read (createMeshes.H reads constant/regionProperties).
func (cht) resolve(c *resolution, _ assignment, _ func(string)) {
	c.feat.Pressure = "p_rgh"
	c.feat.Energy = "h"
	c.feat.Thermo = "heRhoThermo"
	if len(c.spec.Regions) == 0 {
		c.fail(IDUnsupported, "/physics/solver", fmt.Sprintf("%s needs the fluid and solid regions of the mesh: the spec has no regions", c.feat.Solver),
			"add regions: one entry per cell zone with kind fluid or solid and its material (docs/spec.md, Regions)")
	}
}

func (cht) fields(*Features, modelInfo) (files, solved []string) {
	return []string{"T", "U", "p", "p_rgh"}, []string{"U", "h", "p_rgh"}
}

func (cht) constant(*emission, *state)      {}
func (cht) simple(*emission, node, Source)  {}
func (cht) relaxation() ([][2]any, float64) { return nil, 0 }
func (cht) compileRegions(c *checking) pass { return c.compileRegions() }

// multiRegion is a family that writes a case of several mesh regions itself.
type multiRegion interface {
	compileRegions(c *checking) pass
}

// regionFile is c.file for a path below a region directory (0/<region>/T): the header's
// location is the directory, its object the file name.
func (c *emission) regionFile(path, class string) node {
	dir, object := path, path
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			dir, object = path[:i], path[i+1:]
			break
		}
	}
	f := grammar.NewFile(class, object, dir, nil)
	c.files[path] = f
	return node{c, f.Body, filePtr(path)}
}
