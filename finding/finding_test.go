package finding

import (
	"fmt"
	"reflect"
	"strings"
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

// TestCap: a capped list keeps every deny before any warning, stays sorted, and counts
// what it left out; a list within the bound is returned as it is.
func TestCap(t *testing.T) {
	var fs []Finding
	for i := 0; i < 50; i++ {
		sev := Info
		switch {
		case i%10 == 3:
			sev = Deny
		case i%2 == 0:
			sev = Warn
		}
		fs = append(fs, Finding{ID: fmt.Sprintf("FOAM-X-%03d", i), Severity: sev, Location: Location{File: "f", Line: i + 1}})
	}
	if got := Cap(fs, 50); len(got) != 50 {
		t.Fatalf("within the bound: %d findings", len(got))
	}
	got := Cap(fs, 8)
	if len(got) != 9 || got[8].ID != IDTruncated || got[8].Severity != Info {
		t.Fatalf("capped to 8: %d findings, last %+v", len(got), got[len(got)-1])
	}
	denies, warns := 0, 0
	for i, f := range got[:8] {
		if i > 0 && f.Location.Line < got[i-1].Location.Line {
			t.Errorf("not in sorted order at %d", i)
		}
		switch f.Severity {
		case Deny:
			denies++
		case Warn:
			warns++
		}
	}
	if denies != 5 || warns != 3 || Max(got) != Deny {
		t.Fatalf("kept %d denies and %d warnings, want all 5 denies then 3 warnings", denies, warns)
	}
	if !strings.Contains(got[8].Summary, "42 more findings not shown (0 deny, 22 warn, 20 info)") {
		t.Fatalf("summary: %s", got[8].Summary)
	}
}
