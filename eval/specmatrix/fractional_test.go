package specmatrix_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/eval/specmatrix"
	"github.com/foamc/foamc/internal/foamtest"
)

// fractionalSample picks the CI sample: the first spec with the settings, the first
// written in time (runTime), the first satisfiable rhoSimpleFoam and buoyantSimpleFoam
// specs, and the refused spec (chosen by content, so other meshes joining the matrix keep it).
func fractionalSample(gs []specmatrix.Generated) []specmatrix.Generated {
	picks := []func(specmatrix.Generated) bool{
		func(g specmatrix.Generated) bool {
			return strings.Contains(g.YAML, "deltaT: 0.001, writeInterval: 0.01}")
		},
		func(g specmatrix.Generated) bool { return strings.Contains(g.YAML, "writeInterval: 0.125}") },
		func(g specmatrix.Generated) bool { return g.Solver == "rhoSimpleFoam" },
		func(g specmatrix.Generated) bool { return g.Solver == "buoyantSimpleFoam" },
		func(g specmatrix.Generated) bool { return strings.HasSuffix(g.Name, "-write-below-step") },
	}
	var out []specmatrix.Generated
	for _, pick := range picks {
		for _, g := range gs {
			if pick(g) && (g.Unsatisfiable == "" || strings.HasSuffix(g.Name, "-write-below-step")) && !slices.ContainsFunc(out, func(o specmatrix.Generated) bool { return o.Name == g.Name }) {
				out = append(out, g)
				break
			}
		}
	}
	return out
}

// TestFractionalSteadyMatrix compiles (full rule library as linter), meshes and runs the
// steady specs of the generated matrix with fractional time settings in real OpenFOAM v1912
// (>= 20 iterations without FATAL, nan or FPE); the spec with writeInterval below deltaT
// must be refused with a located conflict. -matrix=all runs every one and prints the rates.
func TestFractionalSteadyMatrix(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	gs := specmatrix.FractionalSteady(generated(t))
	if *matrixMode != "all" {
		if gs = fractionalSample(gs); len(gs) != 5 {
			t.Fatalf("fractional sample: %d of 5 specs found", len(gs))
		}
	}
	generatedMatrix(t, gs).test(t)
}
