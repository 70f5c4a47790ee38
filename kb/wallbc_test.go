package kb

import (
	"reflect"
	"testing"
)

// TestWallBCs: wall functions for high-Re RAS, resolved walls for low-Re RAS and LES.
func TestWallBCs(t *testing.T) {
	for _, c := range []struct {
		field, model string
		want         []string
	}{
		{"k", "kEpsilon", []string{"kqRWallFunction", "fixedValue"}},
		{"k", "LaunderSharmaKE", []string{"fixedValue", "zeroGradient"}},
		{"k", "Smagorinsky", []string{"fixedValue", "zeroGradient"}},
		{"epsilon", "LaunderSharmaKE", []string{"zeroGradient"}},
		{"nut", "kOmegaSST", []string{"nutkWallFunction", "nutUSpaldingWallFunction", "calculated"}},
		{"nut", "WALE", []string{"zeroGradient", "nutUSpaldingWallFunction"}},
		{"nut", "SpalartAllmaras", []string{"nutUSpaldingWallFunction", "nutLowReWallFunction", "calculated"}},
		{"nut", "kOmegaSSTLM", []string{"nutLowReWallFunction", "calculated"}},
		{"p", "kEpsilon", nil},
	} {
		if got := WallBCs(c.field, c.model); !reflect.DeepEqual(got, c.want) {
			t.Errorf("WallBCs(%s, %s) = %v, want %v", c.field, c.model, got, c.want)
		}
	}
}
