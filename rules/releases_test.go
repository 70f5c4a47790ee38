package rules

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/openfoam"
)

// releaseSample is a fixed sample of each release's tutorials (the whole trees are
// `make lint-releases`): valid cases of their release, so no deny but the code-security ones.
var releaseSample = map[string][]string{
	"OpenFOAM-12": {
		"incompressibleFluid/pitzDaily", "incompressibleVoF/damBreakLaminar", "incompressibleFluid/cavity", "incompressibleFluid/motorBike/motorBike", "fluid/buoyantCavity",
		"incompressibleVoF/damBreak", "shockFluid/forwardStep", "mesh/blockMesh/pipe",
		// $FOAM_TUTORIALS/resources includes; mappedInternalValue's interpolationScheme
		"multiphaseEuler/wallBoilingIATE", "incompressibleFluid/mixerVessel2D",
	},
	"OpenFOAM-v2506": {
		"incompressible/simpleFoam/pitzDaily", "multiphase/interFoam/laminar/damBreak/damBreak",
		"heatTransfer/buoyantSimpleFoam/buoyantCavity", "compressible/rhoPimpleFoam/RAS/angledDuct",
		"multiphase/interFoam/RAS/damBreak/damBreak", // `density variable`: div(rhoPhi,k)
	},
}

// releasesDir holds the unpacked release sources (make releases; $FOAMC_RELEASES).
func releasesDir(t *testing.T) string {
	d := os.Getenv("FOAMC_RELEASES")
	if d == "" {
		d = filepath.Join(foamtest.RepoRoot(), ".cache", "releases")
	}
	if _, err := os.Stat(filepath.Join(d, "OpenFOAM-12", "tutorials")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the release sources are missing under CI=true (%s)", d)
		}
		t.Skipf("the release sources are missing (%s)", d)
	}
	return d
}

// TestReleaseTutorialSample lints the sample as `foamc lint` does: each case is detected
// as its release (FOAM-REL-001) and gets no deny other than FOAM-SEC-*.
func TestReleaseTutorialSample(t *testing.T) {
	root := releasesDir(t)
	e, err := New(context.Background(), Options{KBJSON: kb.DefaultRulesJSON,
		Releases: kb.ReleaseData, DefaultRelease: openfoam.ReleaseV1912, Profiles: kb.Profiles})
	if err != nil {
		t.Fatal(err)
	}
	for rel, cases := range releaseSample {
		src := filepath.Join(root, rel)
		id, _, _ := openfoam.CanonicalRelease(rel)
		// the environment its etc/bashrc gives a user of the release
		env := map[string]string{"WM_PROJECT_DIR": src, "FOAM_ETC": filepath.Join(src, "etc"), "FOAM_TUTORIALS": filepath.Join(src, "tutorials")}
		getenv := func(k string) (string, bool) {
			if v, ok := env[k]; ok {
				return v, true
			}
			return os.LookupEnv(k)
		}
		for _, c := range cases {
			t.Run(rel+"/"+c, func(t *testing.T) {
				res, err := e.LintDir(context.Background(), filepath.Join(src, "tutorials", c), foamcase.Options{Env: getenv})
				if err != nil {
					t.Fatal(err)
				}
				judged := false
				for _, f := range res.Findings {
					if f.ID == idRelease && strings.Contains(f.Summary, "judged as "+id+" ") {
						judged = true
					}
					if f.Severity == finding.Deny && !strings.HasPrefix(f.ID, "FOAM-SEC-") {
						t.Errorf("%s %s: %s", f.Location, f.ID, f.Summary)
					}
				}
				if !judged {
					t.Errorf("no FOAM-REL-001 judging the case as %s: %v", id, res.Findings)
				}
			})
		}
	}
}
