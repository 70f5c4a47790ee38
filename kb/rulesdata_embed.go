package kb

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
)

// The rules document of the embedded snapshot, precomputed by `foamc kb build` beside it,
// so that `foamc lint` gets data.kb without decoding the whole snapshot (the case
// records are most of it). TestEmbeddedRulesData checks it is RulesData() of the snapshot.
//
//go:embed snapshot/v1912.rules.json.gz
var embeddedRules []byte

// DefaultRulesJSON returns the JSON text of DefaultRulesData, gunzipped once and shared:
// callers must not modify it. The rules engine decodes it straight into its own values.
var DefaultRulesJSON = sync.OnceValues(func() ([]byte, error) { return gunzip(embeddedRules, "the embedded snapshot") })

// DefaultRulesData returns Default().RulesData() from the precomputed document (numbers
// as json.Number, as RulesData has them). It is decoded once and shared: callers must not
// modify it.
var DefaultRulesData = sync.OnceValues(func() (map[string]any, error) {
	b, err := DefaultRulesJSON()
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("kb: embedded rules data: decode: %w", err)
	}
	return m, nil
})

// RulesDataPath is where `foamc kb build` writes the rules document of snapshot:
// v1912.json.gz -> v1912.rules.json.gz.
func RulesDataPath(snapshot string) string {
	return strings.TrimSuffix(strings.TrimSuffix(snapshot, ".gz"), ".json") + ".rules.json.gz"
}

// EncodeRulesData writes RulesData() as gzip JSON; like Encode, the bytes depend only on
// the content.
func (k *KB) EncodeRulesData(w io.Writer) error {
	return writeGzipJSON(w, k.RulesData())
}

// SaveRulesData writes the rules document to path.
func (k *KB) SaveRulesData(path string) error {
	return saveWith(path, k.EncodeRulesData)
}
