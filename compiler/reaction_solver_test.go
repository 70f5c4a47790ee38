package compiler

import (
	"strings"
	"testing"
)

// A reaction block is read by reactingFoam only: under another solver it is refused at
// physics.solver, naming the rule, instead of being dropped without a word.
func TestReactionNeedsReactingFoam(t *testing.T) {
	_, fl := compileSrc(t, channelKE+"reaction: {mechanism: methaneOneStep}\n", Options{})
	for _, f := range fl {
		if f.ID == IDConflict && f.Location.Path == "/physics/solver" && f.Location.Line > 0 && strings.Contains(f.Fix, "reaction is read by reactingFoam only") {
			return
		}
	}
	t.Errorf("want FOAM-COMPILE-001 at /physics/solver naming the reaction, got %v", fl)
}
