package rules

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

var expectMarker = regexp.MustCompile(`@expect\((FOAM-[A-Z]+-\d{3})\)`)

// TestCases lints every rules/testdata/cases/*.txtar: the archive's files form a case
// directory, and each `// @expect(ID)` marker names a finding that must point at that
// line. Markers in the archive comment stand for findings without a file position.
// Findings and markers must match one to one. The engine is what `foamc lint` runs: the
// embedded kb, compiled.txtar.
func TestCases(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "cases", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no case fixtures: %v", err)
	}
	e, err := New(context.Background(), Options{KBJSON: kb.DefaultRulesJSON})
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			dir := t.TempDir()
			ar := foamtest.WriteTxtar(t, file, dir)
			var want []string
			for _, m := range expectMarker.FindAllStringSubmatch(string(ar.Comment), -1) {
				want = append(want, fmt.Sprintf("<case> %s", m[1]))
			}
			for _, f := range ar.Files {
				for i, line := range strings.Split(string(f.Data), "\n") {
					for _, m := range expectMarker.FindAllStringSubmatch(line, -1) {
						want = append(want, fmt.Sprintf("%s:%d %s", f.Name, i+1, m[1]))
					}
				}
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
				if f.Location.File == "" {
					got = append(got, fmt.Sprintf("<case> %s", f.ID))
				} else {
					got = append(got, fmt.Sprintf("%s:%d %s", f.Location.File, f.Location.Line, f.ID))
				}
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
		})
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
