package compiler

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/meshgen"
	"github.com/foamc/foamc/surface"
)

// The geometry stage: mesh.geometry's surfaces read and checked (package surface), the
// mesh planned (package meshgen: blockMeshDict, surfaceFeatureExtractDict,
// snappyHexMeshDict), its patches handed to the rest of the compiler like a
// blockMeshDict's. docs/geometry.md.

// geometryPlan is what the geometry stage keeps for emitting: the meshgen spec (re-planned
// when the emit stage retypes a patch) and its plan.
type geometryPlan struct {
	spec meshgen.Spec
	plan *meshgen.Plan
}

// unitScale are the units mesh.geometry.surfaces[].units names, in metres.
var unitScale = map[string]float64{"m": 1, "cm": 0.01, "mm": 0.001, "in": 0.0254, "ft": 0.3048}

// plausibleRatio bounds body length / reference.length: a body 20 times larger or smaller
// than the length the spec calls characteristic has its units wrong (mm read as m is 1000).
const plausibleRatio = 20

// readGeometry reads, scales and checks every surface, then plans the mesh. Problems are
// located findings at the spec field that names the surface.
func readGeometry(s *Spec) (*meshInfo, error) {
	g := s.Mesh.Geometry
	ms := meshgen.Spec{Internal: g.Flow == "internal", Flow: [3]float64{1, 0, 0}, Types: map[string]string{}}
	if len(g.Direction) == 3 {
		ms.Flow = [3]float64{g.Direction[0], g.Direction[1], g.Direction[2]}
	}
	if d := g.Domain; d != nil {
		ms.Upstream, ms.Downstream, ms.Lateral = deref(d.Upstream), deref(d.Downstream), deref(d.Lateral)
	}
	if g.Cells != nil {
		ms.Cells = *g.Cells
	}
	ms.CellSize, ms.FeatureAngle = deref(g.CellSize), deref(g.FeatureAngle)
	var errs finding.List
	fail := func(ptr, summary, fix string) {
		errs = append(errs, s.Doc.Finding(IDMesh, finding.Deny, ptr, summary, fix))
	}
	names := map[string]bool{}
	for i, gs := range g.Surfaces {
		ptr := fmt.Sprintf("/mesh/geometry/surfaces/%d", i)
		path := s.Path(gs.File)
		sf, err := surface.Read(path)
		if err != nil {
			fail(ptr+"/file", "cannot read the surface: "+err.Error(), "point file at an STL (ASCII or binary) or OBJ file, optionally .gz")
			continue
		}
		name := gs.Name
		if name == "" {
			name = stem(path)
		}
		if names[name] {
			fail(ptr+"/name", fmt.Sprintf("two surfaces are named %q", name), "give each surface its own name")
			continue
		}
		names[name] = true
		scale := 1.0
		if gs.Units != "" {
			scale = unitScale[gs.Units]
		} else if gs.Scale != nil {
			scale = *gs.Scale
		}
		for k := range sf.Points {
			for d := 0; d < 3; d++ {
				sf.Points[k][d] *= scale
			}
		}
		rep := surface.Check(sf)
		if !rep.Closed() {
			at := ""
			if e := append(rep.OpenEdges, rep.MultiEdges...); len(e) > 0 {
				p := sf.Points[e[0][0]]
				at = fmt.Sprintf("; the first at vertex %d (%g %g %g)", e[0][0], p[0]/scale, p[1]/scale, p[2]/scale)
			}
			fail(ptr+"/file", fmt.Sprintf("%s is not closed: %d open and %d multiply connected edges (surfaceCheck's counts)%s: snappyHexMesh cannot tell its inside from its outside",
				gs.File, len(rep.OpenEdges), len(rep.MultiEdges), at), "close the surface in the CAD tool (or surfaceCheck it and repair holes) and compile again")
			continue
		}
		if len(rep.Illegal) > 0 || rep.NormalZones > rep.Parts {
			at := ""
			switch {
			case len(rep.Illegal) > 0:
				t := sf.Tris[rep.Illegal[0]]
				p := sf.Points[t.V[0]]
				at = fmt.Sprintf("; the first illegal triangle is %d, at (%g %g %g)", rep.Illegal[0], p[0]/scale, p[1]/scale, p[2]/scale)
			case len(rep.FlippedEdges) > 0:
				p := sf.Points[rep.FlippedEdges[0][0]]
				at = fmt.Sprintf("; the first inconsistently oriented edge at vertex %d (%g %g %g)", rep.FlippedEdges[0][0], p[0]/scale, p[1]/scale, p[2]/scale)
			}
			fail(ptr+"/file", fmt.Sprintf("%s has %d illegal triangles and %d zones of consistently oriented normals in %d parts (surfaceCheck's counts)%s",
				gs.File, len(rep.Illegal), rep.NormalZones, rep.Parts, at), "remove degenerate and duplicate triangles and orient the normals consistently (surfaceOrient), then compile again")
			continue
		}
		// meshgen proves locationInMesh by ray parity, which a self-intersecting surface
		// leaves undefined (a point inside two overlapping solids counts as outside).
		if hits, ok := surface.SelfIntersections(sf); ok && len(hits) > 0 {
			x := hits[0].Point
			fail(ptr+"/file", fmt.Sprintf("%s intersects itself: %d edges cross a triangle (surfaceCheck -checkSelfIntersection's test), the first through triangle %d at (%g %g %g)",
				gs.File, len(hits), hits[0].Triangle, x[0]/scale, x[1]/scale, x[2]/scale),
				"repair the surface, or give overlapping solids as separate surfaces, then compile again")
			continue
		}
		if ref := s.Reference.Length; ref != nil && *ref > 0 {
			L := maxExtent(rep.Box)
			if r := L / *ref; r > plausibleRatio || r < 1/plausibleRatio {
				fail(ptr+"/file", fmt.Sprintf("%s is %.4g m long after scaling by %g, %.3g times reference.length (%g m): the units look wrong", gs.File, L, scale, r, *ref),
					"set units (m, cm, mm, in, ft) or scale so that the body measures what reference.length says"+suggestUnits(r, scale))
				continue
			}
		}
		ms.Bodies = append(ms.Bodies, meshgen.Body{Name: name, Path: path, Surface: sf, Report: rep, Regions: gs.Regions, Role: gs.Role})
	}
	if len(errs) > 0 {
		return nil, errs
	}
	for i, b := range g.Boxes {
		bx := meshgen.Box{Min: [3]float64{b.Min[0], b.Min[1], b.Min[2]}, Max: [3]float64{b.Max[0], b.Max[1], b.Max[2]}, Level: 1, CellSize: deref(b.CellSize)}
		if b.Level != nil {
			bx.Level = *b.Level
		}
		for d := 0; d < 3; d++ {
			if bx.Min[d] >= bx.Max[d] {
				fail(fmt.Sprintf("/mesh/geometry/boxes/%d", i), "the box's min is not below its max in every direction", "swap min and max")
			}
		}
		ms.Boxes = append(ms.Boxes, bx)
	}
	if l := g.Layers; l != nil {
		u, nu, L := deref(s.Reference.U), deref(s.Fluid.Nu), deref(s.Reference.Length)
		if u <= 0 || nu <= 0 || L <= 0 || l.YPlus == nil {
			fail("/mesh/geometry/layers", "boundary layers from y+ need layers.yPlus, reference.U, reference.length and fluid.nu (the Reynolds number)",
				"give them, or remove mesh.geometry.layers")
		} else {
			ms.Layers = &meshgen.Layers{YPlus: *l.YPlus, U: u, Length: L, Nu: nu, Expansion: deref(l.Expansion)}
			if l.Layers != nil {
				ms.Layers.N = *l.Layers
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	// Patch types from the spec's roles and pins, so the planned mesh has the patches the
	// boundaries need (the retyping in copyMesh then finds nothing to change).
	for name, b := range s.Boundaries {
		if t, ok := s.Patch()[name]; ok {
			ms.Types[name] = t
		} else if b != nil && b.Role == "symmetry" {
			ms.Types[name] = "symmetry"
		} else if b != nil && b.Role == "wall" {
			ms.Types[name] = "wall"
		} else if b != nil && b.Role != "" {
			ms.Types[name] = "patch"
		}
	}
	gp, err := planGeometry(ms)
	if err != nil {
		return nil, s.Doc.Finding(IDMesh, finding.Deny, "/mesh/geometry", strings.TrimPrefix(err.Error(), "meshgen: "),
			"change mesh.geometry as the message says (docs/geometry.md)")
	}
	p := gp.plan
	m := &meshInfo{Kind: "geometry", Source: ms.Bodies[0].Path, geo: gp,
		PatchesFrom: "meshgen (the patches snappyHexMesh makes: the background box's and one per surface region)"}
	for _, pt := range p.Patches {
		// An internal flow's background patch ends without faces: not a 2-D mesh's empty.
		m.Patches = append(m.Patches, meshPatch{Name: pt.Name, Type: pt.Type, NoFaces: pt.Role == "background"})
	}
	m.DxMin = p.Base / math.Pow(2, float64(p.Level))
	if p.Layer != nil {
		m.DxMin = p.Layer.First
	}
	for k := 0; k < 3; k++ {
		m.Extent[k] = p.Box[1][k] - p.Box[0][k]
	}
	return m, nil
}

// planGeometry plans with meshgen.
func planGeometry(ms meshgen.Spec) (*geometryPlan, error) {
	p, err := meshgen.Build(ms)
	if err != nil {
		return nil, err
	}
	return &geometryPlan{spec: ms, plan: p}, nil
}

func deref(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

func stem(path string) string {
	b := filepath.Base(path)
	b = strings.TrimSuffix(b, ".gz")
	return strings.TrimSuffix(b, filepath.Ext(b))
}

func maxExtent(b [2][3]float64) float64 {
	return math.Max(b[1][0]-b[0][0], math.Max(b[1][1]-b[0][1], b[1][2]-b[0][2]))
}

// suggestUnits names the unit that would bring the ratio near 1.
func suggestUnits(ratio, scale float64) string {
	best, bestErr := "", math.Inf(1)
	for u, f := range unitScale {
		e := math.Abs(math.Log(ratio * f / scale))
		if e < bestErr {
			best, bestErr = u, e
		}
	}
	if bestErr > math.Log(plausibleRatio) {
		return ""
	}
	return fmt.Sprintf(" (units: %s brings it to %.3g times)", best, ratio*unitScale[best]/scale)
}

// copyGeometry writes the planned dictionaries and the checked surfaces, re-planning when
// the emit stage settled another type for a patch.
func (c *checking) copyGeometry(r *Result) {
	gp := c.mesh.geo
	retyped := false
	for _, pt := range gp.plan.Patches {
		if t := c.sol["mesh/"+pt.Name+"/type"]; t != "" && t != pt.Type {
			gp.spec.Types[pt.Name] = t
			retyped = true
		}
	}
	if retyped {
		p, err := meshgen.Build(gp.spec)
		if err != nil {
			c.fail(IDMesh, "/mesh/geometry", strings.TrimPrefix(err.Error(), "meshgen: "), "change mesh.geometry")
			return
		}
		gp.plan = p
	}
	p := gp.plan
	src := Source{Kind: KindDerived, Spec: "/mesh/geometry",
		Formula: fmt.Sprintf("meshgen: body length L = %.4g m; background cell %.4g m (%d x %d x %d), surfaces at level %d (%.4g m), features and curvature one level finer; about %d cells estimated",
			p.Length, p.Base, p.Cells[0], p.Cells[1], p.Cells[2], p.Level, p.Base/math.Pow(2, float64(p.Level)), p.Estimate)}
	for rel, f := range p.Files {
		r.Files[rel] = grammar.Format(f)
		r.Provenance[filePtr(rel)] = src
	}
	loc := src
	loc.Formula = fmt.Sprintf("locationInMesh (%g %g %g): inside the background box, off its cell faces, %s every surface (ray parity, surface.Inside)",
		p.Location[0], p.Location[1], p.Location[2], map[bool]string{true: "inside", false: "outside"}[gp.spec.Internal])
	r.Provenance["/files/system~1snappyHexMeshDict/castellatedMeshControls/locationInMesh"] = loc
	if l := p.Layer; l != nil {
		ls := src
		ls.Formula = fmt.Sprintf("first layer %.3g m = 2 y+ nu / u_tau, u_tau = U sqrt(Cf/2) = %.3g m/s, %s = %.3g at Re = %.4g; %d layers, expansion %g, %.3g m in all",
			l.First, l.UTau, l.Formula, l.Cf, l.Re, l.N, l.Expansion, l.Total)
		r.Provenance["/files/system~1snappyHexMeshDict/addLayersControls/firstLayerThickness"] = ls
	}
	for rel, b := range p.Surfaces {
		r.Files[rel] = b
		r.Provenance[filePtr(rel)] = Source{Kind: KindSpec, Spec: "/mesh/geometry/surfaces", Ref: "the surface as foamc read and checked it, scaled to metres"}
	}
}
