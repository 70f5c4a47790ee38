package grammar

import "testing"

// TestValueAlternatives: v2506 expands a value's ${name:-word} / ${name:+word}
// (primitiveEntry.C:90-190), also in an #if condition (the polyline tutorial's
// `#if ${USE_ARC:-true}`); v1912 looks the whole text up as a name and fails (its
// foamDictionary: "Illegal dictionary entry or environment variable name USE_ARC:-true").
// ${UNSET:+word} fails in v2506 too (.C:158-166), as foamc says (FOAM-EXPAND-004).
func TestValueAlternatives(t *testing.T) {
	src := "a 3;\ne \"\";\nx ${UNSET_Q:-7};\ny ${a:+5};\nz ${a:-9};\n#if ${UNSET_Q:-true}\nc yes;\n#else\nc no;\n#endif\n"
	f, err := Parse("test", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	x := Expand(f, "", ExpandOptions{Env: mapEnv(testEnv), CaseDir: t.TempDir(), Dialect: DialectV2506})
	if got := valueJSON(t, x); got != `{"a":3,"c":"yes","e":"","x":7,"y":5,"z":3}` || len(x.Findings) != 0 {
		t.Errorf("v2506: %s %v", got, x.Findings)
	}
	old := Expand(f, "", ExpandOptions{Env: mapEnv(testEnv), CaseDir: t.TempDir()})
	if ids := findingIDs(old); len(ids) == 0 || ids[0] != IDUndefinedVar {
		t.Errorf("v1912 findings %v, want %s first", old.Findings, IDUndefinedVar)
	}
}
