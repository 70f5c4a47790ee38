package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestInspectRegions: a split multi-region case lists each region of regionProperties with
// its kind, its own mesh's cell count and patches, and its fields.
func TestInspectRegions(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"system/controlDict":        "FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }\napplication chtMultiRegionFoam;\n",
		"constant/regionProperties": "FoamFile { version 2.0; format ascii; class dictionary; object regionProperties; }\nregions (fluid (air) solid (heater));\n",
		"constant/heater/polyMesh/owner": "FoamFile\n{\n    version 2.0;\n    format ascii;\n    class labelList;\n" +
			"    note \"nPoints:185  nCells:80  nFaces:324  nInternalFaces:156\";\n    object owner;\n}\n324\n(\n)\n",
		"constant/heater/polyMesh/boundary": "FoamFile { version 2.0; format ascii; class polyBoundaryMesh; object boundary; }\n" +
			"2\n(\n    minY { type patch; nFaces 8; startFace 156; }\n    heater_to_air { type mappedWall; inGroups 1(wall); nFaces 20; startFace 164; }\n)\n",
		"0/heater/T": "FoamFile { version 2.0; format ascii; class volScalarField; object T; }\n" +
			"dimensions [0 0 0 1 0 0 0];\ninternalField uniform 300;\nboundaryField { minY { type zeroGradient; } heater_to_air { type zeroGradient; } }\n",
	}
	for rel, text := range files {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs := runFoamc("inspect", dir)
	if code != 0 {
		t.Fatalf("inspect: %d %s", code, errs)
	}
	for _, want := range []string{
		"region air       fluid, no mesh yet, fields -\n",
		"region heater    solid, 80 cells (constant/heater/polyMesh/owner), fields T\n",
		"  patches        minY:patch heater_to_air:mappedWall\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("inspect output lacks %q:\n%s", want, out)
		}
	}
}

// TestInspectAllrun: foamc inspect loads a case as foamc lint does, as its Allrun leaves
// it: circuitBoardCooling's createBafflesDict includes 0/include files restore0Dir makes
// from 0.orig, so no include is missing and nothing is denied.
func TestInspectAllrun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "circuitBoardCooling")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(foamtest.Tutorials(t), "heatTransfer", "buoyantSimpleFoam", "circuitBoardCooling"))); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runFoamc("inspect", dir)
	if code != 0 || strings.Contains(out, "FOAM-EXPAND-001") {
		t.Fatalf("inspect: exit %d %s\n%s", code, errs, out)
	}
}

// TestInspectRelease: --openfoam names the release the case document is read as, as lint's
// does; without it the v1912 cavity's banner decides.
func TestInspectRelease(t *testing.T) {
	dir := filepath.Join(foamtest.Tutorials(t), "incompressible", "icoFoam", "cavity", "cavity")
	for flag, want := range map[string]string{"": `"id":"openfoam-v1912","source":"case"`, "openfoam-12": `"id":"openfoam-12","source":"flag"`} {
		args := []string{"inspect", dir, "--format", "json"}
		if flag != "" {
			args = append(args, "--openfoam", flag)
		}
		code, out, errs := runFoamc(args...)
		var doc struct {
			Release json.RawMessage `json:"release"`
		}
		if err := json.Unmarshal([]byte(out), &doc); code != 0 || err != nil {
			t.Fatalf("inspect %v: exit %d %v %s", args, code, err, errs)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, doc.Release); err != nil || !strings.Contains(compact.String(), want) {
			t.Errorf("inspect --openfoam %q: release %s, want %s", flag, compact.String(), want)
		}
	}
}
