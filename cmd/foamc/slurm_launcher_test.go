package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/internal/slurmtest"
)

// launchLine is the 1-based line of job.slurm that launches the solver with launcher.
func launchLine(t *testing.T, dir, launcher string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "job.slurm"))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, launcher+" ") && strings.Contains(l, "icoFoam -parallel") {
			return i + 1
		}
	}
	t.Fatalf("job.slurm has no %s line:\n%s", launcher, b)
	return 0
}

// lineOf is the line number of the first job.slurm line equal to text.
func lineOf(t *testing.T, dir, text string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "job.slurm"))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(b), "\n") {
		if l == text {
			return i + 1
		}
	}
	t.Fatalf("job.slurm has no line %q:\n%s", text, b)
	return 0
}

// TestSlurmWithoutPMIx runs the cavity job on a cluster whose node cannot load PMIx: a second
// cluster (scripts/slurm-cluster.sh, FOAMC_SLURM_NO_PMIX=1) whose slurmd, and so every job,
// sees /usr/lib/x86_64-linux-gnu/pmix2/lib as Debian's libpmix2 alone installs it, without
// libpmix-dev's libpmix.so that Slurm's mpi/pmix plugin dlopens; the submit host keeps it.
//   - the preflight refuses the job in seconds, before queueing: FOAM-RUN-011 at job.slurm's
//     srun line, srun's own "can not load PMIx library", and the types that do load there;
//   - submitted anyway (--no-preflight), the job fails in icoFoam and is classified
//     launcher/mpi-plugin with the same rule and fix, not unknown/other;
//   - the fix works: the same spec with launcher: mpirun passes the preflight and completes.
func TestSlurmWithoutPMIx(t *testing.T) {
	requireParallel(t)
	t.Setenv("SLURM_CONF", slurmtest.Start(t, slurmtest.Cluster{Name: "nopmix", Port: 6927, NoPMIx: true}))

	dir := filepath.Join(t.TempDir(), "pmix")
	compileTo(t, slurmSpec(t, "0.1"), dir)
	srunLine := launchLine(t, dir, "srun --mpi=pmix")
	start := time.Now()
	res, code, log := runCase(t, dir, "--slurm")
	took := time.Since(start)
	if code != exitDeny || res.Status != "refused" || len(res.Gate) != 1 || res.Job != nil {
		t.Fatalf("preflight: exit %d %+v\n%s", code, res, log)
	}
	g := res.Gate[0]
	if g.ID != "FOAM-RUN-011" || g.Severity != "deny" || g.Location.File != "job.slurm" || g.Location.Line != srunLine || g.Location.Column != 6 ||
		!strings.Contains(g.Summary, "can not load PMIx library") || !strings.Contains(g.Summary, "Invalid MPI type 'pmix'") ||
		g.Repair == nil || g.Repair.Suggest == nil || g.Repair.Suggest.Word != "pmix" || !slices.Contains(g.Repair.Suggest.Candidates, "pmi2") ||
		slices.Contains(g.Repair.Suggest.Candidates, "pmix_v4") || !strings.Contains(g.Fix, "launcher: mpirun") {
		t.Fatalf("preflight finding %+v repair %+v", g, g.Repair)
	}
	if _, err := os.Stat(filepath.Join(dir, "job.slurm.id")); err == nil {
		t.Fatal("the preflight refused the job but a job was submitted")
	}
	t.Logf("preflight refused in %s: %s:%d:%d [%s] %s; candidates %v", took.Round(time.Millisecond), g.Location.File, g.Location.Line, g.Location.Column, g.ID, g.Summary, g.Repair.Suggest.Candidates)
	if took > 30*time.Second {
		t.Errorf("the preflight took %s", took)
	}

	res, code, log = runCase(t, dir, "--slurm", "--no-preflight")
	f := res.Failure
	if code != exitSolverFailed || res.Status != "failed" || res.Job == nil || res.Job.State != "FAILED" || res.Job.FailedStep != "icoFoam" || f == nil ||
		f.Class != "launcher" || f.Kind != "mpi-plugin" || f.Rule != "FOAM-RUN-011" || f.File != "job.slurm" || f.Line != srunLine || f.Keyword != "pmix" ||
		!strings.Contains(f.Summary, "can not load PMIx library") || !strings.Contains(f.Summary, "Invalid MPI type 'pmix'") ||
		!strings.Contains(f.Summary, "launcher: mpirun") || !slices.Contains(f.Valid, "pmi2") || slices.Contains(f.Valid, "pmix_v4") {
		t.Fatalf("--no-preflight: exit %d %+v failure %+v job %+v\n%s", code, res, f, res.Job, log)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "log.icoFoam")); !strings.Contains(string(b), "can not load PMIx library") {
		t.Fatalf("log.icoFoam does not show the PMIx failure the test is about:\n%s", b)
	}
	t.Logf("job %s %s in %s: [%s/%s] %s (%s:%d, rule %s, valid %v)", res.Job.ID, res.Job.State, res.Job.FailedStep, f.Class, f.Kind, f.Summary, f.File, f.Line, f.Rule, f.Valid)

	fixed := filepath.Join(t.TempDir(), "mpirun")
	compileTo(t, slurmSpec(t, "0.1", "launcher: mpirun"), fixed)
	res, code, log = runCase(t, fixed, "--slurm")
	if code != 0 || res.Status != "ok" || res.Job == nil || res.Job.State != "COMPLETED" || res.Steps != 20 || !strings.Contains(log, "preflight: passed") {
		t.Fatalf("launcher: mpirun: exit %d %+v\n%s", code, res, log)
	}
}

// TestSlurmPreflight: the preflight refuses a partition the cluster does not have (with its
// partitions as candidates) and a job whose set-up leaves the solver and srun off the node's
// PATH, each located in job.slurm, before anything is queued.
func TestSlurmPreflight(t *testing.T) {
	requireParallel(t)
	for _, c := range []struct {
		name, extra string
		want        []string // IDs
		check       func(t *testing.T, res runJSON, dir string)
		args        []string
	}{
		{"partition", "partition: nosuch", []string{"FOAM-RUN-010"}, func(t *testing.T, res runJSON, dir string) {
			g := res.Gate[0]
			if g.Location.Line == 0 || g.Repair == nil || g.Repair.Suggest == nil || g.Repair.Suggest.Word != "nosuch" || !slices.Contains(g.Repair.Suggest.Candidates, "debug") {
				t.Errorf("partition finding %+v", g)
			}
		}, nil},
		{"path", `setup: ["export PATH=/nonexistent"]`, []string{"FOAM-RUN-012", "FOAM-RUN-012"}, func(t *testing.T, res runJSON, dir string) {
			line := launchLine(t, dir, "srun --mpi=pmix")
			var what []string
			for _, g := range res.Gate {
				if g.Location.Line != line {
					t.Errorf("finding at line %d, the srun line is %d: %+v", g.Location.Line, line, g)
				}
				what = append(what, strings.Fields(g.Summary)[0])
			}
			if slices.Sort(what); !slices.Equal(what, []string{"icoFoam", "srun"}) {
				t.Errorf("not on the PATH: %v, want icoFoam and srun", what)
			}
		}, []string{"--allow-code"}}, // a set-up line that sets PATH is shell foamc does not judge
		// Without --allow-code, the set-up line itself is refused before the preflight.
		{"script", `setup: ["export PATH=/nonexistent"]`, []string{"FOAM-RUN-029"}, func(t *testing.T, res runJSON, dir string) {
			if g := res.Gate[0]; g.Location.Line != lineOf(t, dir, "export PATH=/nonexistent") {
				t.Errorf("finding at line %d: %+v", g.Location.Line, g)
			}
		}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), c.name)
			compileTo(t, slurmSpec(t, "0.1", c.extra), dir)
			res, code, log := runCase(t, append([]string{dir, "--slurm"}, c.args...)...)
			var ids []string
			for _, g := range res.Gate {
				ids = append(ids, g.ID)
				if g.Severity != "deny" || g.Location.File != "job.slurm" || g.Fix == "" {
					t.Errorf("finding %+v", g)
				}
				t.Logf("%s:%d:%d [%s] %s", g.Location.File, g.Location.Line, g.Location.Column, g.ID, g.Summary)
			}
			if code != exitDeny || res.Status != "refused" || res.Job != nil || !slices.Equal(ids, c.want) {
				t.Fatalf("exit %d %+v, want refused with %v\n%s", code, res, c.want, log)
			}
			c.check(t, res, dir)
		})
	}
}

// TestSlurmMPIStartup runs the cavity job with srun --mpi=pmi2: the plugin loads (the
// preflight passes), but Debian's Open MPI was not built with Slurm's PMI-2, so its ranks
// stop in MPI_Init. The failure is launcher/mpi-startup (FOAM-RUN-013) at the srun line.
func TestSlurmMPIStartup(t *testing.T) {
	requireParallel(t)
	dir := filepath.Join(t.TempDir(), "pmi2")
	compileTo(t, slurmSpec(t, "0.1", "mpi: pmi2"), dir)
	res, code, log := runCase(t, dir, "--slurm")
	f := res.Failure
	if code != exitSolverFailed || res.Status != "failed" || res.Job == nil || res.Job.FailedStep != "icoFoam" || !strings.Contains(log, "preflight: passed") || f == nil ||
		f.Class != "launcher" || f.Kind != "mpi-startup" || f.Rule != "FOAM-RUN-013" || f.File != "job.slurm" || f.Line != launchLine(t, dir, "srun --mpi=pmi2") ||
		!strings.Contains(f.Summary, "OMPI was not built with SLURM's PMI support") {
		t.Fatalf("exit %d %+v failure %+v job %+v\n%s", code, res, f, res.Job, log)
	}
	t.Logf("job %s %s in %s: [%s/%s] %s (%s:%d, rule %s)", res.Job.ID, res.Job.State, res.Job.FailedStep, f.Class, f.Kind, f.Summary, f.File, f.Line, f.Rule)
}
