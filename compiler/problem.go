package compiler

import (
	"fmt"
	"github.com/foamc/foamc/schema"
	"maps"
	"slices"
	"strings"

	"github.com/foamc/foamc/openfoam"
	"github.com/foamc/foamc/suggest"
)

// Stage A: solver, thermo type and energy variable. The model comes from the spec.

func (c *resolution) resolvePhysics() {
	s := c.spec
	mi, ok := models[s.Physics.Turbulence]
	if !ok {
		_, known := knownModels[s.Physics.Turbulence]
		c.unsupported("/physics/turbulence", "turbulence model", s.Physics.Turbulence, known, modelNames())
		return
	}
	p := newProblem()
	// Solver domain: the spec's solver, else the solvers matching spec.physics.flow.
	var solverDom []candidate
	if s.Physics.Solver != "" {
		if _, ok := solvers[s.Physics.Solver]; !ok {
			_, known := openfoam.LookupSolver(s.Physics.Solver)
			c.unsupported("/physics/solver", "solver", s.Physics.Solver, known, solverNames())
			return
		}
		solverDom = []candidate{{s.Physics.Solver, specSrc("/physics/solver")}}
	} else {
		comp, steady := s.Physics.Flow.Compressible, s.Physics.Flow.Steady
		if comp == nil || steady == nil {
			if ans, ok := c.fillOpen("physics/solver", "/physics/solver", "the OpenFOAM solver", "string", solverNames()); ok {
				name, _ := ans.value.(string)
				solverDom = []candidate{{name, ans.src}}
			} else {
				return
			}
		} else {
			for _, n := range c.solverFromFlow(*comp, *steady) {
				solverDom = append(solverDom, candidate{n, Source{Kind: KindRule, Rule: "solver-from-flow", Ref: refSolvers}})
			}
		}
	}
	p.add(&variable{ID: "physics/solver", Domain: solverDom, SpecField: "/physics/solver"})
	p.add(&variable{ID: "physics/turbulence", Domain: []candidate{{s.Physics.Turbulence, specSrc("/physics/turbulence")}}, SpecField: "/physics/turbulence"})
	p.require(constraint{Rule: "FOAM-FM-001", Text: "the solver builds no turbulence model (laminar only)",
		Scope: []string{"physics/solver", "physics/turbulence"},
		Holds: func(a assignment) bool {
			return a["physics/turbulence"] == "laminar" || solvers[a["physics/solver"]].Turbulence
		}})
	if f := s.Physics.Flow.Compressible; f != nil {
		want := *f
		p.require(constraint{Rule: IDFlowMismatch, Text: "physics.solver and physics.flow.compressible must agree (docs/spec.md)",
			Scope: []string{"physics/solver"}, Holds: func(a assignment) bool { return solvers[a["physics/solver"]].Compressible == want }})
	}
	if f := s.Physics.Flow.Steady; f != nil {
		want := *f
		p.require(constraint{Rule: IDFlowMismatch, Text: "physics.solver and physics.flow.steady must agree (docs/spec.md)",
			Scope: []string{"physics/solver"}, Holds: func(a assignment) bool { return solvers[a["physics/solver"]].Steady == want }})
	}
	if s.Reaction != nil {
		// Only reactingFoam reads the mixture; another solver would drop it without a word.
		p.require(constraint{Rule: IDFlowMismatch, Text: "reaction is read by reactingFoam only: physics.solver and reaction must agree (docs/spec.md, Reacting flow)",
			Scope: []string{"physics/solver"}, Holds: func(a assignment) bool { return a["physics/solver"] == "reactingFoam" }})
	}
	// Thermo type and energy variable (only meaningful for compressible solvers).
	thermo := []candidate{{"hePsiThermo", curated(refSolvers + " THERMO-003")}, {"heRhoThermo", curated(refSolvers + " THERMO-003")}}
	p.add(&variable{ID: "constant/thermophysicalProperties/thermoType/type", Domain: thermo})
	p.require(constraint{Rule: "FOAM-THERMO-003", Text: "the solver's thermo family (psiThermo for rhoCentralFoam/sonicFoam)",
		Scope: []string{"physics/solver", "constant/thermophysicalProperties/thermoType/type"},
		Holds: func(a assignment) bool {
			si := solvers[a["physics/solver"]]
			return !si.Compressible || contains(si.ThermoTypes, a["constant/thermophysicalProperties/thermoType/type"])
		}})
	var energy []candidate
	if s.Physics.Energy != "" {
		energy = []candidate{{s.Physics.Energy, specSrc("/physics/energy")}}
	} else {
		energy = []candidate{{"sensibleEnthalpy", curated(refSolvers + " THERMO-004")}, {"sensibleInternalEnergy", curated(refSolvers + " THERMO-004")}}
	}
	p.add(&variable{ID: "constant/thermophysicalProperties/thermoType/energy", Domain: energy, SpecField: "/physics/energy"})
	p.require(constraint{Rule: "FOAM-THERMO-004", Text: "the energy variable the solver solves (rhoCentralFoam and sonicFoam: internal energy)",
		Scope: []string{"physics/solver", "constant/thermophysicalProperties/thermoType/energy"},
		Holds: func(a assignment) bool {
			si := solvers[a["physics/solver"]]
			return !si.Compressible || contains(si.EnergyWords, a["constant/thermophysicalProperties/thermoType/energy"])
		}})
	sol, conf := p.solve()
	if conf != nil {
		c.prob = p
		c.reportConflict(conf)
		return
	}
	name := sol["physics/solver"]
	si := solvers[name]
	c.feat = Features{Solver: name, Compressible: si.Compressible, Steady: si.Steady, Algorithm: si.Algorithm,
		Class: mi.Class, Transonic: si.Transonic, Buoyant: si.Gravity, Pressure: "p"}
	if mi.Class != "laminar" {
		c.feat.Model = s.Physics.Turbulence
	}
	pr := p.pruned(sol)
	add := func(id string) {
		c.stageA = append(c.stageA, Slot{ID: id, Value: sol[id], Source: p.source(id, sol[id]), Pruned: pr[id], Domain: domainValues(p.byID[id])})
	}
	add("physics/solver")
	add("physics/turbulence")
	// The family settles the rest: the pressure it solves, gravity, thermo and energy, the
	// fluid properties it needs.
	si.fam.resolve(c, sol, add)
}

func domainValues(v *variable) []string {
	out := make([]string, len(v.Domain))
	for i, c := range v.Domain {
		out[i] = c.Value
	}
	return out
}

func (c *given) fluidValue(ptr string) *float64 {
	f := c.spec.Fluid
	switch ptr {
	case "/fluid/molWeight":
		return f.MolWeight
	case "/fluid/Cp":
		return f.Cp
	}
	return nil
}

// supersonic reports an inlet or freestream with Mach > 1 from the spec's U and T.
func (c *resolution) supersonic() bool {
	for _, n := range slices.Sorted(maps.Keys(c.spec.Boundaries)) {
		b := c.spec.Boundaries[n]
		if ma, ok := c.inletMach(b); ok && ma.Value > 1 && (b.Role == "inlet" || b.Role == "freestream") {
			return true
		}
	}
	return false
}

// Stage B: mesh patch types and one boundary condition type per field and patch.

func (c *resolution) buildProblem() {
	p := newProblem()
	c.prob = p
	for _, pt := range c.mesh.Patches {
		b := c.spec.Boundaries[pt.Name]
		if b == nil {
			continue
		}
		p.add(&variable{ID: "mesh/" + pt.Name + "/type", Domain: c.patchTypeDomain(pt, b), SpecField: "/mesh/patchTypes/" + escape(pt.Name)})
		for _, f := range c.feat.Fields {
			id := bcID(f, pt.Name)
			dom := c.bcDomain(f, pt, b)
			if len(dom) == 0 {
				continue
			}
			p.add(&variable{ID: id, Domain: dom, SpecField: "/boundaries/" + escape(pt.Name)})
			c.contractConstraint(p, id, f)
		}
	}
	c.schemeVariables(p)
	c.solverVariables(p)
	constraintTypes := map[string]bool{"empty": true, "symmetry": true, "symmetryPlane": true, "wedge": true}
	for t := range cyclicTypes {
		constraintTypes[t] = true
	}
	for _, pt := range c.mesh.Patches {
		ptv := "mesh/" + pt.Name + "/type"
		nut := bcID("nut", pt.Name)
		p.require(constraint{Rule: "FOAM-BC-011", Text: "a nut wall function needs a wall patch", Scope: []string{nut, ptv},
			Holds: func(a assignment) bool { return !isNutWallFunction(a[nut]) || a[ptv] == "wall" }})
		for _, f := range []string{"epsilon", "omega"} {
			id := bcID(f, pt.Name)
			p.require(constraint{Rule: "FOAM-BC-012", Text: f + "WallFunction needs a nut wall function on the same patch", Scope: []string{id, nut},
				Holds: func(a assignment) bool { return !isWallFunction(a[id]) || isNutWallFunction(a[nut]) }})
		}
		for _, f := range c.feat.Fields {
			id := bcID(f, pt.Name)
			rule := "FOAM-BC-010"
			p.require(constraint{Rule: rule, Text: "constraint BCs (empty, symmetry, wedge, cyclic) exactly on patches of that type (BC-009/BC-010)",
				Scope: []string{id, ptv},
				Holds: func(a assignment) bool {
					bc, t := a[id], a[ptv]
					if constraintTypes[bc] || constraintTypes[t] {
						return bc == t
					}
					return true
				}})
		}
	}
}

// cyclicTypes are the coupled patch types whose patchField has the patch's type name; the
// role cyclic takes the mesh's coupling (a pipe sector's cyclicAMI sides).
var cyclicTypes = map[string]bool{"cyclic": true, "cyclicAMI": true, "cyclicACMI": true, "cyclicSlip": true}

func bcID(field, patch string) string { return "0/" + field + "/boundaryField/" + patch }

func (c *given) patchTypeDomain(pt meshPatch, b *schema.Boundary) []candidate {
	if t, ok := c.spec.Patch()[pt.Name]; ok {
		return []candidate{{t, specSrc("/mesh/patchTypes/" + escape(pt.Name))}}
	}
	mesh := candidate{pt.Type, Source{Kind: KindSpec, Spec: "/mesh", Ref: "mesh patch type"}}
	rule := func(t, id string) candidate { return candidate{t, ruleSrc(id, "patch type set for role "+b.Role)} }
	switch b.Role {
	case "wall":
		if pt.Type == "wall" {
			return []candidate{mesh}
		}
		return []candidate{rule("wall", "FOAM-BC-011"), mesh}
	case "empty", "wedge":
		if pt.Type == b.Role {
			return []candidate{mesh}
		}
		return []candidate{rule(b.Role, "FOAM-BC-009"), mesh}
	case "symmetry":
		if pt.Type == "symmetry" || pt.Type == "symmetryPlane" {
			return []candidate{mesh}
		}
		return []candidate{rule("symmetry", "FOAM-BC-010"), mesh}
	case "cyclic":
		return []candidate{mesh}
	default:
		switch {
		case pt.Type == "empty", pt.Type == "symmetry", pt.Type == "symmetryPlane", pt.Type == "wedge", cyclicTypes[pt.Type]:
			return []candidate{rule("patch", "FOAM-BC-010"), mesh}
		case pt.Type == "wall":
			// An inlet, outlet or far field on a wall-typed patch would take wall functions
			// and be counted as a wall by wall distance: a plain patch.
			return []candidate{rule("patch", "FOAM-BC-011"), mesh}
		}
		return []candidate{mesh}
	}
}

// unsupported fails a name foamc does not compile: an OpenFOAM name it knows (known) is
// unsupported, and the fix lists what is supported; any other name is a misspelling when
// a supported name is close.
func (c *resolution) unsupported(ptr, what, name string, known bool, supported []string) {
	fix := "use one of: " + strings.Join(supported, ", ")
	if known {
		c.fail(IDUnsupported, ptr, fmt.Sprintf("%s %q is not supported: foamc does not compile it", what, name), fix)
		return
	}
	if b := suggest.Closest(name, supported); b != "" {
		fix = fmt.Sprintf("did you mean %q? (%s)", b, fix)
	}
	c.fail(IDUnsupported, ptr, fmt.Sprintf("%s %q is not one foamc compiles", what, name), fix)
}
