// Package slurmtest finds a running Slurm cluster for tests. Under CI=true a missing one
// fails the test instead of skipping it, as foamtest does for OpenFOAM: `make test` installs
// slurm-wlm and munge and brings a one-node cluster up around the tests (make slurm-up).
package slurmtest

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Require fails (CI) or skips the test unless sbatch is installed and a controller answers
// with at least one usable node.
func Require(t testing.TB) {
	t.Helper()
	for _, c := range []string{"sbatch", "squeue", "scancel", "scontrol", "sinfo"} {
		if _, err := exec.LookPath(c); err != nil {
			missing(t, "Slurm client "+c)
		}
	}
	out, err := exec.Command("sinfo", "-h", "-o", "%T").CombinedOutput()
	if err != nil {
		missing(t, "a running Slurm cluster (sinfo: "+strings.TrimSpace(string(out))+")")
	}
	for _, st := range strings.Fields(string(out)) {
		if strings.HasPrefix(st, "idle") || strings.HasPrefix(st, "mixed") || strings.HasPrefix(st, "allocated") {
			return
		}
	}
	missing(t, "a usable Slurm node (sinfo: "+strings.TrimSpace(string(out))+")")
}

func missing(t testing.TB, what string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is missing under CI=true: make test starts one (make slurm-deps slurm-up)", what)
	}
	t.Skipf("%s is missing (sudo make slurm-deps slurm-up)", what)
}
