package schema

import (
	"slices"
	"testing"
)

func TestBoundaryRoles(t *testing.T) {
	got := BoundaryRoles()
	for _, r := range []string{"inlet", "outlet", "wall", "freestream", "atmosphere"} {
		if !slices.Contains(got, r) {
			t.Errorf("BoundaryRoles() = %v lacks %s", got, r)
		}
	}
}
