package compiler

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/kb"
)

// Open slots are settled in a fixed order (docs/compiler.md, "Settling open slots"):
// spec -> physics derivation -> kb retrieval (cascading retriever over tutorials of the same
// solver x model, with its audit trail) -> a documented engineering default with its source
// -> the slot filler (LLM), only when configured -> a located error. Values settled by
// retrieval or default are recorded in provenance.json and listed as info findings;
// Options.Strict refuses them.

// Engineering defaults and where they come from.
const (
	refIntensityInternal = "turbulence intensity 5% for internal flows (medium turbulence: ANSYS Fluent User's Guide §7.4.2.1; Versteeg & Malalasekera 2007 §3.8)"
	refLengthInternal    = "turbulent length scale 0.07 D for fully developed duct flow (Versteeg & Malalasekera 2007 §3.8; D from reference.length or the mesh)"
	refMeshScale         = "characteristic length D: the smallest in-plane extent of the mesh bounding box (the channel height or duct width)"
	refExternal          = "free stream: intensity 0.1% (low-turbulence wind tunnel), omega = 5 U/L (Menter 1994, AIAA J 32(8): 1..10 U/L), epsilon = Cmu k omega"
	refSAFreestream      = "Spalart-Allmaras free stream nuTilda = 3 nu (Spalart & Rumsey 2007, AIAA J 45(10): 3..5 nu)"
	refBernoulli         = "velocity scale of a pressure-driven inlet from the pressure drop (Bernoulli / isentropic nozzle relation)"
	refAtRest            = "initial field from the inlet or reference values: fluid at rest at the inlet's total state"
	refISA               = "ambient state of a compressible spec that states no pressure or no temperature anywhere: ISO 2533 standard atmosphere at sea level, 101325 Pa and 288.15 K"
)

// The ISO 2533 standard atmosphere at sea level.
const (
	isaP = 101325.0
	isaT = 288.15
)

// KindDefault marks a value from a documented engineering default (Ref cites the source).
const KindDefault = "default"

// flowClass is "external" (a freestream patch), "internal" (an inlet) or "closed".
func (c *given) flowClass() string {
	class := "closed"
	for _, n := range sortedKeys(c.spec.Boundaries) {
		switch c.spec.Boundaries[n].Role {
		case "freestream":
			return "external"
		case "inlet":
			class = "internal"
		}
	}
	return class
}

// settled records a value that retrieval or a default settled: a slot in the table, an info
// finding naming the spec field that would state it, and, with Options.Strict, an error.
func (c *emission) settled(id, specField, what string, v val) val {
	text := strconv.FormatFloat(clean(v.s), 'g', -1, 64)
	if v.vec {
		text = fmt.Sprintf("(%g %g %g)", clean(v.v[0]), clean(v.v[1]), clean(v.v[2]))
	}
	how := map[string]string{KindKB: "retrieved from the tutorials", KindDefault: "an engineering default"}[v.src.Kind]
	if c.opts.Strict {
		// Defaults refused: the slot filler is next, when configured.
		if c.opts.Filler != nil {
			kind := "number"
			if v.vec {
				kind = "vector"
			}
			if a, ok := c.fillOpen(id, specField, what, kind, nil); ok {
				if x, ok := a.value.(float64); ok {
					return sv(x, a.src)
				}
			}
			return v
		}
		c.fail(IDOpen, specField, fmt.Sprintf("open slot %s: %s is not given (--strict refuses %s: %s = %s, %s)", id, what, how, id, text, v.src.String()),
			"set "+dotted(specField)+" in the spec")
		return v
	}
	c.settledSlots = append(c.settledSlots, Slot{ID: id, Value: text, Source: v.src, SpecField: specField})
	c.notes = append(c.notes, c.spec.Doc.Finding(IDSettled, finding.Info, specField,
		fmt.Sprintf("%s not given: %s = %s, %s (%s)", what, id, text, how, v.src.String()), "set "+dotted(specField)+" to state it"))
	return v
}

// dotted writes a spec pointer the way SPEC.md names fields (reference.intensity).
func dotted(ptr string) string {
	return strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(strings.TrimPrefix(ptr, "/"), "/", "."), "~1", "/"), "~0", "~")
}

func defaultSrc(ref, formula string, in map[string]float64) Source {
	return Source{Kind: KindDefault, Ref: ref, Formula: formula, Inputs: in}
}

// characteristicLength is reference.length, else the mesh's smallest in-plane extent (the
// direction across empty patches left out); 0 when neither is known.
func (c *resolution) characteristicLength() (float64, Source) {
	if l := c.spec.Reference.Length; l != nil {
		return *l, specSrc("/reference/length")
	}
	ext := c.mesh.Extent
	var ds []float64
	for _, e := range ext {
		if e > 0 {
			ds = append(ds, e)
		}
	}
	sort.Float64s(ds)
	if len(ds) == 0 {
		return 0, Source{}
	}
	d := ds[0]
	if c.feat.TwoD && len(ds) > 1 {
		d = ds[1]
	}
	return d, defaultSrc(refMeshScale, "D = min in-plane extent of the mesh", map[string]float64{"dx": ext[0], "dy": ext[1], "dz": ext[2]})
}

// velocityScale settles the reference velocity when neither reference.U, an inlet or
// freestream velocity nor a moving wall gives one: from the pressure drop of a
// pressure-driven inlet, else from buoyancy.
func (c *emission) velocityScale(st *state) {
	s := c.spec
	var p0, pOut *float64
	for _, n := range sortedKeys(s.Boundaries) {
		b := s.Boundaries[n]
		if b.P == nil {
			continue
		}
		v := b.P.Value
		switch {
		case b.Role == "inlet" && (b.P.Total || b.U == nil) && p0 == nil:
			p0 = &v
		case (b.Role == "outlet" || b.Role == "freestream") && !b.P.Total && pOut == nil:
			pOut = &v
		}
	}
	if p0 != nil && pOut != nil && *p0 > *pOut {
		in := map[string]float64{"p0": *p0, "p": *pOut}
		if !c.feat.Compressible {
			st.uRef = math.Sqrt(2 * (*p0 - *pOut))
			st.derive("derived/Uref", derivation{st.uRef, "U = sqrt(2 (p0 - p)) (kinematic pressures)", in})
			return
		}
		if st.gas != nil && st.T.s > 0 {
			ma := st.gas.nozzleMach(*p0 / *pOut)
			st.derive("derived/Ma_exit", ma)
			T := st.T.s / (1 + (st.gas.Gamma.Value-1)/2*ma.Value*ma.Value)
			st.uRef = ma.Value * st.gas.soundSpeed(T)
			in["Ma"], in["T"] = ma.Value, T
			st.derive("derived/Uref", derivation{st.uRef, "U = Ma sqrt(gamma R T), T = T0 / (1 + (gamma-1)/2 Ma^2)", in})
			return
		}
	}
	c.fam().velocityScale(c, st)
}

// nozzleMach is the isentropic Mach number for a total-to-static pressure ratio:
// Ma = sqrt(2/(gamma-1) ((p0/p)^((gamma-1)/gamma) - 1)).
func (g gas) nozzleMach(ratio float64) derivation {
	gm := g.Gamma.Value
	ma := math.Sqrt(2 / (gm - 1) * (math.Pow(ratio, (gm-1)/gm) - 1))
	return derivation{ma, "Ma = sqrt(2/(gamma-1) ((p0/p)^((gamma-1)/gamma) - 1))", map[string]float64{"p0/p": ratio, "gamma": gm}}
}

// criticalRatio is the total-to-static pressure ratio at which the flow chokes (Ma = 1):
// ((gamma+1)/2)^(gamma/(gamma-1)), 1.893 for air.
func (g gas) criticalRatio() float64 {
	gm := g.Gamma.Value
	return math.Pow((gm+1)/2, gm/(gm-1))
}

// retrievedIntensity is the intensity the tutorials of this solver x model give their
// turbulentIntensityKineticEnergyInlet patches (cascading retriever, most common value).
func (c *emission) retrievedIntensity() (val, bool) {
	if c.opts.KB == nil {
		return val{}, false
	}
	res := c.opts.KB.Cascade(kb.Query{Solver: c.feat.Solver, Turbulence: c.feat.Model, Target: "0/k", Path: "/boundaryField"})
	count := map[float64][]string{}
	for _, s := range res.Samples {
		bf, _ := s.Value.(map[string]any)
		for _, name := range sortedKeys(bf) {
			p, _ := bf[name].(map[string]any)
			if p["type"] != "turbulentIntensityKineticEnergyInlet" {
				continue
			}
			if x, ok := number(p["intensity"]); ok && x > 0 && x < 1 {
				count[x] = append(count[x], s.Case+"/"+s.File)
			}
		}
	}
	best, files, ok := mostCommon(count)
	if !ok {
		return val{}, false
	}
	return sv(best, Source{Kind: KindKB, Retriever: "cascade", Level: fmt.Sprintf("q%d", res.Audit.Level), Files: files}), true
}

// mostCommon is the value most tutorial files give (ties: the smallest, by its text).
func mostCommon(count map[float64][]string) (float64, []string, bool) {
	keys := map[string]float64{}
	for x := range count {
		keys[strconv.FormatFloat(x, 'g', -1, 64)] = x
	}
	best, n := 0.0, 0
	for _, k := range sortedKeys(keys) {
		if v := keys[k]; len(count[v]) > n {
			best, n = v, len(count[v])
		}
	}
	return best, uniqueSorted(count[best]), n > 0
}

// retrievedInternal is the most common internalField of 0/<field> in comparable tutorials
// (cascading retriever): the initial turbulence of a closed domain at rest.
func (c *emission) retrievedInternal(field string) (val, bool) {
	if c.opts.KB == nil {
		return val{}, false
	}
	res := c.opts.KB.Cascade(kb.Query{Solver: c.feat.Solver, Turbulence: c.feat.Model, Target: "0/" + field, Path: "/internalField"})
	count := map[float64][]string{}
	for _, s := range res.Samples {
		u, _ := s.Value.(map[string]any)
		if x, ok := number(u["$uniform"]); ok && x > 0 {
			count[x] = append(count[x], s.Case+"/"+s.File)
		} else if x, ok := number(s.Value); ok && x > 0 {
			count[x] = append(count[x], s.Case+"/"+s.File)
		}
	}
	best, files, ok := mostCommon(count)
	if !ok {
		return val{}, false
	}
	return sv(best, Source{Kind: KindKB, Retriever: "cascade", Level: fmt.Sprintf("q%d", res.Audit.Level), Files: files}), true
}

func number(v any) (float64, bool) {
	switch t := v.(type) {
	case float64:
		return t, true
	case int64:
		return float64(t), true
	case int:
		return float64(t), true
	}
	if s, ok := schemeText(v); ok {
		x, err := strconv.ParseFloat(s, 64)
		return x, err == nil
	}
	return 0, false
}

// viscosity is the kinematic viscosity of the fluid at the reference state (0 if unknown).
func (c *emission) viscosity(st *state) float64 {
	f := c.spec.Fluid
	switch {
	case !c.feat.Compressible && f.Nu != nil:
		return *f.Nu
	case c.feat.Compressible && f.Mu != nil && st.gas != nil && st.p.s > 0 && st.T.s > 0:
		return *f.Mu / (st.p.s / (st.gas.R * st.T.s))
	}
	return 0
}

// yPlus estimates the first-cell y+ of the walls from the spec and the mesh: y = half the
// smallest cell edge (the near-wall cell of a graded mesh), u_tau = U sqrt(Cf/2) with the
// flat-plate skin friction Cf = 0.058 Re^-0.2 (Schlichting), y+ = y u_tau / nu. Only for
// incompressible flow with a velocity and a length scale (false otherwise).
func (c *resolution) yPlus() (derivation, bool) {
	s := c.spec
	if c.feat.Compressible || s.Fluid.Nu == nil || *s.Fluid.Nu <= 0 || c.mesh.DxMin <= 0 {
		return derivation{}, false
	}
	U := 0.0
	if s.Reference.U != nil {
		U = *s.Reference.U
	}
	for _, n := range sortedKeys(s.Boundaries) {
		b := s.Boundaries[n]
		if b.U != nil && (b.Role == "inlet" || b.Role == "freestream") {
			U = math.Max(U, mag(b.U.Vector()))
		}
		if b.Velocity != nil {
			U = math.Max(U, mag([3]float64{b.Velocity[0], b.Velocity[1], b.Velocity[2]}))
		}
	}
	L, _ := c.characteristicLength()
	nu := *s.Fluid.Nu
	if U <= 0 || L <= 0 {
		return derivation{}, false
	}
	re := U * L / nu
	cf := 0.058 * math.Pow(re, -0.2)
	y := c.mesh.DxMin / 2
	yp := y * U * math.Sqrt(cf/2) / nu
	return derivation{yp, "y+ = (dxMin/2) U sqrt(Cf/2) / nu, Cf = 0.058 Re^-0.2",
		map[string]float64{"dxMin": c.mesh.DxMin, "U": U, "L": L, "nu": nu, "Re": re}}, true
}
