package verify

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"golang.org/x/tools/txtar"
)

// expectMarker is `@expect(ID)` or `@expect(ID, "summary regexp")`, the rules'
// fixture syntax (rules/README.md, "Adding a rule").
var expectMarker = regexp.MustCompile(`@expect\((FOAM-VERIFY-\d{3})(?:,\s*"((?:[^"\\]|\\.)*)")?\)`)

// verdictLine is the archive comment's `verdict: accept|reject|insufficient`.
var verdictLine = regexp.MustCompile(`(?m)^verdict: (\w+)$`)

type expectation struct {
	key string // "1/k:19 FOAM-VERIFY-010", or "log.icoFoam FOAM-VERIFY-012" for a finding without a line
	re  *regexp.Regexp
}

// expectations reads the markers: on a file's line, a finding located at that line; in
// the archive comment, `file: @expect(...)` for a finding located at a file without a
// line ("-" for no file).
func expectations(t *testing.T, ar *txtar.Archive) []expectation {
	var out []expectation
	add := func(where string, m []string) {
		e := expectation{key: where + " " + m[1]}
		if m[2] != "" {
			pat, err := strconv.Unquote(`"` + m[2] + `"`)
			if err != nil {
				t.Fatalf("%s: %s: %v", where, m[0], err)
			}
			e.re = regexp.MustCompile(pat)
		}
		out = append(out, e)
	}
	for _, line := range strings.Split(string(ar.Comment), "\n") {
		if file, rest, ok := strings.Cut(line, ": @expect"); ok {
			for _, m := range expectMarker.FindAllStringSubmatch("@expect"+rest, -1) {
				add(file, m)
			}
		}
	}
	for _, f := range ar.Files {
		for i, line := range strings.Split(string(f.Data), "\n") {
			for _, m := range expectMarker.FindAllStringSubmatch(line, -1) {
				add(fmt.Sprintf("%s:%d", f.Name, i+1), m)
			}
		}
	}
	return out
}

func resultKey(f finding.Finding) string {
	switch {
	case f.Location.File == "":
		return "- " + f.ID
	case f.Location.Line == 0:
		return f.Location.File + " " + f.ID
	}
	return fmt.Sprintf("%s:%d %s", f.Location.File, f.Location.Line, f.ID)
}

// TestCases judges every testdata/cases/*.txtar: its files form a finished run (case
// dictionaries, result fields, polyMesh headers, the solver log) that Case judges
// without OpenFOAM. Deny and warn findings match the @expect markers one to one; an
// info finding need only be there when a marker names it. The comment's `verdict:`
// line is the verdict.
func TestCases(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "cases", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no case fixtures: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			dir := t.TempDir()
			ar := foamtest.WriteTxtar(t, file, dir)
			r, err := Case(dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string][]finding.Finding{}
			for _, f := range r.Findings {
				got[resultKey(f)] = append(got[resultKey(f)], f)
			}
			for _, e := range expectations(t, ar) {
				fs := got[e.key]
				i := slices.IndexFunc(fs, func(f finding.Finding) bool { return e.re == nil || e.re.MatchString(f.Summary) })
				if i < 0 {
					t.Errorf("%s: no such finding (pattern %v)", e.key, e.re)
					continue
				}
				got[e.key] = slices.Delete(fs, i, i+1)
			}
			for k, fs := range got {
				for _, f := range fs {
					if f.Severity != finding.Info {
						t.Errorf("%s: unexpected %s finding: %s", k, f.Severity, f.Summary)
					}
				}
			}
			m := verdictLine.FindStringSubmatch(string(ar.Comment))
			if m == nil {
				t.Fatal("the archive comment has no `verdict:` line")
			}
			if string(r.Verdict) != m[1] {
				t.Errorf("verdict %s, want %s", r.Verdict, m[1])
			}
			if t.Failed() {
				for _, f := range r.Findings {
					t.Logf("%s %s\n    %s", resultKey(f), f.Severity, f.Summary)
				}
			}
		})
	}
}
