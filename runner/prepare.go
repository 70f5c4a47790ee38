package runner

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/foamc/foamc/finding"
)

// IDPrepare is the finding of a case foamc run cannot prepare the way its Allrun would.
const IDPrepare = "FOAM-RUN-001"

// prepStep is one pre-processing step a tutorial's Allrun runs and foamc runs too: a
// utility that only reads the case's dictionaries (linted by the gate) and writes the
// mesh or fields. Allrun scripts themselves are never executed.
type prepStep struct {
	dict    string   // the dictionary that says the case needs the step
	program string   // the utility
	args    []string // its arguments
	mesh    bool     // a meshing step: only when foamc makes the mesh itself
	// needed, when set, says whether the case still needs the step.
	needed func(dir string) bool
}

// prepSteps in the order the v1912 tutorials' Allrun scripts use them.
var prepSteps = []prepStep{
	{dict: "system/surfaceFeatureExtractDict", program: "surfaceFeatureExtract", mesh: true},
	{dict: "system/snappyHexMeshDict", program: "snappyHexMesh", args: []string{"-overwrite"}, mesh: true},
	// checkMesh after snappyHexMesh: its report becomes the mesh findings (meshcheck.go).
	{dict: "system/snappyHexMeshDict", program: "checkMesh", mesh: true},
	{dict: "system/topoSetDict", program: "topoSet"},
	// A region case is split into one mesh per cell zone (the multi-region tutorials'
	// Allrun.pre), unless its region meshes are given: -cellZonesOnly keeps a zone of
	// disconnected parts one region, as the reverseBurner tutorial does (-cellZones walks the
	// cells and makes each part a region "domainN" the solver does not read).
	{dict: "constant/regionProperties", program: "splitMeshRegions", args: []string{"-cellZonesOnly", "-overwrite"}, needed: lacksRegionMesh},
	// Foundation 12 names the regions in controlDict's regionSolvers (foamMultiRun).
	{dict: "system/controlDict", program: "splitMeshRegions", args: []string{"-cellZonesOnly", "-overwrite"}, needed: multiRunWithoutRegionMesh},
	{dict: "system/setFieldsDict", program: "setFields"},
}

// unsupportedMeshSteps are mesh-changing utilities an Allrun may run after meshing that
// foamc does not: a mesh foamc makes without them is not the case's mesh.
var unsupportedMeshSteps = map[string]string{
	"system/createBafflesDict": "createBaffles",
	"system/createPatchDict":   "createPatch",
	"system/extrudeMeshDict":   "extrudeMesh",
	"system/refineMeshDict":    "refineMesh",
	"system/mirrorMeshDict":    "mirrorMesh",
	"system/foamyHexMeshDict":  "foamyHexMesh",
}

// prepare makes the case ready to solve the way its Allrun would: blockMesh (and
// surfaceFeatureExtract, snappyHexMesh -overwrite) when there is no mesh yet, 0.orig
// restored into 0 when 0 is missing, then topoSet and setFields when their dictionaries
// are there and the run starts from the initial fields. A case that needs a step foamc
// does not run is refused: the findings say what is missing. Nothing runs a script.
func prepare(ctx context.Context, f foam, log io.Writer, progress func(Progress)) ([]finding.Finding, error) {
	has := func(rel string) bool {
		_, err := os.Stat(filepath.Join(f.dir, filepath.FromSlash(rel)))
		return err == nil
	}
	meshing := !hasMesh(f.dir)
	if meshing {
		var missing []finding.Finding
		for dict, prog := range unsupportedMeshSteps {
			if has(dict) {
				missing = append(missing, finding.Finding{
					ID: IDPrepare, Severity: finding.Deny, Location: finding.Location{File: dict},
					Summary: fmt.Sprintf("the case needs %s (%s) after meshing, which foamc run does not run", prog, dict),
					Fix:     fmt.Sprintf("mesh the case yourself (blockMesh/snappyHexMesh, then %s, as its Allrun does), then foamc run again: an existing mesh is used as it is", prog),
				})
			}
		}
		if len(missing) > 0 {
			finding.Sort(missing)
			return missing, nil
		}
		if err := mesh(ctx, f, log); err != nil {
			return nil, err
		}
	}
	// 0.orig is restored before the steps that write fields (restore0Dir in Allrun).
	if !has("0") && has("0.orig") {
		fmt.Fprintln(log, "prepare: restore 0.orig into 0")
		if err := os.CopyFS(filepath.Join(f.dir, "0"), os.DirFS(filepath.Join(f.dir, "0.orig"))); err != nil {
			return nil, fmt.Errorf("runner: restore 0.orig: %w", err)
		}
	}
	fresh := startsFresh(f.dir)
	for _, s := range prepSteps {
		if !has(s.dict) || (s.mesh && !meshing) || (!s.mesh && !fresh) || (s.needed != nil && !s.needed(f.dir)) {
			continue
		}
		fmt.Fprintf(log, "prepare: %s %s\n", s.program, strings.Join(s.args, " "))
		var onLine func(string)
		if s.program == "snappyHexMesh" {
			onLine = snappyProgress(log, progress)
		}
		code, err := f.exec(ctx, s.program, onLine, s.program, s.args...)
		if err != nil {
			return nil, err
		}
		if code != 0 {
			msg := ""
			if p, _ := parseLogFile(filepath.Join(f.dir, "log."+s.program)); p != nil {
				msg = trimMessage(p.Fatal())
			}
			return nil, fmt.Errorf("runner: %s failed (exit %d), see log.%s: %s", s.program, code, s.program, msg)
		}
	}
	return nil, nil
}

// multiRunWithoutRegionMesh reports a Foundation 12 region case (foamMultiRun) whose
// region meshes are not split yet.
func multiRunWithoutRegionMesh(dir string) bool {
	return application(dir) == "foamMultiRun" && lacksRegionMesh(dir)
}

// lacksRegionMesh reports a case with no constant/<region>/polyMesh.
func lacksRegionMesh(dir string) bool {
	m, _ := filepath.Glob(filepath.Join(dir, "constant", "*", "polyMesh", "faces*"))
	return len(m) == 0
}

// hasMesh reports a polyMesh (plain or gzipped faces).
func hasMesh(dir string) bool {
	for _, n := range []string{"faces", "faces.gz"} {
		if _, err := os.Stat(filepath.Join(dir, "constant", "polyMesh", n)); err == nil {
			return true
		}
	}
	return false
}

// startsFresh reports that no time directory after the initial one exists: the run
// starts from the initial fields, which topoSet and setFields prepare (setFields resets
// the whole field to its defaults first, so running it again is harmless; on a
// continued run it would overwrite the solution).
func startsFresh(dir string) bool {
	return latestTime(dir) == 0
}
