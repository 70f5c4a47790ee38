package foamcase

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// The legacy single-word thermoType (basicThermoTemplates.C:168), the package name itself,
// gives features.energy like the dictionary form: buoyantSimpleFoam solves h with
// `thermoType heRhoThermo<pureMixture<const<hConst<perfectGas<specie>>,sensibleEnthalpy>>>;`.
func TestEnergyFromLegacyThermoType(t *testing.T) {
	// The one v1912 tutorial with the legacy form.
	if e := loadTutorial(t, "mesh/foamyQuadMesh/OpenCFD").Features.Energy; e != "h" {
		t.Errorf("OpenCFD: features.energy = %#v, want h", e)
	}
	src := filepath.Join(foamtest.Tutorials(t), "heatTransfer/buoyantSimpleFoam/buoyantCavity")
	for word, want := range map[string]any{
		"heRhoThermo<pureMixture<const<hConst<perfectGas<specie>>,sensibleEnthalpy>>>":       "h",
		"heRhoThermo<pureMixture<const<hConst<perfectGas<specie>>,sensibleInternalEnergy>>>": "e",
		"heRhoThermo<pureMixture<liquid,sensibleInternalEnergy>>":                            "e",
		"heRhoThermo<pureMixture<const<hConst<perfectGas>>,sensibleEnthalpy>>":               nil, // not a package name
	} {
		dir := t.TempDir()
		if err := copyTree(src, dir); err != nil {
			t.Fatal(err)
		}
		tp := "FoamFile { version 2.0; format ascii; class dictionary; object thermophysicalProperties; }\n" +
			"thermoType " + word + ";\n" +
			"mixture { specie { molWeight 28.96; } thermodynamics { Cp 1004.4; Hf 0; } transport { mu 1.831e-05; Pr 0.705; } }\n"
		if err := os.WriteFile(filepath.Join(dir, "constant/thermophysicalProperties"), []byte(tp), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := Load(dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Errors) > 0 {
			t.Errorf("%s: errors %v", word, c.Errors)
		}
		if c.Features.Energy != want {
			t.Errorf("thermoType %s: features.energy = %#v, want %#v", word, c.Features.Energy, want)
		}
	}
}
