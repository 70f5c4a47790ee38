package faults

import (
	"os"
	"path/filepath"
	"testing"
)

func TestApplyFileOps(t *testing.T) {
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "0.orig"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "0.orig", "U"), []byte("internalField uniform (0 0 0);\n"), 0o644))
	must(ApplyAll(dir, []Edit{
		{Op: "copy", From: "0.orig", File: "0"},
		{Op: "replace", File: "0/U", Old: "(0 0 0)", New: "(1 0 0)"},
		{Op: "write", File: "constant/g", Value: "value (0 -9.81 0);\n"},
		{Op: "set", File: "constant/g", Key: "dimensions", Value: "[0 1 -2 0 0 0 0]"},
		{Op: "delete", File: "0.orig"},
	}))
	u, err := os.ReadFile(filepath.Join(dir, "0", "U"))
	must(err)
	if string(u) != "internalField uniform (1 0 0);\n" {
		t.Errorf("0/U = %q", u)
	}
	if v, ok, err := Lookup(dir, "constant/g", "dimensions"); err != nil || !ok || v != "[0 1 -2 0 0 0 0]" {
		t.Errorf("g dimensions = %q %v %v", v, ok, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "0.orig")); !os.IsNotExist(err) {
		t.Error("0.orig not deleted")
	}
	for _, bad := range []Edit{
		{Op: "delete", File: "0.orig"},                         // already gone
		{Op: "replace", File: "0/U", Old: "nothere", New: "x"}, // text absent
		{Op: "remove", File: "0/U", Key: "boundaryField"},      // key absent
		{Op: "set", File: "../escape", Key: "a", Value: "1"},   // outside the case
		{Op: "set", File: "/etc/passwd", Key: "a", Value: "1"}, // absolute
		{Op: "frobnicate", File: "0/U"},                        // unknown op
		{Op: "set", File: "0/U", Key: "a"},                     // no value
	} {
		if err := Apply(dir, bad); err == nil {
			t.Errorf("%s succeeded", bad)
		}
	}
}
