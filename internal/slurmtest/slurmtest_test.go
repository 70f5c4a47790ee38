package slurmtest

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// foreignConf is a site's own Slurm configuration, as on a cluster node: another controller
// on Slurm's default ports.
const foreignConf = `# a site's own Slurm (TestClusterBesideForeignSlurm)
ClusterName=site
SlurmctldHost=headnode(10.255.255.1)
AuthType=auth/munge
NodeName=node[01-04] CPUs=64 State=UNKNOWN
PartitionName=batch Nodes=node[01-04] Default=YES State=UP
`

// TestClusterBesideForeignSlurm puts a foreign /etc/slurm/slurm.conf on the machine (the one
// there is kept and restored) and starts another test cluster beside the running one: it
// must come up without touching /etc/slurm or /etc/munge, run a job, and leave the running
// test cluster working, each cluster answering only for itself.
func TestClusterBesideForeignSlurm(t *testing.T) {
	Require(t)
	const etc = "/etc/slurm/slurm.conf"
	mainConf := os.Getenv("SLURM_CONF")
	old, err := os.ReadFile(etc)
	switch {
	case err == nil:
		t.Cleanup(func() { writeRoot(t, etc, old) })
	case os.IsNotExist(err):
		t.Cleanup(func() {
			if out, err := AsRoot("rm", "-f", etc).CombinedOutput(); err != nil {
				t.Errorf("removing %s: %v %s", etc, err, out)
			}
		})
	default:
		t.Fatal(err)
	}
	writeRoot(t, etc, []byte(foreignConf))
	before := etcDigest(t)

	conf := Start(t, Cluster{Name: "beside", Port: 6937})
	for _, c := range []struct{ conf, cluster string }{{conf, "beside"}, {mainConf, clusterName(t, mainConf)}} {
		dir := t.TempDir()
		cmd := exec.Command("sbatch", "--wait", "--parsable", "--chdir="+dir, "--output=out.txt", "--wrap", "echo cluster $SLURM_CLUSTER_NAME")
		cmd.Env = append(os.Environ(), "SLURM_CONF="+c.conf)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("sbatch on %s: %v\n%s", c.conf, err, out)
		}
		out, err := os.ReadFile(filepath.Join(dir, "out.txt"))
		if err != nil || strings.TrimSpace(string(out)) != "cluster "+c.cluster {
			t.Fatalf("job on %s: %v %q, want cluster %s", c.conf, err, out, c.cluster)
		}
		t.Logf("SLURM_CONF=%s: job ran on cluster %s", c.conf, c.cluster)
	}
	if after := etcDigest(t); after != before {
		t.Fatalf("/etc/slurm or /etc/munge changed while the cluster ran:\nbefore %s\nafter  %s", before, after)
	}
	if b, _ := os.ReadFile(etc); !bytes.Equal(b, []byte(foreignConf)) {
		t.Fatalf("%s was rewritten:\n%s", etc, b)
	}
}

func clusterName(t *testing.T, conf string) string {
	t.Helper()
	b, err := os.ReadFile(conf)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "ClusterName="); ok {
			return v
		}
	}
	t.Fatalf("%s has no ClusterName", conf)
	return ""
}

// writeRoot writes a file as root (install through sudo -n when the test is not root).
func writeRoot(t *testing.T, path string, b []byte) {
	t.Helper()
	tmp := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := AsRoot("install", "-D", "-m", "0644", tmp, path).CombinedOutput(); err != nil {
		missing(t, fmt.Sprintf("root to write %s (%v %s)", path, err, out))
	}
}

// etcDigest lists every file under /etc/slurm and /etc/munge with its size, mode and content
// digest (read as root: the munge key is the munge user's).
func etcDigest(t *testing.T) string {
	t.Helper()
	out, err := AsRoot("sh", "-c", "find /etc/slurm /etc/munge -type f -exec sha256sum {} + 2>/dev/null | sort; find /etc/slurm /etc/munge -printf '%p %s %m %T@\\n' 2>/dev/null | sort").Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("reading /etc/slurm and /etc/munge: %v", err)
	}
	return fmt.Sprintf("%x", sha256.Sum256(out))
}
