package foamtest

import (
	"os"
	"testing"

	"github.com/foamc/foamc/openfoam"
)

// Dir12 returns the Foundation OpenFOAM 12 installation (openfoam.Dir12: $FOAMC_OPENFOAM_12_DIR,
// else .cache/of12/OpenFOAM-12 above the working directory or under the repository root) or
// fails (CI=true) / skips; `make openfoam12` installs it.
func Dir12(t testing.TB) string {
	t.Helper()
	d := openfoam.Dir12()
	if d == "" {
		d = openfoam.Dir12Under(RepoRoot())
	}
	if d == "" {
		missing12(t)
	}
	return d
}

// Env12 is the environment of Foundation 12's programs (openfoam.Env12) or fails/skips.
func Env12(t testing.TB) []string {
	t.Helper()
	env, err := openfoam.Env12(Dir12(t))
	if err != nil {
		t.Fatal(err)
	}
	return env
}

func missing12(t testing.TB) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("Foundation OpenFOAM 12 is missing under CI=true: run `make openfoam12` (or set %s)", openfoam.Release12Env)
	}
	t.Skipf("Foundation OpenFOAM 12 is missing (run `make openfoam12` or set %s)", openfoam.Release12Env)
}
