// Package slurmtest finds a running Slurm cluster for tests, and starts more of them. Under
// CI=true a missing one fails the test instead of skipping it, as foamtest does for
// OpenFOAM: `make test` installs slurm-wlm and munge and brings a one-node cluster up
// around the tests (make slurm-up).
//
// The clusters are scripts/slurm-cluster.sh's: each lives in its own state directory, and
// its clients find it through SLURM_CONF. The tests never use the machine's own Slurm
// (/etc/slurm/slurm.conf): a cluster node's tests must not submit to the real cluster.
package slurmtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// DefaultConf is the slurm.conf of the cluster `make slurm-up` starts
// (scripts/slurm-cluster.sh's default state directory).
const DefaultConf = "/var/lib/foamc-slurm/slurm.conf"

// Require fails (CI) or skips the test unless sbatch is installed and the test cluster's
// controller answers with at least one usable node. The cluster is $SLURM_CONF's, else the
// one `make slurm-up` started (SLURM_CONF is then set for the test).
func Require(t testing.TB) {
	t.Helper()
	for _, c := range []string{"sbatch", "squeue", "scancel", "scontrol", "sinfo", "srun"} {
		if _, err := exec.LookPath(c); err != nil {
			missing(t, "Slurm client "+c)
		}
	}
	if os.Getenv("SLURM_CONF") == "" {
		if _, err := os.Stat(DefaultConf); err != nil {
			missing(t, "the test cluster ("+DefaultConf+", or SLURM_CONF)")
		}
		t.Setenv("SLURM_CONF", DefaultConf)
	}
	if err := usable(); err != nil {
		missing(t, err.Error())
	}
}

// usable reports whether the cluster SLURM_CONF names has an idle, mixed or allocated node.
func usable() error {
	out, err := exec.Command("sinfo", "-h", "-o", "%T").CombinedOutput()
	if err != nil {
		return fmt.Errorf("a running Slurm cluster (SLURM_CONF=%s; sinfo: %s)", os.Getenv("SLURM_CONF"), strings.TrimSpace(string(out)))
	}
	for _, st := range strings.Fields(string(out)) {
		if strings.HasPrefix(st, "idle") || strings.HasPrefix(st, "mixed") || strings.HasPrefix(st, "allocated") {
			return nil
		}
	}
	return fmt.Errorf("a usable Slurm node (SLURM_CONF=%s; sinfo: %s)", os.Getenv("SLURM_CONF"), strings.TrimSpace(string(out)))
}

func missing(t testing.TB, what string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is missing under CI=true: make test starts one (make slurm-deps slurm-up)", what)
	}
	t.Skipf("%s is missing (sudo make slurm-deps slurm-up)", what)
}

// Cluster is a further one-node cluster a test starts beside the test cluster.
type Cluster struct {
	Name string // ClusterName, and the state directory /var/lib/foamc-slurm-<Name>
	Port int    // slurmctld's port; slurmd listens on the next one
	// NoPMIx starts slurmd where libpmix-dev's libpmix.so is hidden (FOAMC_SLURM_NO_PMIX):
	// srun --mpi=pmix in a job cannot load the PMIx library.
	NoPMIx bool
}

// Start brings the cluster up with scripts/slurm-cluster.sh (as root, else through sudo -n)
// and returns its slurm.conf; when the test ends it stops the daemons the script started and
// removes the state directory. It fails (CI) or skips when the cluster cannot be started.
func Start(t testing.TB, c Cluster) string {
	t.Helper()
	state := "/var/lib/foamc-slurm-" + c.Name
	env := []string{"FOAMC_SLURM_STATE=" + state, fmt.Sprintf("FOAMC_SLURM_PORT=%d", c.Port), "FOAMC_SLURM_NAME=" + c.Name}
	if c.NoPMIx {
		env = append(env, "FOAMC_SLURM_NO_PMIX=1")
	}
	script := filepath.Join(RepoRoot(t), "scripts", "slurm-cluster.sh")
	t.Cleanup(func() {
		if out, err := AsRoot(append(env, script, "down")...).CombinedOutput(); err != nil {
			t.Errorf("stopping cluster %s: %v\n%s", c.Name, err, out)
		}
		if out, err := AsRoot("rm", "-rf", state).CombinedOutput(); err != nil {
			t.Errorf("removing %s: %v\n%s", state, err, out)
		}
	})
	if out, err := AsRoot(append(env, script, "up")...).CombinedOutput(); err != nil {
		missing(t, fmt.Sprintf("cluster %s (%s up: %v\n%s)", c.Name, script, err, out))
	} else {
		t.Logf("%s", strings.TrimSpace(string(out)))
	}
	return filepath.Join(state, "slurm.conf")
}

// AsRoot runs `env args...` as root: directly when the test is root, else with sudo -n
// (never a password prompt).
func AsRoot(args ...string) *exec.Cmd {
	if os.Geteuid() == 0 {
		return exec.Command("env", args...)
	}
	return exec.Command("sudo", append([]string{"-n", "env"}, args...)...)
}

// RepoRoot is the directory of go.mod above the test's working directory.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}
