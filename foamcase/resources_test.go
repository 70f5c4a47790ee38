package foamcase

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestTutorialResourcesInclude12: Foundation 12's tutorials include shared input from
// `$FOAM_TUTORIALS/resources/…` (wallBoiling's thermophysical data, mixerVessel2D's
// blockMeshDict). foamc reads that directory as it reads etc, judged and not denied, and
// takes the values the real Foundation 12 foamDictionary takes, with FOAM_TUTORIALS set as
// the release's bashrc sets it; a file elsewhere under $FOAM_TUTORIALS stays outside.
func TestTutorialResourcesInclude12(t *testing.T) {
	env := foamtest.Env12(t)
	root := t.TempDir()
	tut := filepath.Join(root, "tutorials")
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	header := "FoamFile { format ascii; class dictionary; object %s; }\n"
	write("tutorials/resources/thermoData/liquid", "specie { molWeight 120.914; }\nthermodynamics { hf 0; Cp 1062.19; }\n")
	write("tutorials/other/secret", "specie { molWeight 1; }\n")
	write("case/system/controlDict", strings.Replace(header, "%s", "controlDict", 1)+"application foamRun;\nsolver fluid;\nstartFrom startTime;\nstartTime 0;\nstopAt endTime;\nendTime 1;\ndeltaT 1;\nwriteControl timeStep;\nwriteInterval 1;\n")
	write("case/constant/physicalProperties", strings.Replace(header, "%s", "physicalProperties", 1)+"mixture\n{\n    #include \"$FOAM_TUTORIALS/resources/thermoData/liquid\"\n}\n")
	write("case/constant/other", strings.Replace(header, "%s", "other", 1)+"mixture\n{\n    #include \"$FOAM_TUTORIALS/other/secret\"\n}\n")
	caseDir := filepath.Join(root, "case")

	appbin := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "FOAM_APPBIN="); ok {
			appbin = v
		}
	}
	cmd := exec.Command(filepath.Join(appbin, "foamDictionary"), "-expand", "-entry", "mixture/specie/molWeight", "-value", "constant/physicalProperties")
	cmd.Dir = caseDir
	cmd.Env = append(env, "FOAM_TUTORIALS="+tut) // the last value wins
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("Foundation 12 foamDictionary: %v\n%s", err, out)
	}
	want := strings.TrimSpace(string(out))

	getenv := func(k string) (string, bool) {
		if k == "FOAM_TUTORIALS" {
			return tut, true
		}
		return os.LookupEnv(k)
	}
	c, err := Load(caseDir, Options{Env: getenv})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range c.Errors {
		if f.Location.File == "constant/physicalProperties" {
			t.Errorf("an include from $FOAM_TUTORIALS/resources is read, not judged outside: %s %s", f.ID, f.Summary)
		}
	}
	mix, _ := c.Files["constant/physicalProperties"].(map[string]any)["mixture"].(map[string]any)
	specie, _ := mix["specie"].(map[string]any)
	if got := specie["molWeight"]; got != 120.914 || want != "120.914" {
		t.Errorf("molWeight: foamc %v, Foundation 12 foamDictionary %q", got, want)
	}
	outside := false
	for _, f := range c.Errors {
		outside = outside || (f.ID == "FOAM-EXPAND-003" && f.Location.File == "constant/other")
	}
	if !outside {
		t.Errorf("$FOAM_TUTORIALS/other is not the release's resources: want FOAM-EXPAND-003, got %v", c.Errors)
	}
}
