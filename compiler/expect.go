package compiler

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/saferead"
	"github.com/foamc/foamc/schema"
)

// expectations are the spec's expect: items and what they need of the case: checked
// against the mesh when the compilation resolves, emitted as function objects, recorded
// with their reference data in foamc.spec.json.
type expectations struct {
	spec *Spec
	mesh *meshInfo
	feat Features
	errs *finding.List
	// written are the fields the case writes beside Features.Fields (writtenFields).
	written []string
}

func (c *resolution) expectations() expectations {
	return expectations{spec: c.spec, mesh: c.mesh, feat: c.feat, errs: &c.errs, written: c.writtenFields()}
}

func (c expectations) fail(id, ptr, summary, fix string) {
	*c.errs = append(*c.errs, c.spec.Doc.Finding(id, finding.Deny, ptr, summary, fix))
}

// checkExpect: every expect item can be measured in the compiled case — a unique name
// (it names the function object), patches of the mesh, a forceCoeffs object for a force
// coefficient, readable reference data for a line.
func (c expectations) check() {
	if len(c.spec.Regions) > 0 {
		// A region case's items name their region and its patches (checkRegionExpect).
		return
	}
	seen := map[string]int{}
	for i := range c.spec.Expect {
		e := &c.spec.Expect[i]
		ptr := fmt.Sprintf("/expect/%d", i)
		if j, dup := seen[e.Name]; dup {
			c.fail(IDExpect, ptr+"/name", fmt.Sprintf("expect item %q is named twice (items %d and %d)", e.Name, j, i),
				"give each expect item its own name: it names the function object "+e.FunctionObject())
		}
		seen[e.Name] = i
		kind := e.Kind()
		for _, p := range e.Patches() {
			if c.mesh.patch(p) == nil {
				c.fail(IDExpect, ptr+"/"+kind, fmt.Sprintf("expect %q measures on %q, which is not a patch of the mesh", e.Name, p),
					"use one of the mesh patches: "+strings.Join(c.mesh.names(), ", "))
			}
		}
		if e.ForceCoeff != "" && c.spec.Outputs.ForceCoeffs == nil {
			c.fail(IDExpect, ptr+"/forceCoeff", fmt.Sprintf("expect %q asks for %s, but the spec has no outputs.forceCoeffs", e.Name, e.ForceCoeff),
				"add outputs.forceCoeffs with the patches (and reference values) the coefficient is taken over")
		}
		if e.ForceCoeff == "Cs" && c.spec.Target == Target12 {
			c.fail(IDExpect, ptr+"/forceCoeff", fmt.Sprintf("expect %q asks for Cs, which Foundation 12's forceCoeffs does not compute (it writes Cm, Cd, Cl, Cl(f), Cl(r): forceCoeffs.C:219-222)", e.Name),
				"measure Cd, Cl or Cm, or set target openfoam-v1912")
		}
		if e.Value != nil && *e.Value == 0 && e.Tolerance.Relative != nil {
			c.fail(IDExpect, ptr+"/tolerance/relative", fmt.Sprintf("expect %q: a relative tolerance of the value 0 admits only exactly 0", e.Name),
				"give tolerance: {absolute: ...}")
		}
		if e.Line != nil {
			if _, err := schema.ReadReference(c.spec.Path(e.Line.Reference)); err != nil {
				c.fail(IDExpect, ptr+"/line/reference", fmt.Sprintf("expect %q: cannot read its reference data: %v", e.Name, err),
					"point line.reference (relative to the spec) at a CSV with a header row and coordinate, value rows")
			}
		}
	}
}

// Helper function objects that compute a field the expectations average on a patch;
// one each, over the union of the patches, before the expect_ objects that read it
// (OpenFOAM executes function objects in dictionary order, and two objects storing
// the same field would clash in the registry).
const (
	foWallShear = "foamc_wallShearStress"
	foHeatFlux  = "foamc_wallHeatFlux"
)

// lineSamples is the number of points of the uniform `line` set a line expectation also
// writes (for pictures of the profile); the judged set is `reference`, at the reference
// data's own coordinates.
const lineSamples = 100

// heatedWalls are the wall patches that hold a temperature in a case with an energy
// equation: verify's energy balance (FOAM-VERIFY-042) adds the heat they exchange, which
// the wallHeatFlux object measures, to the boundary's enthalpy flux.
func (c expectations) heatedWalls() []string {
	if !c.feat.Compressible {
		return nil
	}
	var ws []string
	for _, n := range sortedKeys(c.spec.Boundaries) {
		if b := c.spec.Boundaries[n]; b.Role == "wall" && b.T != nil && c.mesh.patch(n) != nil {
			ws = append(ws, n)
		}
	}
	return ws
}

// emitExpect writes one function object per expect item, expect_<name>, measuring it
// (docs/spec.md, Expectations), after the helper objects they need.
func (c expectations) emit(fn node, st *state) {
	s := c.spec
	var shear, flux []string
	for i := range s.Expect {
		e := &s.Expect[i]
		ptr := fmt.Sprintf("/expect/%d", i)
		switch {
		case e.WallShearStress != nil:
			if noTurbulenceObject[c.feat.Solver] {
				c.fail(IDExpect, ptr+"/wallShearStress", fmt.Sprintf("expect %q: %s has no turbulence model object, which OpenFOAM's wallShearStress function object needs", e.Name, c.feat.Solver),
					"use pimpleFoam (or simpleFoam) with turbulence: laminar")
			}
			shear = appendNew(shear, e.WallShearStress.Patch)
		case e.Nusselt != nil:
			if !c.feat.Compressible {
				c.fail(IDExpect, ptr+"/nusselt", fmt.Sprintf("expect %q: a Nusselt number needs the wall heat flux, which OpenFOAM's wallHeatFlux function object computes only for solvers with a thermophysical model; %s has none", e.Name, c.feat.Solver),
					"use a compressible or buoyant solver, or measure patchAverage of T")
			}
			flux = appendNew(flux, e.Nusselt.Patch)
		}
	}
	lib := grammar.ListOf(grammar.Str("libfieldFunctionObjects.so"))
	helper := func(name, typ string, patches []string, why string) {
		n := fn.sub(name)
		src := curated("computes " + typ + " on the patches " + why)
		n.set("type", src, grammar.NewWord(typ))
		n.set("libs", src, lib)
		n.set("executeControl", src, grammar.NewWord("timeStep"))
		n.set("executeInterval", src, grammar.Num(1))
		n.set("writeControl", src, grammar.NewWord("writeTime"))
		n.set("patches", src, words(patches)...)
	}
	if len(shear) > 0 {
		helper(foWallShear, "wallShearStress", shear, "expect: items average it over")
	}
	why := "expect: items average it over"
	if hw := c.heatedWalls(); len(hw) > 0 {
		why = "expect: items average it over and the walls whose heat verify adds to the energy balance"
		if len(flux) == 0 {
			why = "of the walls whose heat verify adds to the energy balance"
		}
		for _, w := range hw {
			flux = appendNew(flux, w)
		}
	}
	if len(flux) > 0 {
		helper(foHeatFlux, "wallHeatFlux", flux, why)
	}
	for i := range s.Expect {
		e := &s.Expect[i]
		ptr := fmt.Sprintf("/expect/%d", i)
		n := fn.sub(e.FunctionObject())
		src := specSrc(ptr)
		switch {
		case e.ForceCoeff != "":
			if s.Outputs.ForceCoeffs != nil {
				forceCoeffs(n, s.Outputs.ForceCoeffs, st, c.feat.Compressible)
			}
		case e.PressureDrop != nil:
			n.set("type", src, grammar.NewWord("fieldValueDelta"))
			n.set("libs", src, lib)
			n.set("operation", src, grammar.NewWord("subtract"))
			perStep(n, src)
			patchValue(n.sub("region1"), specSrc(ptr+"/pressureDrop/from"), e.PressureDrop.From, "p")
			patchValue(n.sub("region2"), specSrc(ptr+"/pressureDrop/to"), e.PressureDrop.To, "p")
		case e.FlowRate != nil:
			c.surfaceFieldValue(n, src, e.FlowRate.Patch, "sum", "phi")
		case e.PatchAverage != nil:
			c.checkField(ptr+"/patchAverage/field", e, e.PatchAverage.Field, e.PatchAverage.Component)
			c.surfaceFieldValue(n, src, e.PatchAverage.Patch, "areaAverage", e.PatchAverage.Field)
		case e.WallShearStress != nil:
			c.surfaceFieldValue(n, src, e.WallShearStress.Patch, "areaAverage", "wallShearStress")
		case e.Nusselt != nil:
			c.surfaceFieldValue(n, src, e.Nusselt.Patch, "areaAverage", "wallHeatFlux", "T")
		case e.Point != nil:
			c.checkField(ptr+"/point/field", e, e.Point.Field, e.Point.Component)
			n.set("type", src, grammar.NewWord("probes"))
			n.set("libs", src, grammar.ListOf(grammar.Str("libsampling.so")))
			perStep(n, src)
			n.set("interpolationScheme", curated("interpolated to the point, not the containing cell's value"), grammar.NewWord("cellPoint"))
			n.set("fields", src, words([]string{e.Point.Field})...)
			n.set("probeLocations", specSrc(ptr+"/point/at"), grammar.ListOf(vector(e.Point.At)))
		case e.Line != nil:
			c.checkField(ptr+"/line/field", e, e.Line.Field, e.Line.Component)
			c.lineSets(n, ptr, e)
		}
	}
}

// noTurbulenceObject are solvers without a turbulence model in the object registry.
var noTurbulenceObject = map[string]bool{"icoFoam": true, "potentialFoam": true, "laplacianFoam": true, "scalarTransportFoam": true}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

func words(ss []string) []grammar.Item {
	items := make([]grammar.Item, len(ss))
	for i, s := range ss {
		items[i] = grammar.NewWord(s)
	}
	return []grammar.Item{grammar.ListOf(items...)}
}

func vector(v []float64) grammar.Item { return grammar.Vector(v[0], v[1], v[2]) }

// perStep writes the object's output every time step (iteration), the series verify
// reads the last value or the average window from.
func perStep(n node, src Source) {
	n.set("writeControl", src, grammar.NewWord("timeStep"))
	n.set("writeInterval", src, grammar.Num(1))
}

// patchValue is a region of fieldValueDelta: the area-weighted mean of field on patch.
func patchValue(n node, src Source, patch, field string) {
	n.set("type", src, grammar.NewWord("surfaceFieldValue"))
	n.set("regionType", src, grammar.NewWord("patch"))
	n.set("name", src, grammar.NewWord(patch))
	n.set("operation", src, grammar.NewWord("areaAverage"))
	n.set("fields", src, words([]string{field})...)
	n.set("writeFields", src, grammar.NewWord("false"))
}

func (c expectations) surfaceFieldValue(n node, src Source, patch, op string, fields ...string) {
	n.set("type", src, grammar.NewWord("surfaceFieldValue"))
	n.set("libs", src, grammar.ListOf(grammar.Str("libfieldFunctionObjects.so")))
	perStep(n, src)
	n.set("writeFields", src, grammar.NewWord("false"))
	n.set("log", src, grammar.NewWord("false"))
	n.set("regionType", src, grammar.NewWord("patch"))
	n.set("name", src, grammar.NewWord(patch))
	n.set("operation", src, grammar.NewWord(op))
	n.set("fields", src, words(fields)...)
}

// checkField: the sampled field is one the case writes, and a vector field names its
// component.
func (c expectations) checkField(ptr string, e *schema.Expect, field, component string) {
	known := append(slices.Clone(c.feat.Fields), c.written...)
	if c.feat.Compressible {
		// Every compressible solver registers the density it computes as rho (rhoCentralFoam
		// writes it, sonicFoam does not), and function objects sample registered fields.
		known = append(known, "rho")
	}
	if !slices.Contains(known, field) {
		c.fail(IDExpect, ptr, fmt.Sprintf("expect %q samples %q, which %s does not write", e.Name, field, c.feat.Solver),
			"sample one of the case's fields: "+strings.Join(known, ", "))
		return
	}
	vector := slices.Contains(vectorFields, field)
	switch {
	case vector && component == "":
		c.fail(IDExpect, strings.TrimSuffix(ptr, "/field"), fmt.Sprintf("expect %q samples the vector field %s without a component", e.Name, field),
			"add component: x, y, z or magnitude")
	case !vector && component != "":
		c.fail(IDExpect, strings.TrimSuffix(ptr, "/field")+"/component", fmt.Sprintf("expect %q takes component %s of the scalar field %s", e.Name, component, field),
			"remove component")
	}
}

// lineSets samples a line twice: `reference` at the reference data's coordinates (what
// verify judges) and `line`, uniform, for the picture of the profile.
func (c expectations) lineSets(n node, ptr string, e *schema.Expect) {
	l := e.Line
	src := specSrc(ptr + "/line")
	n.set("type", src, grammar.NewWord("sets"))
	n.set("libs", src, grammar.ListOf(grammar.Str("libsampling.so")))
	n.set("writeControl", src, grammar.NewWord("writeTime"))
	n.set("interpolationScheme", curated("interpolated to the sample points, not the containing cell's value"), grammar.NewWord("cellPoint"))
	n.set("setFormat", src, grammar.NewWord("raw"))
	n.set("fields", src, words([]string{l.Field})...)
	ref, err := schema.ReadReference(c.spec.Path(l.Reference))
	if err != nil {
		return // checkExpect reported it
	}
	var pts []grammar.Item
	for _, r := range ref {
		p, ok := l.Point(r[0])
		if !ok {
			c.fail(IDExpect, ptr+"/line/reference", fmt.Sprintf("expect %q: reference coordinate %g (%s) is not on the line from %v to %v", e.Name, r[0], l.Axis, l.Start, l.End),
				"make the line span the reference data, or give axis: distance")
			return
		}
		pts = append(pts, grammar.Vector(p[0], p[1], p[2]))
	}
	uniform := &grammar.Dict{}
	uniform.Set("type", grammar.NewWord("uniform"))
	uniform.Set("axis", grammar.NewWord("xyz"))
	uniform.Set("start", vector(l.Start))
	uniform.Set("end", vector(l.End))
	uniform.Set("nPoints", grammar.Label(lineSamples))
	at := &grammar.Dict{}
	at.Set("type", grammar.NewWord("cloud"))
	at.Set("axis", grammar.NewWord("xyz"))
	at.Set("points", grammar.ListOf(pts...))
	n.set("sets", specSrc(ptr+"/line/reference"), grammar.ListOf(grammar.NewWord("line"), uniform, grammar.NewWord("reference"), at))
}

// RecordedReferences holds the reference data of line expectations in the compiled case
// (RecordedReferences/<name>.csv), beside schema.RecordedSpec (the spec it was compiled
// from, for `foamc verify` without --spec); the recorded spec points there, so the case
// judges itself wherever it is moved.
const RecordedReferences = "foamc.expect"

// recordSpec writes schema.RecordedSpec and the reference data into the result.
func (c expectations) record(r *Result) {
	doc, ok := c.spec.Doc.Value.(map[string]any)
	if !ok {
		return
	}
	rec := maps.Clone(doc)
	if items, ok := doc["expect"].([]any); ok {
		out := make([]any, len(items))
		for i, it := range items {
			out[i] = it
			e := &c.spec.Expect[i]
			m, ok := it.(map[string]any)
			line, lok := m["line"].(map[string]any)
			if !ok || !lok || e.Line == nil {
				continue
			}
			data, err := saferead.ReadFile(c.spec.Path(e.Line.Reference), 0)
			if err != nil {
				continue // checkExpect reported it
			}
			rel := RecordedReferences + "/" + e.Name + ".csv"
			r.Files[rel] = data
			r.Provenance[filePtr(rel)] = Source{Kind: KindSpec, Spec: fmt.Sprintf("/expect/%d/line/reference", i), Ref: e.Line.Reference}
			line = maps.Clone(line)
			line["reference"] = rel
			m = maps.Clone(m)
			m["line"] = line
			out[i] = m
		}
		rec["expect"] = out
	}
	b, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		panic(fmt.Sprintf("a validated spec is plain data: %v", err))
	}
	r.Files[schema.RecordedSpec] = append(b, '\n')
	r.Provenance[filePtr(schema.RecordedSpec)] = Source{Kind: KindSpec, Spec: "", Ref: "the spec, recorded for foamc verify"}
}
