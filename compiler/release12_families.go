package compiler

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/foamc/foamc/grammar"
)

// Foundation 12 restatements of the families beyond single-phase flow (release_openfoam12.go
// is the release unit; these are its per-family steps, each read in the release's sources
// and tutorials, OpenFOAM-12 commit 0b487fc98b, and proven by the family's run in the
// release's binaries, specs TestFamilies12):
//
//   - scalarTransportFoam is foamRun's `functions` module (applications/modules/functions):
//     it constructs its `subSolver` (incompressibleFluid, for U, p and phi) and solves
//     nothing itself; the scalar is the scalarTransport function object in system/functions
//     (tutorials/incompressibleFluid/pitzDailyScalarTransport);
//   - chtMultiRegionFoam and chtMultiRegionSimpleFoam are foamMultiRun with a fluid or solid
//     module per region (cht12);
//   - shallowWaterFoam is a legacy application of Foundation 12
//     (applications/legacy/incompressible/shallowWaterFoam), run as itself: the same fields,
//     gravitationalProperties and PIMPLE as v1912's (its hEqn.solve() picks hFinal by the
//     final outer iteration, which the case has).

// apps12 are the v1912 solvers Foundation 12 runs with an application of their own instead
// of foamRun and a module.
var apps12 = map[string]string{
	"shallowWaterFoam":         "shallowWaterFoam",
	"chtMultiRegionFoam":       "foamMultiRun",
	"chtMultiRegionSimpleFoam": "foamMultiRun",
}

// application12 is the program that runs a case of the v1912 solver in Foundation 12.
func application12(solver string) string {
	if a, ok := apps12[solver]; ok {
		return a
	}
	return "foamRun"
}

const refCounterFlow12 = "tutorials/multicomponentFluid/counterFlowFlame2D (OpenFOAM-12)"

// reacting12 restates reactingFoam for the multicomponentFluid module: the mixture is
// multicomponentMixture with defaultSpecie (v1912's reactingMixture, inertSpecie), its
// species list and thermo read from physicalProperties itself (the thermo file included,
// as the tutorial does) instead of through foamChemistryReader; the chemistry reads the
// reactions from chemistryProperties (`#include "reactions"`). The reactions file keeps
// its v1912 type names (Reaction.C of 12 strips the old "Reaction" suffix).
func (c *emission) reacting12() {
	tp, ok := c.files["constant/thermophysicalProperties"]
	if !ok {
		return
	}
	ptr := filePtr("constant/thermophysicalProperties")
	n := node{c, tp.Body, ptr}
	if e, ok := tp.Body.Find("thermoType").(*grammar.DictEntry); ok {
		node{c, e.Dict, ptr + "/thermoType"}.set("mixture", curated(refCounterFlow12+"/constant/physicalProperties; SandiaD_LTS: multicomponentMixture"), grammar.NewWord("multicomponentMixture"))
	}
	renameKey(n, "inertSpecie", "defaultSpecie")
	for _, k := range []string{"chemistryReader", "foamChemistryFile", "foamChemistryThermoFile"} {
		tp.Body.Remove(k)
		delete(c.prov, ptr+"/"+k)
	}
	rptr := filePtr("constant/reactions")
	var species []string
	if rf, ok := c.files["constant/reactions"]; ok {
		species = speciesList(rf.Body)
		if sp, ok := rf.Body.Find("species").(*grammar.PrimitiveEntry); ok {
			n.set("species", c.prov[rptr], sp.Value...)
			rf.Body.Remove("species")
		}
		rf.Body.Remove("elements")
	}
	tp.Body.Add(&grammar.DirectiveEntry{Name: "#include", Args: []grammar.Item{grammar.Str("thermo.compressibleGas")}})
	if ch, ok := c.files["constant/chemistryProperties"]; ok {
		c.chemistryLimits12(ch, species)
		ch.Body.Add(&grammar.DirectiveEntry{Name: "#include", Args: []grammar.Item{grammar.Str("reactions")}})
	}
	// multicomponentFluid solves the species in the last PIMPLE corrector as YiFinal, which
	// v1912's reactingFoam never asks for (real F12 foamRun: "keyword YiFinal is undefined").
	c.finalSolvers12("system/fvSolution")
}

// chemistryLimits12 bounds the chemistry's temperature where Foundation 12 integrates it
// apart from the energy (a mixture that ignites in its first steps overshoots T, beyond
// the JANAF range, where the polynomials' Cp turns negative above ~9000 K and T falls
// through zero):
//
//   - Reaction::omega of 12 evaluates the rates at T clipped to Tlow/Thigh, which
//     ReactionList reads from the reactions' dictionary and defaults to 0 and great
//     (v1912 took no such bound: its ODE and Euler solvers keep T from the enthalpy). The
//     reactions file gets the mechanism's common JANAF range, as 12's GRI tutorials carry
//     it (counterFlowFlame2D_GRI/constant/reactionsGRI: Tlow 200, Thigh 5000);
//   - EulerImplicit of 12 integrates T explicitly over a sub-step of cTauChem times the
//     time a specie takes to run out, and evaluates the Jacobian at that T unclipped:
//     cTauChem 0.05, 12's own value for an igniting mixture (simplifiedSiwek), not the
//     counterflow's 1 that v1912 can afford.
//
// Real F12 foamRun on the reacting matrix's premixed RAS specs at 2000 K without these:
// SIGFPE in IrreversibleReaction::kf at step 2 (Rosenbrock34, seulex, rodas23, RKCK45
// alike) and, with the bounds but cTauChem 1, at step 14 under EulerImplicit.
func (c *emission) chemistryLimits12(ch *grammar.File, species []string) {
	if ct, ok := ch.Body.Find("chemistryType").(*grammar.DictEntry); ok {
		if s, ok := ct.Dict.Find("solver").(*grammar.PrimitiveEntry); ok && grammar.FormatItems(s.Value) == "EulerImplicit" {
			if e, ok := ch.Body.Find("EulerImplicitCoeffs").(*grammar.DictEntry); ok {
				ptr := filePtr("constant/chemistryProperties") + "/EulerImplicitCoeffs"
				node{c, e.Dict, ptr}.set("cTauChem", curated(refSiwek12+"/constant/chemistryProperties: EulerImplicit integrates T explicitly in 12"), grammar.Num(0.05))
			}
		}
	}
	th, ok := c.files["constant/thermo.compressibleGas"]
	rf, rok := c.files["constant/reactions"]
	if !ok || !rok || len(species) == 0 {
		return
	}
	lo, hi := 0.0, math.Inf(1)
	for _, sp := range species {
		l, okl := dictNumber(th.Body, sp, "thermodynamics", "Tlow")
		h, okh := dictNumber(th.Body, sp, "thermodynamics", "Thigh")
		if !okl || !okh {
			return
		}
		lo, hi = max(lo, l), min(hi, h)
	}
	src := curated("the mechanism's common JANAF range (max Tlow, min Thigh of its species); Reaction::omega of 12 clips T to it")
	n := node{c, rf.Body, filePtr("constant/reactions")}
	n.set("Tlow", src, grammar.Num(lo))
	n.set("Thigh", src, grammar.Num(hi))
}

const refSiwek12 = "tutorials/multicomponentFluid/simplifiedSiwek (OpenFOAM-12)"

// functionsSubSolver is the module the functions module builds U, p and phi with.
const functionsSubSolver = "incompressibleFluid"

const refPitzDailyScalar12 = "tutorials/incompressibleFluid/pitzDailyScalarTransport (OpenFOAM-12)"

// scalar12 restates scalarTransportFoam for the functions module: controlDict's subSolver;
// the sub-solver's physicalProperties (a viscosity it reads and never uses: U is frozen),
// its pressure 0/p (MUST_READ, incompressibleFluid.C) held by a reference cell; PIMPLE for
// SIMPLE (the module's loop); and T as a scalarTransport function object with the spec's
// diffusivity (scalarTransport.C of 12: `diffusivity constant; D`).
func (c *emission) scalar12() {
	sc, i, ok := solverScalar(c.spec)
	if !ok {
		return
	}
	cdPtr := filePtr("system/controlDict")
	cd := c.files["system/controlDict"].Body
	cd.Set("subSolver", grammar.NewWord(functionsSubSolver))
	c.prov[cdPtr+"/subSolver"] = curated(refPitzDailyScalar12 + "/system/controlDict: the functions module's sub-solver gives U, p and phi")

	tpPtr := filePtr("constant/transportProperties")
	if tp, ok := c.files["constant/transportProperties"]; ok {
		tp.Body.Remove("DT")
		delete(c.prov, tpPtr+"/DT")
		n := node{c, tp.Body, tpPtr}
		n.set("transportModel", curated(refPitzDailyScalar12+"/constant/physicalProperties"), grammar.NewWord("Newtonian"))
		n.set("nu", curated("the sub-solver reads a viscosity and never uses it (U is frozen); the scalar's diffusivity stands in"),
			grammar.Dims(0, 2, -1, 0, 0, 0, 0), grammar.Num(sc.Diffusivity))
	}

	p := c.file("0/p", "volScalarField")
	p.set("dimensions", curated("incompressibleFluid's kinematic pressure"), grammar.Dims(0, 2, -2, 0, 0, 0, 0))
	p.set("internalField", curated("the frozen flow's pressure is never solved"), grammar.NewWord("uniform"), grammar.Num(0))
	bf := p.sub("boundaryField")
	for _, pt := range c.mesh.Patches {
		typ := "zeroGradient"
		if t := c.sol["mesh/"+pt.Name+"/type"]; constraintPatchType(t) {
			typ = t
		}
		bf.sub(pt.Name).set("type", curated("the frozen flow's pressure: no condition to impose"), grammar.NewWord(typ))
	}

	if f := c.files["system/fvSolution"]; f != nil {
		ptr := filePtr("system/fvSolution")
		f.Body.Remove("SIMPLE")
		f.Body.Remove("relaxationFactors")
		for k := range c.prov {
			if len(k) > len(ptr) && (hasPrefixSeg(k, ptr+"/SIMPLE") || hasPrefixSeg(k, ptr+"/relaxationFactors")) {
				delete(c.prov, k)
			}
		}
		pim := node{c, f.Body, ptr}.sub("PIMPLE")
		src := curated(refPitzDailyScalar12 + "/system/fvSolution PIMPLE; p is held by a reference cell (pressureReference.C)")
		pim.set("nNonOrthogonalCorrectors", src, grammar.Num(0))
		pim.set("pRefCell", src, grammar.Label(0))
		pim.set("pRefValue", src, grammar.Num(0))
	}

	fnFile, ok := c.files["system/functions"]
	if !ok {
		fnFile = grammar.NewFile("dictionary", "functions", "system", nil)
		c.files["system/functions"] = fnFile
	}
	fn := node{c, fnFile.Body, filePtr("system/functions")}.sub(sc.Name)
	src := specSrc("/scalars/" + strconv.Itoa(i))
	fn.set("type", src, grammar.NewWord("scalarTransport"))
	fn.set("libs", src, grammar.ListOf(grammar.Str("libsolverFunctionObjects.so")))
	fn.set("field", specSrc("/scalars/"+strconv.Itoa(i)+"/name"), grammar.NewWord(sc.Name))
	dsrc := specSrc("/scalars/" + strconv.Itoa(i) + "/diffusivity")
	fn.set("diffusivity", dsrc, grammar.NewWord("constant"))
	fn.set("D", dsrc, grammar.Num(sc.Diffusivity))
}

// constraintPatchType reports a patch type every field of the patch takes (empty, wedge,
// symmetry, cyclic...).
func constraintPatchType(t string) bool {
	switch t {
	case "empty", "wedge", "symmetry", "symmetryPlane", "processor":
		return true
	}
	return cyclicTypes[t]
}

func hasPrefixSeg(k, p string) bool {
	return k == p || (len(k) > len(p) && k[:len(p)] == p && k[len(p)] == '/')
}

const refCHT12 = "tutorials/multiRegion/CHT/heatedDuct, coolingCylinder2D (OpenFOAM-12)"

// cht12 restates a conjugate heat transfer case for foamMultiRun (applications/solvers/
// foamMultiRun): controlDict names the regions' modules in regionSolvers (fluid, solid)
// where v1912 reads constant/regionProperties; each fluid region reads its own constant/
// <region>/g; thermophysicalProperties and turbulenceProperties become physicalProperties
// and momentumTransport per region; a solid's thermo is Foundation 12's heSolidThermo
// (constIsoSolid transport, eConst thermo with Cv, sensibleInternalEnergy: the only energy
// forSolids.H instantiates), so it solves e, not h; the volumetric heat source is the
// heatSource fvModel (q in W/m^3); the interface and wall-flux conditions take their
// Foundation 12 names, coupledTemperature and externalTemperature (q), which read no
// kappaMethod (the region's thermophysical transport gives kappa).
func (c *emission) cht12() {
	s := c.spec
	cdPtr := filePtr("system/controlDict")
	cdf := c.files["system/controlDict"]
	cd := node{c, cdf.Body, cdPtr}
	cd.set("application", curated(refCHT12+": foamMultiRun runs one solver module per region"), grammar.NewWord("foamMultiRun"))
	rs := &grammar.DictEntry{Key: grammar.NewKey("regionSolvers"), Dict: grammar.NewDict()}
	i := slices.IndexFunc(cdf.Body.Entries, func(e grammar.Entry) bool {
		p, ok := e.(*grammar.PrimitiveEntry)
		return ok && p.Key.Name == "application"
	})
	cdf.Body.Entries = slices.Insert(cdf.Body.Entries, i+1, grammar.Entry(rs))
	names := sortedKeys(s.Regions)
	for _, r := range names {
		rs.Dict.Set(r, grammar.NewWord(s.Regions[r].Kind))
		c.prov[cdPtr+"/regionSolvers/"+escape(r)] = specSrc("/regions/" + escape(r) + "/kind")
	}
	if fn, ok := cdf.Body.Find("functions").(*grammar.DictEntry); ok {
		cdf.Body.Remove("functions")
		c.files["system/functions"] = grammar.NewFile("dictionary", "functions", "system", fn.Dict)
		c.moveProv(cdPtr+"/functions", filePtr("system/functions"))
	}
	c.dropFile("constant/regionProperties")
	g, hasG := c.files["constant/g"]
	c.dropFile("constant/g")
	for _, r := range names {
		solid := s.Regions[r].Kind == "solid"
		if hasG && !solid {
			nf := grammar.NewFile("uniformDimensionedVectorField", "g", "constant/"+r, g.Body)
			c.files["constant/"+r+"/g"] = nf
			for k, v := range c.prov {
				if hasPrefixSeg(k, filePtr("constant/g")) {
					c.prov[filePtr("constant/"+r+"/g")+strings.TrimPrefix(k, filePtr("constant/g"))] = v
				}
			}
		}
		c.rename12("constant/"+r+"/thermophysicalProperties", "constant/"+r+"/physicalProperties", func(n node) {
			if solid {
				c.solidThermo12(n)
				return
			}
			if e, ok := n.d.Find("mixture").(*grammar.DictEntry); ok {
				if th, ok := e.Dict.Find("thermodynamics").(*grammar.DictEntry); ok {
					renameKey(node{c, th.Dict, n.ptr + "/mixture/thermodynamics"}, "Hf", "hf")
				}
			}
		})
		c.rename12("constant/"+r+"/turbulenceProperties", "constant/"+r+"/momentumTransport", func(n node) {
			for _, class := range []string{"RAS", "LES"} {
				if e, ok := n.d.Find(class).(*grammar.DictEntry); ok {
					renameKey(node{c, e.Dict, n.ptr + "/" + class}, class+"Model", "model")
				}
			}
		})
		c.rename12("constant/"+r+"/fvOptions", "constant/"+r+"/fvModels", c.heatSource12)
		if solid {
			c.solidEnergy12("system/" + r + "/fvSolution")
			c.solidLaplacian12("system/" + r + "/fvSchemes")
		}
		c.regionPimple12("system/" + r + "/fvSolution")
		if !solid {
			c.closedSteadyP12(r)
		}
	}
	if f := c.files["system/fvSolution"]; f != nil && f.Body.Find("PIMPLE") == nil {
		// A steady case too: foamMultiRun's loop reads PIMPLE (tutorials/multiRegion/CHT/heatExchanger).
		node{c, f.Body, filePtr("system/fvSolution")}.sub("PIMPLE").set("nOuterCorrectors",
			curated(refCHT12+"; heatExchanger (steady): system/fvSolution PIMPLE nOuterCorrectors 1"), grammar.Label(1))
	}
	for p, f := range c.files {
		if strings.HasPrefix(p, "0/") && strings.HasSuffix(p, "/T") {
			c.wallT12(node{c, f.Body, filePtr(p)})
		}
	}
}

// dropFile removes a case file and its provenance.
func (c *emission) dropFile(path string) {
	delete(c.files, path)
	for k := range c.prov {
		if hasPrefixSeg(k, filePtr(path)) {
			delete(c.prov, k)
		}
	}
}

// solidThermo12 restates a v1912 heSolidThermo (constIso, hConst, sensibleEnthalpy) as
// Foundation 12's (constIsoSolid, eConst, sensibleInternalEnergy; a solid's Cv is its Cp).
func (c *emission) solidThermo12(n node) {
	if e, ok := n.d.Find("thermoType").(*grammar.DictEntry); ok {
		tt := node{c, e.Dict, n.ptr + "/thermoType"}
		src := curated(refCHT12 + ": constant/heater/physicalProperties; forSolids.H instantiates eConst, sensibleInternalEnergy only")
		tt.set("transport", src, grammar.NewWord("constIsoSolid"))
		tt.set("thermo", src, grammar.NewWord("eConst"))
		tt.set("energy", src, grammar.NewWord("sensibleInternalEnergy"))
	}
	if e, ok := n.d.Find("mixture").(*grammar.DictEntry); ok {
		if th, ok := e.Dict.Find("thermodynamics").(*grammar.DictEntry); ok {
			tn := node{c, th.Dict, n.ptr + "/mixture/thermodynamics"}
			renameKey(tn, "Hf", "hf")
			renameKey(tn, "Cp", "Cv")
		}
	}
}

// solidEnergy12 renames a solid region's energy solvers h, hFinal to e, eFinal.
func (c *emission) solidEnergy12(path string) {
	n, ok := c.edit(path)
	if !ok {
		return
	}
	body, ptr := n.d, n.ptr
	e, ok := body.Find("solvers").(*grammar.DictEntry)
	if !ok {
		return
	}
	for _, s := range e.Dict.Entries {
		d, ok := s.(*grammar.DictEntry)
		if !ok || (d.Key.Name != "h" && d.Key.Name != "hFinal") {
			continue
		}
		name := "e" + strings.TrimPrefix(d.Key.Name, "h")
		c.moveProv(ptr+"/solvers/"+escape(d.Key.Name), ptr+"/solvers/"+escape(name))
		d.Key = grammar.NewKey(name)
	}
}

// regionPimple12: a region's SIMPLE is PIMPLE (the modules read PIMPLE, steady or not,
// singleRegionSolutionControl.C), and its one outer corrector is the final one, which
// solves with the <field>Final solvers: those a steady region lacks are its solvers'.
func (c *emission) regionPimple12(path string) {
	n, ok := c.edit(path)
	if !ok {
		return
	}
	body, ptr := n.d, n.ptr
	if e, ok := body.Find("SIMPLE").(*grammar.DictEntry); ok && body.Find("PIMPLE") == nil {
		e.Key = grammar.NewKey("PIMPLE")
		c.moveProv(ptr+"/SIMPLE", ptr+"/PIMPLE")
	}
	c.finalSolvers12(path)
}

// finalSolvers12 gives every solver of an fvSolution its <field>Final twin (the same
// settings): Foundation 12's modules solve the last PIMPLE corrector with the Final solver
// and stop without it ("keyword YiFinal is undefined"), where v1912's solvers fall back.
func (c *emission) finalSolvers12(path string) {
	n, ok := c.edit(path)
	if !ok {
		return
	}
	body, ptr := n.d, n.ptr
	e, ok := body.Find("solvers").(*grammar.DictEntry)
	if !ok {
		return
	}
	var add []grammar.Entry
	for _, s := range e.Dict.Entries {
		d, ok := s.(*grammar.DictEntry)
		if !ok || d.Key.Regex || strings.HasSuffix(d.Key.Name, "Final") || e.Dict.Find(d.Key.Name+"Final") != nil {
			continue
		}
		add = append(add, &grammar.DictEntry{Key: grammar.NewKey(d.Key.Name + "Final"), Dict: d.Dict})
		c.prov[ptr+"/solvers/"+escape(d.Key.Name+"Final")] = c.prov[ptr+"/solvers/"+escape(d.Key.Name)]
	}
	e.Dict.Entries = append(e.Dict.Entries, add...)
}

// solidLaplacian12 makes v1912's solid heat conduction scheme, laplacian(alpha,h), the
// default: Foundation 12's solid module conducts in e and T (laplacian(kappa,T) among
// others, solidThermophysicalTransportModels), as its tutorials' defaults cover.
func (c *emission) solidLaplacian12(path string) {
	n, ok := c.edit(path)
	if !ok {
		return
	}
	body, ptr := n.d, n.ptr+"/laplacianSchemes"
	lap, ok := body.Find("laplacianSchemes").(*grammar.DictEntry)
	if !ok {
		return
	}
	p, ok := lap.Dict.Find("laplacian(alpha,h)").(*grammar.PrimitiveEntry)
	if !ok {
		return
	}
	lap.Dict.Set("default", p.Value...)
	c.prov[ptr+"/default"] = c.prov[ptr+"/"+escape("laplacian(alpha,h)")]
	lap.Dict.Remove("laplacian(alpha,h)")
	delete(c.prov, ptr+"/"+escape("laplacian(alpha,h)"))
}

// heatSource12 restates fvOptions' volumetric energy source (scalarSemiImplicitSource of
// h, volumeMode specific, W/m^3) as Foundation 12's heatSource fvModel (q in W/m^3).
func (c *emission) heatSource12(n node) {
	for _, e := range slices.Clone(n.d.Entries) {
		d, ok := e.(*grammar.DictEntry)
		if !ok {
			continue
		}
		name := d.Key.Name
		ptr := n.ptr + "/" + escape(name)
		var q []grammar.Item
		if su, ok := d.Dict.Find("injectionRateSuSp").(*grammar.DictEntry); ok {
			if h, ok := su.Dict.Find("h").(*grammar.PrimitiveEntry); ok && len(h.Value) == 1 {
				if l, ok := h.Value[0].(*grammar.List); ok && len(l.Items) == 2 {
					q = []grammar.Item{l.Items[0]}
				}
			}
		}
		src := c.prov[ptr+"/injectionRateSuSp/h"]
		for k := range c.prov {
			if hasPrefixSeg(k, ptr) {
				delete(c.prov, k)
			}
		}
		n.d.Remove(name)
		if q == nil {
			continue
		}
		m := n.sub(name)
		m.set("type", curated(refCHT12+": constant/solid/fvModels heatSource"), grammar.NewWord("heatSource"))
		m.set("select", curated(refCHT12+": the whole region"), grammar.NewWord("all"))
		m.set("q", src, q...)
	}
}

// wallT12 renames a region's temperature conditions to Foundation 12's: the interface's
// compressible::turbulentTemperatureCoupledBaffleMixed is coupledTemperature, a heat-flux
// wall's externalWallHeatFluxTemperature (mode flux, q) is externalTemperature (q); neither
// reads kappaMethod or Tnbr (coupledTemperatureFvPatchScalarField.H,
// externalTemperatureFvPatchScalarField.H).
func (c *emission) wallT12(f node) {
	bf, ok := f.d.Find("boundaryField").(*grammar.DictEntry)
	if !ok {
		return
	}
	for _, e := range bf.Dict.Entries {
		d, ok := e.(*grammar.DictEntry)
		if !ok {
			continue
		}
		p := node{c, d.Dict, f.ptr + "/boundaryField/" + escape(d.Key.Raw)}
		t, ok := d.Dict.Find("type").(*grammar.PrimitiveEntry)
		if !ok || len(t.Value) != 1 {
			continue
		}
		var to string
		switch grammar.FormatItems(t.Value) {
		case "compressible::turbulentTemperatureCoupledBaffleMixed":
			to = "coupledTemperature"
		case "externalWallHeatFluxTemperature":
			to = "externalTemperature"
		default:
			continue
		}
		p.set("type", curated(refCHT12+": 0/<region>/T "+to), grammar.NewWord(to))
		for _, k := range []string{"Tnbr", "kappaMethod", "mode"} {
			if d.Dict.Remove(k) {
				delete(c.prov, p.ptr+"/"+k)
			}
		}
	}
}

// Application12 returns the program target openfoam-12 runs a v1912 solver's case with
// (foamRun, foamMultiRun, shallowWaterFoam).
func Application12(solver string) string { return application12(solver) }
