package faults

import (
	"testing"
)

func TestCorpusShape(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Faults) < 60 {
		t.Errorf("corpus has %d faults, want >= 60", len(c.Faults))
	}
	if s := c.Solvers(); len(s) < 8 {
		t.Errorf("corpus covers %d solvers %v, want >= 8", len(s), s)
	}
	t.Logf("%d bases, %d faults, solvers %v", len(c.Bases), len(c.Faults), c.Solvers())
}
