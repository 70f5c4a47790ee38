package faults

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/rules"
)

// silentTarget is the share of silent faults lint should flag (issue 4 item 6).
const silentTarget = 0.70

func findingKey(f finding.Finding) string {
	return strings.Join([]string{f.ID, string(f.Severity), f.Location.File, f.Location.Path, f.Summary}, "\x00")
}

// newFindings drops the findings the baseline already has, so that a false
// positive on the tutorial itself never counts as detecting a fault.
func newFindings(base, faulted []finding.Finding) []finding.Finding {
	seen := map[string]bool{}
	for _, f := range base {
		seen[findingKey(f)] = true
	}
	var out []finding.Finding
	for _, f := range faulted {
		if !seen[findingKey(f)] {
			out = append(out, f)
		}
	}
	return out
}

// TestRecall lints every faulted case (materialized, not meshed: what the
// gate sees before anything runs) and asserts that each fault OpenFOAM fails
// on gets a new deny finding (100 % deny recall, known misses listed above),
// that bases get no deny, and that at least 70 % of silent faults get a new
// finding. It prints the table (fault, OpenFOAM outcome, expected rules, findings).
func TestRecall(t *testing.T) {
	tut := foamtest.Tutorials(t)
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := Outcomes()
	if err != nil {
		t.Fatal(err)
	}
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	eng, err := rules.New(ctx, rules.Options{KB: k.RulesData()})
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	lintJob := func(j Job) []finding.Finding {
		dir := filepath.Join(work, filepath.FromSlash(j.Name))
		if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := Materialize(tut, j.Base, j.Edits, dir); err != nil {
			t.Fatal(err)
		}
		res, err := eng.LintDir(ctx, dir, foamcase.Options{})
		if err != nil {
			t.Fatalf("%s: %v", j.Name, err)
		}
		return res.Findings
	}
	baseline := map[string][]finding.Finding{}
	for _, b := range c.Bases {
		baseline[b.Name] = lintJob(Job{Name: "baseline/" + b.Name, Base: b})
		// TestOutcomes proves every base runs clean, so a deny here is a false
		// positive: the gate would refuse a working tutorial.
		if denies := ids(baseline[b.Name], finding.Deny); len(denies) > 0 {
			t.Errorf("baseline %s runs clean in OpenFOAM but lint denies it: %v", b.Name, denies)
		}
		// Warnings on a tutorial that runs clean are either real advice or false
		// positives; listed for the rules engineer to judge.
		if warns := ids(baseline[b.Name], finding.Warn); len(warns) > 0 {
			t.Logf("baseline %s warnings:\n  %s", b.Name, strings.Join(warns, "\n  "))
		}
	}

	var table strings.Builder
	fmt.Fprintf(&table, "%-38s %-6s %-16s %-22s %s\n", "fault", "foam", "kind", "expected", "new findings (severity:id)")
	var failN, failDenied, silentN, silentFlagged, expectedHit int
	var missedFail, missedSilent []string
	for _, f := range c.Faults {
		b, _ := c.Base(f.Base)
		out, ok := rec.Faults[f.ID]
		if !ok {
			t.Errorf("fault %s has no recorded outcome", f.ID)
			continue
		}
		fresh := newFindings(baseline[b.Name], lintJob(Job{Name: f.ID, Base: b, Edits: f.Edits}))
		got := map[string]bool{}
		var cells []string
		for _, x := range fresh {
			got[x.ID] = true
			cells = append(cells, string(x.Severity)+":"+x.ID)
		}
		cells = uniqSorted(cells)
		hit := false
		for _, r := range f.Rules {
			hit = hit || got[r]
		}
		if hit {
			expectedHit++
		}
		if out.Status == StatusFail {
			failN++
			if countSeverity(fresh, finding.Deny) > 0 {
				failDenied++
			} else {
				missedFail = append(missedFail, fmt.Sprintf("%s (%s; needs %s)", f.ID, out, strings.Join(f.Rules, ",")))
			}
		} else {
			silentN++
			if len(fresh) > 0 {
				silentFlagged++
			} else {
				missedSilent = append(missedSilent, fmt.Sprintf("%s (%s; needs %s)", f.ID, f.Summary, strings.Join(f.Rules, ",")))
			}
		}
		kind := out.Kind
		if kind == "" {
			kind = "-"
		}
		fmt.Fprintf(&table, "%-38s %-6s %-16s %-22s %s\n", f.ID, out.Status, kind, strings.Join(f.Rules, ","), strings.Join(cells, " "))
	}
	t.Logf("recall table:\n%s", table.String())
	t.Logf("deny recall on faults OpenFOAM fails on: %d/%d", failDenied, failN)
	t.Logf("silent faults flagged: %d/%d (target %.0f%%)", silentFlagged, silentN, silentTarget*100)
	t.Logf("faults flagged by an expected rule ID: %d/%d", expectedHit, len(c.Faults))
	if len(missedSilent) > 0 {
		t.Logf("silent faults lint misses:\n  %s", strings.Join(missedSilent, "\n  "))
	}
	if silentN > 0 && float64(silentFlagged) < silentTarget*float64(silentN) {
		t.Errorf("lint flags %d/%d silent faults, below the %.0f%% target", silentFlagged, silentN, silentTarget*100)
	}
	if len(missedFail) > 0 {
		t.Errorf("lint does not deny %d faults that make OpenFOAM fail:\n  %s", len(missedFail), strings.Join(missedFail, "\n  "))
	}
}

func countSeverity(fs []finding.Finding, s finding.Severity) int {
	n := 0
	for _, f := range fs {
		if f.Severity == s {
			n++
		}
	}
	return n
}

// uniqSorted sorts s and drops repeats.
func uniqSorted(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

func ids(fs []finding.Finding, s finding.Severity) []string {
	var out []string
	for _, f := range fs {
		if f.Severity == s {
			out = append(out, f.ID+" "+f.Location.String()+" "+f.Summary)
		}
	}
	return uniqSorted(out)
}
