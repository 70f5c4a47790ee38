package kb

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestEmbeddedRulesData: the precomputed rules document is RulesData() of the embedded
// snapshot, byte for byte (`make kb` rewrites both).
func TestEmbeddedRulesData(t *testing.T) {
	k, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := k.EncodeRulesData(&buf); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), embeddedRules) {
		t.Fatalf("kb/snapshot/v1912.rules.json.gz is not RulesData() of kb/snapshot/v1912.json.gz (%d vs %d bytes): run `make kb` and commit both",
			len(embeddedRules), buf.Len())
	}
	got, err := DefaultRulesData()
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(k.RulesData())
	if !bytes.Equal(a, b) {
		t.Fatal("DefaultRulesData() decodes to a different document than RulesData()")
	}
	if _, ok := got["bc"].(map[string]any)["fixedValue"]; !ok {
		t.Error("decoded rules data has no bc.fixedValue")
	}
}

func TestRulesDataPath(t *testing.T) {
	for in, want := range map[string]string{
		"kb/snapshot/v1912.json.gz": "kb/snapshot/v1912.rules.json.gz",
		"kb.json":                   "kb.rules.json.gz",
	} {
		if got := RulesDataPath(in); got != want {
			t.Errorf("RulesDataPath(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSimilarContracts(t *testing.T) {
	k, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if got := k.SimilarContracts("fixedValu"); len(got) != 1 || got[0] != "fixedValue" {
		t.Errorf("SimilarContracts(fixedValu) = %v", got)
	}
	if got := k.SimilarContracts("fixedValue"); len(got) != 0 && got[0] == "fixedValue" {
		t.Errorf("the name itself is no suggestion: %v", got)
	}
}
