package kb

import (
	"strings"
	"testing"
)

func TestHeaderDescription(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"Class\n    Foam::PCG\n\nDescription\n    Preconditioned conjugate gradient solver for symmetric\n    lduMatrices.\n\n    More.\n\nSourceFiles\n    PCG.C\n", "Preconditioned conjugate gradient solver for symmetric lduMatrices."},
		{"Description\n    Foam::TGaussSeidelSmoother\n\nSourceFiles\n", ""},
		{"Description\n    Limited scheme.\n    \\verbatim\n    x\n", "Limited scheme."},
		{"no description here\n", ""},
	} {
		if got, _ := headerDescription(tc.src); got != tc.want {
			t.Errorf("headerDescription(%q) = %q, want %q", tc.src, got, tc.want)
		}
	}
}

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
