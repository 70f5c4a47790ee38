package grammar

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

// Parse verdicts: does foamc reject a file exactly when OpenFOAM's own reader does?
// docs/grammar.md "Parse verdicts" describes the corpus, the two readers and every
// disagreement. OpenFOAM's verdicts are cached in verdictsPath, regenerated from the real
// binary with `make foamdict-verdicts` (FOAMC_WRITE_VERDICTS=1).

const verdictsPath = "testdata/foamdict-verdicts.json"

// verdictSampleStride: besides every IO/dictionary file and every cached rejection,
// TestFoamDictVerdictsCache re-runs foamDictionary on every verdictSampleStride-th file.
const verdictSampleStride = 40

// verdict is one file's accept/reject by one reader.
type verdict struct {
	File string `json:"file"`
	// Mode is "expand" (`foamDictionary -expand` vs `foamc parse --expand`) or "read"
	// for files with #codeStream/#calc: expanding would compile and run their code, so
	// both readers read them without expansion (`foamDictionary
	// -disableFunctionEntries` vs `foamc parse`).
	Mode   string `json:"mode"`
	Accept bool   `json:"accept"`
	// Reason is the first line of the reader's fatal error ("" when accepted).
	Reason string `json:"reason,omitempty"`
}

// verdictFile is one file of the corpus.
type verdictFile struct {
	rel  string // under tutorials/, as on disk (x.gz stays x.gz)
	path string
	root string // case directory: FindCaseDir
	code bool   // it or a file it includes holds #codeStream or #calc (set by foamcVerdict)
}

func (f verdictFile) mode() string {
	if f.code {
		return "read"
	}
	return "expand"
}

// caseReadDirs are the top directories of a case whose files a case load reads
// (foamcase: system/, constant/, the start-time directory, 0.orig/).
var caseReadDirs = map[string]bool{"system": true, "constant": true, "0": true, "0.orig": true}

// caseSkipDirs are the bulk-data directories a case load does not look into
// (foamcase.skipDirs).
var caseSkipDirs = map[string]bool{"triSurface": true, "extendedFeatureEdgeMesh": true, "sets": true}

// verdictCorpus selects, under tutorials/, every regular file or link to one (gunzipped
// when it has the gzip magic) that
//  1. starts with `FoamFile {` (the TestTutorialCorpus rule), or
//  2. a case load reads: under system/, constant/, 0/ or 0.orig/ of a case directory
//     (one holding system/controlDict), outside triSurface/, extendedFeatureEdgeMesh/,
//     sets/ and polyMesh/ (polyMesh/boundary excepted), whatever its content — sed
//     scripts, tables and READMEs included, or
//  3. is IO/dictionary/*.dict (OpenFOAM's good-, missed- and fatal- fixtures), or
//  4. has no header but a selected file includes it by a literal name;
//
// except *.m4 and *.template files (inputs of m4 and sed, never read as they are).
func verdictCorpus(t testing.TB) (string, []verdictFile) {
	tut := foamtest.Tutorials(t)
	return tut, verdictCorpusAt(t, tut, false)
}

// verdictCorpusAt is verdictCorpus over the tutorials (or etc/caseDicts) tree tut.
// lostLinks reads a text file that holds only the relative path of another file of the
// tree as that file: the release source snapshots (../shared/openfoam) store git's
// symbolic links that way (lostLink).
func verdictCorpusAt(t testing.TB, tut string, lostLinks bool) []verdictFile {
	cases := map[string]bool{}
	var all []string
	err := filepath.WalkDir(tut, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		// A link to a file is read as the file, under the link's name (a region's
		// system/<region>/decomposeParDict); links to directories are not walked.
		if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
			return nil
		}
		all = append(all, p)
		if d.Name() == "controlDict" && filepath.Base(filepath.Dir(p)) == "system" {
			cases[filepath.Dir(filepath.Dir(p))] = true
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walk %s: %v", tut, err)
	}
	sort.Strings(all)
	target := map[string]string{}
	if lostLinks {
		for _, p := range all {
			if to := lostLink(p); to != "" {
				target[p] = to
			}
		}
	}
	selected, candidate, included := map[string]bool{}, map[string]bool{}, map[string]bool{}
	read := func(p string) string {
		if to := target[p]; to != "" {
			return to
		}
		return p
	}
	for _, p := range all {
		rel, _ := filepath.Rel(tut, p)
		name := strings.TrimSuffix(filepath.Base(p), ".gz")
		if strings.HasSuffix(name, ".m4") || strings.HasSuffix(name, ".template") {
			continue
		}
		candidate[p] = true
		src, err := readMaybeGzip(read(p))
		if err != nil {
			t.Fatal(err)
		}
		ioDict := filepath.Dir(rel) == filepath.Join("IO", "dictionary") && strings.HasSuffix(name, ".dict")
		if hasHeader(src) || ioDict || caseRead(p, cases) {
			selected[p] = true
			for _, target := range includeTargets(src) {
				included[filepath.Join(filepath.Dir(p), target)] = true
			}
		}
	}
	for p := range included {
		if candidate[p] {
			selected[p] = true
		}
	}
	var files []verdictFile
	for _, p := range all {
		if !selected[p] {
			continue
		}
		rel, _ := filepath.Rel(tut, p)
		if strings.HasSuffix(p, ".gz") {
			if _, err := os.Stat(strings.TrimSuffix(p, ".gz")); err == nil {
				t.Fatalf("%s and its .gz both exist: foamDictionary would read the plain one", rel)
			}
		}
		files = append(files, verdictFile{rel: rel, path: read(p), root: FindCaseDir(p)})
	}
	return files
}

// lostLink returns the file a lost symbolic link names: p is a small one-line text file
// holding a relative path (no blanks) of an existing regular file.
func lostLink(p string) string { return lostLinkHops(p, 8) }

func lostLinkHops(p string, hops int) string {
	st, err := os.Stat(p)
	if err != nil || st.Size() == 0 || st.Size() > 256 {
		return ""
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return ""
	}
	name := strings.TrimSuffix(string(b), "\n")
	if name == "" || strings.ContainsAny(name, " \t\n;{}\"") || filepath.IsAbs(name) || !strings.Contains(name, "/") && !strings.Contains(name, ".") {
		return ""
	}
	to := filepath.Join(filepath.Dir(p), name)
	if st, err := os.Stat(to); err != nil || !st.Mode().IsRegular() || to == p || hops == 0 {
		return ""
	}
	if next := lostLinkHops(to, hops-1); next != "" { // a link to a link
		return next
	}
	return to
}

// caseRead reports whether a case load reads p (rule 2 of verdictCorpus).
func caseRead(p string, cases map[string]bool) bool {
	for d := filepath.Dir(p); d != filepath.Dir(d); d = filepath.Dir(d) {
		if !caseReadDirs[filepath.Base(d)] || !cases[filepath.Dir(d)] {
			continue
		}
		rel, _ := filepath.Rel(d, p)
		parts := strings.Split(filepath.ToSlash(rel), "/")
		for i, c := range parts[:len(parts)-1] {
			if caseSkipDirs[c] || c == "polyMesh" && parts[i+1] != "boundary" {
				return false
			}
		}
		return true
	}
	return false
}

// forEachVerdictFile runs fn(i) for every file on two goroutines (2 shared cores).
func forEachVerdictFile(files []verdictFile, fn func(int)) {
	var wg sync.WaitGroup
	work := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				fn(i)
			}
		}()
	}
	for i := range files {
		work <- i
	}
	close(work)
	wg.Wait()
}

// verdictEnv is the whole environment both readers see: nothing from the caller's,
// so the cache is the same on every machine. FOAM_API, FOAM_CASE, FOAM_CASENAME and
// FOAM_EXECUTABLE are what foamDictionary sets itself (argList.C), and what `foamc parse
// --expand` sets for the expansion. home is foamDictionary's HOME (foamDictHome).
func verdictEnv(root, home string) map[string]string {
	env := map[string]string{
		"PATH":            "/usr/bin:/bin",
		"WM_PROJECT_DIR":  foamEnv("WM_PROJECT_DIR"),
		"FOAM_ETC":        foamEnv("FOAM_ETC"),
		"FOAM_API":        "1912",
		"FOAM_CASE":       root,
		"FOAM_CASENAME":   filepath.Base(root),
		"FOAM_EXECUTABLE": "foamDictionary",
		"PWD":             root, // OpenFOAM's cwd() warns when PWD disagrees with the real cwd
	}
	if home != "" {
		env["HOME"] = home
	}
	return env
}

// foamEnv is an installation variable as OpenFOAM binaries get it (foamtest.Env: the
// caller's, else the Debian package's).
func foamEnv(k string) string {
	v := ""
	for _, kv := range foamtest.Env() {
		if name, val, ok := strings.Cut(kv, "="); ok && name == k {
			v = val
		}
	}
	return v
}

// foamDictHome makes the HOME foamDictionary runs with: its user controlDict (merged
// over $FOAM_ETC/controlDict, debug.C) turns allowSystemOperations off, so code that
// slipped past foamcVerdict's check is refused instead of compiled.
func foamDictHome(t testing.TB) string {
	home := t.TempDir()
	dir := filepath.Join(home, ".OpenFOAM")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "controlDict"),
		[]byte("InfoSwitches\n{\n    allowSystemOperations 0;\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return home
}

// foamDictVerdict runs OpenFOAM's reader on f from its case directory.
func foamDictVerdict(bin, home, tut string, f verdictFile) verdict {
	return foamDictVerdictEnv(bin, tut, f, verdictEnv(f.root, home))
}

// foamDictVerdictEnv is foamDictVerdict with the reader's whole environment.
func foamDictVerdictEnv(bin, tut string, f verdictFile, env map[string]string) verdict {
	v := verdict{File: f.rel, Mode: f.mode()}
	var envList []string
	for k, val := range env {
		envList = append(envList, k+"="+val)
	}
	sort.Strings(envList)
	// IFstream reads x.gz when asked for x; "./" keeps a name such as -180/U from
	// reading as an option.
	rel, _ := filepath.Rel(f.root, strings.TrimSuffix(f.path, ".gz"))
	args := []string{"-case", f.root, "-expand", "./" + rel}
	if f.code {
		args = []string{"-case", f.root, "-disableFunctionEntries", "./" + rel}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir, cmd.Env = f.root, envList
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if err == nil {
		v.Accept = true
		return v
	}
	v.Reason = firstFatalLine(out.String())
	if v.Reason == "" {
		v.Reason = err.Error()
	}
	// Paths in messages are machine-specific; the cache must not be.
	v.Reason = strings.ReplaceAll(v.Reason, tut+string(filepath.Separator), "<tutorials>/")
	return v
}

// judged is foamc's verdict on one file.
type judged struct {
	verdict
	// list: the body is a top-level list (classList).
	list bool
	// outside: an include outside the case and $FOAM_ETC was read, which `foamc parse
	// --expand` does only with --allow-outside (FOAM-EXPAND-003 otherwise).
	outside bool
}

// foamcVerdict is foamc's verdict: `foamc parse --expand --allow-outside` in process
// (the CLI's ExpandFile call and environment; rejected when it fails or has a deny
// finding). --allow-outside because the case boundary is foamc's security policy, not a
// reading rule: OpenFOAM reads includes anywhere. It sets f.code when the file or
// anything the expansion included holds #codeStream or #calc, and then judges `foamc
// parse` instead.
func foamcVerdict(f *verdictFile) (j judged) {
	return foamcVerdictAs(f, foamEnv("FOAM_ETC"), DialectV1912, verdictEnv(f.root, ""))
}

// foamcVerdictAs is foamcVerdict for a release: its etc directory, dialect and environment.
func foamcVerdictAs(f *verdictFile, etcDir string, dialect Dialect, env map[string]string) (j judged) {
	src, err := readMaybeGzip(f.path)
	if err != nil {
		j.verdict = verdict{File: f.rel, Mode: f.mode(), Reason: err.Error()}
		return j
	}
	f.code = hasCodeMark(src)
	var x *Expanded
	if !f.code {
		x, err = ExpandFile(f.path, ExpandOptions{CaseDir: f.root, EtcDir: etcDir, AllowOutside: true,
			Env: mapEnv(env), NoSyntax: true, Dialect: dialect})
		if err == nil {
			f.code = includesCode(x, f.root)
		}
	}
	j.verdict = verdict{File: f.rel, Mode: f.mode(), Accept: true}
	if f.code {
		file, err := ParseFile(f.path)
		if err != nil {
			j.Accept, j.Reason = false, errSummary(err)
		} else {
			j.list = file.IsList()
		}
		return j
	}
	if err != nil {
		j.Accept, j.Reason = false, errSummary(err)
		return j
	}
	for _, fd := range x.Findings {
		if fd.Severity == finding.Deny {
			j.Accept, j.Reason = false, fd.ID+" "+fd.Summary
			break
		}
	}
	j.list = x.List != nil
	etc := etcDir + string(filepath.Separator)
	for _, in := range x.Includes {
		j.outside = j.outside || in.Found && filepath.IsAbs(in.Resolved) && !strings.HasPrefix(in.Resolved, etc)
	}
	return j
}

// codeMarks are the directives that compile and run code while a dictionary is read.
var codeMarks = [][]byte{[]byte("#codeStream"), []byte("#calc")}

func hasCodeMark(src []byte) bool {
	for _, m := range codeMarks {
		if bytes.Contains(src, m) {
			return true
		}
	}
	return false
}

// includesCode reports a code directive met in any branch read, or a code mark in any
// file the expansion included (etc files too).
func includesCode(x *Expanded, root string) bool {
	for _, d := range x.Directives {
		if d.Name == "#codeStream" || d.Name == "#calc" {
			return true
		}
	}
	for _, in := range x.Includes {
		if !in.Found {
			continue
		}
		p := in.Resolved
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		if src, err := readMaybeGzip(p); err != nil || hasCodeMark(src) {
			return true // unreadable here: fail closed
		}
	}
	return false
}

func errSummary(err error) string {
	var fd finding.Finding
	if errors.As(err, &fd) {
		return fd.ID + " " + fd.Summary
	}
	return err.Error()
}

// readVerdicts loads the cache, keyed by file.
func readVerdicts(t testing.TB) map[string]verdict {
	b, err := os.ReadFile(verdictsPath)
	if err != nil {
		t.Fatalf("%v (regenerate with `make foamdict-verdicts`)", err)
	}
	var vs []verdict
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatalf("%s: %v", verdictsPath, err)
	}
	m := map[string]verdict{}
	for _, v := range vs {
		m[v.File] = v
	}
	return m
}

// writeVerdicts writes the cache one file per line, sorted, so a regeneration diffs by file.
func writeVerdicts(t testing.TB, vs []verdict) {
	sort.Slice(vs, func(i, j int) bool { return vs[i].File < vs[j].File })
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	w.WriteString("[\n")
	for i, v := range vs {
		line, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(line)
		if i < len(vs)-1 {
			w.WriteString(",")
		}
		w.WriteString("\n")
	}
	w.WriteString("]\n")
	w.Flush()
	if err := os.WriteFile(verdictsPath, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFoamDictVerdictsCache shows the cache is OpenFOAM's: foamDictionary is run again on
// every IO/dictionary file (the fatal-*.dict fixtures among them), every file the cache
// says it rejects, and every verdictSampleStride-th file of the corpus, and must give the
// cached verdict and reason. FOAMC_WRITE_VERDICTS=1 runs it on the whole corpus and
// rewrites the cache instead.
func TestFoamDictVerdictsCache(t *testing.T) {
	bin := foamtest.RequireBinary(t, "foamDictionary")
	tut, files := verdictCorpus(t)
	home := foamDictHome(t)
	write := os.Getenv("FOAMC_WRITE_VERDICTS") == "1"
	var cached map[string]verdict
	sample := files
	if !write {
		cached = readVerdicts(t)
		sample = nil
		for i, f := range files {
			if i%verdictSampleStride == 0 || strings.HasPrefix(f.rel, "IO/dictionary/") || !cached[f.rel].Accept {
				sample = append(sample, f)
			}
		}
	}
	got := make([]verdict, len(sample))
	forEachVerdictFile(sample, func(i int) {
		foamcVerdict(&sample[i]) // decides the mode: never expand a file with code
		got[i] = foamDictVerdict(bin, home, tut, sample[i])
	})
	if write {
		writeVerdicts(t, got)
		t.Logf("wrote %d verdicts to %s", len(got), verdictsPath)
		return
	}
	rejects, fatalDicts := 0, 0
	for _, v := range got {
		if !v.Accept {
			rejects++
		}
		if strings.HasPrefix(v.File, "IO/dictionary/fatal-") {
			fatalDicts++
		}
		if c, ok := cached[v.File]; !ok {
			t.Errorf("%s: not in %s", v.File, verdictsPath)
		} else if c != v {
			t.Errorf("%s: foamDictionary now gives %+v, the cache %+v", v.File, v, c)
		}
	}
	if fatalDicts != 9 {
		t.Errorf("sample holds %d IO/dictionary/fatal-*.dict files, v1912 has 9", fatalDicts)
	}
	t.Logf("foamDictionary re-run on %d of %d files (%d rejected, %d fatal-*.dict): all as cached", len(got), len(files), rejects, fatalDicts)
}

// The one class of disagreement (docs/grammar.md "Parse verdicts"): foamc accepts,
// foamDictionary rejects, and OpenFOAM's readers of the file accept.
//
// classList: the body is a top-level list (polyMesh, cloud positions, .eMesh,
// boundaryData, injection data, tables). OpenFOAM reads such a file with a list reader
// (IOList, polyMesh, Cloud, Function1 tableFile), never with the dictionary reader
// foamDictionary uses, which fails at the list: listRejection.
const classList = "top-level list"

// listRejection matches foamDictionary's failure on a top-level list: the number that
// starts it ends the dictionary (dictionaryIO.C), or the list is read as a keyword's
// List (ListIO.C).
var listRejection = regexp.MustCompile(`but expected EOF, or perhaps a '}' char$|^Expected a '[()]' or a '[{}]' while reading List`)

// TestParseVerdicts: foamc accepts and rejects exactly the files of the corpus that
// foamDictionary accepts and rejects (the cached verdicts), except the classes and files
// explained above; every other disagreement is listed.
func TestParseVerdicts(t *testing.T) {
	_, files := verdictCorpus(t)
	cached := readVerdicts(t)
	results := make([]judged, len(files))
	forEachVerdictFile(files, func(i int) { results[i] = foamcVerdict(&files[i]) })
	inCorpus := map[string]bool{}
	var read, outside, bothAccept, bothReject, lists int
	var disagree []string
	for i, f := range files {
		inCorpus[f.rel] = true
		ours, theirs := results[i].verdict, cached[f.rel]
		if f.code {
			read++
		}
		if results[i].outside {
			outside++
		}
		switch {
		case theirs.File == "":
			t.Errorf("%s: in the corpus but not in %s (regenerate: make foamdict-verdicts)", f.rel, verdictsPath)
		case theirs.Mode != ours.Mode:
			t.Errorf("%s: read in mode %s, cached in mode %s (regenerate: make foamdict-verdicts)", f.rel, ours.Mode, theirs.Mode)
		case ours.Accept && theirs.Accept:
			bothAccept++
		case !ours.Accept && !theirs.Accept:
			bothReject++
		case ours.Accept && results[i].list && listRejection.MatchString(theirs.Reason):
			lists++
		default:
			disagree = append(disagree, fmt.Sprintf("%s (%s): foamc %s, foamDictionary %s",
				f.rel, f.mode(), verdictWord(ours), verdictWord(theirs)))
		}
	}
	for rel := range cached {
		if !inCorpus[rel] {
			t.Errorf("%s: cached but no longer in the corpus (regenerate: make foamdict-verdicts)", rel)
		}
	}
	for _, d := range disagree {
		t.Error(d)
	}
	t.Logf("parse verdicts over %d files (%d read without expansion for their code, %d including files outside their case): "+
		"both accept %d, both reject %d, top-level lists only foamc reads as a whole %d; disagreements %d",
		len(files), read, outside, bothAccept, bothReject, lists, len(disagree))
}

func verdictWord(v verdict) string {
	if v.Accept {
		return "accepts"
	}
	return "rejects: " + v.Reason
}
