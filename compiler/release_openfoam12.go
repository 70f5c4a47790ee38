package compiler

import (
	"bytes"
	"maps"
	"slices"
	"strings"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/openfoam"
)

// The Foundation OpenFOAM 12 profile (target: openfoam-12). The compiler settles, emits and
// lints the case in v1912 terms, where its rules and knowledge base hold; this unit then
// restates the finished case in Foundation 12's layout and spellings, each checked against
// the release's sources and tutorials (OpenFOAM-12 commit 0b487fc98b) and proven by running
// the result in its foamRun (specs TestGeneratedMatrix12):
//
//   - one application, foamRun, with the solver module in controlDict's `solver` entry
//     (applications/solvers/foamRun; modules12 maps the v1912 solvers);
//   - constant/physicalProperties replaces transportProperties (`viscosityModel constant;`,
//     tutorials/incompressibleFluid/pitzDailySteady) and thermophysicalProperties
//     (thermo's `hf`, hConstThermo.C), constant/momentumTransport replaces
//     turbulenceProperties with `model` for RASModel/LESModel;
//   - decomposeParDict's coefficients as <method>Coeffs;
//   - function objects in system/functions (functionObjectList.C reads it first), sampled
//     sets typed lineUniform and points;
//   - pressure limits in system/fvConstraints (limitPressure): pressureReference.C stops
//     with a FATAL error on pMin/pMax/pMinFactor/pMaxFactor in fvSolution;
//   - PISO becomes PIMPLE with one outer corrector: foamRun's modules read PIMPLE (or
//     SIMPLE when steady, singleRegionSolutionControl.C), never PISO;
//   - rhoCentralFoam is the shockFluid module (shockFluid12);
//   - sonicFoam's transonic pressure equation is the fluid module's `transonic yes;`
//     (isothermalFluid/correctPressure.C), with its scheme div(phi,(p|rho)).
//
// ESI v2506 is registered beside it only to refuse it: no v2506 solver is installed here to
// prove a compiled case in.

// Target releases of the spec's target field.
const (
	TargetV1912 = "openfoam-v1912"
	Target12    = openfoam.Release12
	TargetV2506 = "openfoam-v2506"
)

// IDRelease refuses a target release foamc cannot prove a case in.
const IDRelease = "FOAM-COMPILE-010"

// modules12 maps the v1912 solvers foamc compiles to Foundation 12's solver modules; a
// missing solver has no module foamc can run here (modules12Missing says why).
var modules12 = map[string]string{
	"icoFoam":           "incompressibleFluid",
	"simpleFoam":        "incompressibleFluid",
	"pisoFoam":          "incompressibleFluid",
	"pimpleFoam":        "incompressibleFluid",
	"rhoSimpleFoam":     "fluid",
	"rhoPimpleFoam":     "fluid",
	"sonicFoam":         "fluid",
	"buoyantSimpleFoam": "fluid",
	"buoyantPimpleFoam": "fluid",
	// shockFluid is not in the prebuilt minimal tree: `make openfoam12-modules` builds it.
	"rhoCentralFoam": "shockFluid",
	"interFoam":      "incompressibleVoF",
	// functions is not in the prebuilt minimal tree: `make openfoam12-modules` builds it.
	"scalarTransportFoam": "functions",
	// multicomponentFluid and its chemistry, combustion and radiation libraries neither.
	"reactingFoam": "multicomponentFluid",
}

// openfoam12 is the release unit: foamRun in Foundation 12's environment, the case
// restated by forRelease.
var openfoam12 = &release{
	Target: Target12,
	Environment: `if [ "${WM_PROJECT_VERSION:-}" != 12 ]; then
	: "${` + openfoam.Release12Env + `:?set ` + openfoam.Release12Env + ` to the OpenFOAM-12 directory (make openfoam12 installs .cache/of12/OpenFOAM-12)}"
	set +e; . "$` + openfoam.Release12Env + `/etc/bashrc"; set -e
fi
` + "run() { log=\"log.$1\"; rm -f \"$log\"; echo \"Running $*\"; \"$@\" > \"$log\" 2>&1 || { tail -n 30 \"$log\"; exit 1; }; }\n",
	Application: application12,
	Restate:     (*emission).forRelease,
}

// v2506 is refused at the start of every pass (FOAM-COMPILE-010).
var v2506 = &release{
	Target:      TargetV2506,
	Environment: v1912.Environment,
	Application: v1912.Application,
	Check: func(c *resolution) {
		c.fail(IDRelease, "/target", "openfoam-v2506 is not compiled: no ESI v2506 solver is installed to prove a compiled case in, and foamc emits only what it has run",
			"set target openfoam-v1912 or openfoam-12")
	},
}

// forRelease restates a compiled v1912 case for the spec's target release.
func (c *emission) forRelease(r *Result) (*Result, error) {
	module, ok := modules12[c.feat.Solver]
	if _, app := apps12[c.feat.Solver]; !ok && !app {
		c.fail(IDRelease, "/physics/solver", c.feat.Solver+" is not compiled for openfoam-12: foamc knows no Foundation 12 module for it",
			"set target openfoam-v1912, or choose a solver with a Foundation 12 module ("+strings.Join(slices.Sorted(maps.Keys(modules12)), ", ")+")")
		return nil, c.sorted()
	}
	old := slices.Sorted(maps.Keys(c.files))
	if module != "" {
		c.controlDict12(module)
	}
	if apps12[c.feat.Solver] == "foamMultiRun" {
		c.cht12()
	}
	switch module {
	case "incompressibleVoF":
		c.vof12()
	case "functions":
		c.scalar12()
	case "multicomponentFluid":
		c.reacting12()
	}
	c.rename12("constant/transportProperties", "constant/physicalProperties", func(n node) {
		model := n.d.Find("transportModel")
		n.d.Remove("transportModel")
		n.d.Entries = append([]grammar.Entry{&grammar.PrimitiveEntry{Key: grammar.NewKey("viscosityModel"), Value: []grammar.Item{grammar.NewWord("constant")}}}, n.d.Entries...)
		if model != nil {
			n.c.prov[n.ptr+"/viscosityModel"] = n.c.prov[n.ptr+"/transportModel"]
			delete(n.c.prov, n.ptr+"/transportModel")
		}
	})
	c.rename12("constant/thermophysicalProperties", "constant/physicalProperties", func(n node) {
		if e, ok := n.d.Find("mixture").(*grammar.DictEntry); ok {
			if th, ok := e.Dict.Find("thermodynamics").(*grammar.DictEntry); ok {
				renameKey(node{c, th.Dict, n.ptr + "/mixture/thermodynamics"}, "Hf", "hf")
			}
		}
	})
	c.rename12("constant/turbulenceProperties", "constant/momentumTransport", func(n node) {
		for _, class := range []string{"RAS", "LES"} {
			if e, ok := n.d.Find(class).(*grammar.DictEntry); ok {
				renameKey(node{c, e.Dict, n.ptr + "/" + class}, class+"Model", "model")
			}
		}
	})
	if _, ok := c.files["constant/momentumTransport"]; !ok && module != "" {
		// icoFoam has no turbulenceProperties; every foamRun module reads momentumTransport.
		m := c.file("constant/momentumTransport", "dictionary")
		m.set("simulationType", curated("Foundation 12 modules read constant/momentumTransport"), grammar.NewWord("laminar"))
	}
	if f, ok := c.files["system/decomposeParDict"]; ok {
		// Foundation 12 reads only <method>Coeffs (decompositionMethod.C).
		n := node{c, f.Body, filePtr("system/decomposeParDict")}
		if m, ok := f.Body.Find("method").(*grammar.PrimitiveEntry); ok && len(m.Value) == 1 {
			if e, ok := f.Body.Find("coeffs").(*grammar.DictEntry); ok {
				name := grammar.FormatItems(m.Value) + "Coeffs"
				e.Key = grammar.NewKey(name)
				c.moveProv(n.ptr+"/coeffs", n.ptr+"/"+escape(name))
			}
		}
	}
	c.sets12()
	c.fvSolution12()
	c.fvSchemes12()
	if module == "shockFluid" {
		c.shockFluid12()
	}
	c.fields12()
	for _, p := range old {
		if _, ok := c.files[p]; !ok {
			delete(r.Files, p)
		}
	}
	for p, f := range c.files {
		r.Files[p] = banner12(grammar.Format(f))
	}
	r.Provenance = c.prov
	// The scripts run foamRun in Foundation 12's environment.
	sc := c.scripts(c.rel)
	r.Files["Allrun"] = script12(sc.allrun())
	if c.spec.Run.Slurm != nil {
		r.Files["job.slurm"] = script12(sc.jobSlurm())
	}
	r.Files["provenance.json"] = c.provenanceJSON(r)
	return r, nil
}

// controlDict12 names foamRun and the module, and moves the function objects into
// system/functions.
func (c *emission) controlDict12(module string) {
	f := c.files["system/controlDict"]
	ptr := filePtr("system/controlDict")
	n := node{c, f.Body, ptr}
	n.set("application", curated("Foundation 12 runs every solver module in foamRun"), grammar.NewWord(openfoam.Application12))
	solver := &grammar.PrimitiveEntry{Key: grammar.NewKey("solver"), Value: []grammar.Item{grammar.NewWord(module)}}
	i := slices.IndexFunc(f.Body.Entries, func(e grammar.Entry) bool {
		p, ok := e.(*grammar.PrimitiveEntry)
		return ok && p.Key.Name == "application"
	})
	f.Body.Entries = slices.Insert(f.Body.Entries, i+1, grammar.Entry(solver))
	c.prov[ptr+"/solver"] = curated("Foundation 12 solver module of " + c.feat.Solver)
	fn, ok := f.Body.Find("functions").(*grammar.DictEntry)
	if !ok {
		return
	}
	f.Body.Remove("functions")
	c.files["system/functions"] = grammar.NewFile("dictionary", "functions", "system", fn.Dict)
	c.moveProv(ptr+"/functions", filePtr("system/functions"))
}

// rename12 moves the dictionary at from to the path to (the file object renamed with it)
// and edits it there.
func (c *emission) rename12(from, to string, edit func(node)) {
	f, ok := c.files[from]
	if !ok {
		return
	}
	delete(c.files, from)
	dir, object, _ := strings.Cut(to, "/")
	nf := grammar.NewFile("dictionary", object, dir, f.Body)
	c.files[to] = nf
	c.moveProv(filePtr(from), filePtr(to))
	edit(node{c, nf.Body, filePtr(to)})
}

// fvSolution12: PISO -> PIMPLE, transonic, pressure limits -> fvConstraints limitPressure.
func (c *emission) fvSolution12() {
	f := c.files["system/fvSolution"]
	if f == nil {
		return
	}
	ptr := filePtr("system/fvSolution")
	if e, ok := f.Body.Find("PISO").(*grammar.DictEntry); ok {
		e.Key = grammar.NewKey("PIMPLE")
		c.moveProv(ptr+"/PISO", ptr+"/PIMPLE")
		if e.Dict.Find("nOuterCorrectors") == nil {
			e.Dict.Entries = append([]grammar.Entry{&grammar.PrimitiveEntry{Key: grammar.NewKey("nOuterCorrectors"), Value: []grammar.Item{grammar.Num(1)}}}, e.Dict.Entries...)
			c.prov[ptr+"/PIMPLE/nOuterCorrectors"] = curated("PISO is PIMPLE with one outer corrector")
		}
	}
	if e, ok := f.Body.Find("PIMPLE").(*grammar.DictEntry); ok && c.feat.Transonic {
		// v1912's sonicFoam is transonic by construction; the fluid module only when asked.
		node{c, e.Dict, ptr + "/PIMPLE"}.set("transonic", curated(c.feat.Solver+" solves the transonic pressure equation (div(phid,p))"), grammar.NewWord("yes"))
	}
	limits := map[string]string{"pMin": "min", "pMax": "max", "pMinFactor": "minFactor", "pMaxFactor": "maxFactor"}
	var lim node
	for _, alg := range []string{"SIMPLE", "PIMPLE"} {
		e, ok := f.Body.Find(alg).(*grammar.DictEntry)
		if !ok {
			continue
		}
		for _, k := range []string{"pMinFactor", "pMaxFactor", "pMin", "pMax"} {
			p, ok := e.Dict.Find(k).(*grammar.PrimitiveEntry)
			if !ok {
				continue
			}
			if lim.d == nil {
				lim = c.file("system/fvConstraints", "dictionary").sub("limitp")
				lim.set("type", curated("pressure limits are an fvConstraint in Foundation 12 (pressureReference.C)"), grammar.NewWord("limitPressure"))
			}
			from := ptr + "/" + alg + "/" + k
			lim.set(limits[k], c.prov[from], p.Value...)
			delete(c.prov, from)
			e.Dict.Remove(k)
		}
	}
}

// fvSchemes12 names the transonic pressure scheme as Foundation 12's fluid module asks for
// it: div(phi,(p|rho)) (tutorials/fluid/forwardStep) where v1912's sonicFoam reads div(phid,p).
func (c *emission) fvSchemes12() {
	f := c.files["system/fvSchemes"]
	if f == nil {
		return
	}
	div, ok := f.Body.Find("divSchemes").(*grammar.DictEntry)
	if !ok {
		return
	}
	if p, ok := div.Dict.Find("div(phid,p)").(*grammar.PrimitiveEntry); ok {
		ptr := filePtr("system/fvSchemes") + "/divSchemes/"
		div.Dict.Set("div(phi,(p|rho))", p.Value...)
		c.prov[ptr+escape("div(phi,(p|rho))")] = c.prov[ptr+escape("div(phid,p)")]
	}
}

// shockFluid12 restates rhoCentralFoam for the shockFluid module (tutorials/shockFluid):
// it reads PIMPLE (empty for rhoCentralFoam's explicit scheme), solves in its final (only)
// outer iteration with the <field>Final solvers, and its viscous stress is the momentum
// transport's divDevTau, div(((rho*nuEff)*dev2(T(grad(U))))), where rhoCentralFoam has
// div(tauMC).
func (c *emission) shockFluid12() {
	if f := c.files["system/fvSolution"]; f != nil {
		ptr := filePtr("system/fvSolution")
		if f.Body.Find("PIMPLE") == nil {
			f.Body.SetDict("PIMPLE")
			c.prov[ptr+"/PIMPLE"] = curated("shockFluid reads PIMPLE (tutorials/shockFluid)")
		}
		c.finalSolvers12("system/fvSolution")
	}
	if f := c.files["system/fvSchemes"]; f != nil {
		if div, ok := f.Body.Find("divSchemes").(*grammar.DictEntry); ok {
			if p, ok := div.Dict.Find("div(tauMC)").(*grammar.PrimitiveEntry); ok {
				const k = "div(((rho*nuEff)*dev2(T(grad(U)))))"
				ptr := filePtr("system/fvSchemes") + "/divSchemes/"
				div.Dict.Set(k, p.Value...)
				c.prov[ptr+escape(k)] = c.prov[ptr+escape("div(tauMC)")]
			}
		}
	}
}

// fields12 renames the thermophysical fields boundary conditions name: Foundation 12's
// thermo registers psi, mu, ... without v1912's "thermo:" prefix.
func (c *emission) fields12() {
	for p, f := range c.files {
		if strings.HasPrefix(p, "0/") {
			unprefixThermo(f.Body)
		}
	}
}

func unprefixThermo(d *grammar.Dict) {
	for _, e := range d.Entries {
		switch e := e.(type) {
		case *grammar.DictEntry:
			unprefixThermo(e.Dict)
		case *grammar.PrimitiveEntry:
			for i, it := range e.Value {
				if w, ok := it.(*grammar.Word); ok && strings.HasPrefix(w.Value, "thermo:") {
					e.Value[i] = grammar.NewWord(strings.TrimPrefix(w.Value, "thermo:"))
				}
			}
		}
	}
}

// sets12 renames the sampled sets' types: Foundation 12 has lineUniform for v1912's
// uniform and points (with its mandatory `ordered`) for cloud (src/sampling/sampledSet).
// Its raw writer puts every field of a set in one <set>.xy, which verify reads.
func (c *emission) sets12() {
	f := c.files["system/functions"]
	if f == nil {
		return
	}
	for _, e := range f.Body.Entries {
		fo, ok := e.(*grammar.DictEntry)
		if !ok {
			continue
		}
		sets, ok := fo.Dict.Find("sets").(*grammar.PrimitiveEntry)
		if !ok || len(sets.Value) != 1 {
			continue
		}
		l, ok := sets.Value[0].(*grammar.List)
		if !ok {
			continue
		}
		for _, it := range l.Items {
			d, ok := it.(*grammar.Dict)
			if !ok {
				continue
			}
			t, ok := d.Find("type").(*grammar.PrimitiveEntry)
			if !ok || len(t.Value) != 1 {
				continue
			}
			switch grammar.FormatItems(t.Value) {
			case "uniform":
				d.Set("type", grammar.NewWord("lineUniform"))
			case "cloud":
				d.Set("type", grammar.NewWord("points"))
				d.Set("ordered", grammar.NewWord("yes"))
			}
		}
	}
}

// renameKey renames the entry key of n to name, keeping its place and provenance.
func renameKey(n node, key, name string) {
	p, ok := n.d.Find(key).(*grammar.PrimitiveEntry)
	if !ok {
		return
	}
	p.Key = grammar.NewKey(name)
	n.c.moveProv(n.ptr+"/"+escape(key), n.ptr+"/"+escape(name))
}

// moveProv moves the provenance of the pointer from (and everything under it) to to.
func (c *emission) moveProv(from, to string) {
	for _, k := range slices.Sorted(maps.Keys(c.prov)) {
		if k == from || strings.HasPrefix(k, from+"/") {
			c.prov[to+strings.TrimPrefix(k, from)] = c.prov[k]
			delete(c.prov, k)
		}
	}
}

// banner12 replaces the v1912 banner grammar.Format writes by Foundation 12's, so the
// file says which release it is for (as the release's own files do).
func banner12(b []byte) []byte {
	return bytes.Replace(b, []byte(v1912Banner), []byte(f12Banner), 1)
}

const (
	v1912Banner = `|  \\    /   O peration     | Version:  v1912                                 |
|   \\  /    A nd           | Website:  www.openfoam.com                      |`
	f12Banner = `|  \\    /   O peration     | Website:  https://openfoam.org                  |
|   \\  /    A nd           | Version:  12                                    |`
)

// script12 adapts a generated script to Foundation 12: bash (the release's etc/bashrc,
// which the release's Environment sources, is a bash script) and mpirun --noprefix.
func script12(b []byte) []byte {
	// foamRun's etc/bashrc needs bash; Debian's mpirun puts /usr/lib (Debian's v1912
	// libraries) first on the ranks' LD_LIBRARY_PATH, --noprefix keeps Foundation 12's.
	s := strings.Replace(string(b), "#!/bin/sh\n", "#!/bin/bash\n", 1)
	s = strings.ReplaceAll(s, "\nmpirun -np ", "\nmpirun --noprefix -np ")
	return []byte(s)
}

// Module12 returns the Foundation 12 solver module target openfoam-12 compiles a v1912
// solver to, false when that solver is refused for openfoam-12.
func Module12(solver string) (string, bool) {
	m, ok := modules12[solver]
	return m, ok
}
