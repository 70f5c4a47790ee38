package mine

import "testing"

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
