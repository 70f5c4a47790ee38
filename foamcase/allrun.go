package foamcase

import (
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/foamc/foamc/internal/saferead"
	"github.com/foamc/foamc/openfoam"
)

// Allrun is what a case's Allrun does, read without executing it (Options.Allrun): the
// applications it runs, the files its pre-steps make from others (restore0Dir, cp, ln -s),
// and the steps whose effect foamc cannot derive. The shell is read as the tutorials
// write it: the commands of every branch and function body count as run; a command in a
// subshell that changes into another directory belongs to that directory (the parent's
// Allrun of a case without one, `(cd inlet && runApplication blockMesh)`).
type Allrun struct {
	// File is the script read first, case-relative ("Allrun", "../Allrun").
	File string
	// Apps are the applications run (runApplication, runParallel, a bare OpenFOAM
	// program), $(getApplication) read as controlDict's application (RunFunctions).
	Apps []AllrunStep
	// MeshOnly: every application is a meshing or checking utility (meshUtilities) and no
	// command can run anything else: no solver reads the fields, schemes and models.
	MeshOnly bool
	// Created maps a case-relative path a step makes to the file or directory it is
	// made from (absolute); Load reads the source where the case has no such path.
	Created map[string]string
	// CreatedBy is the step that made each Created path.
	CreatedBy map[string]AllrunStep
	// Underived are the steps whose effect on the case foamc cannot derive: a program that
	// writes fields or dictionaries from inputs (mapFields, createZeroDirectory, sed > file,
	// foamDictionary -set), a command or script it cannot resolve.
	Underived []AllrunStep
}

// AllrunStep is one command of the script.
type AllrunStep struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Command string `json:"command"` // the application, or the shell command
	// Writes names what an underived step writes ("fields", a case-relative file), "" if not known.
	Writes string `json:"writes,omitempty"`
	// Why an underived step is not derived.
	Why string `json:"why,omitempty"`
}

// meshUtilities are the programs that make, change or check the mesh (and postProcess,
// whose function objects the rules judge on their own) without the solver's fields,
// schemes or models. A script that runs only these is a meshing case.
var meshUtilities = map[string]bool{
	"blockMesh": true, "snappyHexMesh": true, "checkMesh": true, "createPatch": true,
	"extrudeMesh": true, "mergeMeshes": true, "topoSet": true, "setSet": true,
	"surfaceFeatureExtract": true, "surfaceFeatures": true, "surfaceMeshExtract": true,
	"surfaceCheck": true, "surfaceTransformPoints": true, "surfaceConvert": true,
	"refineMesh": true, "refineHexMesh": true, "mirrorMesh": true, "transformPoints": true,
	"foamyHexMesh": true, "foamyQuadMesh": true, "extrude2DMesh": true, "polyDualMesh": true,
	"collapseEdges": true, "reconstructParMesh": true, "redistributePar": true,
	"postProcess": true, "foamListTimes": true, "foamDictionary": true, "stitchMesh": true,
	"PDRblockMesh": true, "foamToSurface": true, "subsetMesh": true, "autoPatch": true,
}

// fileCommands are the commands whose writes count wherever in the case they run.
var fileCommands = map[string]bool{"cp": true, "ln": true, "mv": true, "mkdir": true, "sed": true, "foamDictionary": true}

// fieldWriters are utilities that write fields or dictionaries from inputs foamc does not
// evaluate: files they write are not derived, and what they write is named.
var fieldWriters = map[string]string{
	"mapFields": "fields", "mapFieldsPar": "fields", "createZeroDirectory": "fields",
	"changeDictionary": "fields", "applyBoundaryLayer": "fields", "foamSetupCHT": "fields",
	"chemkinToFoam": "constant", "PDRsetFields": "fields", "foamFormatConvert": "fields",
	"splitMeshRegions": "fields", "createBaffles": "fields", "setExprFields": "fields",
	"setExprBoundaryFields": "fields", "createExternalCoupledPatchGeometry": "fields",
	"createBoxTurb": "fields",
}

// shellNeutral are shell commands and RunFunctions that write nothing in the case that
// OpenFOAM reads (redirects are judged apart).
var shellNeutral = map[string]bool{
	"cd": true, "echo": true, "printf": true, "mkdir": true, "rm": true, "rmdir": true,
	"touch": true, "true": true, "false": true, "exit": true, "return": true, "set": true,
	"shift": true, "export": true, "unset": true, "local": true, "read": true, "sleep": true,
	"wait": true, "[": true, "[[": true, "test": true, ".": true, "source": true, "cat": true,
	"command": true, "isParallel": true, "isTest": true, "notTest": true,
	"canCompile": true, "getNumberOfProcessors": true, "getApplication": true,
	"getNumberOfPatchFaces": true, "cleanCase": true, "cleanCase0": true, "isTrue": true,
	"foamCleanTutorials": true, "foamCleanPolyMesh": true, "gnuplot": true, "head": true,
	"tail": true, "grep": true, "awk": true, "ls": true, "wc": true,
	"sort": true, "date": true, "basename": true, "dirname": true, "declare": true,
	"typeset": true, "let": true, "shopt": true, "trap": true, "umask": true,
}

// shellKeywords lead a command without being one.
var shellKeywords = map[string]bool{"if": true, "then": true, "else": true, "elif": true,
	"fi": true, "do": true, "done": true, "while": true, "until": true, "!": true,
	"{": true, "}": true, "time": true, "esac": true}

// maxScriptDepth bounds the scripts followed from the Allrun (./Allrun.pre, ./Allmesh).
const maxScriptDepth = 4

// readAllrun reads the Allrun of the case at root (else the Allrun of its parent directory,
// for the commands it runs in this case); nil when there is none. app is controlDict's
// application, env the environment ($FOAM_TUTORIALS), read the caller's scripts (Options.Script).
func readAllrun(root, app string, env func(string) (string, bool), read func(string) ([]byte, bool)) *Allrun {
	a := &Allrun{Created: map[string]string{}, CreatedBy: map[string]AllrunStep{}}
	r := &scriptReader{a: a, root: root, app: app, env: env, read: read, vars: map[string]string{}, funcs: map[string]bool{}, made: map[string]bool{}}
	switch {
	case isFile(filepath.Join(root, "Allrun")):
		a.File = "Allrun"
		r.script("Allrun", ".", 0)
	case isFile(filepath.Join(filepath.Dir(root), "Allrun")):
		a.File = "../Allrun"
		// commands of the parent's script count when they run in this directory.
		r.script("../Allrun", "..", 0)
		if len(a.Apps) == 0 && len(a.Created) == 0 && len(a.Underived) == 0 {
			return nil // the parent's Allrun never runs anything here
		}
	default:
		return nil
	}
	a.MeshOnly = len(a.Apps) > 0 && !r.unsure
	for _, s := range a.Apps {
		if !meshUtilities[s.Command] {
			a.MeshOnly = false
		}
	}
	return a
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

type scriptReader struct {
	a    *Allrun
	root string
	app  string
	env  func(string) (string, bool)
	// read serves the scripts the caller holds (Options.Script), nil: none.
	read func(string) ([]byte, bool)
	vars map[string]string
	// made are the directories mkdir makes (case-relative): cp into them copies into.
	made map[string]bool
	// funcs are the shell functions the script defines (their bodies are read in place),
	// true for one that runs its arguments ("$@"); lastFunc is the latest defined.
	funcs    map[string]bool
	lastFunc string
	// unsure: a command may run something foamc cannot name (a variable, an unknown script).
	unsure bool
}

// shellCmd is one simple command: its words (quotes removed) and redirect targets.
type shellCmd struct {
	words []string
	line  int
	// redirects are the files written with > or >>.
	redirects []string
}

// script reads one script file (case-relative rel) run in directory cwd (case-relative).
func (r *scriptReader) script(rel, cwd string, depth int) {
	b, ok := r.source(filepath.Join(r.root, filepath.FromSlash(rel)))
	if !ok {
		return
	}
	stack := []string{cwd}
	for _, c := range parseShell(string(b), &stack) {
		r.command(rel, c, depth)
	}
}

// maxScriptBytes bounds a script read.
const maxScriptBytes = 1 << 20

// source is the content of the script at p: the caller's copy (Options.Script), else the
// file; false when unreadable or over maxScriptBytes.
func (r *scriptReader) source(p string) ([]byte, bool) {
	if r.read != nil {
		if b, ok := r.read(p); ok {
			return b, len(b) <= maxScriptBytes
		}
	}
	f, _, err := saferead.Open(p, maxScriptBytes)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	return b, err == nil
}

// parsedCmd is a command with the directory it runs in (case-relative, "" unknown).
type parsedCmd struct {
	shellCmd
	cwd string
}

// parseShell splits a script into simple commands, following `cd` inside subshells:
// `( … )` keeps its own directory, `cd DIR` changes it ("" once it is not a literal path).
func parseShell(src string, stack *[]string) []parsedCmd {
	var out []parsedCmd
	lines := strings.Split(src, "\n")
	heredoc := ""
	// pattern: inside a case statement, between `in` or `;;` and the pattern's `)`.
	cases, pattern := 0, false
	for i := 0; i < len(lines); i++ {
		start := i + 1
		text := lines[i]
		if heredoc != "" {
			if strings.TrimSpace(text) == heredoc {
				heredoc = ""
			}
			continue
		}
		for i+1 < len(lines) {
			if strings.HasSuffix(text, "\\") {
				i++
				text = text[:len(text)-1] + " " + lines[i]
				continue
			}
			if !openQuote(text) {
				break
			}
			// a quoted string over several lines (models="\n kOmegaSST\n")
			i++
			text += " " + lines[i]
		}
		toks := tokenize(text)
		var cur shellCmd
		flush := func() {
			if len(cur.words) > 0 || len(cur.redirects) > 0 {
				cur.line = start
				cwd := (*stack)[len(*stack)-1]
				// cd applies to what follows in the same shell.
				if len(cur.words) >= 1 && cur.words[0] == "cd" {
					switch {
					case len(cur.words) < 2 || strings.Contains(cur.words[1], "${0") || strings.Contains(cur.words[1], "dirname"):
						// cd "${0%/*}", cd "$(dirname "$0")": the script's own directory.
					case strings.ContainsAny(cur.words[1], "$`*"):
						(*stack)[len(*stack)-1] = ""
					case cwd != "":
						(*stack)[len(*stack)-1] = path.Clean(path.Join(cwd, cur.words[1]))
					}
				}
				out = append(out, parsedCmd{shellCmd: cur, cwd: cwd})
			}
			cur = shellCmd{}
		}
		for j := 0; j < len(toks); j++ {
			t := toks[j]
			if pattern {
				switch t {
				case ")":
					pattern = false
				case "esac":
					cases, pattern = cases-1, false
				}
				continue
			}
			if t == "case" && len(cur.words) == 0 {
				// `case WORD in`: the patterns follow.
				for j < len(toks) && toks[j] != "in" {
					j++
				}
				cases, pattern = cases+1, true
				continue
			}
			if t == ";;" && cases > 0 {
				flush()
				pattern = true
				continue
			}
			switch t {
			case ";", "&&", "||", "|", "&", ";;":
				flush()
			case "(":
				flush()
				*stack = append(*stack, (*stack)[len(*stack)-1])
			case ")":
				flush()
				if len(*stack) > 1 {
					*stack = (*stack)[:len(*stack)-1]
				}
			case ">", ">>", ">|", "2>", "2>>", "&>", "1>":
				if j+1 < len(toks) {
					j++
					cur.redirects = append(cur.redirects, toks[j])
				}
			case "<<", "<<-":
				if j+1 < len(toks) {
					j++
					heredoc = strings.Trim(toks[j], `'"`)
				}
			case "<":
				j++
			default:
				if strings.HasPrefix(t, "2>&") || strings.HasPrefix(t, ">&") {
					continue
				}
				cur.words = append(cur.words, t)
			}
		}
		flush()
	}
	return out
}

// openQuote: the line ends inside a single- or double-quoted string.
func openQuote(s string) bool {
	var q byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case q == 0 && c == '#' && (i == 0 || s[i-1] == ' ' || s[i-1] == '\t'):
			return false
		case q == 0 && c == '\\':
			i++
		case q == '"' && c == '\\':
			i++
		case q == 0 && (c == '\'' || c == '"'):
			q = c
		case q != 0 && c == q:
			q = 0
		}
	}
	return q != 0
}

// tokenize splits one logical line into words and operators: quotes are removed (a
// quoted word keeps $ for the reader to see), comments dropped, $( … ) and `…` kept whole.
func tokenize(s string) []string {
	var out []string
	var w strings.Builder
	inWord := false
	emit := func() {
		if inWord {
			out = append(out, w.String())
			w.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '#' && !inWord:
			return out
		case ch == ' ' || ch == '\t' || ch == '\r':
			emit()
		case ch == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				j = len(s) - i - 1
			}
			w.WriteString(s[i+1 : i+1+j])
			inWord, i = true, i+1+j
		case ch == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			w.WriteString(s[i+1 : min(j, len(s))])
			inWord, i = true, j
		case ch == '$' && i+1 < len(s) && s[i+1] == '(':
			depth, j := 0, i+1
			for ; j < len(s); j++ {
				if s[j] == '(' {
					depth++
				} else if s[j] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			w.WriteString(s[i:min(j+1, len(s))])
			inWord, i = true, j
		case ch == '`':
			j := strings.IndexByte(s[i+1:], '`')
			if j < 0 {
				j = len(s) - i - 1
			}
			w.WriteString(s[i : i+2+j])
			inWord, i = true, i+1+j
		case ch == ';' || ch == '|' || ch == '&' || ch == '(' || ch == ')' || ch == '<' || ch == '>':
			// a word ending in () is a function definition's name.
			if ch == '(' && i+1 < len(s) && s[i+1] == ')' && inWord {
				w.WriteString("()")
				i++
				continue
			}
			if ch == '>' && inWord && (w.String() == "2" || w.String() == "1") {
				op := w.String() + ">"
				w.Reset()
				inWord = false
				if i+1 < len(s) && s[i+1] == '>' {
					op += ">"
					i++
				}
				out = append(out, op)
				continue
			}
			emit()
			op := string(ch)
			if i+1 < len(s) && (s[i+1] == ch || (ch == '>' && s[i+1] == '|') || (ch == '&' && s[i+1] == '>')) {
				op += string(s[i+1])
				i++
			}
			out = append(out, op)
		case ch == '\\' && i+1 < len(s):
			w.WriteByte(s[i+1])
			inWord, i = true, i+1
		default:
			w.WriteByte(ch)
			inWord = true
		}
	}
	emit()
	return out
}

var assignment = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// command reads one simple command run from script file rel.
func (r *scriptReader) command(file string, c parsedCmd, depth int) {
	ws := c.words
	for len(ws) > 0 && shellKeywords[ws[0]] {
		ws = ws[1:]
	}
	step := AllrunStep{File: file, Line: c.line}
	// commands run elsewhere (a subshell that cd'ed into another directory) are that
	// directory's; "" is a directory foamc cannot name.
	dir := c.cwd
	if dir == "../"+filepath.Base(r.root) {
		dir = "." // the parent's script, in this case
	}
	if dir == "" {
		if len(ws) > 0 {
			r.unsure = true
		}
		return
	}
	if !filepath.IsLocal(dir) && dir != "." {
		return
	}
	// files a command writes in a subdirectory of the case are the case's; programs
	// run there are another case's.
	here := dir == "."
	for _, red := range c.redirects {
		t := r.expand(red)
		if t == "/dev/null" || strings.HasPrefix(t, "&") || strings.HasPrefix(path.Base(t), "log.") || strings.Contains(t, "$") {
			continue
		}
		step.Command, step.Writes, step.Why = commandWord(ws), r.caseRel(dir, t), "the shell writes it"
		r.a.Underived = append(r.a.Underived, step)
	}
	for len(ws) > 0 && assignment.MatchString(ws[0]) {
		k, v, _ := strings.Cut(ws[0], "=")
		if len(ws) == 1 {
			r.vars[k] = v
		}
		ws = ws[1:]
	}
	if len(ws) == 0 {
		return
	}
	name := strings.TrimPrefix(ws[0], "\\")
	switch {
	case strings.HasSuffix(name, "()"):
		r.lastFunc = strings.TrimSuffix(name, "()")
		r.funcs[r.lastFunc] = false
		return // a function definition: its body is read as commands where it stands
	case (name == "$@" || name == "$*") && r.lastFunc != "":
		r.funcs[r.lastFunc] = true // the function runs its arguments: run() { "$@" > log; }
		return
	case r.funcs[name] && len(ws) > 1:
		// a call of a function that runs its arguments: `run blockMesh` runs blockMesh.
		r.command(file, parsedCmd{shellCmd: shellCmd{words: ws[1:], line: c.line}, cwd: c.cwd}, depth)
		return
	case name == "for" || name == "case" || name == "select" || strings.HasSuffix(name, ")"):
		return // a loop head or case pattern
	case isFunc(r.funcs, name):
		return // a call of a function read already
	case !here && (name == "runApplication" || name == "runParallel" || !fileCommands[name]):
		return
	case name == "runApplication" || name == "runParallel":
		app := runFunctionApp(ws[1:])
		step.Command = r.application(app)
		if step.Command == "" {
			r.unsure = true
			step.Command, step.Why = app, "an application foamc cannot name"
			r.a.Underived = append(r.a.Underived, step)
			return
		}
		r.app1(step)
	case name == "restore0Dir":
		r.create(step, "restore0Dir", "0", filepath.Join(r.root, "0.orig"))
	case name == "cp" || name == "ln" || name == "mv":
		r.copyCmd(step, name, dir, ws[1:])
	case name == "sed" && hasFlag(ws[1:], "-i"):
		step.Command, step.Why = "sed", "edits a file in place"
		step.Writes = r.caseRel(dir, r.expand(ws[len(ws)-1]))
		r.a.Underived = append(r.a.Underived, step)
	case name == "foamDictionary":
		if hasFlag(ws[1:], "-set") || hasFlag(ws[1:], "-add") || hasFlag(ws[1:], "-remove") {
			step.Command, step.Why = "foamDictionary", "sets an entry"
			step.Writes = r.caseRel(dir, r.expand(foamDictionaryFile(ws[1:])))
			r.a.Underived = append(r.a.Underived, step)
		}
	case name == "mkdir":
		for _, w := range ws[1:] {
			if !strings.HasPrefix(w, "-") {
				r.made[r.caseRel(dir, r.expand(w))] = true
			}
		}
	case shellNeutral[name]:
	case strings.HasPrefix(name, "./") || strings.HasPrefix(name, "Allrun"):
		s := path.Clean(path.Join(c.cwd, name))
		if depth < maxScriptDepth && isFile(filepath.Join(r.root, filepath.FromSlash(s))) {
			r.script(s, c.cwd, depth+1)
			return
		}
		r.unsure = true
		step.Command, step.Why = name, "a script foamc cannot read"
		r.a.Underived = append(r.a.Underived, step)
	default:
		app := r.application(name)
		if app == "" {
			r.unsure = true
			step.Command, step.Why = name, "a command foamc cannot name"
			r.a.Underived = append(r.a.Underived, step)
			return
		}
		step.Command = app
		r.app1(step)
	}
}

func isFunc(funcs map[string]bool, name string) bool {
	_, ok := funcs[name]
	return ok
}

// app1 records an application run; the utilities that write files foamc does not derive
// are underived too.
func (r *scriptReader) app1(step AllrunStep) {
	r.a.Apps = append(r.a.Apps, step)
	if w, ok := fieldWriters[step.Command]; ok {
		step.Writes, step.Why = w, "writes from inputs foamc does not evaluate"
		r.a.Underived = append(r.a.Underived, step)
	}
}

// application names the program a word runs: $(getApplication) is controlDict's
// application (RunFunctions getApplication: foamDictionary -entry application -value
// system/controlDict); "" when the word is not a literal name.
func (r *scriptReader) application(w string) string {
	w = r.expand(w)
	switch w {
	case "$(getApplication)", "`getApplication`":
		return r.app
	}
	if w == "" || strings.ContainsAny(w, "$`*?/ ") {
		return ""
	}
	return w
}

// expand substitutes the script's literal variables ($x, ${x}) and $FOAM_TUTORIALS.
func (r *scriptReader) expand(w string) string {
	return os.Expand(w, func(k string) string {
		if v, ok := r.vars[k]; ok && !strings.Contains(v, "$") {
			return v
		}
		if k == "FOAM_TUTORIALS" {
			return openfoam.TutorialsDir(r.env)
		}
		if v, ok := r.vars[k]; ok && (v == "$(getApplication)" || v == "`getApplication`") {
			return v
		}
		return "$" + k
	})
}

// runFunctionApp is the application word of `runApplication|runParallel [options] app …`
// (RunFunctions: -a/-append, -o/-overwrite, -s/-suffix X, -n/-np N, -decompose-dict=X,
// -decomposeParDict X come before the application).
func runFunctionApp(ws []string) string {
	for i := 0; i < len(ws); i++ {
		switch w := ws[i]; {
		case w == "-s" || w == "-suffix" || w == "-n" || w == "-np" || w == "-decomposeParDict":
			i++
		case w == "-a" || w == "-append" || w == "-o" || w == "-overwrite" || strings.HasPrefix(w, "-decompose-dict="):
		case w == "":
		default:
			return w
		}
	}
	return ""
}

// hasFlag: the option f is among ws (sed's -i also with a suffix, -i.bak).
// foamDictionary's options that take a value (applications/utilities/miscellaneous/
// foamDictionary); its one argument is the dictionary file.
var foamDictionaryValued = map[string]bool{"-entry": true, "-set": true, "-add": true, "-merge": true,
	"-diff": true, "-diff-etc": true, "-precision": true, "-case": true}

func foamDictionaryFile(ws []string) string {
	for i := 0; i < len(ws); i++ {
		switch w := ws[i]; {
		case foamDictionaryValued[w]:
			i++
		case strings.HasPrefix(w, "-"):
		default:
			return w
		}
	}
	return ""
}

func hasFlag(ws []string, f string) bool {
	for _, w := range ws {
		if w == f || f == "-i" && strings.HasPrefix(w, "-i") {
			return true
		}
	}
	return false
}

func commandWord(ws []string) string {
	if len(ws) == 0 {
		return ""
	}
	return ws[0]
}

// caseRel makes a script path case-relative (paths that leave the case keep their ../).
func (r *scriptReader) caseRel(cwd, p string) string {
	if filepath.IsAbs(p) {
		if rel, err := filepath.Rel(r.root, p); err == nil {
			return filepath.ToSlash(rel)
		}
		return p
	}
	return path.Clean(path.Join(cwd, p))
}

// copyCmd reads `cp [-options] SRC… DST`, `ln -s SRC DST` and `mv SRC DST` (brace
// lists and globs expanded against the source directory).
func (r *scriptReader) copyCmd(step AllrunStep, name, dir string, args []string) {
	var ops []string
	symbolic := false
	for _, a := range args {
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			if name == "ln" && strings.Contains(a, "s") {
				symbolic = true
			}
			continue
		}
		ops = append(ops, r.expand(a))
	}
	step.Command = name
	if len(ops) < 2 {
		return
	}
	dst := ops[len(ops)-1]
	if strings.Contains(dst, "$") {
		step.Why = "a destination foamc cannot name"
		r.a.Underived = append(r.a.Underived, step)
		return
	}
	dstRel := r.caseRel(dir, dst)
	var srcs []string
	for _, s := range ops[:len(ops)-1] {
		if strings.Contains(s, "$") {
			step.Why, step.Writes = "a source foamc cannot name", dstRel
			r.a.Underived = append(r.a.Underived, step)
			return
		}
		base := filepath.Join(r.root, filepath.FromSlash(dir))
		if name == "ln" && symbolic && !filepath.IsAbs(s) {
			// a symbolic link's target is relative to the link's directory.
			base = filepath.Join(r.root, filepath.FromSlash(path.Dir(dstRel)))
			if len(ops) > 2 || isDir(filepath.Join(r.root, filepath.FromSlash(dstRel))) {
				base = filepath.Join(r.root, filepath.FromSlash(dstRel))
			}
		}
		for _, alt := range braces(s) {
			p := alt
			if !filepath.IsAbs(p) {
				p = filepath.Join(base, filepath.FromSlash(p))
			}
			matches, _ := filepath.Glob(p)
			if len(matches) == 0 {
				matches = []string{p}
			}
			srcs = append(srcs, matches...)
		}
	}
	into := len(srcs) > 1 || strings.HasSuffix(dst, "/") || r.made[dstRel] || isDir(filepath.Join(r.root, filepath.FromSlash(dstRel))) ||
		r.a.Created[dstRel] != "" && isDir(r.a.Created[dstRel])
	for _, s := range srcs {
		if _, err := os.Stat(s); err != nil {
			// a file an earlier step made (cp 0/U.orig 0/U after restore0Dir)
			if rel, err := filepath.Rel(r.root, s); err == nil && filepath.IsLocal(rel) {
				s = r.madeFrom(filepath.ToSlash(rel))
			}
			if _, err := os.Stat(s); err != nil {
				continue // cp of nothing fails; the case is judged without it
			}
		}
		t := dstRel
		if into {
			t = path.Join(dstRel, strings.TrimSuffix(filepath.Base(s), ""))
		}
		r.create(step, name, t, s)
	}
}

// madeFrom is the source of a case-relative path an earlier step made ("" none).
func (r *scriptReader) madeFrom(rel string) string {
	best := ""
	for t := range r.a.Created {
		if (rel == t || strings.HasPrefix(rel, t+"/")) && len(t) > len(best) {
			best = t
		}
	}
	if best == "" {
		return ""
	}
	return filepath.Join(r.a.Created[best], filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(rel, best), "/")))
}

// braces expands one level of {a,b} in a path, as the shell does.
func braces(s string) []string {
	i := strings.IndexByte(s, '{')
	j := strings.IndexByte(s, '}')
	if i < 0 || j < i {
		return []string{s}
	}
	var out []string
	for _, alt := range strings.Split(s[i+1:j], ",") {
		out = append(out, braces(s[:i]+alt+s[j+1:])...)
	}
	return out
}

// create records that a step makes the case-relative path t from src; a path the case
// already has is left as it is (the tutorial ships what the step would make).
func (r *scriptReader) create(step AllrunStep, name, t, src string) {
	step.Command = name
	if strings.HasPrefix(t, "../") || t == ".." {
		return
	}
	if _, err := os.Stat(src); err != nil {
		return
	}
	if _, err := os.Lstat(filepath.Join(r.root, filepath.FromSlash(t))); err == nil {
		return
	}
	if t != "0" && strings.HasPrefix(t, "0/") && r.a.Created["0"] == filepath.Join(r.root, "0.orig") {
		// Load reads a restored 0 under its source's name, 0.orig (fieldDir).
		t = "0.orig/" + strings.TrimPrefix(t, "0/")
		if _, err := os.Lstat(filepath.Join(r.root, filepath.FromSlash(t))); err == nil {
			return
		}
	}
	if _, ok := r.a.Created[t]; !ok {
		r.a.Created[t] = src
		r.a.CreatedBy[t] = step
	}
}

// created resolves a case-relative path the case lacks and an Allrun pre-step makes: the
// source file and the name findings give it (the source's case-relative path when it is
// in the case, else rel).
func (l *loader) created(rel string) (src, name string, ok bool) {
	a := l.c.Allrun
	if a == nil || len(a.Created) == 0 {
		return "", "", false
	}
	if _, err := os.Lstat(filepath.Join(l.root, filepath.FromSlash(rel))); err == nil {
		return "", "", false
	}
	targets := make([]string, 0, len(a.Created))
	for t := range a.Created {
		targets = append(targets, t)
	}
	// the deepest target first: cp of a file into a directory another step made.
	sort.Slice(targets, func(i, j int) bool {
		if len(targets[i]) != len(targets[j]) {
			return len(targets[i]) > len(targets[j])
		}
		return targets[i] < targets[j]
	})
	for _, t := range targets {
		s := a.Created[t]
		var p string
		switch {
		case rel == t || rel+".gz" == t:
			p = s
		case strings.HasPrefix(rel, t+"/"):
			p = filepath.Join(s, filepath.FromSlash(strings.TrimPrefix(rel, t+"/")))
		default:
			continue
		}
		name = rel
		if r, err := filepath.Rel(l.root, p); err == nil && filepath.IsLocal(r) {
			name = filepath.ToSlash(r)
		}
		return p, name, true
	}
	return "", "", false
}

// redirect is grammar.ExpandOptions.Redirect: an include of a file the pre-steps make.
func (l *loader) redirect(p string) string {
	rel, err := filepath.Rel(l.root, p)
	if err != nil || !filepath.IsLocal(rel) {
		return ""
	}
	if src, _, ok := l.created(filepath.ToSlash(rel)); ok {
		return src
	}
	return ""
}

// createdFiles lists the files under top (case-relative) that Allrun pre-steps make, as
// caseFiles lists the case's own (a directory made by cp -r or ln -s contributes its
// files; header-only directories and polyMesh bulk files are left to the mesh readers).
func (l *loader) createdFiles(top string) []string {
	a := l.c.Allrun
	if a == nil {
		return nil
	}
	var out []string
	add := func(rel string) {
		name := path.Base(rel)
		if strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".m4") || strings.HasSuffix(name, ".template") {
			return
		}
		for _, d := range strings.Split(path.Dir(rel), "/") {
			if headerOnlyDirs[d] || d == "polyMesh" {
				return
			}
		}
		if _, err := os.Lstat(filepath.Join(l.root, filepath.FromSlash(rel))); err == nil {
			return // the case's own file, listed by caseFiles
		}
		out = append(out, strings.TrimSuffix(rel, ".gz"))
	}
	targets := make([]string, 0, len(a.Created))
	for t := range a.Created {
		targets = append(targets, t)
	}
	sort.Strings(targets)
	for _, t := range targets {
		if t != top && !strings.HasPrefix(t, top+"/") {
			continue
		}
		src := a.Created[t]
		if !isDir(src) {
			add(t)
			continue
		}
		_ = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			if r, err := filepath.Rel(src, p); err == nil {
				add(path.Join(t, filepath.ToSlash(r)))
			}
			return nil
		})
	}
	return out
}
