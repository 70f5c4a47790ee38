package runner

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/foamc/foamc/finding"
)

// Failure classes: the categories a FOAM FATAL error (or a signal) falls in.
const (
	ClassMissingFile = "missing-file"
	ClassDimensions  = "dimensions"
	ClassBC          = "boundary-condition"
	ClassSchemes     = "schemes"
	ClassLinSolver   = "linear-solver"
	ClassFormat      = "format"
	ClassDivergence  = "divergence"
	ClassDictionary  = "dictionary" // a missing entry outside schemes/solvers/fields
	ClassUnknown     = "unknown"
	ClassTimeout     = "timeout"   // the run outlived --timeout (not repaired)
	ClassLauncher    = "launcher"  // srun/mpirun could not start the solver's ranks (not repaired)
	ClassCancelled   = "cancelled" // the Slurm job was cancelled (not repaired)
)

// Failure kinds: the specific pattern matched, which selects a repair.
const (
	KindMissingFile  = "missing-file"
	KindMissingEntry = "missing-entry"  // Entry 'X' not found in dictionary
	KindMissingValue = "missing-value"  // Essential entry 'value' missing on patch
	KindMissingPatch = "missing-patch"  // Cannot find patchField entry for P
	KindUnknownName  = "unknown-name"   // Unknown <thing> type X + Valid ... list
	KindDimensions   = "dimensions"     // dimension check failed
	KindExcessTokens = "excess-tokens"  // missing ';' or extra tokens
	KindSyntax       = "syntax"         // other parse errors
	KindSignal       = "floating-point" // SIGFPE
	KindNaN          = "nan"            // nan residuals
	KindOther        = "other"
	KindMPIPlugin    = "mpi-plugin"  // srun cannot load the plugin of its --mpi type (PMIx library)
	KindMPIStartup   = "mpi-startup" // MPI could not start the ranks (PMI mismatch, MPI_Init, mpirun)
	KindNotFound     = "not-found"   // the launcher or the solver is not on the node's PATH
)

// Failure is a classified solver failure with everything a repair needs.
type Failure struct {
	// ID is the class's catalogue ID (failureID), set when the run ends.
	ID      string `json:"id,omitempty"`
	Class   string `json:"class"`
	Kind    string `json:"kind"`
	Summary string `json:"summary"` // the first line of the FATAL message
	// File is the case-relative file the error names, DictPath the
	// sub-dictionary inside it ("solvers", "p").
	File     string   `json:"file,omitempty"`
	DictPath []string `json:"dictPath,omitempty"`
	Line     int      `json:"line,omitempty"`
	// Keyword is the normalised keyword (missing entry, unknown name or patch).
	Keyword string   `json:"keyword,omitempty"`
	Patch   string   `json:"patch,omitempty"`
	What    string   `json:"what,omitempty"`  // the selector of an unknown name: patchField, discretisation, ...
	Valid   []string `json:"valid,omitempty"` // valid names OpenFOAM listed
	Fields  []string `json:"fields,omitempty"`
	Message string   `json:"message"` // the FATAL block (trimmed)
	// Rule is the gate finding's rule ID when the failure comes from lint (the
	// deny IDs, comma-separated, of a verify reject), Edits the repair it proposes
	// (finding.Repair.Edits).
	Rule  string         `json:"rule,omitempty"`
	Edits []finding.Edit `json:"edits,omitempty"`
}

var (
	reEntryNotFound = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`Entry '([^']+)' not found in dictionary "([^"]+)"`) })
	reKeywordUndef  = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`keyword (\S+) is undefined in dictionary "?([^"\s]+)"?`)
	})
	reNoRefCell  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`Unable to set reference cell for field (\S+)`) })
	reCannotFind = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[Cc]annot find file "([^"]+)"`) })
	reNoPatch    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`Cannot find patchField entry for (\S+)`) })
	reEssential  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`Essential entry '(\w+)' missing on patch (\S+)`) })
	reUnknown    = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`Unknown ([\w ]+?) (?:type )?(\S+?)(?: for patch.*)?$`)
	})
	reValidHead = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^Valid [\w ]+:\s*(.*)$`) })
	reFileLine  = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^file: (\S+?)(?: at line (\d+)| from line (\d+) to line \d+)?\.?\s*$`)
	})
	reExcess    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`Entry '([^']+)' has (\d+) excess tokens`) })
	reDimFields = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(\w+)\)*\[[-0-9. ]+\]`) })
)

// Classify reads a solver's FATAL block (or tail, for signals) into a Failure.
// caseDir turns the absolute file names OpenFOAM prints into case-relative ones.
func Classify(p *LogParser, exitCode int, caseDir string) *Failure {
	fatal := p.Fatal()
	f := &Failure{Class: ClassUnknown, Kind: KindOther, Message: trimMessage(fatal)}
	if fatal == "" {
		f.Message = p.Tail()
		switch {
		case p.FPE || exitCode == 136: // 128 + SIGFPE
			f.Class, f.Kind, f.Summary = ClassDivergence, KindSignal, "floating point exception (SIGFPE)"
		case p.NaN:
			f.Class, f.Kind, f.Summary = ClassDivergence, KindNaN, "residuals became nan"
		case len(p.Steps) == 0 && classifyLauncher(f, f.Message):
		default:
			f.Summary = "solver exited with status " + strconv.Itoa(exitCode) + " without a FOAM FATAL message"
		}
		return f
	}
	lines := strings.Split(fatal, "\n")
	// The message proper starts after the "--> FOAM FATAL ..." line.
	var msg []string
	for i, l := range lines {
		if strings.Contains(l, "FOAM FATAL") {
			if rest := strings.TrimSpace(l[strings.Index(l, "ERROR:")+len("ERROR:"):]); strings.Contains(l, "ERROR:") && rest != "" {
				msg = append(msg, rest)
			}
			msg = append(msg, lines[i+1:]...)
			break
		}
	}
	for _, l := range msg {
		if s := strings.TrimSpace(l); s != "" {
			f.Summary = s
			break
		}
	}
	for i, l := range msg {
		t := strings.TrimSpace(l)
		if m := reFileLine().FindStringSubmatch(t); m != nil && f.File == "" {
			f.File, f.DictPath = splitDictName(m[1], caseDir)
			if m[2] != "" {
				f.Line, _ = strconv.Atoi(m[2])
			} else if m[3] != "" {
				f.Line, _ = strconv.Atoi(m[3])
			}
		}
		if m := reValidHead().FindStringSubmatch(t); m != nil && f.Valid == nil {
			f.Valid = validList(m[1], msg[i+1:])
		}
	}
	s := f.Summary
	switch {
	case reCannotFind().MatchString(fatal):
		m := reCannotFind().FindStringSubmatch(fatal)
		f.Class, f.Kind = ClassMissingFile, KindMissingFile
		f.File, f.DictPath = relCase(m[1], caseDir), nil
	case reExcess().MatchString(s):
		m := reExcess().FindStringSubmatch(s)
		f.Class, f.Kind, f.Keyword = ClassFormat, KindExcessTokens, normKeyword(m[1])
	case reEntryNotFound().MatchString(s) || reKeywordUndef().MatchString(s):
		m := reEntryNotFound().FindStringSubmatch(s)
		if m == nil {
			m = reKeywordUndef().FindStringSubmatch(s)
		}
		f.Kind, f.Keyword = KindMissingEntry, normKeyword(m[1])
		f.File, f.DictPath = splitDictName(m[2], caseDir)
		f.Class = classOfFile(f.File)
	case reNoRefCell().MatchString(s):
		// setRefCell found neither <p>RefCell nor <p>RefPoint in the algorithm dictionary
		// (findRefCell.C:52-110); the file: line gave the dictionary.
		f.Kind, f.Keyword = KindMissingEntry, reNoRefCell().FindStringSubmatch(s)[1]+"RefCell"
		f.Class = classOfFile(f.File)
	case reNoPatch().MatchString(s):
		f.Class, f.Kind = ClassBC, KindMissingPatch
		f.Patch = reNoPatch().FindStringSubmatch(s)[1]
		f.Keyword = f.Patch
	case reEssential().MatchString(s):
		m := reEssential().FindStringSubmatch(s)
		f.Class, f.Kind, f.Keyword, f.Patch = ClassBC, KindMissingValue, m[1], m[2]
	case strings.HasPrefix(s, "Unknown ") && reUnknown().MatchString(s):
		m := reUnknown().FindStringSubmatch(s)
		f.Kind, f.What, f.Keyword = KindUnknownName, strings.TrimSpace(m[1]), normKeyword(m[2])
		switch {
		case strings.Contains(f.What, "patchField"):
			f.Class = ClassBC
			if len(f.DictPath) >= 2 && f.DictPath[0] == "boundaryField" {
				f.Patch = f.DictPath[1]
			}
		case strings.Contains(f.What, "matrix solver") || strings.Contains(f.What, "preconditioner") || strings.Contains(f.What, "smoother"):
			f.Class = ClassLinSolver
		case strings.Contains(f.What, "discretisation") || strings.Contains(f.What, "scheme") || strings.Contains(f.What, "limiter"):
			f.Class = ClassSchemes
			if f.File == "" {
				f.File = "system/fvSchemes"
			}
		default:
			f.Class = classOfFile(f.File)
		}
	case strings.Contains(fatal, "] == [") || strings.Contains(fatal, "dimensions") && strings.Contains(fatal, "ifferent") ||
		strings.Contains(fatal, "incompatible dimensions") || strings.Contains(fatal, "inconsistent dimensions"):
		f.Class, f.Kind = ClassDimensions, KindDimensions
		seen := map[string]bool{}
		for _, m := range reDimFields().FindAllStringSubmatch(fatal, -1) {
			if !seen[m[1]] {
				seen[m[1]] = true
				f.Fields = append(f.Fields, m[1])
			}
		}
	case strings.Contains(s, "ill defined") || strings.Contains(s, "xpected") || strings.Contains(s, "wrong token") ||
		strings.Contains(s, "Bad token") || strings.Contains(s, "premature end"):
		f.Class, f.Kind = ClassFormat, KindSyntax
	default:
		f.Class = classOfFile(f.File)
	}
	return f
}

var (
	reBadMPIType = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`Invalid MPI type '([^']*)'`) })
	reNotFound   = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)(?:^|: )(\S+): (?:command )?not found$|execve\(\): (\S+): No such file or directory`)
	})
)

// mpiStartup are the messages of an MPI that could not start its ranks: Open MPI direct-launched
// by srun with a PMI it was not built for, a PMI that failed to initialise, mpirun that could
// not launch. They come before the solver's first step; a rank that dies later is not one.
var mpiStartup = []string{
	"OMPI was not built with SLURM's PMI support",
	"appears to have been direct launched using \"srun\"",
	"PMIx_Init failed", "PMI2_Init failed", "PMI_Init failed",
	"It looks like MPI_INIT failed", "It looks like orte_init failed", "It looks like opal_init failed",
	"mpirun was unable to launch the specified application",
	"mpirun was unable to find the specified executable",
	"There are not enough slots available in the system",
	"An ORTE daemon has unexpectedly failed",
	"srun: error: Unable to create step", "srun: error: Unable to allocate resources",
}

// classifyLauncher recognises, in the output of a run that logged no step and no FATAL
// message, a launcher (srun, mpirun) that could not start the solver: srun's MPI plugin
// that does not load (`srun --mpi=pmix` without a loadable libpmix: "can not load PMIx
// library", "Invalid MPI type 'pmix'"), MPI start-up errors, a launcher or solver that is
// not on the PATH.
func classifyLauncher(f *Failure, out string) bool {
	line := func(sub string) string {
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, sub) {
				return strings.TrimSpace(l)
			}
		}
		return ""
	}
	switch {
	case reBadMPIType().MatchString(out):
		f.Kind, f.Keyword = KindMPIPlugin, reBadMPIType().FindStringSubmatch(out)[1]
		f.Summary = "srun cannot load its MPI plugin mpi/" + f.Keyword
		if l := line("can not load PMIx library"); l != "" {
			f.Summary += " (can not load PMIx library)"
		}
		f.Summary += ": " + strings.TrimPrefix(line("Invalid MPI type"), "srun: error: ")
	case reNotFound().MatchString(out):
		m := reNotFound().FindStringSubmatch(out)
		f.Kind, f.Keyword = KindNotFound, m[1]+m[2]
		f.Summary = f.Keyword + " is not on the PATH where the job runs: " + line(m[0])
	default:
		for _, s := range mpiStartup {
			if strings.Contains(out, s) {
				f.Kind, f.Summary = KindMPIStartup, "MPI could not start the solver's ranks: "+strconv.Quote(s)
				break
			}
		}
		if f.Kind != KindMPIStartup {
			return false
		}
	}
	f.Class = ClassLauncher
	return true
}

// splitDictName splits OpenFOAM's "<abs file>.<sub>.<dict>" name into a
// case-relative file and the dictionary path inside it. Scoping dots follow the
// file name; directories (0.orig, 0.5) may hold dots of their own.
func splitDictName(name, caseDir string) (string, []string) {
	rel := relCase(name, caseDir)
	dir, base := filepath.Split(rel)
	parts := strings.Split(base, ".")
	if len(parts) == 1 {
		return dir + parts[0], nil
	}
	return dir + parts[0], parts[1:]
}

func relCase(name, caseDir string) string {
	if caseDir != "" {
		if abs, err := filepath.Abs(caseDir); err == nil {
			if r, err := filepath.Rel(abs, name); err == nil && !strings.HasPrefix(r, "..") {
				return filepath.ToSlash(r)
			}
		}
	}
	return filepath.ToSlash(name)
}

// validList reads OpenFOAM's "N ( a b c )" or "N(a b c)" list that follows a
// "Valid ... :" header (on the same line or the next ones).
func validList(sameLine string, next []string) []string {
	text := sameLine
	for _, l := range next {
		text += " " + strings.TrimSpace(l)
		if strings.Contains(l, ")") {
			break
		}
	}
	open, end := strings.IndexByte(text, '('), strings.IndexByte(text, ')')
	if open < 0 || end < open {
		return nil
	}
	return strings.Fields(text[open+1 : end])
}

func classOfFile(file string) string {
	switch {
	case strings.HasSuffix(file, "fvSchemes"):
		return ClassSchemes
	case strings.HasSuffix(file, "fvSolution"):
		return ClassLinSolver
	case strings.HasPrefix(file, "0/") || strings.HasPrefix(file, "0.orig/"):
		return ClassBC
	case file == "":
		return ClassUnknown
	}
	return ClassDictionary
}

// normKeyword strips quotes and spaces, as the heuristic keyword retriever expects.
func normKeyword(k string) string {
	return strings.NewReplacer(`"`, "", "'", "", " ", "").Replace(k)
}

func trimMessage(fatal string) string {
	var out []string
	for _, l := range strings.Split(fatal, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "#") || strings.HasPrefix(strings.TrimSpace(l), "From function") {
			continue
		}
		out = append(out, l)
		if len(out) > 30 {
			break
		}
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}
