package rules

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/grammar/dictedit"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/openfoam"
)

// expectMarker is `@expect(ID)`, `@expect(ID, "summary regexp")`, either with `, col=N`.
var expectMarker = regexp.MustCompile(`@expect\((FOAM-[A-Z]+-\d{3})(?:,\s*"((?:[^"\\]|\\.)*)")?(?:,\s*col=(\d+))?\)`)

// fixMarker is `@fix(ID)`: apply the edits of that finding (on the same line, or without
// a position in the archive comment).
var fixMarker = regexp.MustCompile(`@fix\((FOAM-[A-Z]+-\d{3})\)`)

// marker is one @expect or @fix: where (file:line, or <case>), which ID, and the
// optional message pattern and column.
type marker struct {
	key string // "0/U:12 FOAM-BC-001" or "<case> FOAM-STRUCT-001"
	re  *regexp.Regexp
	col int
}

func markers(t *testing.T, ar *txtar.Archive, re *regexp.Regexp) []marker {
	var out []marker
	add := func(where string, m []string) {
		k := marker{key: where + " " + m[1]}
		if len(m) > 2 && m[2] != "" {
			pat, err := strconv.Unquote(`"` + m[2] + `"`)
			if err != nil {
				t.Fatalf("%s: marker %s: %v", where, m[0], err)
			}
			k.re = regexp.MustCompile(pat)
		}
		if len(m) > 3 && m[3] != "" {
			k.col, _ = strconv.Atoi(m[3])
		}
		out = append(out, k)
	}
	for _, m := range re.FindAllStringSubmatch(string(ar.Comment), -1) {
		add("<case>", m)
	}
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, foamtest.GoldenPrefix) {
			continue
		}
		for i, line := range strings.Split(string(f.Data), "\n") {
			for _, m := range re.FindAllStringSubmatch(line, -1) {
				add(fmt.Sprintf("%s:%d", f.Name, i+1), m)
			}
		}
	}
	return out
}

func findingKey(f finding.Finding) string {
	if f.Location.File == "" {
		return "<case> " + f.ID
	}
	return fmt.Sprintf("%s:%d %s", f.Location.File, f.Location.Line, f.ID)
}

// TestCases lints every rules/testdata/cases/*.txtar: the archive's files form a case
// directory, and each `// @expect(ID)` marker names a finding that must point at that
// line; `@expect(ID, "regexp")` also matches its summary, `col=N` its column. Markers in
// the archive comment stand for findings without a file position. Findings and markers
// must match one to one. The engine is what `foamc lint` runs: the embedded kb,
// compiled.txtar.
//
// `@fix(ID)` applies the edits (finding.Repair) of the finding it names, all @fix of the
// archive in one copy of the case, with grammar/dictedit; the re-lint must have none of
// the fixed findings and no deny the case did not have, and every edited file must equal
// its golden `-- out/fixed/<file> --` section (-update rewrites them). So every fix a
// rule proposes is proven to clear its finding without OpenFOAM.
//
// The fixtures under testdata/releases are linted as the CLI does, each case with the
// profile of its release (banner, layout; docs/kb.md "Releases"), so they also expect the
// release findings (FOAM-REL-*).
func TestCases(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "cases", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no case fixtures: %v", err)
	}
	releaseFiles, err := filepath.Glob(filepath.Join("testdata", "releases", "*.txtar"))
	if err != nil || len(releaseFiles) == 0 {
		t.Fatalf("no release fixtures: %v", err)
	}
	plain, err := New(context.Background(), Options{KBJSON: kb.DefaultRulesJSON})
	if err != nil {
		t.Fatal(err)
	}
	released, err := New(context.Background(), Options{KBJSON: kb.DefaultRulesJSON,
		Releases: kb.ReleaseData, DefaultRelease: openfoam.ReleaseV1912, Profiles: kb.Profiles})
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range append(files, releaseFiles...) {
		e := plain
		if slices.Contains(releaseFiles, file) {
			e = released
		}
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			dir := t.TempDir()
			ar := foamtest.WriteTxtar(t, file, dir)
			expects := markers(t, ar, expectMarker)
			var want []string
			for _, m := range expects {
				want = append(want, m.key)
			}
			res, err := e.LintDir(context.Background(), dir, foamcase.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range res.Findings {
				if strings.HasPrefix(f.Fix, "did you mean") && (f.Repair == nil || f.Repair.Suggest == nil || len(f.Repair.Suggest.Candidates) == 0) {
					t.Errorf("%s %s: the prose suggests words but Repair.Suggest is %+v", f.Location, f.ID, f.Repair)
				}
				for _, rl := range f.Related {
					if rl.Message == "" {
						t.Errorf("%s %s: related location %s has no message", f.Location, f.ID, rl.Path)
					}
				}
				got = append(got, findingKey(f))
			}
			sort.Strings(want)
			sort.Strings(got)
			missing, extra := diff(want, got)
			for _, m := range missing {
				t.Errorf("missing finding %s", m)
			}
			for _, x := range extra {
				for _, f := range res.Findings {
					if strings.HasSuffix(x, " "+f.ID) {
						t.Logf("  %s: %s [%s]", f.Location, f.Summary, f.Location.Path)
					}
				}
				t.Errorf("unexpected finding %s", x)
			}
			for _, m := range expects {
				if m.re == nil && m.col == 0 {
					continue
				}
				ok := false
				for _, f := range res.Findings {
					if findingKey(f) == m.key && (m.re == nil || m.re.MatchString(f.Summary)) && (m.col == 0 || f.Location.Column == m.col) {
						ok = true
					}
				}
				if !ok {
					t.Errorf("%s: no finding with summary matching %v and column %d", m.key, m.re, m.col)
				}
			}
			checkFixes(t, e, file, ar, dir, res.Findings)
		})
	}
}

// checkFixes applies the @fix markers of one archive (see TestCases).
func checkFixes(t *testing.T, e *Engine, file string, ar *txtar.Archive, dir string, before []finding.Finding) {
	fixes := markers(t, ar, fixMarker)
	if len(fixes) == 0 {
		return
	}
	fixDir := t.TempDir()
	foamtest.WriteTxtar(t, file, fixDir)
	var fixed []finding.Finding
	var edited []string
	for _, m := range fixes {
		n := 0
		for _, f := range before {
			if findingKey(f) != m.key {
				continue
			}
			n++
			if f.Repair == nil || len(f.Repair.Edits) == 0 {
				t.Errorf("@fix %s: the finding has no edits", m.key)
				continue
			}
			if err := dictedit.ApplyDir(fixDir, f.Repair.Edits); err != nil {
				t.Errorf("@fix %s: %v", m.key, err)
				continue
			}
			fixed = append(fixed, f)
			for _, ed := range f.Repair.Edits {
				if !slices.Contains(edited, ed.File) {
					edited = append(edited, ed.File)
				}
			}
		}
		if n == 0 {
			t.Errorf("@fix %s: no such finding", m.key)
		}
	}
	after, err := e.LintDir(context.Background(), fixDir, foamcase.Options{})
	if err != nil {
		t.Fatal(err)
	}
	same := func(a, b finding.Finding) bool {
		return a.ID == b.ID && a.Location.Path == b.Location.Path && (a.Location.Path != "" || a.Location.File == b.Location.File)
	}
	for _, f := range after.Findings {
		for _, x := range fixed {
			if same(f, x) {
				t.Errorf("@fix %s: still reported after its edits: %s", findingKey(x), f.Summary)
			}
		}
		if f.Severity == finding.Deny && !slices.ContainsFunc(before, func(b finding.Finding) bool { return same(f, b) }) {
			t.Errorf("@fix: the edits introduce %s %s: %s", findingKey(f), f.Location.Path, f.Summary)
		}
	}
	// The edited files against their golden sections.
	golden := map[string]int{}
	for i, f := range ar.Files {
		if name, ok := strings.CutPrefix(f.Name, foamtest.GoldenPrefix+"fixed/"); ok {
			golden[name] = i
		}
	}
	sort.Strings(edited)
	changed := false
	for _, name := range edited {
		b, err := os.ReadFile(filepath.Join(fixDir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		i, ok := golden[name]
		switch {
		case ok && bytes.Equal(ar.Files[i].Data, b):
		case *update && ok:
			ar.Files[i].Data, changed = b, true
		case *update:
			ar.Files = append(ar.Files, txtar.File{Name: foamtest.GoldenPrefix + "fixed/" + name, Data: b})
			changed = true
		case ok:
			t.Errorf("@fix: %s differs from its out/fixed section (go test ./rules -run TestCases -update):\n%s", name, b)
		default:
			t.Errorf("@fix: no out/fixed/%s section (go test ./rules -run TestCases -update)", name)
		}
		delete(golden, name)
	}
	for name := range golden {
		t.Errorf("@fix: out/fixed/%s is not a file the fixes edit", name)
	}
	if changed {
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fixtureDirs writes every case fixture into its own directory.
func fixtureDirs(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "cases", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no case fixtures: %v", err)
	}
	var dirs []string
	for _, file := range files {
		dir := filepath.Join(t.TempDir(), strings.TrimSuffix(filepath.Base(file), ".txtar"))
		foamtest.WriteTxtar(t, file, dir)
		dirs = append(dirs, dir)
	}
	return dirs
}

// diff returns the elements of the sorted multisets a and b that the other lacks.
func diff(a, b []string) (onlyA, onlyB []string) {
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i] < b[j]):
			onlyA = append(onlyA, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			onlyB = append(onlyB, b[j])
			j++
		default:
			i++
			j++
		}
	}
	return onlyA, onlyB
}

// TestFixesProven: every built-in rule that proposes edits has an @fix marker in some
// case fixture, so TestCases has applied its fix and seen the finding go.
func TestFixesProven(t *testing.T) {
	e, err := New(context.Background(), Options{KBJSON: kb.DefaultRulesJSON})
	if err != nil {
		t.Fatal(err)
	}
	fixtures, err := filepath.Glob(filepath.Join("testdata", "cases", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	proven := map[string]bool{}
	for _, file := range fixtures {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range fixMarker.FindAllStringSubmatch(string(b), -1) {
			proven[m[1]] = true
		}
	}
	n := 0
	for _, r := range e.Rules() {
		src, err := policyFS.ReadFile(strings.TrimPrefix(r.File, "rules/"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte(`"edits":`)) {
			continue
		}
		n++
		if !proven[r.ID] {
			t.Errorf("%s proposes edits but no fixture has @fix(%s)", r.ID, r.ID)
		}
	}
	t.Logf("%d rules propose edits; %d IDs have @fix markers", n, len(proven))
	if n == 0 {
		t.Fatal("no rule proposes edits")
	}
}

// fixtureExamples finds, per rule ID, the first case fixture line that @expects it
// (Avoid) and, when the fixture applies its fix, the lines of the golden file that
// differ from the original (Prefer): the catalogue's examples.
func fixtureExamples(t *testing.T) map[string]Example {
	files, err := filepath.Glob(filepath.Join("testdata", "cases", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	strip := func(line string) string {
		if i := strings.Index(line, "// @"); i >= 0 {
			line = line[:i]
		}
		return strings.TrimRight(line, " \t")
	}
	out := map[string]Example{}
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		golden := map[string][]string{}
		for _, f := range ar.Files {
			if name, ok := strings.CutPrefix(f.Name, foamtest.GoldenPrefix+"fixed/"); ok {
				golden[name] = strings.Split(string(f.Data), "\n")
			}
		}
		for _, f := range ar.Files {
			if strings.HasPrefix(f.Name, foamtest.GoldenPrefix) {
				continue
			}
			lines := strings.Split(string(f.Data), "\n")
			for _, line := range lines {
				for _, m := range expectMarker.FindAllStringSubmatch(line, -1) {
					id := m[1]
					if _, done := out[id]; done || strip(line) == "" {
						continue
					}
					ex := Example{Fixture: filepath.Base(file), File: f.Name, Avoid: strip(line)}
					if g, ok := golden[f.Name]; ok && strings.Contains(line, "@fix("+id+")") {
						for _, gl := range g {
							if !slices.Contains(lines, gl) && strip(gl) != "" {
								ex.Prefer = append(ex.Prefer, strip(gl))
							}
						}
					}
					out[id] = ex
				}
			}
		}
	}
	return out
}

// goIDLiteral is a finding ID spelt in Go source.
var goIDLiteral = regexp.MustCompile(`"(FOAM-[A-Z]+-[0-9A-Za-z]+)"`)

// TestGoIDsCatalogued: every finding ID a Go file of the product spells is a Rego rule
// or in the Go-side table (so `foamc rules show` and the catalogue explain it), follows
// FOAM-<CATEGORY>-NNN, and every table entry is still raised somewhere.
func TestGoIDsCatalogued(t *testing.T) {
	e, err := New(context.Background(), Options{KBJSON: kb.DefaultRulesJSON})
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, r := range e.Rules() {
		known[r.ID] = true
	}
	goIDs := map[string]bool{}
	for _, r := range GoRules() {
		if !regexp.MustCompile(`^FOAM-(PARSE|EXPAND|SPEC|COMPILE|CASE|LINT|MCP|RUN|STUDY|VERIFY|REL)-\d{3}$`).MatchString(r.ID) || r.Title == "" || r.Fix == "" {
			t.Errorf("Go-side entry %+v: malformed", r)
		}
		goIDs[r.ID] = true
	}
	seen := map[string]bool{}
	root := filepath.Join("..")
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && p != root || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || strings.HasSuffix(p, "goids.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range goIDLiteral.FindAllStringSubmatch(string(src), -1) {
			seen[m[1]] = true
			if !known[m[1]] && !goIDs[m[1]] {
				t.Errorf("%s: %s is neither a rule nor in rules/goids.go", p, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for id := range goIDs {
		if !seen[id] {
			t.Errorf("%s is in rules/goids.go but no Go file raises it", id)
		}
	}
	if r, ok := e.Rule("FOAM-PARSE-006"); !ok || len(r.Provenance) == 0 || !strings.Contains(Describe(r), "raised by Go code: grammar/lexer.go") {
		t.Errorf("Rule(FOAM-PARSE-006) = %+v, %v", r, ok)
	}
}
