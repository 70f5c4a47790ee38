package foamcase_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/xeipuuv/gojsonschema"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
)

// TestDocumentsMatchRulesSchema validates the document of every tutorial case against
// the case-document schema the rules engine compiles against (read as a file, so this
// package does not depend on rules).
func TestDocumentsMatchRulesSchema(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(foamtest.RepoRoot(), "rules", "schema", "case-document.json"))
	if err != nil {
		t.Fatal(err)
	}
	schema, err := gojsonschema.NewSchema(gojsonschema.NewBytesLoader(raw))
	if err != nil {
		t.Fatal(err)
	}
	tut := foamtest.Tutorials(t)
	checked := 0
	err = filepath.WalkDir(tut, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "controlDict" || filepath.Base(filepath.Dir(p)) != "system" {
			return err
		}
		dir := filepath.Dir(filepath.Dir(p))
		c, err := foamcase.Load(dir, foamcase.Options{})
		if err != nil {
			t.Errorf("%s: %v", dir, err)
			return nil
		}
		doc, err := json.Marshal(c.Document())
		if err != nil {
			t.Errorf("%s: %v", dir, err)
			return nil
		}
		res, err := schema.Validate(gojsonschema.NewBytesLoader(doc))
		if err != nil {
			t.Fatal(err)
		}
		if !res.Valid() {
			t.Errorf("%s: %v", dir, res.Errors())
		}
		checked++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d case documents valid", checked)
}
