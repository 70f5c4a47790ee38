package specmatrix

import (
	"fmt"
	"strings"
)

// fractionalControls are steady time settings stated in simulated time that are not whole
// iterations (issue 27): the compiler must turn writeInterval into whole iterations under
// writeControl timeStep, or write in time (runTime), or refuse the spec; never emit a
// writeInterval below 1 under timeStep, which every v1912 application refuses at start-up.
// Each runs at least 25 iterations.
var fractionalControls = []string{
	"{endTime: 0.25, deltaT: 0.001, writeInterval: 0.01}",   // the spec: every 10 iterations
	"{endTime: 2.5, deltaT: 0.01, writeInterval: 0.125}",    // 12.5 iterations: runTime
	"{endTime: 25, deltaT: 0.5, writeInterval: 2.5}",        // every 5 iterations
	"{endTime: 0.05, deltaT: 0.002}",                        // writes at endTime: 25 iterations
	"{endTime: 3, deltaT: 0.1, writeInterval: 0.25}",        // 2.5 iterations: runTime
	"{endTime: 0.3, deltaT: 0.0125, writeInterval: 0.0375}", // 3 iterations, inexact in binary
}

// FractionalSteady returns the steady specs of a generated matrix with their time settings
// replaced by fractional ones (in turn), named f<original>, plus one spec whose writeInterval
// is shorter than its deltaT, which the compiler must refuse naming both fields.
func FractionalSteady(gs []Generated) []Generated {
	var out []Generated
	for _, g := range gs {
		if !steady[g.Solver] || g.Unsatisfiable == "FOAM-SPEC-005" {
			continue
		}
		f := g
		f.Name = "f" + g.Name
		f.YAML = withControl(g, fractionalControls[len(out)%len(fractionalControls)])
		out = append(out, f)
	}
	if len(out) > 0 {
		f := out[0]
		f.Name = fmt.Sprintf("f%03d-write-below-step", len(out)+1)
		f.Unsatisfiable = "shorter than deltaT"
		f.YAML = withControl(f, "{endTime: 0.25, deltaT: 0.001, writeInterval: 0.0005}")
		out = append(out, f)
	}
	return out
}

// withControl replaces the spec's control line and its name.
func withControl(g Generated, control string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(g.YAML, "\n") {
		switch {
		case strings.HasPrefix(line, "control: "):
			line = "control: " + control + "\n"
		case strings.HasPrefix(line, "name: "):
			line = "name: " + g.Name + "\n"
		}
		b.WriteString(line)
	}
	return b.String()
}
