package verify

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCheckUnits: every check has a unique name, a doc and a Run; every ID is declared
// once, with a catalogue row naming a file of this package; every FOAM-VERIFY literal
// of the package is declared (so the generated catalogue rows cover what verify raises).
func TestCheckUnits(t *testing.T) {
	names := map[string]bool{}
	for _, c := range Checks() {
		if c.Name == "" || c.Doc == "" || c.Run == nil || c.File == "" || names[c.Name] {
			t.Errorf("check %q: needs a unique name, a doc, a file and a Run", c.Name)
		}
		names[c.Name] = true
	}
	declared := map[string]bool{}
	for _, id := range IDs() {
		if declared[id.ID] {
			t.Errorf("%s declared twice", id.ID)
		}
		declared[id.ID] = true
		if id.Summary == "" || id.Fix == "" || id.Severity == "" {
			t.Errorf("%s: incomplete catalogue row %+v", id.ID, id)
		}
		if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(id.File))); err != nil || !strings.HasPrefix(id.File, "verify/") {
			t.Errorf("%s: file %q: %v", id.ID, id.File, err)
		}
	}
	lit := regexp.MustCompile(`"(FOAM-VERIFY-\d{3})"`)
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range lit.FindAllStringSubmatch(string(src), -1) {
			if !declared[m[1]] {
				t.Errorf("%s: %s is raised but no check declares it", f, m[1])
			}
		}
	}
}
