package runner

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/foamc/foamc/finding"
)

// The findings of `foamc run --slurm`'s preflight, and the rules of a job whose launcher failed
// (Failure.Rule).
const (
	IDSlurmPartition = "FOAM-RUN-010" // the job's partition does not exist
	IDSlurmMPI       = "FOAM-RUN-011" // srun cannot load the plugin of the job's --mpi type on the node
	IDSlurmPath      = "FOAM-RUN-012" // the solver or the launcher is not on the node's PATH
	IDSlurmStartup   = "FOAM-RUN-013" // the job's MPI could not start the solver's ranks
)

// jobScript is what the preflight reads from job.slurm.
type jobScript struct {
	partition, account string
	partLine           int
	// launch is the line that runs the solver: its launcher (srun, mpirun, mpiexec; "" for a
	// serial run), srun's --mpi type ("" for the cluster's MpiDefault) and where it is.
	launcher, mpi      string
	launchLine, mpiCol int
	// preamble is the script up to its first step: the environment (modules, setup) the
	// steps run in.
	preamble string
}

var reMPIArg = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`--mpi[= ](\S+)`) })

// readJobScript reads the #SBATCH partition and account, the solver's launch line and the
// preamble. A step is a line whose first word is the run helper (`run X`, not its definition),
// a launcher, a mesh or decomposition utility, the solver, or the solver's `log=` line.
func readJobScript(path, solver string) (jobScript, error) {
	var j jobScript
	b, err := os.ReadFile(path)
	if err != nil {
		return j, fmt.Errorf("runner: %w", err)
	}
	steps := map[string]bool{"run": true, "srun": true, "mpirun": true, "mpiexec": true, "blockMesh": true, "decomposePar": true, solver: true}
	var pre []string
	inPre := true
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		fs := strings.Fields(l)
		if len(fs) >= 2 && fs[0] == "#SBATCH" {
			for i, o := range fs[1:] {
				val := func(long, short string) (string, bool) {
					if v, ok := strings.CutPrefix(o, long+"="); ok {
						return v, true
					}
					if (o == long || o == short) && i+2 < len(fs) {
						return fs[i+2], true
					}
					return "", false
				}
				if v, ok := val("--partition", "-p"); ok {
					j.partition, j.partLine = v, n
				}
				if v, ok := val("--account", "-A"); ok {
					j.account = v
				}
			}
			continue
		}
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			if inPre {
				pre = append(pre, l)
			}
			continue
		}
		if inPre && (steps[fs[0]] || strings.HasPrefix(fs[0], "log=")) {
			inPre = false
		}
		if inPre {
			pre = append(pre, l)
		}
		if j.launchLine == 0 && slices.Contains(fs, solver) && fs[0] != "run" {
			for _, w := range fs {
				if w == "srun" || w == "mpirun" || w == "mpiexec" {
					j.launcher, j.launchLine = w, n
					break
				}
			}
			if j.launcher == "srun" {
				if m := reMPIArg().FindStringSubmatchIndex(l); m != nil {
					j.mpi, j.mpiCol = strings.Trim(l[m[2]:m[3]], `"'`), m[0]+1
				}
			}
		}
	}
	if j.launchLine == 0 {
		for n, l := range strings.Split(string(b), "\n") {
			if fs := strings.Fields(l); len(fs) >= 2 && fs[0] == "run" && fs[1] == solver {
				j.launchLine = n + 1
			}
		}
	}
	j.preamble = strings.Join(pre, "\n")
	return j, nil
}

// probeMark starts every line the node probe reports on.
const probeMark = "foamc-preflight:"

// probeScript runs on a node in the job's environment: it reports where the solver and the
// launcher are, and which srun MPI types load there (`srun --test-only` loads the type's
// plugin as the job's srun does, and fails with "Invalid MPI type" when it cannot; it
// allocates nothing).
func (j jobScript) probeScript(solver string) string {
	var b strings.Builder
	b.WriteString(j.preamble + "\n")
	// The checks report rather than stop (the preamble may have set -e).
	fmt.Fprintf(&b, "set +e\necho %s env-ok\n", probeMark)
	for _, c := range []string{solver, j.launcher} {
		if c != "" {
			fmt.Fprintf(&b, "if p=$(command -v %[2]s); then echo \"%[1]s found %[2]s $p\"; else echo \"%[1]s missing %[2]s\"; fi\n", probeMark, c)
		}
	}
	if j.launcher == "srun" {
		// The job's type ("default": the cluster's MpiDefault), then every type srun
		// --mpi=list offers on the node.
		fmt.Fprintf(&b, `types=$(srun --mpi=list 2>&1 | sed -n 's/^[[:space:]]\+\([a-z0-9_]\+\)$/\1/p; s/^specific pmix plugin versions available: //p' | tr ', ' '\n\n')
for t in $(printf '%%s\n' %s $types | awk 'NF && !seen[$0]++'); do
  if [ "$t" = default ]; then out=$(srun --test-only -n1 true 2>&1); else out=$(srun --mpi="$t" --test-only -n1 true 2>&1); fi && ok=1 || ok=
  case $ok$out in
  1*) echo "%[2]s mpi-ok $t" ;;
  *"Invalid MPI type"*) echo "%[2]s mpi-fail $t"; printf '%%s\n' "$out" | sed "s/^/%[2]s mpi-out $t /" ;;
  esac
done
`, shellQuote(j.mpiType()), probeMark)
	}
	return b.String()
}

// mpiType is the srun --mpi type the job uses; "default" is the cluster's MpiDefault.
func (j jobScript) mpiType() string { return firstNonEmpty(j.mpi, "default") }

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// preflight checks, before sbatch, what the job needs from the cluster and learns only after
// queueing otherwise: the partition exists (scontrol), and on a node of it, in the job's
// environment (the preamble of job.slurm), the solver and the launcher are on the PATH and
// srun's MPI type loads. The node checks run as a one-task step that must start within 20 s
// (srun --immediate); when it cannot start (no free node, an account the partition refuses)
// or the set-up fails there, the log says so and the job is submitted: sbatch and the job
// report those themselves.
func (s slurm) preflight(ctx context.Context, dir, solver string, log io.Writer) ([]finding.Finding, error) {
	j, err := readJobScript(filepath.Join(dir, JobScript), solver)
	if err != nil {
		return nil, err
	}
	loc := func(line, col int) finding.Location {
		return finding.Location{File: JobScript, Line: line, Column: col}
	}
	if j.partition != "" {
		if _, err := s.cmd(ctx, "scontrol", "show", "partition", "-o", j.partition); err != nil {
			out, _ := s.cmd(ctx, "sinfo", "-h", "-o", "%R")
			parts := strings.Fields(out)
			slices.Sort(parts)
			parts = slices.Compact(parts)
			return []finding.Finding{{ID: IDSlurmPartition, Severity: finding.Deny, Location: loc(j.partLine, 1),
				Summary: fmt.Sprintf("partition %q does not exist on this cluster (partitions: %s)", j.partition, strings.Join(parts, ", ")),
				Fix:     "set run.slurm.partition to one of the cluster's partitions (sinfo) and compile again",
				Repair:  &finding.Repair{Suggest: &finding.Suggestion{Word: j.partition, Candidates: parts}}}}, nil
		}
	}
	args := []string{"--immediate=20", "--nodes=1", "--ntasks=1", "--time=1", "--mpi=none", "--quiet", "--job-name=foamc-preflight", "--chdir=" + dir}
	if j.partition != "" {
		args = append(args, "--partition="+j.partition)
	}
	if j.account != "" {
		args = append(args, "--account="+j.account)
	}
	out, perr := s.combined(ctx, "srun", append(args, "bash", "-c", j.probeScript(solver))...)
	var fs []finding.Finding
	found := map[string]bool{}
	var mpiOK []string
	mpiFail := map[string][]string{} // type -> srun's messages
	envOK := false
	for _, l := range strings.Split(out, "\n") {
		rest, ok := strings.CutPrefix(l, probeMark+" ")
		if !ok {
			continue
		}
		w := strings.Fields(rest)
		switch {
		case len(w) == 1 && w[0] == "env-ok":
			envOK = true
		case len(w) >= 2 && w[0] == "found":
			found[w[1]] = true
		case len(w) == 2 && w[0] == "mpi-ok":
			mpiOK = append(mpiOK, w[1])
		case len(w) == 2 && w[0] == "mpi-fail":
			mpiFail[w[1]] = []string{}
		case len(w) > 2 && w[0] == "mpi-out":
			msg := strings.Join(w[2:], " ")
			mpiFail[w[1]] = append(mpiFail[w[1]], strings.TrimPrefix(msg, "srun: error: "))
		}
	}
	if !envOK {
		// The step did not start (no free node, an account the partition refuses) or the
		// job's set-up failed on the node: nothing to judge; sbatch and the job will say more.
		msg := strings.TrimSpace(out)
		if perr != nil && msg == "" {
			msg = perr.Error()
		}
		fmt.Fprintf(log, "preflight: node checks not made (the job's set-up did not run on a node): %s\n", lastLines(msg, 5))
		return nil, nil
	}
	for _, c := range []string{solver, j.launcher} {
		if c != "" && !found[c] {
			fs = append(fs, finding.Finding{ID: IDSlurmPath, Severity: finding.Deny, Location: loc(j.launchLine, 1),
				Summary: fmt.Sprintf("%s is not on the PATH of a node after the job's set-up", c),
				Fix:     "load the module or source the bashrc that provides it (run.slurm.modules, run.slurm.setup) and compile again"})
		}
	}
	if msgs, failed := mpiFail[j.mpiType()]; j.launcher == "srun" && failed {
		var alt []string
		for _, t := range mpiOK {
			if t != "none" && t != "default" {
				alt = append(alt, t)
			}
		}
		slices.Sort(alt)
		fs = append(fs, finding.Finding{ID: IDSlurmMPI, Severity: finding.Deny, Location: loc(j.launchLine, j.mpiCol),
			Summary: fmt.Sprintf("srun --mpi=%s cannot load its MPI plugin on the node: %s", j.mpiType(), strings.Join(msgs, "; ")),
			Fix: fmt.Sprintf("set run.slurm.launcher: mpirun, or run.slurm.mpi to a type that loads there and that your MPI speaks (%s), and compile again; or install the PMIx library Slurm's mpi/pmix plugin loads (Debian: libpmix-dev)",
				strings.Join(alt, ", ")),
			Repair: &finding.Repair{Suggest: &finding.Suggestion{Word: j.mpiType(), Candidates: alt}}})
	}
	finding.Sort(fs)
	if len(fs) == 0 {
		fmt.Fprintf(log, "preflight: passed on a node (%s on the PATH; srun MPI types that load: %s)\n", solver, strings.Join(mpiOK, " "))
	}
	return fs, nil
}

// combined runs a Slurm client command and returns its stdout and stderr together.
func (s slurm) combined(ctx context.Context, name string, args ...string) (string, error) {
	c, err := s.command(ctx, name, args...)
	if err != nil {
		return "", err
	}
	out, err := c.CombinedOutput()
	return string(out), err
}

func lastLines(s string, n int) string {
	ls := strings.Split(strings.TrimSpace(s), "\n")
	if len(ls) > n {
		ls = ls[len(ls)-n:]
	}
	return strings.Join(ls, " | ")
}

// launcherFix locates a launcher failure at the job's launch line, names its rule and, for an
// MPI plugin srun cannot load, the types `srun --mpi=list` offers instead (Valid) and the fix.
func (s slurm) launcherFix(ctx context.Context, f *Failure, dir, solver string) {
	j, err := readJobScript(filepath.Join(dir, JobScript), solver)
	if err != nil {
		return
	}
	f.File, f.Line = JobScript, j.launchLine
	switch f.Kind {
	case KindMPIPlugin:
		f.Rule = IDSlurmMPI
		out, _ := s.combined(ctx, "srun", "--mpi=list")
		family, _, _ := strings.Cut(f.Keyword, "_") // pmix_v4 is a version of pmix
		for _, l := range strings.Split(out, "\n") {
			t := strings.TrimSpace(l)
			if l != t && t != "" && t != "none" && !strings.HasPrefix(t, family) {
				f.Valid = append(f.Valid, t)
			}
		}
		slices.Sort(f.Valid)
		f.Summary += fmt.Sprintf("; fix: run.slurm.launcher: mpirun, or run.slurm.mpi set to a type srun --mpi=list offers that your MPI speaks (%s), or the PMIx library installed on the nodes (Debian: libpmix-dev)", strings.Join(f.Valid, ", "))
	case KindNotFound:
		f.Rule = IDSlurmPath
		f.Summary += "; fix: load the module or source the bashrc that provides it (run.slurm.modules, run.slurm.setup)"
	default:
		f.Rule = IDSlurmStartup
		f.Summary += "; fix: run.slurm.launcher: mpirun, or run.slurm.mpi set to the PMI your MPI was built with (srun --mpi=list)"
	}
}
