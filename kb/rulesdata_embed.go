package kb

import (
	"bytes"
	"compress/gzip"
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

var (
	defaultRulesOnce sync.Once
	defaultRules     map[string]any
	defaultRulesErr  error
)

// DefaultRulesData returns Default().RulesData() from the precomputed document. It is
// decoded once and shared: callers must not modify it.
func DefaultRulesData() (map[string]any, error) {
	defaultRulesOnce.Do(func() {
		defaultRules, defaultRulesErr = DecodeRulesData(bytes.NewReader(embeddedRules))
		if defaultRulesErr != nil {
			defaultRulesErr = fmt.Errorf("kb: embedded rules data: %w", defaultRulesErr)
		}
	})
	return defaultRules, defaultRulesErr
}

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

// DecodeRulesData reads a rules document written by EncodeRulesData (numbers as
// json.Number, as RulesData has them).
func DecodeRulesData(r io.Reader) (map[string]any, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	dec := json.NewDecoder(zr)
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	return m, nil
}
