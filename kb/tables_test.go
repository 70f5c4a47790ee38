package kb

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// TestSolversDoc: data.kb.solvers is the described rows of openfoam/solvers.json with
// every fact the file states, nothing added and nothing lost by the typed decoder.
func TestSolversDoc(t *testing.T) {
	raw, err := os.ReadFile("../openfoam/solvers.json")
	if err != nil {
		t.Fatal(err)
	}
	var rows map[string]map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&rows); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{}
	for name, r := range rows {
		if _, ok := r["fields"]; ok {
			want[name] = r
		}
	}
	got, err := solversDoc()
	if err != nil {
		t.Fatal(err)
	}
	if len(want) < 15 {
		t.Fatalf("only %d described solvers in the table", len(want))
	}
	for name, w := range want {
		if !reflect.DeepEqual(got[name], w) {
			t.Errorf("%s:\n got  %v\n want %v", name, got[name], w)
		}
	}
	for name := range got {
		if want[name] == nil {
			t.Errorf("data.kb.solvers has %s, which the table does not describe", name)
		}
	}
	ms, err := CuratedModels()
	if err != nil || ms["kEpsilon"].Class != "RAS" || !ms["LaunderSharmaKE"].LowRe {
		t.Errorf("curated models: %v %+v", err, ms["kEpsilon"])
	}
}
