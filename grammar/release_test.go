package grammar

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

// The releases after v1912 (docs/grammar.md "Releases"): Foundation 12's tutorials against
// its own foamDictionary (cached in verdicts12Path like v1912's), and every dictionary of
// both source trees parsed and expanded in their dialect (make release-parse).

const verdicts12Path = "testdata/foamdict-verdicts-12.json"

// listRejection12 is Foundation 12's dictionary reader failing at a top-level list
// (its top-level list files are read by list readers, as v1912's: classList).
const listRejection12 = "Failed to read dictionary entry in list"

// releaseMissing fails under CI and skips elsewhere.
func releaseMissing(t testing.TB, what string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is missing under CI=true: run `make openfoam-releases openfoam12`", what)
	}
	t.Skipf("%s is missing (run `make openfoam-releases openfoam12`)", what)
}

// releaseSource is an unpacked release source tree (OpenFOAM-12, OpenFOAM-v2506):
// $FOAMC_RELEASES_DIR/<name>, else .cache/releases/<name> of the repository.
func releaseSource(t testing.TB, name string) string {
	dir := os.Getenv("FOAMC_RELEASES_DIR")
	if dir == "" {
		dir = filepath.Join(foamtest.RepoRoot(), ".cache", "releases")
	}
	p := filepath.Join(dir, name)
	if st, err := os.Stat(filepath.Join(p, "tutorials")); err != nil || !st.IsDir() {
		releaseMissing(t, p+"/tutorials")
	}
	return p
}

// of12Env is the environment Foundation 12's etc/bashrc sets (the installation at
// $FOAMC_OPENFOAM_12_DIR, else .cache/of12/OpenFOAM-12), and its foamDictionary.
func of12Env(t testing.TB) (map[string]string, string) {
	dir := os.Getenv("FOAMC_OPENFOAM_12_DIR")
	if dir == "" {
		dir = filepath.Join(foamtest.RepoRoot(), ".cache", "of12", "OpenFOAM-12")
	}
	if _, err := os.Stat(filepath.Join(dir, "etc", "bashrc")); err != nil {
		releaseMissing(t, "Foundation OpenFOAM 12 ("+dir+")")
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-c", `source "$1/etc/bashrc" >/dev/null 2>&1; env -0`, "bash", dir)
	cmd.Env = []string{"HOME=" + os.Getenv("HOME"), "PATH=/usr/bin:/bin"}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("source %s/etc/bashrc: %v", dir, err)
	}
	env := map[string]string{}
	for _, kv := range bytes.Split(out, []byte{0}) {
		if k, v, ok := strings.Cut(string(kv), "="); ok && k != "" && k != "_" && k != "SHLVL" && k != "PWD" && k != "OLDPWD" {
			env[k] = v
		}
	}
	bin := filepath.Join(env["FOAM_APPBIN"], "foamDictionary")
	if _, err := os.Stat(bin); err != nil {
		releaseMissing(t, bin)
	}
	return env, bin
}

// env12 is what both readers see for a Foundation 12 file: bashrc's environment (nothing
// from the caller's), the case variables argList sets, and the HOME whose user controlDict
// turns allowSystemOperations off.
func env12(base map[string]string, root, home string) map[string]string {
	env := map[string]string{}
	for k, v := range base {
		env[k] = v
	}
	env["FOAM_CASE"], env["FOAM_CASENAME"], env["PWD"] = root, filepath.Base(root), root
	env["FOAM_EXECUTABLE"] = "foamDictionary"
	if home != "" {
		env["HOME"] = home
	} else {
		delete(env, "HOME")
	}
	return env
}

// corpus12 is the verdict corpus of Foundation 12's tutorials. Files with code are left
// out: Foundation's foamDictionary has no -disableFunctionEntries, so it cannot read them
// without compiling their code.
func corpus12(t testing.TB) (string, []verdictFile, int) {
	tut := filepath.Join(releaseSource(t, "OpenFOAM-12"), "tutorials")
	var files []verdictFile
	code := 0
	for _, f := range verdictCorpusAt(t, tut, true) {
		if src, err := readMaybeGzip(f.path); err == nil && hasCodeMark(src) {
			code++
			continue
		}
		files = append(files, f)
	}
	return tut, files, code
}

func readVerdictsAt(t testing.TB, path string) map[string]verdict {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (regenerate with `make foamdict-verdicts-12`)", err)
	}
	m := map[string]verdict{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSuffix(strings.TrimSpace(sc.Text()), ",")
		if line == "[" || line == "]" || line == "" {
			continue
		}
		var v verdict
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		m[v.File] = v
	}
	return m
}

// TestFoamDict12VerdictsCache: Foundation 12's foamDictionary re-run on a fixed sample
// (every file the cache says it rejects, every verdictSampleStride-th file) gives the
// cached verdicts. FOAMC_WRITE_VERDICTS=12 runs it on the whole corpus and rewrites the cache.
func TestFoamDict12VerdictsCache(t *testing.T) {
	base, bin := of12Env(t)
	tut, files, _ := corpus12(t)
	// the tutorials' $FOAM_TUTORIALS/resources are the source tree's (the installation
	// holds a few tutorials only)
	base["FOAM_TUTORIALS"] = tut
	home := foamDictHome(t)
	// "12" rewrites the cache from the whole corpus; "12-refresh" re-runs the sample and
	// writes its verdicts over the cached ones.
	write := os.Getenv("FOAMC_WRITE_VERDICTS") == "12"
	refresh := os.Getenv("FOAMC_WRITE_VERDICTS") == "12-refresh"
	var cached map[string]verdict
	sample := files
	if !write {
		cached = readVerdictsAt(t, verdicts12Path)
		sample = nil
		for i, f := range files {
			if i%verdictSampleStride == 0 || !cached[f.rel].Accept {
				sample = append(sample, f)
			}
		}
	}
	got := make([]verdict, len(sample))
	src := filepath.Dir(tut)
	forEachVerdictFile(sample, func(i int) {
		// never expand a file that brings in code (an include or function object file
		// with #calc or #codeStream): Foundation 12 would compile and run it
		if foamcVerdictAs(&sample[i], filepath.Join(src, "etc"), DialectFoundation12, env12(base, sample[i].root, "")); sample[i].code {
			got[i] = verdict{File: sample[i].rel, Mode: "read", Reason: "not read: it brings in code"}
			return
		}
		got[i] = foamDictVerdictEnv(bin, tut, sample[i], env12(base, sample[i].root, home))
	})
	if write {
		writeVerdictsAt(t, verdicts12Path, got)
		t.Logf("wrote %d verdicts to %s", len(got), verdicts12Path)
		return
	}
	if refresh {
		for _, v := range got {
			cached[v.File] = v
		}
		var all []verdict
		for _, f := range files {
			if v, ok := cached[f.rel]; ok {
				all = append(all, v)
			}
		}
		writeVerdictsAt(t, verdicts12Path, all)
		t.Logf("refreshed %d of %d verdicts in %s", len(got), len(all), verdicts12Path)
		return
	}
	rejects := 0
	for _, v := range got {
		if !v.Accept {
			rejects++
		}
		if c, ok := cached[v.File]; !ok {
			t.Errorf("%s: not in %s", v.File, verdicts12Path)
		} else if c != v {
			t.Errorf("%s: foamDictionary 12 now gives %+v, the cache %+v", v.File, v, c)
		}
	}
	t.Logf("Foundation 12 foamDictionary re-run on %d of %d files (%d rejected): all as cached", len(got), len(files), rejects)
}

// TestParseVerdicts12: foamc with the Foundation 12 dialect accepts and rejects exactly
// the files Foundation 12's foamDictionary does (the cache), but for top-level lists (a '}'
// closing nothing at the top level ends the reading in both: grammar.Options.TopCloseEnds).
// The default run judges the cache test's sample (every verdictSampleStride-th
// file and every rejection); FOAMC_VERDICTS12=all (make verdicts-12) the whole corpus.
func TestParseVerdicts12(t *testing.T) {
	src := releaseSource(t, "OpenFOAM-12")
	_, files, code := corpus12(t)
	cached := readVerdictsAt(t, verdicts12Path)
	if os.Getenv("FOAMC_VERDICTS12") != "all" {
		var sample []verdictFile
		for i, f := range files {
			if i%verdictSampleStride == 0 || !cached[f.rel].Accept {
				sample = append(sample, f)
			}
		}
		files = sample
	}
	base := map[string]string{"PATH": "/usr/bin:/bin", "WM_PROJECT_DIR": src, "FOAM_ETC": filepath.Join(src, "etc"),
		"FOAM_TUTORIALS": filepath.Join(src, "tutorials")}
	results := make([]judged, len(files))
	forEachVerdictFile(files, func(i int) {
		results[i] = foamcVerdictAs(&files[i], filepath.Join(src, "etc"), DialectFoundation12, env12(base, files[i].root, ""))
	})
	var bothAccept, bothReject, lists int
	var disagree, rejected []string
	for i, f := range files {
		ours, theirs := results[i].verdict, cached[f.rel]
		if f.code {
			code++ // brings in code through an include: never expanded by foamDictionary
			continue
		}
		switch {
		case theirs.File == "":
			t.Errorf("%s: in the corpus but not in %s (regenerate: make foamdict-verdicts-12)", f.rel, verdicts12Path)
		case ours.Accept && theirs.Accept:
			bothAccept++
		case !ours.Accept && !theirs.Accept:
			bothReject++
			rejected = append(rejected, fmt.Sprintf("%s: OpenFOAM-12 %q; foamc %q", f.rel, theirs.Reason, ours.Reason))
		case ours.Accept && results[i].list && (listRejection.MatchString(theirs.Reason) || theirs.Reason == listRejection12):
			lists++
		default:
			disagree = append(disagree, fmt.Sprintf("%s: foamc %s, foamDictionary 12 %s", f.rel, verdictWord(ours), verdictWord(theirs)))
		}
	}
	for _, d := range disagree {
		t.Error(d)
	}
	for _, r := range rejected {
		t.Log("both reject: " + r)
	}
	t.Logf("Foundation 12 parse verdicts over %d files (%d with code left out): both accept %d, both reject %d, top-level lists %d; "+
		"disagreements %d", len(files), code, bothAccept, bothReject, lists, len(disagree))
}

func writeVerdictsAt(t testing.TB, path string, vs []verdict) {
	sort.Slice(vs, func(i, j int) bool { return vs[i].File < vs[j].File })
	var b bytes.Buffer
	b.WriteString("[\n")
	for i, v := range vs {
		line, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		if i < len(vs)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]\n")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReleaseParse parses every dictionary of both release trees (the verdict corpus of
// tutorials/ and of etc/caseDicts) and expands it in its release's dialect, and prints the
// counts and the failures by cause. It runs with FOAMC_RELEASE_PARSE=1 (make release-parse).
func TestReleaseParse(t *testing.T) {
	if os.Getenv("FOAMC_RELEASE_PARSE") != "1" {
		t.Skip("set FOAMC_RELEASE_PARSE=1 (make release-parse)")
	}
	for _, r := range []struct {
		name    string
		dialect Dialect
	}{{"OpenFOAM-12", DialectFoundation12}, {"OpenFOAM-v2506", DialectV2506}} {
		src := releaseSource(t, r.name)
		var files []verdictFile
		for _, sub := range []string{"tutorials", filepath.Join("etc", "caseDicts")} {
			root := filepath.Join(src, sub)
			for _, f := range verdictCorpusAt(t, root, true) {
				f.rel = filepath.Join(sub, f.rel)
				files = append(files, f)
			}
		}
		parseFail, expandFail := map[string][]string{}, map[string][]string{}
		parsed := 0
		base := map[string]string{"PATH": "/usr/bin:/bin", "WM_PROJECT_DIR": src, "FOAM_ETC": filepath.Join(src, "etc"),
			"FOAM_TUTORIALS": filepath.Join(src, "tutorials")}
		for i := range files {
			f := &files[i]
			if _, err := ParseFile(f.path); err != nil {
				parseFail[causeOf(err)] = append(parseFail[causeOf(err)], f.rel)
				continue
			}
			parsed++
			j := foamcVerdictAs(f, filepath.Join(src, "etc"), r.dialect, env12(base, f.root, ""))
			if !j.Accept {
				expandFail[j.Reason] = append(expandFail[j.Reason], f.rel)
			}
		}
		expanded := parsed
		for _, fs := range expandFail {
			expanded -= len(fs)
		}
		t.Logf("%s (%s): %d files, %d parse, %d also expand without a deny", r.name, r.dialect.Release(), len(files), parsed, expanded)
		logCauses(t, "parse", parseFail)
		logCauses(t, "expand", expandFail)
	}
}

func causeOf(err error) string {
	var fd finding.Finding
	if errors.As(err, &fd) {
		return fd.ID + " " + fd.Summary
	}
	return err.Error()
}

func logCauses(t *testing.T, stage string, m map[string][]string) {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if len(m[keys[i]]) != len(m[keys[j]]) {
			return len(m[keys[i]]) > len(m[keys[j]])
		}
		return keys[i] < keys[j]
	})
	for _, k := range keys {
		t.Logf("  %s %4d %s", stage, len(m[k]), k)
		for _, f := range m[k] {
			t.Logf("         %s", f)
		}
	}
}

// TestReleaseConstructs expands each construct the releases added, in its dialect, and
// checks the values OpenFOAM gives: for Foundation 12 those of its foamDictionary -expand
// on the same text (run on /tmp/rg12/system/test, a case holding only a controlDict; the
// etc files are the release's own); for v2506 (no binary here) those its evalEntry and
// wordDirective compute, as its tutorials (IO/dictionary/good-word-expand.dict,
// potentialFoam/cylinder) use them. The v1912 dialect denies the directives and expressions v1912 lacks.
func TestReleaseConstructs(t *testing.T) {
	src12 := releaseSource(t, "OpenFOAM-12")
	for _, c := range []struct {
		name    string
		dialect Dialect
		etc     string
		text    string
		want    map[string]string // JSON pointer → JSON value
		foreign bool              // v1912 lacks it: a deny in the v1912 dialect
	}{
		{"#neg", DialectFoundation12, src12, "a 1.5;\nb #neg $a;\nc -2;\nd #neg $c;\n",
			map[string]string{"/b": "-1.5", "/d": "2"}, true},
		{"$!top/scoped variable", DialectFoundation12, src12, "m { x 3; }\nd { v $!m/x; }\n",
			map[string]string{"/d/v": "3"}, false},
		{"named dimension set", DialectFoundation12, src12, "U [velocity];\np [kinematicPressure];\n",
			map[string]string{"/U/$dims": "[0,1,-1,0,0,0,0]", "/p/$dims": "[0,2,-2,0,0,0,0]"}, false},
		{"#includeFunc with named and nested arguments", DialectFoundation12, src12,
			"functions\n{\n    #includeFunc streamlinesLine(name=streamlines, start=(0 0.5 0), end=(9 0.5 0), nPoints=24, U)\n" +
				"    #includeFunc mag(p)\n    #includeFunc cutPlaneSurface\n    (\n        point=(0 0 0),\n        normal=(0 0 1),\n" +
				"        interpolate=no,\n        fields=(p U)\n    )\n}\n",
			map[string]string{
				"/functions/streamlines/nPoints":             "24",
				"/functions/streamlines/field":               `"U"`,
				"/functions/streamlines/objects":             `["U"]`,
				"/functions/streamlines/seedSampleSet/start": "[0,0.5,0]",
				"/functions/mag(p)/fields":                   `["p"]`,
				"/functions/mag(p)/type":                     `"mag"`,
				"/functions/cutPlaneSurface(point=(000),normal=(001),interpolate=no,fields=(pU))/fields":            `["p","U"]`,
				"/functions/cutPlaneSurface(point=(000),normal=(001),interpolate=no,fields=(pU))/surfaces/1/normal": "[0,0,1]",
			}, false},
		{"${{ expr }}", DialectV2506, "", "r 2;\nr45 ${{ $r * 0.5 }};\n", map[string]string{"/r45": "1"}, true},
		{"#word and #message", DialectV2506, "", "#message \"hello\"\nx 1;\nw #word \"ab_ $x\";\n", map[string]string{"/w": `"ab_1"`}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			os.MkdirAll(filepath.Join(dir, "system"), 0o755)
			os.WriteFile(filepath.Join(dir, "system", "controlDict"), []byte("application foamRun;\n"), 0o644)
			path := filepath.Join(dir, "system", "test")
			os.WriteFile(path, []byte(c.text), 0o644)
			etc := ""
			if c.etc != "" {
				etc = filepath.Join(c.etc, "etc")
			}
			for _, d := range []Dialect{c.dialect, DialectV1912} {
				x, err := ExpandFile(path, ExpandOptions{CaseDir: dir, EtcDir: etc, Dialect: d, Env: mapEnv(map[string]string{})})
				if err != nil {
					t.Fatalf("%s: %v", d, err)
				}
				deny := ""
				for _, f := range x.Findings {
					if f.Severity == finding.Deny {
						deny = f.ID + " " + f.Summary
					}
				}
				if d == DialectV1912 {
					if c.foreign && deny == "" {
						t.Errorf("v1912 reads %s without a deny", c.name)
					}
					continue
				}
				if deny != "" {
					t.Fatalf("%s: %s", d, deny)
				}
				b, _ := json.Marshal(x.Value(ValueOptions{}))
				var doc any
				json.Unmarshal(b, &doc)
				for ptr, want := range c.want {
					got, _ := json.Marshal(jsonAt(doc, ptr))
					if string(got) != want {
						t.Errorf("%s %s = %s, want %s", d, ptr, got, want)
					}
				}
			}
		})
	}
}

// jsonAt follows a JSON pointer (no escapes needed here) through decoded JSON.
func jsonAt(v any, ptr string) any {
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		switch m := v.(type) {
		case map[string]any:
			v = m[tok]
		case []any:
			var i int
			fmt.Sscan(tok, &i)
			if i >= len(m) {
				return nil
			}
			v = m[i]
		default:
			return nil
		}
	}
	return v
}

// TestIncludeOrigFoundation: Foundation's IFstream reads x.orig when x and x.gz are
// missing (IFstreamAllocator, OpenFOAM-12; DLR_A_LTS includes reactionsGRI, shipped as
// reactionsGRI.orig, and its foamDictionary accepts it); ESI's does not.
func TestIncludeOrigFoundation(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "inc.orig"), []byte("b 2;\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "d"), []byte("#include \"inc\"\nc $b;\n"), 0o644)
	for _, d := range []Dialect{DialectFoundation12, DialectV2506} {
		x, err := ExpandFile(filepath.Join(dir, "d"), ExpandOptions{CaseDir: dir, Dialect: d})
		if err != nil {
			t.Fatal(err)
		}
		found := x.Dict.Get("c") != nil && len(x.Findings) == 0
		if found != d.Foundation() {
			t.Errorf("%s: reads inc.orig %v, findings %v", d, found, x.Findings)
		}
	}
}
