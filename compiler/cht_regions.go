package compiler

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/schema"
	"github.com/foamc/foamc/suggest"
)

// The conjugate heat transfer tutorials foamc's region files follow (v1912).
const (
	refCHTHeater    = "tutorials/heatTransfer/chtMultiRegionFoam/multiRegionHeater"
	refCHTCoupled   = "tutorials/heatTransfer/chtMultiRegionFoam/multiRegionHeater/system/heater/changeDictionaryDict (T of heater_to_.*)"
	refCHTSplit     = "splitMeshRegions -cellZonesOnly: one region per cell zone (its parts need not touch), coupled by mappedWall patches <region>_to_<neighbour> (regionSide of splitMeshRegions.C)"
	refCHTWallFlux  = "src/TurbulenceModels/compressible/turbulentFluidThermoModels/derivedFvPatchFields/externalWallHeatFluxTemperature (mode flux)"
	refCHTSource    = "src/fvOptions/sources/general/semiImplicitSource (volumeMode specific: W/m^3 on h)"
	refCHTGravity   = "chtMultiRegionFoam reads constant/g (readGravitationalAcceleration.H); no gravity given: (0 0 0)"
	refCHTHeatFlux  = "wallHeatFlux function object per region: verify's interface heat balance (docs/verify.md)"
	defaultCHTp     = 1e5
	chtMaxDi        = 10
	chtInterfaceKey = "_to_.*"
)

// compileRegions compiles a conjugate heat transfer case: the regions checked against the
// mesh's cell zones, then every region's files, the case's own controlDict and Allrun, and
// the rule linter on the result.
func (c *checking) compileRegions() pass {
	c.files = map[string]*grammar.File{}
	c.prov = map[string]Source{}
	c.slots = append(append(Table(nil), c.stageA...), c.derivedRoles...)
	c.sol = assignment{}
	for _, pt := range c.mesh.Patches {
		// splitMeshRegions keeps the base mesh's patch types: no retyping.
		c.sol["mesh/"+pt.Name+"/type"] = pt.Type
	}
	s := c.spec
	if ranks(s) > 1 {
		c.fail(IDUnsupported, "/run", "a parallel run of a region case is not compiled (decomposePar -allRegions)", "run it on one rank")
	}
	c.checkRegionExpect()
	if s.Physics.Turbulence != "laminar" {
		c.fail(IDUnsupported, "/physics/turbulence", "turbulent fluid regions are not compiled yet (laminar only)", "set physics.turbulence: laminar")
	}
	c.checkZones()
	c.checkRegionBoundaries()
	names := sortedKeys(s.Regions)
	var fluids, solids []string
	for _, r := range names {
		if s.Regions[r].Kind == "fluid" {
			fluids = append(fluids, r)
		} else {
			solids = append(solids, r)
		}
	}
	for _, r := range names {
		c.checkMaterial(r)
	}
	dt := 1.0
	switch {
	case s.Control.DeltaT != nil:
		dt = *s.Control.DeltaT
	case !c.feat.Steady:
		c.open("control/deltaT", "/control/deltaT", "the first time step of the region case", "number")
	}
	if len(c.errs) > 0 || c.restart {
		if p, stop := c.stopped(); stop {
			return p
		}
		return pass{err: c.sorted()}
	}
	rp := c.file("constant/regionProperties", "dictionary")
	rsrc := specSrc("/regions")
	rp.set("regions", rsrc, grammar.ListOf(grammar.NewWord("fluid"), wordsList(fluids), grammar.NewWord("solid"), wordsList(solids)))
	g := c.file("constant/g", "uniformDimensionedVectorField")
	g.set("dimensions", ruleSrc("FOAM-DIM-004", "g in m/s^2"), grammar.Dims(0, 1, -2, 0, 0, 0, 0))
	if gv := s.Physics.Gravity; gv != nil {
		g.set("value", specSrc("/physics/gravity"), grammar.Vector(gv[0], gv[1], gv[2]))
	} else {
		g.set("value", curated(refCHTGravity), grammar.Vector(0, 0, 0))
	}
	for _, r := range names {
		c.emitRegion(r)
	}
	c.emitRegionSystem(names, dt)
	c.slots = append(c.slots, Slot{ID: "mesh/regions", Value: strings.Join(names, " "), Source: Source{Kind: KindRule, Rule: "FOAM-CHT-001", Ref: refCHTSplit}, SpecField: "/regions"})
	c.slots.sort()
	c.feat.Fields = []string{"T", "U", "p", "p_rgh"}
	c.feat.Solved = []string{"U", "h", "p_rgh"}
	res := c.result()
	if len(c.errs) > 0 {
		return pass{err: c.sorted()}
	}
	if c.opts.Linter != nil {
		denies, err := c.lint(res)
		if err != nil {
			return pass{err: err}
		}
		for _, d := range denies {
			c.errs = append(c.errs, finding.Finding{ID: IDDenied, Severity: finding.Deny,
				Summary: "the compiled case is denied by " + d.ID + ": " + d.Summary, Detail: d.Detail, Fix: d.Fix,
				Location: c.spec.Doc.Locate(""), Related: []finding.Related{{Location: d.Location, Message: "the denying finding"}}, Provenance: d.Provenance})
		}
		if len(c.errs) > 0 {
			return pass{err: c.sorted()}
		}
	}
	return pass{res: res}
}

func wordsList(ws []string) *grammar.List {
	items := make([]grammar.Item, len(ws))
	for i, w := range ws {
		items[i] = grammar.NewWord(w)
	}
	return grammar.ListOf(items...)
}

// checkZones: every region is a cell zone of a blockMeshDict mesh (the zone names of its
// hex blocks) and every zone is a region: splitMeshRegions -cellZonesOnly makes one region per
// zone, and a zone the spec leaves out would be a region without files. Other meshes carry
// their zones in constant/polyMesh/cellZones, which splitMeshRegions checks when it runs.
func (c *resolution) checkZones() {
	if c.mesh.Kind != "blockMeshDict" || c.mesh.file == nil {
		return
	}
	zones, unzoned := blockZones(c.mesh.file.Body)
	for _, r := range sortedKeys(c.spec.Regions) {
		if slices.Contains(zones, r) {
			continue
		}
		fix := "name a cell zone of the blockMeshDict's blocks (hex (…) <zone> (nx ny nz) …)"
		if len(zones) > 0 {
			fix = "use one of the cell zones: " + strings.Join(zones, ", ")
			if b := suggest.Closest(r, zones); b != "" {
				fix = fmt.Sprintf("rename region %q to %q", r, b)
			}
		}
		c.fail(IDMesh, "/regions/"+escape(r), fmt.Sprintf("region %q is not a cell zone of the mesh: splitMeshRegions -cellZonesOnly makes no such region", r), fix)
	}
	for _, z := range zones {
		if _, ok := c.spec.Regions[z]; !ok {
			c.fail(IDMesh, "/regions", fmt.Sprintf("cell zone %q of the mesh has no region: splitMeshRegions -cellZonesOnly makes it a region the solver would not read", z),
				fmt.Sprintf("add regions.%s with kind fluid or solid", z))
		}
	}
	if len(zones) == 0 {
		c.fail(IDMesh, "/mesh/blockMeshDict", "the blockMeshDict's blocks name no cell zone: there are no regions to split", "name each block's zone: hex (…) <region> (nx ny nz) simpleGrading (…)")
	} else if unzoned > 0 {
		// splitMeshRegions -cellZonesOnly: "For the cellZonesOnly option all cells must be in a cellZone".
		c.fail(IDMesh, "/mesh/blockMeshDict", fmt.Sprintf("%d block(s) of the blockMeshDict name no cell zone: their cells would belong to no region", unzoned),
			"name each block's zone: hex (…) <region> (nx ny nz) simpleGrading (…)")
	}
}

// patchZones maps each patch of a blockMeshDict's boundary list to the cell zones of the
// blocks its faces belong to (the block holding a face's four vertices, or the block a
// (block face) pair names), so that a region's field files list only its own patches; nil
// when the mesh is not a blockMeshDict or a face cannot be placed (every patch is then
// written into every region, and OpenFOAM ignores the entries of patches a region lacks).
func (c *resolution) patchZones() map[string][]string {
	if c.mesh.Kind != "blockMeshDict" || c.mesh.file == nil {
		return nil
	}
	body := c.mesh.file.Body
	var blocks []struct {
		verts map[int64]bool
		zone  string
	}
	items := body.ListItems("blocks")
	for i := 0; i+2 < len(items); i++ {
		w, ok := items[i].(*grammar.Word)
		ids, lok := items[i+1].(*grammar.List)
		if !ok || w.Value != "hex" || !lok {
			continue
		}
		z, _ := items[i+2].(*grammar.Word)
		if z == nil {
			return nil // a block without a zone: splitMeshRegions makes a region of its own
		}
		vs := map[int64]bool{}
		for _, it := range ids.Items {
			if n, ok := it.(*grammar.Number); ok {
				vs[n.Int] = true
			}
		}
		blocks = append(blocks, struct {
			verts map[int64]bool
			zone  string
		}{vs, z.Value})
	}
	out := map[string][]string{}
	bitems := firstListItems(body, "boundary")
	for i := 0; i+1 < len(bitems); i += 2 {
		w, ok := bitems[i].(*grammar.Word)
		d, dok := bitems[i+1].(*grammar.Dict)
		if !ok || !dok {
			return nil
		}
		for _, f := range d.ListItems("faces") {
			fl, ok := f.(*grammar.List)
			if !ok {
				return nil
			}
			var labels []int64
			for _, it := range fl.Items {
				if n, ok := it.(*grammar.Number); ok {
					labels = append(labels, n.Int)
				}
			}
			zone := ""
			switch len(labels) {
			case 2: // (block face)
				if labels[0] >= 0 && int(labels[0]) < len(blocks) {
					zone = blocks[labels[0]].zone
				}
			case 4:
				for _, b := range blocks {
					if b.verts[labels[0]] && b.verts[labels[1]] && b.verts[labels[2]] && b.verts[labels[3]] {
						zone = b.zone
						break
					}
				}
			}
			if zone == "" {
				return nil
			}
			if !slices.Contains(out[w.Value], zone) {
				out[w.Value] = append(out[w.Value], zone)
			}
		}
	}
	return out
}

// blockZones lists the zone names of a blockMeshDict's hex blocks, in order of first use,
// and counts the hex blocks that name none.
func blockZones(body *grammar.Dict) (zones []string, unzoned int) {
	blocks := body.ListItems("blocks")
	for i := 0; i+2 < len(blocks); i++ {
		if w, ok := blocks[i].(*grammar.Word); !ok || w.Value != "hex" {
			continue
		}
		if _, ok := blocks[i+1].(*grammar.List); !ok {
			continue
		}
		switch z := blocks[i+2].(type) {
		case *grammar.Word:
			if !slices.Contains(zones, z.Value) {
				zones = append(zones, z.Value)
			}
		case *grammar.List:
			unzoned++
		}
	}
	return zones, unzoned
}

// checkRegionBoundaries: a region's own boundary entries name patches of the base mesh
// (splitMeshRegions keeps their names); the interfaces are the compiler's.
func (c *resolution) checkRegionBoundaries() {
	names := c.mesh.names()
	for _, r := range sortedKeys(c.spec.Regions) {
		for _, n := range sortedKeys(c.spec.Regions[r].Boundaries) {
			if c.mesh.patch(n) != nil {
				continue
			}
			ptr := "/regions/" + escape(r) + "/boundaries/" + escape(n)
			if strings.Contains(n, "_to_") {
				c.fail(IDMesh, ptr, fmt.Sprintf("%q is an interface patch: foamc couples every interface of a region itself", n), "remove the entry")
				continue
			}
			fix := "use one of the mesh patches: " + strings.Join(names, ", ")
			if b := suggest.Closest(n, names); b != "" {
				fix = fmt.Sprintf("rename %q to %q", n, b)
			}
			c.fail(IDMesh, ptr, fmt.Sprintf("boundary %q of region %s is not a patch of the mesh", n, r), fix)
		}
	}
}

// checkMaterial opens what a region's thermophysicalProperties need: a fluid Cp, mu, Pr
// and rho (rhoConst) or molWeight (perfectGas); a solid rho, Cp and kappa.
func (c *resolution) checkMaterial(r string) {
	rg := c.spec.Regions[r]
	m := rg.Material
	ptr := "/regions/" + escape(r) + "/material/"
	need := func(v *float64, key, what string) {
		if v == nil {
			c.open("regions/"+r+"/material/"+key, ptr+key, what+" of region "+r, "number")
		}
	}
	need(m.Cp, "Cp", "the specific heat in J/(kg K)")
	if rg.Kind == "solid" {
		need(m.Rho, "rho", "the density in kg/m^3")
		need(m.Kappa, "kappa", "the thermal conductivity in W/(m K)")
		for key, v := range map[string]*float64{"mu": m.Mu, "Pr": m.Pr} {
			if v != nil {
				c.note(IDNotice, finding.Info, ptr+key, "a solid has no "+key+"; it is ignored", "remove it")
			}
		}
		return
	}
	need(m.Mu, "mu", "the dynamic viscosity in Pa s")
	need(m.Pr, "Pr", "the Prandtl number")
	if m.Rho == nil {
		need(m.MolWeight, "molWeight", "the molar mass in kg/kmol (a perfect gas; give rho for a liquid)")
	}
	if m.Kappa != nil {
		c.note(IDNotice, finding.Info, ptr+"kappa", "a fluid's conductivity is Cp mu / Pr; kappa is ignored", "remove it or set Pr = Cp mu / kappa")
	}
	if rg.HeatSource != nil {
		c.fail(IDUnsupported, "/regions/"+escape(r)+"/heatSource", "a heat source is compiled in solid regions only", "move it to a solid region")
	}
}

// regionT is a region's initial temperature: its T, else the first boundary T of the
// region, else 300 K (settled).
func (c *emission) regionT(r string) val {
	rg := c.spec.Regions[r]
	ptr := "/regions/" + escape(r) + "/T"
	if rg.T != nil {
		return sv(*rg.T, specSrc(ptr))
	}
	zones := c.patchZones()
	for _, pt := range c.mesh.Patches {
		if b := c.regionBoundary(r, pt.Name); b != nil && b.T != nil && inRegion(zones, r, pt.Name) {
			return sv(b.T.Value, specSrc(c.bptr(r, pt.Name)+"/T"))
		}
	}
	return c.settled("regions/"+r+"/T", ptr, "the initial temperature of region "+r, sv(300, defaultSrc(refAtRest, "T = 300 K", nil)))
}

// regionBoundary is patch n's entry in region r: the region's own, else the top-level one.
func (c *emission) regionBoundary(r, n string) *schema.Boundary {
	if b := c.spec.Regions[r].Boundaries[n]; b != nil {
		return b
	}
	return c.spec.Boundaries[n]
}

// bptr is the spec pointer of patch n's entry in region r.
func (c *emission) bptr(r, n string) string {
	if c.spec.Regions[r].Boundaries[n] != nil {
		return "/regions/" + escape(r) + "/boundaries/" + escape(n)
	}
	return "/boundaries/" + escape(n)
}

// emitRegion writes one region's constant/ and 0/ files.
func (c *emission) emitRegion(r string) {
	rg := c.spec.Regions[r]
	m := rg.Material
	mp := "/regions/" + escape(r) + "/material/"
	fluid := rg.Kind == "fluid"
	tp := c.regionFile("constant/"+r+"/thermophysicalProperties", "dictionary")
	tt := tp.sub("thermoType")
	tsrc := curated(refCHTHeater + "/constant/" + map[bool]string{true: "topAir", false: "heater"}[fluid] + "/thermophysicalProperties")
	mix := tp.sub("mixture")
	if fluid {
		eos := "perfectGas"
		if m.Rho != nil {
			eos = "rhoConst"
		}
		for _, kv := range [][2]string{{"type", "heRhoThermo"}, {"mixture", "pureMixture"}, {"transport", "const"}, {"thermo", "hConst"}, {"equationOfState", eos}, {"specie", "specie"}, {"energy", "sensibleEnthalpy"}} {
			tt.words(kv[0], tsrc, kv[1])
		}
		mw := 18.0
		mwSrc := curated("rhoConst: the molar mass only names the specie (" + refCHTHeater + "/constant/bottomWater)")
		if m.MolWeight != nil {
			mw, mwSrc = *m.MolWeight, specSrc(mp+"molWeight")
		}
		mix.sub("specie").set("molWeight", mwSrc, grammar.Num(mw))
		if m.Rho != nil {
			mix.sub("equationOfState").set("rho", specSrc(mp+"rho"), grammar.Num(*m.Rho))
		}
		th := mix.sub("thermodynamics")
		th.set("Cp", specSrc(mp+"Cp"), grammar.Num(*m.Cp))
		th.set("Hf", tsrc, grammar.Num(0))
		tr := mix.sub("transport")
		tr.set("mu", specSrc(mp+"mu"), grammar.Num(*m.Mu))
		tr.set("Pr", specSrc(mp+"Pr"), grammar.Num(*m.Pr))
		tu := c.regionFile("constant/"+r+"/turbulenceProperties", "dictionary")
		tu.set("simulationType", specSrc("/physics/turbulence"), grammar.NewWord("laminar"))
	} else {
		for _, kv := range [][2]string{{"type", "heSolidThermo"}, {"mixture", "pureMixture"}, {"transport", "constIso"}, {"thermo", "hConst"}, {"equationOfState", "rhoConst"}, {"specie", "specie"}, {"energy", "sensibleEnthalpy"}} {
			tt.words(kv[0], tsrc, kv[1])
		}
		mw := 50.0
		mwSrc := curated("a solid's molar mass only names the specie (" + refCHTHeater + "/constant/heater)")
		if m.MolWeight != nil {
			mw, mwSrc = *m.MolWeight, specSrc(mp+"molWeight")
		}
		mix.sub("specie").set("molWeight", mwSrc, grammar.Num(mw))
		mix.sub("transport").set("kappa", specSrc(mp+"kappa"), grammar.Num(*m.Kappa))
		th := mix.sub("thermodynamics")
		th.set("Hf", tsrc, grammar.Num(0))
		th.set("Cp", specSrc(mp+"Cp"), grammar.Num(*m.Cp))
		mix.sub("equationOfState").set("rho", specSrc(mp+"rho"), grammar.Num(*m.Rho))
		if rg.HeatSource != nil {
			fo := c.regionFile("constant/"+r+"/fvOptions", "dictionary")
			hs := fo.sub("heatSource")
			src := curated(refCHTSource)
			hs.words("type", src, "scalarSemiImplicitSource")
			hs.words("selectionMode", src, "all")
			hs.words("volumeMode", src, "specific")
			hs.sub("injectionRateSuSp").set("h", specSrc("/regions/"+escape(r)+"/heatSource"), grammar.ListOf(grammar.Num(*rg.HeatSource), grammar.Num(0)))
		}
	}
	T := c.regionT(r)
	p := sv(defaultCHTp, curated(refCHTHeater+"/0.orig/p (1e5 Pa)"))
	if rg.P != nil {
		p = sv(*rg.P, specSrc("/regions/"+escape(r)+"/p"))
	}
	kappaMethod := map[bool]string{true: "fluidThermo", false: "solidThermo"}[fluid]
	c.regionField(r, "T", "volScalarField", grammar.Dims(0, 0, 0, 1, 0, 0, 0), T, func(n string, b *schema.Boundary, e node) {
		ptr := c.bptr(r, n)
		switch {
		case b.T != nil:
			e.words("type", specSrc(ptr+"/T"), "fixedValue")
			e.set("value", specSrc(ptr+"/T"), grammar.Uniform(grammar.Num(b.T.Value))...)
		case b.HeatFlux != nil:
			src := specSrc(ptr + "/heatFlux")
			e.words("type", curated(refCHTWallFlux), "externalWallHeatFluxTemperature")
			e.words("mode", curated(refCHTWallFlux), "flux")
			e.set("q", src, grammar.Uniform(grammar.Num(*b.HeatFlux))...)
			e.words("kappaMethod", curated(refCHTWallFlux), kappaMethod)
			e.set("value", T.src, T.uniform()...)
		case b.Role == "outlet" && fluid:
			e.words("type", curated("outflow: T convected out, the inflow at the initial T"), "inletOutlet")
			e.set("inletValue", T.src, T.uniform()...)
			e.set("value", T.src, T.uniform()...)
		case b.Role == "inlet" && fluid:
			c.fail(IDOpen, ptr+"/T", fmt.Sprintf("inlet %q of fluid region %s states no temperature", n, r), "give boundaries."+n+".T")
		default:
			e.words("type", curated("adiabatic wall"), "zeroGradient")
		}
	}, func(e node) {
		src := curated(refCHTCoupled)
		e.words("type", src, "compressible::turbulentTemperatureCoupledBaffleMixed")
		e.words("Tnbr", src, "T")
		e.words("kappaMethod", src, kappaMethod)
		e.set("value", T.src, T.uniform()...)
	})
	calculated := func(v val) func(string, *schema.Boundary, node) {
		return func(_ string, _ *schema.Boundary, e node) {
			e.words("type", curated(refCHTHeater+"/0.orig/p: p is calculated from p_rgh"), "calculated")
			e.set("value", v.src, v.uniform()...)
		}
	}
	c.regionField(r, "p", "volScalarField", grammar.Dims(1, -1, -2, 0, 0, 0, 0), p, calculated(p), func(e node) { calculated(p)("", nil, e) })
	if !fluid {
		return
	}
	U := vv([3]float64{}, curated("fluid initially at rest"))
	if rg.U != nil {
		U = vv([3]float64{rg.U[0], rg.U[1], rg.U[2]}, specSrc("/regions/"+escape(r)+"/U"))
	}
	noSlip := func(e node) { e.words("type", curated(refCHTHeater+"/0.orig/U"), "noSlip") }
	c.regionField(r, "U", "volVectorField", grammar.Dims(0, 1, -1, 0, 0, 0, 0), U, func(n string, b *schema.Boundary, e node) {
		ptr := c.bptr(r, n)
		switch {
		case b.Role == "inlet" && b.U != nil:
			u := b.U.Vector()
			e.words("type", specSrc(ptr+"/U"), "fixedValue")
			e.set("value", specSrc(ptr+"/U"), grammar.Uniform(grammar.Vector(u[0], u[1], u[2]))...)
		case b.Role == "inlet":
			c.fail(IDOpen, ptr+"/U", fmt.Sprintf("inlet %q of fluid region %s states no velocity", n, r), "give boundaries."+n+".U")
		case b.Role == "outlet":
			e.words("type", curated("outflow: zero gradient out, no backflow"), "inletOutlet")
			e.set("inletValue", curated("no backflow"), grammar.Uniform(grammar.Vector(0, 0, 0))...)
			e.set("value", U.src, U.uniform()...)
		case b.Velocity != nil:
			e.words("type", specSrc(ptr+"/velocity"), "fixedValue")
			e.set("value", specSrc(ptr+"/velocity"), grammar.Uniform(grammar.Vector(b.Velocity[0], b.Velocity[1], b.Velocity[2]))...)
		case b.Slip:
			e.words("type", specSrc(ptr+"/slip"), "slip")
		default:
			noSlip(e)
		}
	}, noSlip)
	c.regionField(r, "p_rgh", "volScalarField", grammar.Dims(1, -1, -2, 0, 0, 0, 0), p, func(n string, b *schema.Boundary, e node) {
		ptr := c.bptr(r, n)
		if b.Role == "outlet" {
			v := p
			if b.P != nil {
				v = sv(b.P.Value, specSrc(ptr+"/p"))
			}
			e.words("type", curated("outlet: fixed static pressure"), "fixedValue")
			e.set("value", v.src, v.uniform()...)
			return
		}
		e.words("type", ruleSrc("FOAM-BC-015", "buoyant solvers: p_rgh fixedFluxPressure on walls and inlets"), "fixedFluxPressure")
		e.set("value", p.src, p.uniform()...)
	}, func(e node) {
		e.words("type", ruleSrc("FOAM-BC-015", "p_rgh fixedFluxPressure on walls"), "fixedFluxPressure")
		e.set("value", p.src, p.uniform()...)
	})
}

// regionField writes 0/<region>/<field>: the entry of every base-mesh patch with faces in
// the region (patchZones; all of them when unknown: GeometricBoundaryField reads only the
// entries of the region's own patches) — the constraint types of empty, symmetry, wedge
// and cyclic patches, the rest by patch — and the coupled interface entry "<region>_to_.*".
func (c *emission) regionField(r, field, class string, dims *grammar.DimSet, internal val, patch func(string, *schema.Boundary, node), iface func(node)) {
	f := c.regionFile("0/"+r+"/"+field, class)
	f.set("dimensions", ruleSrc("FOAM-DIM-001", "dimensions of "+field), dims)
	f.set("internalField", internal.src, internal.uniform()...)
	bf := f.sub("boundaryField")
	zones := c.patchZones()
	for _, pt := range c.mesh.Patches {
		b := c.regionBoundary(r, pt.Name)
		if b == nil || !inRegion(zones, r, pt.Name) {
			continue
		}
		e := bf.sub(pt.Name)
		switch pt.Type {
		case "empty", "wedge", "symmetry", "symmetryPlane", "cyclic", "cyclicAMI":
			e.words("type", Source{Kind: KindDerived, Formula: "the constraint type of mesh patch " + pt.Name}, pt.Type)
			continue
		}
		patch(pt.Name, b, e)
	}
	ie := bf.d
	key := r + chtInterfaceKey
	ie.Entries = append(ie.Entries, &grammar.DictEntry{Key: grammar.RegexKey(key), Dict: grammar.NewDict()})
	iface(node{c, ie.Entries[len(ie.Entries)-1].(*grammar.DictEntry).Dict, bf.ptr + "/" + escape(key)})
}

// emitRegionSystem writes controlDict (with the wallHeatFlux of every region), the empty
// top-level fvSchemes and fvSolution splitMeshRegions and the solver read, and every
// region's fvSchemes and fvSolution.
func (c *emission) emitRegionSystem(names []string, dt float64) {
	s := c.spec
	steady := c.feat.Steady
	cd := c.file("system/controlDict", "dictionary")
	cd.words("application", specSrc("/physics/solver"), c.feat.Solver)
	for _, kv := range [][2]string{{"startFrom", "startTime"}, {"stopAt", "endTime"}} {
		cd.words(kv[0], curated("start from the initial fields, stop at endTime"), kv[1])
	}
	cd.set("startTime", curated("start at 0"), grammar.Num(0))
	cd.set("endTime", specSrc("/control/endTime"), grammar.Num(s.Control.EndTime))
	dsrc := ruleSrc("FOAM-TIME-002", "steady solvers iterate with deltaT 1")
	if s.Control.DeltaT != nil {
		dsrc = specSrc("/control/deltaT")
	}
	cd.set("deltaT", dsrc, grammar.Num(dt))
	wi := s.Control.EndTime
	wsrc := curated("write at endTime")
	if s.Control.WriteInterval != nil {
		wi, wsrc = *s.Control.WriteInterval, specSrc("/control/writeInterval")
	}
	adjust := !steady && s.Control.MaxCo != nil
	switch {
	case steady:
		// A steady run counts iterations: writeInterval / deltaT of them (TimeIO.C).
		cd.words("writeControl", curated("steady: write every n iterations"), "timeStep")
		cd.set("writeInterval", wsrc, grammar.Num(math.Max(1, math.Round(wi/dt))))
	case adjust:
		cd.words("writeControl", curated("adjustable time step: write at the interval"), "adjustableRunTime")
		cd.set("writeInterval", wsrc, grammar.Num(wi))
	default:
		cd.words("writeControl", curated("fixed time step"), "runTime")
		cd.set("writeInterval", wsrc, grammar.Num(wi))
	}
	for _, kv := range [][2]string{{"writeFormat", "ascii"}, {"writeCompression", "off"}, {"timeFormat", "general"}} {
		cd.words(kv[0], curated(refCHTHeater+"/system/controlDict"), kv[1])
	}
	cd.set("purgeWrite", curated("keep every written time"), grammar.Label(0))
	cd.set("writePrecision", curated(refCHTHeater+"/system/controlDict"), grammar.Label(8))
	cd.set("timePrecision", curated(refCHTHeater+"/system/controlDict"), grammar.Label(6))
	cd.words("runTimeModifiable", curated("the gate judged the dictionaries the run reads"), "false")
	if !steady {
		cd.words("adjustTimeStep", specSrc("/control/maxCo"), map[bool]string{true: "yes", false: "no"}[adjust])
		if adjust {
			cd.set("maxCo", specSrc("/control/maxCo"), grammar.Num(*s.Control.MaxCo))
			cd.set("maxDi", curated(refCHTHeater+"/system/controlDict (maxDi 10)"), grammar.Num(chtMaxDi))
		}
	}
	fo := cd.sub("functions")
	for _, r := range names {
		w := fo.sub("wallHeatFlux_" + r)
		src := curated(refCHTHeatFlux)
		w.words("type", src, "wallHeatFlux")
		w.set("libs", src, grammar.ListOf(grammar.Str("libfieldFunctionObjects.so")))
		w.words("region", src, r)
		w.words("writeControl", src, "writeTime")
	}
	c.emitRegionExpect(fo)
	top := curated(refCHTHeater + "/system/fvSchemes: the regions' schemes are in system/<region>")
	fs := c.file("system/fvSchemes", "dictionary")
	for _, k := range []string{"ddtSchemes", "gradSchemes", "divSchemes", "laplacianSchemes", "interpolationSchemes", "snGradSchemes"} {
		fs.sub(k)
		c.prov[fs.ptr+"/"+k] = top
	}
	fv := c.file("system/fvSolution", "dictionary")
	if !steady {
		fv.sub("PIMPLE").set("nOuterCorrectors", curated(refCHTHeater+"/system/fvSolution"), grammar.Label(1))
	} else {
		c.prov[fv.ptr] = top
	}
	for _, r := range names {
		c.emitRegionNumerics(r)
	}
}

// emitRegionNumerics writes system/<region>/fvSchemes and fvSolution (multiRegionHeater's
// regions: upwind convection, h by PBiCGStab in a fluid, PCG in a solid).
func (c *emission) emitRegionNumerics(r string) {
	steady := c.feat.Steady
	fluid := c.spec.Regions[r].Kind == "fluid"
	tut := curated(refCHTHeater + "/system/" + map[bool]string{true: "bottomWater", false: "heater"}[fluid])
	fs := c.regionFile("system/"+r+"/fvSchemes", "dictionary")
	ddt := "Euler"
	if steady {
		ddt = "steadyState"
	}
	fs.sub("ddtSchemes").words("default", Source{Kind: KindDerived, Formula: "steady: steadyState; transient: Euler"}, ddt)
	fs.sub("gradSchemes").words("default", tut, "Gauss linear")
	div := fs.sub("divSchemes")
	div.words("default", tut, "none")
	lap := fs.sub("laplacianSchemes")
	if fluid {
		conv := "Gauss upwind"
		if steady {
			conv = "bounded Gauss upwind"
		}
		for _, k := range []string{"div(phi,U)", "div(phi,K)", "div(phi,h)"} {
			div.words(k, tut, conv)
		}
		div.words("div(((rho*nuEff)*dev2(T(grad(U)))))", ruleSrc("FOAM-NUM-001", "stress term key"), "Gauss linear")
		lap.words("default", tut, "Gauss linear corrected")
	} else {
		lap.words("default", tut, "none")
		lap.words("laplacian(alpha,h)", tut, "Gauss linear corrected")
	}
	fs.sub("interpolationSchemes").words("default", tut, "linear")
	fs.sub("snGradSchemes").words("default", tut, "corrected")

	fv := c.regionFile("system/"+r+"/fvSolution", "dictionary")
	sol := fv.sub("solvers")
	block := func(name, solver, pre string, tol, rel float64) {
		b := sol.sub(name)
		b.words("solver", tut, solver)
		if solver == "GAMG" {
			b.words("smoother", tut, pre)
		} else {
			b.words("preconditioner", tut, pre)
		}
		b.set("tolerance", tut, grammar.Num(tol))
		b.set("relTol", tut, grammar.Num(rel))
	}
	final := func(name string, f func(string, float64)) {
		f(name, 0.1)
		if !steady {
			f(name+"Final", 0)
		}
	}
	alg := "PIMPLE"
	if steady {
		alg = "SIMPLE"
	}
	a := fv.sub(alg)
	if fluid {
		final("rho", func(n string, _ float64) { block(n, "PCG", "DIC", 1e-7, 0) })
		final("p_rgh", func(n string, rel float64) { block(n, "GAMG", "GaussSeidel", 1e-7, rel/10) })
		for _, x := range []string{"U", "h"} {
			final(x, func(n string, rel float64) { block(n, "PBiCGStab", "DILU", 1e-7, rel) })
		}
		if c.spec.Regions[r].FrozenFlow {
			// v1912 createFluidFields.H: simpleDict/pimpleDict.readIfPresent("frozenFlow").
			a.words("frozenFlow", specSrc("/regions/"+escape(r)+"/frozenFlow"), "yes")
		}
		a.words("momentumPredictor", tut, "yes")
		if !steady {
			a.set("nCorrectors", tut, grammar.Label(2))
		}
		a.set("nNonOrthogonalCorrectors", tut, grammar.Label(0))
		if c.closedRegion(r) {
			// No fixed pressure: the pressure level needs a reference cell (setRefCell).
			src := ruleSrc("FOAM-SOL-004", "closed domain: pRefCell/pRefValue")
			a.set("pRefCell", src, grammar.Label(0))
			a.set("pRefValue", src, grammar.Num(defaultCHTp))
		}
		rf := fv.sub("relaxationFactors")
		eq := rf.sub("equations")
		if steady {
			fl := rf.sub("fields")
			fl.set("rho", curated("buoyantCavity relaxation"), grammar.Num(1))
			fl.set("p_rgh", curated("buoyantCavity relaxation"), grammar.Num(0.7))
			eq.set("U", curated("buoyantCavity relaxation"), grammar.Num(0.3))
			eq.set("h", curated("buoyantCavity relaxation"), grammar.Num(1))
		} else {
			eq.set("U", tut, grammar.Num(1))
			eq.set("h", tut, grammar.Num(1))
		}
		return
	}
	final("h", func(n string, rel float64) { block(n, "PCG", "DIC", 1e-7, rel) })
	a.set("nNonOrthogonalCorrectors", tut, grammar.Label(0))
}

// inRegion: patch has faces in region r, as far as patchZones knows (nil: every patch may).
func inRegion(zones map[string][]string, r, patch string) bool {
	z, known := zones[patch]
	return !known || slices.Contains(z, r)
}

// closedRegion: no outlet of the fluid region fixes its pressure.
func (c *emission) closedRegion(r string) bool {
	zones := c.patchZones()
	for _, pt := range c.mesh.Patches {
		if b := c.regionBoundary(r, pt.Name); b != nil && b.Role == "outlet" && inRegion(zones, r, pt.Name) {
			return false
		}
	}
	return true
}

// checkRegionExpect: an expect: item of a region case names its region and measures a
// patch average or a point value there (the kinds whose function objects take a region);
// its patch is a base-mesh patch or an interface <region>_to_<other>.
func (c *resolution) checkRegionExpect() {
	for i := range c.spec.Expect {
		e := &c.spec.Expect[i]
		ptr := fmt.Sprintf("/expect/%d", i)
		rg, ok := c.spec.Regions[e.Region]
		switch {
		case e.Region == "":
			c.fail(IDExpect, ptr, fmt.Sprintf("expect %q of a region case names no region", e.Name), "add region: one of "+strings.Join(sortedKeys(c.spec.Regions), ", "))
			continue
		case !ok:
			c.fail(IDExpect, ptr+"/region", fmt.Sprintf("expect %q measures in region %q, which the spec does not have", e.Name, e.Region), "use one of "+strings.Join(sortedKeys(c.spec.Regions), ", "))
			continue
		case e.PatchAverage == nil && e.Point == nil:
			c.fail(IDExpect, ptr, fmt.Sprintf("expect %q: a region case measures patchAverage or point items only", e.Name), "measure a patch average or a point value")
			continue
		}
		if e.PatchAverage != nil {
			p := e.PatchAverage.Patch
			other, iface := strings.CutPrefix(p, e.Region+"_to_")
			if _, isRegion := c.spec.Regions[other]; (iface && !isRegion) || (!iface && c.mesh.patch(p) == nil) {
				c.fail(IDExpect, ptr+"/patchAverage/patch", fmt.Sprintf("expect %q measures on %q, which is neither a mesh patch nor an interface of region %s", e.Name, p, e.Region),
					"use a mesh patch or "+e.Region+"_to_<region>")
			}
		}
		// wallHeatFlux: the field the region's wallHeatFlux object stores every step.
		fields := []string{"T", "p", "wallHeatFlux"}
		if rg.Kind == "fluid" {
			fields = append(fields, "U", "p_rgh")
		}
		var f string
		if e.PatchAverage != nil {
			f = e.PatchAverage.Field
		} else {
			f = e.Point.Field
		}
		if !slices.Contains(fields, f) {
			c.fail(IDExpect, ptr, fmt.Sprintf("expect %q measures %s, which %s region %s does not have", e.Name, f, rg.Kind, e.Region), "use one of "+strings.Join(fields, ", "))
		}
	}
}

// emitRegionExpect writes one function object per expect item, expect_<name>, with the
// region it measures in (its output: postProcessing/<region>/expect_<name>).
func (c *emission) emitRegionExpect(fo node) {
	for i := range c.spec.Expect {
		e := &c.spec.Expect[i]
		ptr := fmt.Sprintf("/expect/%d", i)
		n := fo.sub(e.FunctionObject())
		src := specSrc(ptr)
		if e.PatchAverage != nil {
			c.expectations().surfaceFieldValue(n, src, e.PatchAverage.Patch, "areaAverage", e.PatchAverage.Field)
		} else {
			n.set("type", src, grammar.NewWord("probes"))
			n.set("libs", src, grammar.ListOf(grammar.Str("libsampling.so")))
			perStep(n, src)
			n.set("interpolationScheme", curated("interpolated to the point, not the containing cell's value"), grammar.NewWord("cellPoint"))
			n.set("fields", src, words([]string{e.Point.Field})...)
			n.set("probeLocations", specSrc(ptr+"/point/at"), grammar.ListOf(vector(e.Point.At)))
		}
		n.set("region", specSrc(ptr+"/region"), grammar.NewWord(e.Region))
	}
}
