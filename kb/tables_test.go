package kb

import (
	"testing"

	"github.com/foamc/foamc/openfoam"
)

// TestCuratedSolversAgree: the curated solver table and openfoam's trait table are one
// truth: every curated solver is in openfoam's table with the same compressibility,
// steadiness, algorithm and multiphase flag.
func TestCuratedSolversAgree(t *testing.T) {
	cs, err := CuratedSolvers()
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) == 0 {
		t.Fatal("empty curated solver table")
	}
	for name, c := range cs {
		o, ok := openfoam.LookupSolver(name)
		if !ok {
			t.Errorf("%s is curated but not in openfoam's solver table", name)
			continue
		}
		if o.Compressible != c.Compressible || o.Steady != c.Steady || o.Algorithm != c.Algorithm || o.Multiphase != c.Multiphase {
			t.Errorf("%s: openfoam %+v, curated compressible=%v steady=%v algorithm=%q multiphase=%v",
				name, o, c.Compressible, c.Steady, c.Algorithm, c.Multiphase)
		}
	}
	ms, err := CuratedModels()
	if err != nil || ms["kEpsilon"].Class != "RAS" || !ms["LaunderSharmaKE"].LowRe {
		t.Errorf("curated models: %v %+v", err, ms["kEpsilon"])
	}
}
