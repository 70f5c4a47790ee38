package finding

import (
	"reflect"
	"testing"
)

func TestSortIsDeterministic(t *testing.T) {
	fs := []Finding{
		{ID: "FOAM-B", Severity: Warn, Location: Location{File: "system/fvSchemes", Line: 3}},
		{ID: "FOAM-A", Severity: Deny, Location: Location{File: "0/U", Line: 9, Column: 5}},
		{ID: "FOAM-A", Severity: Deny, Location: Location{File: "0/U", Line: 9, Column: 1}},
		{ID: "FOAM-C", Severity: Info, Location: Location{File: "0/U", Line: 2}},
		{ID: "FOAM-A", Severity: Deny, Summary: "b", Location: Location{File: "0/U", Line: 2, Path: "/x"}},
		{ID: "FOAM-A", Severity: Deny, Summary: "a", Location: Location{File: "0/U", Line: 2, Path: "/x"}},
	}
	Sort(fs)
	var got []string
	for _, f := range fs {
		got = append(got, f.String()+" "+f.Location.Path+" "+f.Summary)
	}
	want := []string{
		"0/U:2: deny [FOAM-A] a /x a",
		"0/U:2: deny [FOAM-A] b /x b",
		"0/U:2: info [FOAM-C]   ",
		"0/U:9:1: deny [FOAM-A]   ",
		"0/U:9:5: deny [FOAM-A]   ",
		"system/fvSchemes:3: warn [FOAM-B]   ",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("sorted:\n%q\nwant:\n%q", got, want)
	}
}

func TestMaxAndRank(t *testing.T) {
	if m := Max(nil); m != "" {
		t.Fatalf("Max(nil) = %q, want empty", m)
	}
	if m := Max([]Finding{{Severity: Info}, {Severity: Deny}, {Severity: Warn}}); m != Deny {
		t.Fatalf("Max = %q, want deny", m)
	}
	if !(Deny.Rank() > Warn.Rank() && Warn.Rank() > Info.Rank() && Info.Rank() > Severity("x").Rank()) {
		t.Fatal("ranks must order deny > warn > info > unknown")
	}
}

func TestLocationAndErrors(t *testing.T) {
	for loc, want := range map[Location]string{
		{File: "0/p"}:                     "0/p",
		{File: "0/p", Line: 4}:            "0/p:4",
		{File: "0/p", Line: 4, Column: 2}: "0/p:4:2",
	} {
		if got := loc.String(); got != want {
			t.Errorf("%#v.String() = %q, want %q", loc, got, want)
		}
	}
	f := Finding{ID: "FOAM-X", Severity: Deny, Summary: "s"}
	if f.Error() != "<case>: deny [FOAM-X] s" {
		t.Fatalf("Error() = %q", f.Error())
	}
	l := List{f, {ID: "FOAM-Y", Severity: Warn, Summary: "t", Location: Location{File: "a", Line: 1}}}
	if got, want := l.Error(), "<case>: deny [FOAM-X] s\na:1: warn [FOAM-Y] t"; got != want {
		t.Fatalf("List.Error() = %q, want %q", got, want)
	}
}
