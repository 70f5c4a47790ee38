package mine

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestMakeFilesSources: wmake's Make/files through cpp and make: variables, comments and
// #if 0 blocks.
func TestMakeFilesSources(t *testing.T) {
	p := filepath.Join(t.TempDir(), "files")
	text := "derived=sources/derived\n$(derived)/a/a.C\n/*\nlinearValveFvMesh/linearValveFvMesh.C\n*/\n#if 0\nold.C\n#endif\nb/b.cxx // c\n\nLIB = $(FOAM_LIBBIN)/libx\n"
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := makeFilesSources(p)
	if want := []string{"sources/derived/a/a.C", "b/b.cxx"}; err != nil || !slices.Equal(got, want) {
		t.Fatalf("makeFilesSources = %v %v, want %v", got, err, want)
	}
}

// TestScanClasses: the registration forms of addToRunTimeSelectionTable.H and ESI's
// makeFvOption; fa::option shares fv::option's table name but is not an fvOption.
func TestScanClasses(t *testing.T) {
	src := `
namespace fv {
    addToRunTimeSelectionTable
    (
        option,
        rotorDiskSource,
        dictionary
    );
}
addToRunTimeSelectionTable(topoChangerFvMesh, movingConeTopoFvMesh, IOobject);
addBackwardCompatibleToRunTimeSelectionTable(fvModel, actuationDisk, dictionary, actuationDiskSource, "actuationDiskSource");
addNamedToRunTimeSelectionTable(functionObject, fieldValueDelta, dictionary, fieldValueDifference);
makeFvOption(SemiImplicitSource, scalar);
#define makeFvOption(Option, Type) \
    addToRunTimeSelectionTable(option, Option##Type, dictionary)
addToRunTimeSelectionTable(fvPatchScalarField, x, dictionary);
`
	var got []string
	for _, h := range scanClasses(newCFile("src/a/a.C", src)) {
		got = append(got, h.vocab+" "+h.name)
	}
	want := []string{
		"fvOptions class:rotorDiskSource", "dynamicFvMeshes class:movingConeTopoFvMesh",
		"fvModels actuationDiskSource", "functionObjects fieldValueDifference", "fvOptions scalarSemiImplicitSource",
	}
	if !slices.Equal(got, want) {
		t.Errorf("scanClasses = %q, want %q", got, want)
	}
	if h := scanClasses(newCFile("src/faOptions/s/s.C", "addToRunTimeSelectionTable(option, externalFileSource, dictionary);")); len(h) != 0 {
		t.Errorf("fa::option registered as an fvOption: %v", h)
	}
}

// TestReleaseClasses: the classes mined from each release's own sources include the ones
// its tutorials select (FOAM-SEC-009 denied them with v1912's lists) and leave out what
// its Make/files do not compile and the TypeNames of other classes of the same name.
func TestReleaseClasses(t *testing.T) {
	dir := os.Getenv("FOAMC_RELEASES_DIR")
	if dir == "" {
		dir = filepath.Join(foamtest.RepoRoot(), ".cache", "releases")
	}
	roots := map[string]string{
		"v1912":          foamtest.SourceDir(t),
		"OpenFOAM-v2506": filepath.Join(dir, "OpenFOAM-v2506"),
		"OpenFOAM-12":    filepath.Join(dir, "OpenFOAM-12"),
	}
	type want struct{ vocab, name string }
	has := map[string][]want{
		"v1912": {{"fvOptions", "constantHeatTransfer"}, {"fvOptions", "scalarSemiImplicitSource"}, {"motionSolvers", "rigidBodyMotion"},
			{"dynamicFvMeshes", "movingConeTopoFvMesh"}, {"functionObjects", "psiReactionsSensitivityAnalysis"}},
		"OpenFOAM-v2506": {{"fvOptions", "atmCoriolisUSource"}, {"fvOptions", "topOSource"}, {"fvOptions", "patchCellsSource"},
			{"functionObjects", "bladeForces"}, {"functionObjects", "fieldStatistics"}, {"dynamicFvMeshes", "dynamicMotionSolverFvMeshAMI"},
			{"dynamicFvMeshes", "staticOversetFvMesh"}, {"motionSolvers", "displacementPointSmoothing"}, {"motionSolvers", "multiDisplacement"}},
		"OpenFOAM-12": {{"fvModels", "semiImplicitSource"}, {"fvModels", "actuationDiskSource"}, {"fvModels", "compressible::VoFCavitation"},
			{"fvConstraints", "limitTemperature"}, {"motionSolvers", "motionSolverList"}, {"solidBodyMotionFunctions", "sixDoFMotion"},
			{"fvMeshMovers", "motionSolver"}, {"fvMeshTopoChangers", "refiner"}},
	}
	hasNot := map[string][]want{
		"v1912":          {{"fvOptions", "constant"}, {"dynamicFvMeshes", "linearValveFvMesh"}},
		"OpenFOAM-v2506": {{"dynamicFvMeshes", "mixerFvMesh"}, {"fvOptions", "externalFileSource"}},
	}
	for rel, root := range roots {
		if st, err := os.Stat(filepath.Join(root, "src")); err != nil || !st.IsDir() {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s/src is missing under CI=true: run `make openfoam-releases`", root)
			}
			t.Skipf("%s/src is missing (run `make openfoam-releases`)", root)
		}
		files, err := sourceFiles(root)
		if err != nil {
			t.Fatal(err)
		}
		v, err := scanVocab(root, files)
		if err != nil {
			t.Fatal(err)
		}
		lists := v.Classes
		lists["functionObjects"] = v.FunctionObjects
		for _, w := range has[rel] {
			if !slices.Contains(lists[w.vocab], w.name) {
				t.Errorf("%s: %s lacks %s", rel, w.vocab, w.name)
			}
		}
		for _, w := range hasNot[rel] {
			if slices.Contains(lists[w.vocab], w.name) {
				t.Errorf("%s: %s has %s", rel, w.vocab, w.name)
			}
		}
	}
}
