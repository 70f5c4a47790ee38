package grammar

import (
	"encoding/json"
	"testing"
)

// TestSkippedBranches: every #if/#ifeq/#elif/#else branch foamc does not take is read
// apart and recorded with what it reads, placed at its dictionary's path, without
// findings and without touching the dictionary or the input mode.
func TestSkippedBranches(t *testing.T) {
	src := `a 1;
#if false
b { type coded; }
x $undefinedHere;
#inputMode protect
#else
c 2;
#endif
a 5;
#ifeq x y
#if true
d 3;
#else
e 4;
#endif
#endif
functions
{
#if off
    f { type systemCall; v #codeStream { code #{ #}; }; }
#endif
}
"fun.*"
{
#ifeq 1 2
    g { type coded; }
#endif
}
`
	f, err := Parse("d", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	x := Expand(f, "d", ExpandOptions{CaseDir: t.TempDir()})
	if len(x.Findings) != 0 {
		t.Fatalf("findings from skipped branches: %v", x.Findings)
	}
	got, _ := json.Marshal(x.Dict.Value(ValueOptions{}))
	if want := `{"$regex":[{"pattern":"fun.*","value":{}}],"a":5,"c":2,"functions":{}}`; string(got) != want {
		t.Errorf("dictionary %s, want %s", got, want)
	}
	var branches []string
	codeStream := false
	for _, d := range x.Directives {
		if d.Name == "#codeStream" {
			codeStream = d.Path == "/functions/f/v" && !d.Executed
		}
		if d.Branch == nil {
			continue
		}
		b, _ := json.Marshal(d.BranchValue(ValueOptions{}))
		branches = append(branches, d.Name+" "+string(b))
	}
	want := []string{
		`#if {"b":{"type":"coded"},"x":"$undefinedHere"}`,
		`#if {"d":3}`,
		`#else {"e":4}`,
		`#if {"functions":{"f":{"type":"systemCall","v":{"$codeStream":{"code":{"$verbatim":" "}}}}}}`,
		`#ifeq {"$regex":[{"pattern":"fun.*","value":{"g":{"type":"coded"}}}]}`,
	}
	if len(branches) != len(want) {
		t.Fatalf("branches %q, want %q", branches, want)
	}
	for i := range want {
		if branches[i] != want[i] {
			t.Errorf("branch %d: %s, want %s", i, branches[i], want[i])
		}
	}
	if !codeStream {
		t.Error("#codeStream in a skipped branch not recorded at /functions/f/v")
	}
}
