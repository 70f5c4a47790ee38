package compiler

import (
	"strings"
	"testing"

	"github.com/foamc/foamc/kb"
)

// A spec without turbulence levels: the intensity comes from the tutorials of the same
// solver x model class (kb cascade, with its files) when a kb is configured, else from the
// documented default; both are info findings; the length scale is the mesh-based default.
func TestSettlingOrder(t *testing.T) {
	src := strings.Replace(channelKE, "solver: simpleFoam", "solver: pimpleFoam", 1)
	src = strings.Replace(src, ", turbulence: {intensity: 0.05, lengthScale: 0.005}", "", 1)
	src = strings.Replace(src, "reference: {U: 10, length: 0.05}\n", "", 1)
	src = strings.Replace(src, "control: {endTime: 100, deltaT: 1}", "control: {endTime: 0.01, deltaT: 1.0e-4}", 1)
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	r, fl := compileSrc(t, src, Options{KB: k})
	if fl != nil {
		t.Fatal(fl)
	}
	in := slotOf(t, r, "reference/intensity")
	if in.Source.Kind != KindKB || len(in.Source.Files) == 0 || in.Value != "0.05" {
		t.Errorf("with a kb the intensity is retrieved: %+v", in)
	}
	ls := slotOf(t, r, "turbulence/lengthScale")
	// channel mesh: 0.05 m high (in-plane), so L = 0.07 * 0.05
	if ls.Source.Kind != KindDefault || ls.Value != "0.0035" || ls.Source.Ref == "" {
		t.Errorf("length scale default = %+v", ls)
	}
	infos := 0
	for _, f := range r.Findings {
		if f.ID == IDSettled {
			infos++
		}
	}
	if infos != 2 {
		t.Errorf("want 2 %s info findings, got %v", IDSettled, r.Findings)
	}
	r, fl = compileSrc(t, src, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	if in := slotOf(t, r, "reference/intensity"); in.Source.Kind != KindDefault || in.Value != "0.05" {
		t.Errorf("without a kb the intensity is the internal-flow default: %+v", in)
	}
	if _, fl = compileSrc(t, src, Options{Strict: true}); len(fl) != 2 || fl[0].ID != IDOpen || fl[1].ID != IDOpen {
		t.Errorf("--strict refuses both defaults: %v", fl)
	}
}

// External flow without stated levels: free-stream values (Menter omega, Spalart-Rumsey nuTilda).
func TestFreestreamDefaults(t *testing.T) {
	src := strings.Replace(channelKE, "turbulence: kEpsilon", "turbulence: SpalartAllmaras", 1)
	src = strings.Replace(src, "  inlet:        {role: inlet, U: [10, 0, 0], turbulence: {intensity: 0.05, lengthScale: 0.005}}",
		"  inlet:        {role: freestream, U: [10, 0, 0], p: 0}", 1)
	r, fl := compileSrc(t, src, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	nt := slotOf(t, r, "derived/initial/nuTilda")
	if nt.Value != "4.5e-05" || !strings.Contains(nt.Source.Formula, "3 nu") {
		t.Errorf("nuTilda = %+v, want 3 nu = 4.5e-05", nt)
	}
}
