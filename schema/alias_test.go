package schema

import (
	"errors"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
)

// TestAliasBomb: aliases that repeat aliases ("billion laughs") are refused with one
// located finding once the spec would expand past MaxValues, without expanding it.
func TestAliasBomb(t *testing.T) {
	src := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	prev := "a"
	for _, name := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		src += name + ": &" + name + " [" + strings.Repeat("*"+prev+", ", 9) + "*" + prev + "]\n"
		prev = name
	}
	_, err := Parse("bomb.yaml", []byte(src))
	var fl finding.List
	if !errors.As(err, &fl) || len(fl) != 1 || fl[0].ID != "FOAM-SPEC-001" || !strings.Contains(fl[0].Summary, "more than 100000 values") || fl[0].Location.Line == 0 {
		t.Fatalf("alias bomb: %v", err)
	}
	// Aliases within the bound still work.
	if _, err := Parse("ok.yaml", []byte("a: &a [1, 2]\nb: *a\n")); err != nil {
		t.Fatalf("a small alias: %v", err)
	}
}
