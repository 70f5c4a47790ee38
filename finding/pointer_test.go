package finding

import (
	"reflect"
	"testing"
)

func TestPointer(t *testing.T) {
	for _, c := range []struct {
		toks []string
		ptr  string
	}{
		{nil, ""},
		{[]string{""}, "/"},
		{[]string{"files", "0/U", "boundaryField"}, "/files/0~1U/boundaryField"},
		{[]string{"a~b", "~1", "div(phi,U)"}, "/a~0b/~01/div(phi,U)"},
	} {
		if got := Pointer(c.toks...); got != c.ptr {
			t.Errorf("Pointer(%q) = %q, want %q", c.toks, got, c.ptr)
		}
		if got := SplitPointer(c.ptr); !reflect.DeepEqual(got, c.toks) {
			t.Errorf("SplitPointer(%q) = %q, want %q", c.ptr, got, c.toks)
		}
	}
}
