package specmatrix

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Shallow water and passive scalars (issue 21): specs written from docs/spec.md "Shallow water
// and passive scalars" on the matrix meshes (squareBump and pitzDaily, the blind specs'
// meshes, are left out). Separate from Generate so that the seeded matrix stays as it was.

// waterMeshes are plan-view (x-y, one cell in z) meshes: ducts carry a stream, closed ones
// hold a dam break. Half is the x of a dam at mid-basin.
var waterMeshes = []struct {
	ID   string
	Half float64
}{{"channel", 0.25}, {"halfchannel", 0.25}, {"cavity", 0.05}, {"cavityGrade", 0.05}, {"cavityClipped", 0.05}, {"pisoCavity", 0.05}}

// scalarMeshes are ducts a scalar is carried through.
var scalarMeshes = []string{"channel", "halfchannel", "duct", "TJunction", "planarContraction", "backwardFacingStep2D"}

// GenerateWaterScalar returns the shallowWaterFoam, scalarTransportFoam and passive-scalar
// specs of the matrix (deterministic: no randomness), with two unsatisfiable ones.
func GenerateWaterScalar(tutorials, repo string) []Generated {
	var out []Generated
	add := func(solver, model, mesh, unsat, yaml string) {
		n := fmt.Sprintf("w%02d-%s-%s-%s", len(out)+1, solver, model, mesh)
		out = append(out, Generated{Name: n, Mesh: mesh, Solver: solver, Model: model, Family: map[bool]string{true: "laminar", false: "kEpsilon"}[model == "laminar"],
			Minimal: len(out)%2 == 0, Unsatisfiable: unsat, YAML: strings.Replace(yaml, "NAME", n, 1)})
	}
	for i, wm := range waterMeshes {
		m := meshByID(wm.ID)
		head := header(m, tutorials, repo, "shallowWaterFoam", "laminar")
		var b strings.Builder
		b.WriteString(head)
		if m.Class == "cavity" {
			// A dam break in a closed basin: 2 cm of water behind the dam, 1 cm beyond.
			fmt.Fprintf(&b, "initial:\n  h: 0.01\n  regions:\n    - box: {min: [-1, -1, -1], max: [%g, 1, 1]}\n      h: 0.02\n", wm.Half)
			if i%2 == 1 {
				fmt.Fprintf(&b, "    - box: {min: [%g, -1, -1], max: [%g, 1, 1]}\n      h0: 0.002\n      h: 0.008\n", wm.Half+0.01, wm.Half+0.02)
			}
			b.WriteString("boundaries:\n")
			for _, p := range append(append([]string{}, m.Walls...), m.Lid) {
				fmt.Fprintf(&b, "  %s: {role: wall}\n", p)
			}
		} else {
			// A subcritical stream 5 cm deep at 0.1 m/s (Froude 0.14): the inlet holds the
			// discharge, the outlet the depth.
			b.WriteString("initial: {h: 0.05, U: [0.1, 0, 0]}\nboundaries:\n")
			for _, p := range m.Inlets {
				if i%2 == 0 {
					fmt.Fprintf(&b, "  %s: {role: inlet, hU: [0.005, 0, 0]}\n", p)
				} else {
					fmt.Fprintf(&b, "  %s: {role: inlet, U: [0.1, 0, 0], h: 0.05}\n", p)
				}
			}
			for _, p := range m.Outlets {
				fmt.Fprintf(&b, "  %s: {role: outlet, h: 0.05}\n", p)
			}
			for _, p := range m.Walls {
				fmt.Fprintf(&b, "  %s: {role: wall}\n", p)
			}
			for _, p := range m.Sym {
				fmt.Fprintf(&b, "  %s: {role: symmetry}\n", p)
			}
		}
		b.WriteString("control: {endTime: 100, maxCo: 0.5}\n")
		add("shallowWaterFoam", "laminar", m.ID, "", b.String())
	}
	for i, id := range scalarMeshes {
		m := meshByID(id)
		U := m.U
		var b strings.Builder
		b.WriteString(header(m, tutorials, repo, "scalarTransportFoam", "laminar"))
		fmt.Fprintf(&b, "initial: {U: %s}\n", vec(m.Dir, U))
		fmt.Fprintf(&b, "scalars: [{name: T, diffusivity: %g}]\nboundaries:\n", 1e-5*float64(1+i%3))
		scalarBoundaries(&b, m, U, "")
		b.WriteString("control: {endTime: 100, maxCo: 0.5}\n")
		add("scalarTransportFoam", "laminar", m.ID, "", b.String())
	}
	// A tracer in incompressible flows: laminar and k-epsilon, transient and steady.
	for i, c := range []struct{ solver, model, mesh string }{
		{"pimpleFoam", "laminar", "channel"}, {"pimpleFoam", "kEpsilon", "duct"}, {"simpleFoam", "kEpsilon", "halfchannel"},
		{"pisoFoam", "laminar", "planarContraction"}, {"icoFoam", "laminar", "cavity"}, {"simpleFoam", "laminar", "TJunction"},
	} {
		m := meshByID(c.mesh)
		var b strings.Builder
		b.WriteString(header(m, tutorials, repo, c.solver, c.model))
		fmt.Fprintf(&b, "fluid: {nu: 1.0e-5}\nscalars: [{name: tracer, diffusivity: 1.0e-5%s}]\nboundaries:\n", map[bool]string{true: ", inlet: 2", false: ""}[i%2 == 1])
		if m.Class == "cavity" {
			fmt.Fprintf(&b, "  %s: {role: wall, scalars: {tracer: 1}}\n  %s: {role: wall, velocity: %s}\n", m.Walls[0], m.Lid, vec(m.Dir, m.U))
		} else {
			scalarBoundaries(&b, m, m.U, "p: 0")
		}
		if c.solver == "simpleFoam" {
			b.WriteString("control: {endTime: 100, deltaT: 1}\n")
		} else {
			b.WriteString("control: {endTime: 10, maxCo: 0.3}\n")
		}
		add(c.solver, c.model, m.ID, "", b.String())
	}
	// Unsatisfiable: shallow water without gravity; scalarTransportFoam without its T.
	ch := meshByID("channel")
	add("shallowWaterFoam", "laminar", ch.ID, "gravity", strings.Replace(header(ch, tutorials, repo, "shallowWaterFoam", "laminar"), "turbulence: laminar}", "turbulence: laminar, gravity: [0, 0, 0]}", 1)+
		"initial: {h: 0.05}\nboundaries:\n  inlet: {role: inlet, hU: [0.005, 0, 0]}\n  outlet: {role: outlet, h: 0.05}\n  walls: {role: wall}\ncontrol: {endTime: 1, deltaT: 0.01}\n")
	add("scalarTransportFoam", "laminar", ch.ID, "transports the field T", header(ch, tutorials, repo, "scalarTransportFoam", "laminar")+
		"initial: {U: [1, 0, 0]}\nscalars: [{name: C, diffusivity: 1.0e-5}]\nboundaries:\n  inlet: {role: inlet, U: [1, 0, 0]}\n  outlet: {role: outlet}\n  walls: {role: wall}\ncontrol: {endTime: 1, deltaT: 0.01}\n")
	return out
}

func meshByID(id string) Mesh {
	for _, m := range Meshes {
		if m.ID == id {
			return m
		}
	}
	panic("specmatrix: no mesh " + id)
}

func header(m Mesh, tutorials, repo, solver, model string) string {
	path := filepath.Join(repo, m.Repo)
	if m.Tutorial != "" {
		path = filepath.Join(tutorials, m.Tutorial)
	}
	return fmt.Sprintf("version: 1\nname: NAME\ndescription: generated (%s on %s)\nmesh: {blockMeshDict: %s}\nphysics: {solver: %s, turbulence: %s}\n", solver, m.ID, path, solver, model)
}

// scalarBoundaries writes a duct's roles: inlets at U along the mesh's direction, outlets
// (with extra, e.g. "p: 0"), walls and symmetry planes.
func scalarBoundaries(b *strings.Builder, m Mesh, U float64, extra string) {
	for _, p := range m.Inlets {
		fmt.Fprintf(b, "  %s: {role: inlet, U: %s}\n", p, vec(m.Dir, U))
	}
	for _, p := range m.Outlets {
		if extra != "" {
			fmt.Fprintf(b, "  %s: {role: outlet, %s}\n", p, extra)
		} else {
			fmt.Fprintf(b, "  %s: {role: outlet}\n", p)
		}
	}
	for _, p := range m.Walls {
		fmt.Fprintf(b, "  %s: {role: wall}\n", p)
	}
	for _, p := range m.Sym {
		fmt.Fprintf(b, "  %s: {role: symmetry}\n", p)
	}
}
