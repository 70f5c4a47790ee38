package runner_test

import (
	"context"
	"flag"
	"fmt"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/eval/faults"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/runner"
)

var corpusAll = flag.Bool("corpus", false, "repair every failing fault of the faults corpus (all bases, several minutes), not only the ico-cavity ones")

// TestRepairFaultCorpus runs `foamc run --repair` semantics (real rules gate,
// kb retrieval (no foamDictionary fallback), no LLM) on the faults corpus: every fault
// that makes OpenFOAM fail (faults/outcomes.json). By default the ico-cavity
// base only; -corpus runs all bases. It prints one row per fault and the
// repaired share, and requires at least 8 repairs and a source on every one.
func TestRepairFaultCorpus(t *testing.T) {
	tut := runner.RequireFoam(t, "icoFoam")
	corpus, err := faults.Load()
	if err != nil {
		t.Fatal(err)
	}
	rec, err := faults.Outcomes()
	if err != nil {
		t.Fatal(err)
	}
	lint := runner.RealLinter(t)
	retr := runner.KBRetrieverFor(t)
	type row struct{ id, outcome, result, how string }
	var rows []row
	fixed, total := 0, 0
	for _, job := range corpus.Jobs() {
		o, ok := rec.Faults[job.Name]
		if !ok || o.Status != "fail" || (!*corpusAll && job.Base.Name != "ico-cavity") {
			continue
		}
		total++
		dir := filepath.Join(t.TempDir(), job.Name)
		if err := faults.Materialize(tut, job.Base, job.Edits, dir); err != nil {
			t.Fatal(err)
		}
		// The base's pre-solver programs other than blockMesh (setFields).
		for _, step := range job.Base.Steps {
			if step == "blockMesh" {
				continue
			}
			foamtest.RequireBinary(t, step)
			if step == "setFields" {
				cmd := exec.Command("blockMesh", "-case", dir)
				cmd.Env = foamtest.Env()
				cmd.Run()
			}
			cmd := exec.Command(step, "-case", dir)
			cmd.Env = foamtest.Env()
			cmd.Run() // a fault may break it; the run then reports the failure
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		res, err := runner.Run(ctx, dir, runner.Options{Repair: 4, Lint: lint, Retriever: retr})
		cancel()
		r := row{id: job.Name, outcome: o.Kind}
		switch {
		case err != nil:
			r.result, r.how = "error", err.Error()
		case res.Status == runner.StatusOK:
			fixed++
			r.result = "repaired"
			var hs []string
			for _, rp := range res.Repairs {
				if rp.Reverted {
					continue
				}
				if len(rp.Sources) == 0 {
					t.Errorf("%s: repair without provenance: %+v", job.Name, rp)
				}
				hs = append(hs, rp.Strategy)
			}
			r.how = strings.Join(hs, "+")
			if len(res.Repairs) == 0 {
				r.result, r.how = "ran", "no repair needed (fault no longer fails)"
				fixed--
			}
		default:
			r.result = res.Status
			if res.Failure != nil {
				r.how = res.Failure.Class + "/" + res.Failure.Kind + ": " + res.Failure.Summary
			} else if len(res.Gate) > 0 {
				r.how = res.Gate[0].ID + ": " + res.Gate[0].Summary
			}
		}
		rows = append(rows, r)
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].id < rows[j].id })
	var b strings.Builder
	for _, r := range rows {
		how := r.how
		if len(how) > 110 {
			how = how[:110] + "…"
		}
		fmt.Fprintf(&b, "%-40s %-15s %-9s %s\n", r.id, r.outcome, r.result, how)
	}
	t.Logf("\n%s", b.String())
	t.Logf("repaired %d of %d failing faults without an LLM", fixed, total)
	if fixed < 8 {
		t.Fatalf("repaired %d of %d, want >= 8", fixed, total)
	}
}
