package foamcase

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/foamtest"
)

// Options.Parse reads every file, included ones too: what it returns is what the case
// holds (an editor's unsaved buffer), not the disk.
func TestParseHook(t *testing.T) {
	dir := filepath.Join(foamtest.Tutorials(t), "incompressible/simpleFoam/motorBike")
	read := map[string]int{}
	c, err := Load(dir, Options{Parse: func(path string) (*grammar.File, error) {
		rel, _ := filepath.Rel(dir, path)
		read[filepath.ToSlash(rel)]++
		if filepath.ToSlash(rel) == "0.orig/include/initialConditions" {
			return grammar.Parse(path, []byte("flowVelocity (7 0 0);\npressure 0;\nturbulentKE 0.24;\nturbulentOmega 1.78;\n"))
		}
		return grammar.ParseFile(path)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if read["system/controlDict"] != 1 || read["0.orig/U"] != 1 || read["0.orig/include/initialConditions"] == 0 {
		t.Errorf("files read through the hook: %v", read)
	}
	got := fmt.Sprint(c.Files["0.orig/U"].(map[string]any)["internalField"])
	if !strings.Contains(got, "7") || strings.Contains(got, "20") {
		t.Errorf("0.orig/U internalField %s does not come from the hooked include (flowVelocity (7 0 0))", got)
	}
}
