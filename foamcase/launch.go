package foamcase

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/openfoam"
)

// Launch is a rank count a run script of the case asks for: an MPI launch of a parallel
// application (mpirun/mpiexec/srun -np N … -parallel, runParallel -np N) or a batch job's
// task count (#SBATCH --ntasks, or --nodes x --ntasks-per-node). Rules compare it with
// numberOfSubdomains, which decomposePar and the solver's processor directories follow.
type Launch struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Ranks   int    `json:"ranks"`   // 0: not a literal count (runParallel, srun in a job, $NP)
	Command string `json:"command"` // the launcher word, or "#SBATCH"
}

// launchScripts are the case-directory files read for launches: Allrun-style scripts and
// batch scripts.
func isLaunchScript(name string) bool {
	if strings.HasPrefix(name, "Allrun") {
		return true
	}
	switch filepath.Ext(name) {
	case ".slurm", ".sbatch", ".sh":
		return true
	}
	return false
}

// launches reads the run scripts at the top of the case directory, sorted by file and line.
func launches(dir string) []Launch {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []Launch
	for _, e := range ents {
		if !e.Type().IsRegular() || !isLaunchScript(e.Name()) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil || len(b) > 1<<20 {
			continue
		}
		out = append(out, scriptLaunches(e.Name(), b)...)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	return out
}

func scriptLaunches(name string, b []byte) []Launch {
	var out []Launch
	// #SBATCH: --ntasks wins over --nodes x --ntasks-per-node, as in sbatch.
	var ntasks, nodes, perNode, line, col int
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		raw := sc.Text()
		t := strings.TrimSpace(raw)
		c := len(raw) - len(strings.TrimLeft(raw, " \t")) + 1
		if rest, ok := strings.CutPrefix(t, "#SBATCH"); ok {
			for k, v := range sbatchOptions(strings.Fields(rest)) {
				switch k {
				case "ntasks":
					ntasks, line, col = v, n, c
				case "nodes":
					nodes = v
				case "ntasks-per-node":
					perNode = v
					if ntasks == 0 {
						line, col = n, c
					}
				}
			}
			continue
		}
		if strings.HasPrefix(t, "#") {
			continue
		}
		if l, ok := launchLine(t); ok {
			l.File, l.Line, l.Column = name, n, c+strings.Index(t, l.Command)
			out = append(out, l)
		}
	}
	switch {
	case ntasks > 0:
		out = append(out, Launch{File: name, Line: line, Column: col, Ranks: ntasks, Command: "#SBATCH"})
	case perNode > 0:
		out = append(out, Launch{File: name, Line: line, Column: col, Ranks: max(nodes, 1) * perNode, Command: "#SBATCH"})
	}
	return out
}

// sbatchOptions reads the integer options of one #SBATCH line (--opt=N, --opt N, -n N, -nN).
func sbatchOptions(ws []string) map[string]int {
	short := map[string]string{"-n": "ntasks", "-N": "nodes"}
	out := map[string]int{}
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if strings.HasPrefix(w, "#") {
			break
		}
		var key, val string
		switch {
		case strings.HasPrefix(w, "--"):
			key, val, _ = strings.Cut(w[2:], "=")
			if val == "" && i+1 < len(ws) {
				i++
				val = ws[i]
			}
		case len(w) >= 2 && short[w[:2]] != "":
			key, val = short[w[:2]], w[2:]
			if val == "" && i+1 < len(ws) {
				i++
				val = ws[i]
			}
		default:
			continue
		}
		if v, err := strconv.Atoi(val); err == nil && v > 0 {
			out[key] = v
		}
	}
	return out
}

// launchLine finds `mpirun|mpiexec|srun [opts] -np N … -parallel` and `runParallel -np N`
// in a shell line.
func launchLine(t string) (Launch, bool) {
	ws := strings.Fields(t)
	for i, w := range ws {
		base := filepath.Base(w)
		var parallel bool
		switch base {
		case "mpirun", "mpiexec", "srun":
			parallel = false
		case "runParallel":
			parallel = true // runParallel always passes -parallel
		default:
			continue
		}
		for _, x := range ws[i+1:] {
			if x == "-parallel" {
				parallel = true
			}
		}
		if !parallel {
			return Launch{}, false
		}
		for j := i + 1; j < len(ws); j++ {
			x := ws[j]
			if x == "|" || x == ";" || x == "&&" || x == "||" {
				break
			}
			var val string
			switch {
			case x == "-np" || x == "-n" || x == "--ntasks" || x == "--np":
				if j+1 < len(ws) {
					val = ws[j+1]
				}
			case strings.HasPrefix(x, "--ntasks="), strings.HasPrefix(x, "-np="), strings.HasPrefix(x, "--np="):
				_, val, _ = strings.Cut(x, "=")
			default:
				continue
			}
			if v, err := strconv.Atoi(val); err == nil && v > 0 {
				return Launch{Ranks: v, Command: w}, true
			}
			return Launch{Command: w}, true // a count foamc cannot read ($NP)
		}
		// No count: runParallel reads numberOfSubdomains, srun and mpirun take the job's.
		return Launch{Command: w}, true
	}
	return Launch{}, false
}

// launchDoc is the document form of the launches.
func (c *Case) launchDoc() []any {
	out := make([]any, 0, len(c.Launches))
	for _, l := range c.Launches {
		out = append(out, map[string]any{"file": l.File, "line": int64(l.Line), "column": int64(l.Column), "ranks": int64(l.Ranks), "command": l.Command})
	}
	return out
}

// locateLaunches gives each launch's pointer its script position.
func (c *Case) locateLaunches() {
	for i, l := range c.Launches {
		c.Positions["/launches/"+strconv.Itoa(i)] = finding.Location{File: l.File, Line: l.Line, Column: l.Column}
	}
}

// Run is the run a lint is for: the command the gate guards or the run foamc run starts.
// Rules whose outcome depends on the run (a decomposition method only decomposePar reads)
// judge by it rather than by what the case's scripts might launch.
type Run struct {
	// Command is the program run ("simpleFoam", "mpirun", "decomposePar", "sbatch").
	Command string
	// Parallel: the solver runs decomposed (-parallel, an MPI launcher, foamc run --parallel).
	Parallel bool
	// Ranks is the literal rank count (0: not known).
	Ranks int
	// Script is a run script of the case the command executes (./Allrun, sbatch
	// job.slurm): its launches say how the solver runs.
	Script string
	// AllTimes: the command may read every time directory, not only the start time's
	// (postProcess, reconstructPar, foamToVTK and most utilities select all times by
	// default, timeSelector::select0; a script runs anything; -time options). Load then
	// judges every time directory.
	AllTimes bool
}

// startOnly are the utilities that read no time directory but the start time's when
// given no time option: blockMesh reads none, decomposePar selects times only when
// asked (timeSelector::selectIfPresent).
var startOnly = map[string]bool{"blockMesh": true, "decomposePar": true}

// timeOptions are the argList options that select other times (timeSelector).
var timeOptions = map[string]bool{"-time": true, "-latestTime": true, "-noZero": true, "-withZero": true,
	"-constant": true, "-newTimes": true, "-zeroTime": true, "-postProcess": true}

// readsAllTimes reports whether argv may read other time directories than the start
// time's: anything but a solver (or a startOnly utility), directly or under an MPI
// launcher, without time options.
func readsAllTimes(argv []string) bool {
	app := false
	for i, a := range argv {
		if timeOptions[a] {
			return true
		}
		base := filepath.Base(a)
		if _, solver := openfoam.LookupSolver(base); solver || startOnly[base] {
			app = true
			continue
		}
		if i == 0 {
			switch base {
			case "mpirun", "mpiexec", "srun", "runParallel":
			default:
				return true // not an OpenFOAM application foamc knows
			}
		}
	}
	return !app
}

// RunOf reads the gated command argv: an MPI launch of a parallel application (the
// launch syntax of the case's scripts), a bare `app -parallel`, or a script of the case
// (`./Allrun`, `bash Allrun`, `sbatch job.slurm`).
func RunOf(argv []string) Run {
	if len(argv) == 0 {
		return Run{}
	}
	r := Run{Command: filepath.Base(argv[0]), AllTimes: readsAllTimes(argv)}
	if l, ok := launchLine(strings.Join(argv, " ")); ok {
		r.Parallel, r.Ranks = true, l.Ranks
	}
	for _, a := range argv[1:] {
		if a == "-parallel" {
			r.Parallel = true
		}
	}
	for _, a := range argv {
		if !strings.HasPrefix(a, "-") && isLaunchScript(filepath.Base(a)) {
			r.Script = filepath.Base(a)
			break
		}
	}
	return r
}

func (r *Run) doc() map[string]any {
	return map[string]any{"command": r.Command, "parallel": r.Parallel, "ranks": int64(r.Ranks), "script": r.Script}
}

// decomposed reports processor directories (processor0, or processors<N> of the
// collated format) in the case directory.
func decomposed(dir string) bool {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range ents {
		if e.IsDir() && strings.HasPrefix(e.Name(), "processor") {
			return true
		}
	}
	return false
}
