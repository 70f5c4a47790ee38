package runner

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadJobScript reads what the preflight needs from a compiled job.slurm and from a
// hand-written one (short options, mpirun, a blank --mpi), and the probe it builds is valid bash.
func TestReadJobScript(t *testing.T) {
	for _, c := range []struct {
		name, script, solver string
		want                 jobScript
		preEnd               string // the preamble's last line
	}{
		{"compiled", `#!/bin/bash
#SBATCH --job-name=cavity
#SBATCH --ntasks=2
#SBATCH --partition=debug
#SBATCH --account=abc123
#SBATCH --output=log.slurm-%j
set -e
[ -f system/controlDict ] || cd "$SLURM_SUBMIT_DIR"
module load openfoam/v1912
run() { log="log.$1"; rm -f "$log"; echo "Running $*"; "$@" > "$log" 2>&1 || { tail -n 30 "$log"; exit 1; }; }
run blockMesh
run decomposePar -force
log=log.icoFoam; rm -f $log; echo "Running icoFoam in parallel on 2 processors"
srun --mpi=pmix icoFoam -parallel > $log 2>&1 || { tail -n 30 $log; exit 1; }
run reconstructPar -latestTime
`, "icoFoam", jobScript{partition: "debug", account: "abc123", partLine: 4, launcher: "srun", mpi: "pmix", launchLine: 14, mpiCol: 6},
			`run() { log="log.$1"; rm -f "$log"; echo "Running $*"; "$@" > "$log" 2>&1 || { tail -n 30 "$log"; exit 1; }; }`},
		{"hand-written", `#!/bin/bash
#SBATCH -p batch -A proj
#SBATCH -n 4
source /opt/openfoam/etc/bashrc
blockMesh
mpirun -np 4 simpleFoam -parallel
`, "simpleFoam", jobScript{partition: "batch", account: "proj", partLine: 2, launcher: "mpirun", launchLine: 6}, "source /opt/openfoam/etc/bashrc"},
		{"serial", "#!/bin/bash\nexport X=1\nrun() { \"$@\"; }\nrun blockMesh\nrun icoFoam\n", "icoFoam",
			jobScript{launchLine: 5}, `run() { "$@"; }`},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), JobScript)
			if err := os.WriteFile(p, []byte(c.script), 0o644); err != nil {
				t.Fatal(err)
			}
			j, err := readJobScript(p, c.solver)
			if err != nil {
				t.Fatal(err)
			}
			pre := strings.Split(j.preamble, "\n")
			if last := pre[len(pre)-1]; last != c.preEnd {
				t.Errorf("preamble ends with %q, want %q", last, c.preEnd)
			}
			j.preamble = ""
			if j != c.want {
				t.Errorf("got  %+v\nwant %+v", j, c.want)
			}
			j.preamble = strings.Join(pre, "\n")
			if out, err := exec.Command("bash", "-n", "-c", j.probeScript(c.solver)).CombinedOutput(); err != nil {
				t.Errorf("probe script: %v %s\n%s", err, out, j.probeScript(c.solver))
			}
		})
	}
}
