package kb

import (
	"strings"
	"testing"
)

// The embedded snapshot describes the names hover shows: solvers, smoothers, schemes, models.
func TestSnapshotDocs(t *testing.T) {
	k, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{
		"linearSolvers/PCG":                 "conjugate gradient",
		"smoothers/GaussSeidel":             "Gauss-Seidel",
		"interpolationSchemes/linearUpwind": "upwind",
		"ddtSchemes/Euler":                  "Euler",
		"rasModels/kOmegaSST":               "k-omega-SST",
		"functionObjects/forces":            "forces",
	} {
		d := k.Vocab.Docs[key]
		if !strings.Contains(d.Text, want) || !strings.Contains(d.At, ".H:") {
			t.Errorf("%s: %+v, want text with %q and a header line", key, d, want)
		}
	}
}
