package runner

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/openfoam"
)

// IDJobScript is a line of job.slurm that run --slurm does not submit unjudged.
const IDJobScript = "FOAM-RUN-029"

// job.slurm is a script the case ships, and sbatch runs it on the cluster as the user: the
// gate judges the dictionaries, not shell. run --slurm therefore submits only the lines
// foamc compile writes (jobSlurm in compiler/parallel.go) — an OpenFOAM program run by
// name in the case, the launch line, module loads, an OpenFOAM bashrc sourced by absolute
// path — and refuses any other line unless --allow-code says a person has read it.
var (
	jobLines = []*regexp.Regexp{
		regexp.MustCompile(`^#!/bin/(ba)?sh$`),
		regexp.MustCompile(`^set -e$`),
		regexp.MustCompile(`^\[ -f system/controlDict \] \|\| cd "\$SLURM_SUBMIT_DIR"$`),
		regexp.MustCompile(`^module load [A-Za-z0-9._/+-]+( [A-Za-z0-9._/+-]+)*$`),
		regexp.MustCompile(`^(source|\.) /[A-Za-z0-9._/+-]*bashrc$`),
		regexp.MustCompile(`^: "\$\{WM_PROJECT_DIR:=/usr/share/openfoam\}" "\$\{FOAM_ETC:=\$WM_PROJECT_DIR/etc\}"$`),
		regexp.MustCompile(`^export WM_PROJECT_DIR FOAM_ETC$`),
		// Foundation 12's environment (compiler/release_openfoam12.go): its bashrc, from the
		// installation the submitting user names, unless the job already runs in it.
		regexp.MustCompile(`^if \[ "\$\{WM_PROJECT_VERSION:-\}" != 12 \]; then$`),
		regexp.MustCompile(`^: "\$\{` + openfoam.Release12Env + `:\?set ` + openfoam.Release12Env + ` to the OpenFOAM-12 directory \(make openfoam12 installs \.cache/of12/OpenFOAM-12\)\}"$`),
		regexp.MustCompile(`^set \+e; \. "\$` + openfoam.Release12Env + `/etc/bashrc"; set -e$`),
		regexp.MustCompile(`^fi$`),
		regexp.MustCompile(`^run\(\) \{ log="log\.\$1"; rm -f "\$log"; echo "Running \$\*"; "\$@" > "\$log" 2>&1 \|\| \{ tail -n 30 "\$log"; exit 1; \}; \}$`),
		// An OpenFOAM program by name (never a path: not a script of the case), its
		// arguments words or case-relative paths.
		regexp.MustCompile(`^run [A-Za-z][A-Za-z0-9]*( -?[A-Za-z0-9_][A-Za-z0-9._=-]*(/[A-Za-z0-9_][A-Za-z0-9._=-]*)*)*$`),
		regexp.MustCompile(`^log=log\.[A-Za-z][A-Za-z0-9]*; rm -f \$log; echo "Running [A-Za-z][A-Za-z0-9]* in parallel on [0-9]+ processors"$`),
		regexp.MustCompile(`^(srun --mpi=[A-Za-z0-9_]+|mpirun -np "\$SLURM_NTASKS") [A-Za-z][A-Za-z0-9]* -parallel > \$log 2>&1 \|\| \{ tail -n 30 \$log; exit 1; \}$`),
		regexp.MustCompile(`^foamDictionary constant/polyMesh/boundary -entry entry0/[A-Za-z0-9_.-]+/type -set [A-Za-z]+ > /dev/null$`),
		// A set-up line that only prints: words and variable expansions, no command
		// substitution, redirection or second command.
		regexp.MustCompile(`^echo( ([A-Za-z0-9_.:,/=+-]+|\$[A-Za-z_][A-Za-z0-9_]*|\$\{[A-Za-z_][A-Za-z0-9_]*\}))*$`),
	}
	// #SBATCH options that point the job at another directory or at files outside the
	// case; the job's output goes to a file name in the case.
	sbatchPath = regexp.MustCompile(`^(-D|--chdir|-o|--output|-e|--error|-i|--input)(=|\s+|$)(.*)$`)
	plainName  = regexp.MustCompile(`^[A-Za-z0-9._%-]+$`)
	// A setup line exporting a plain word or an absolute path (OMP_NUM_THREADS=1), but not
	// the variables that choose which program, library or start-up file runs.
	exportLine = regexp.MustCompile(`^export ([A-Za-z_][A-Za-z0-9_]*)=([A-Za-z0-9_.:+,-]*|/[A-Za-z0-9_./:+,-]*)$`)
	unsafeVar  = regexp.MustCompile(`^(PATH|LD_.*|BASH_ENV|ENV|IFS|PROMPT_COMMAND|SHELLOPTS|BASHOPTS|PS4|FOAM_USER_.*|WM_PROJECT_USER_DIR|FOAM_CODE_TEMPLATES|OMPI_MCA_.*|PMIX_.*|SLURM_.*)$`)
)

// judgeJobScript reads job.slurm of dir and returns a deny finding for each line that is
// not one foamc writes.
func judgeJobScript(dir string) ([]finding.Finding, error) {
	b, err := os.ReadFile(filepath.Join(dir, JobScript))
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	var out []finding.Finding
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if why := jobLineProblem(line, n); why != "" {
			out = append(out, finding.Finding{ID: IDJobScript, Severity: finding.Deny,
				Location: finding.Location{File: JobScript, Line: n, Column: 1},
				Summary:  "job.slurm line " + fmt.Sprint(n) + " is not one foamc writes: " + why,
				Detail:   "line: " + line,
				Fix:      "recompile the case's job.slurm with foamc compile (run.slurm: modules, setup), or read the script and pass --allow-code"})
		}
	}
	return out, sc.Err()
}

func jobLineProblem(line string, n int) string {
	switch {
	case line == "":
		return ""
	case strings.HasPrefix(line, "#SBATCH"):
		opt := strings.TrimSpace(strings.TrimPrefix(line, "#SBATCH"))
		if m := sbatchPath.FindStringSubmatch(opt); m != nil {
			if m[1] == "-D" || m[1] == "--chdir" {
				return "the job would run in another directory than the judged case"
			}
			if !plainName.MatchString(strings.TrimSpace(m[3])) {
				return "the job's " + m[1] + " names a path, not a file of the case"
			}
		}
		return ""
	case strings.HasPrefix(line, "#") && (n > 1 || !strings.HasPrefix(line, "#!")):
		return ""
	}
	for _, re := range jobLines {
		if re.MatchString(line) {
			return ""
		}
	}
	if m := exportLine.FindStringSubmatch(line); m != nil {
		if unsafeVar.MatchString(m[1]) {
			return "it sets " + m[1] + ", which chooses what programs or libraries run"
		}
		return ""
	}
	return "a shell command the gate does not judge"
}
