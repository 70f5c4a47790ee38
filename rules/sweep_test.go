package rules

import (
	"bufio"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

// securityDeny are the denies tutorials are expected to trigger: they use #codeStream,
// coded* and systemCall on purpose.
var securityDeny = map[string]bool{"FOAM-SEC-001": true, "FOAM-SEC-002": true, "FOAM-SEC-003": true}

// readExceptions reads testdata/tutorial-denies.txt: "<case> <ID> <count>  # reason".
func readExceptions(t *testing.T) map[string]int {
	f, err := os.Open(filepath.Join("testdata", "tutorial-denies.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		fs := strings.Fields(line)
		if len(fs) == 0 {
			continue
		}
		var n int
		if len(fs) != 3 {
			t.Fatalf("tutorial-denies.txt: bad line %q", sc.Text())
		}
		fmt.Sscan(fs[2], &n)
		out[fs[0]+" "+fs[1]] = n
	}
	return out
}

// TestTutorialSweep lints every v1912 tutorial with the embedded kb. No tutorial may be
// denied except by the security rules and by the documented exceptions in
// testdata/tutorial-denies.txt (exactly as often as listed), and every warning kind that
// fires has a reason in the "Tutorial sweep" section of README.md.
func TestTutorialSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("tutorial sweep skipped in -short mode")
	}
	root, dirs := foamtest.TutorialCases(t)
	ctx := context.Background()
	e := embeddedEngine(t)
	denies := map[string]int{}
	bySeverity := map[finding.Severity]map[string]int{finding.Deny: {}, finding.Warn: {}, finding.Info: {}}
	ruleIDs := map[string]bool{}
	for _, r := range e.Rules() {
		ruleIDs[r.ID] = true
	}
	for _, d := range dirs {
		res, err := e.LintDir(ctx, d, foamcase.Options{})
		if err != nil {
			t.Errorf("%s: %v", d, err)
			continue
		}
		rel, _ := filepath.Rel(root, d)
		for _, f := range res.Findings {
			bySeverity[f.Severity][f.ID]++
			// Parse and expansion findings belong to the grammar/foamcase sweep.
			if f.Severity == finding.Deny && ruleIDs[f.ID] && !securityDeny[f.ID] {
				denies[rel+" "+f.ID]++
			}
		}
	}
	for _, sev := range []finding.Severity{finding.Deny, finding.Warn, finding.Info} {
		ids := make([]string, 0, len(bySeverity[sev]))
		for id := range bySeverity[sev] {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			t.Logf("%s %s %d", sev, id, bySeverity[sev][id])
		}
	}
	t.Logf("%d tutorial cases", len(dirs))
	// The list is exact: a deny that fires more or less often than listed (a new false
	// deny, or a true one lost) fails, and the list is updated with the reason.
	want := readExceptions(t)
	both := maps.Clone(denies)
	maps.Copy(both, want)
	for _, key := range slices.Sorted(maps.Keys(both)) {
		if denies[key] != want[key] {
			t.Errorf("deny %s fires %d times, testdata/tutorial-denies.txt lists %d", key, denies[key], want[key])
		}
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	// The reasons live in the "Tutorial sweep" section (the coverage table names every ID).
	_, sweep, _ := strings.Cut(string(readme), "## Tutorial sweep")
	sweep, _, _ = strings.Cut(sweep, "\n## ")
	for id := range bySeverity[finding.Warn] {
		if ruleIDs[id] && !strings.Contains(sweep, "| "+id+" |") {
			t.Errorf("warning %s fires on tutorials but README.md gives no reason", id)
		}
	}
}

// embeddedEngine is the engine foamc lint builds: the embedded rules and kb.
func embeddedEngine(t *testing.T) *Engine {
	t.Helper()
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), Options{KB: k.RulesData()})
	if err != nil {
		t.Fatal(err)
	}
	return e
}
