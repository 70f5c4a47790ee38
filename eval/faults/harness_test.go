package faults

import (
	"context"
	"flag"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/internal/foamtest"
)

var record = flag.Bool("record", false, "TestRecord: re-run every fault in OpenFOAM and rewrite outcomes.json")

// runCorpus runs every baseline and fault in real OpenFOAM, two at a time
// (CI has 2 cores), and returns the results in corpus order.
func runCorpus(t *testing.T) (*Corpus, []Result) {
	t.Helper()
	tut := foamtest.Tutorials(t)
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range c.Bases {
		for _, p := range append(append([]string{}, b.Steps...), b.Solver) {
			foamtest.RequireBinary(t, strings.Fields(p)[0])
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	r := Runner{Env: foamtest.Env(), Timeout: 2 * time.Minute}
	start := time.Now()
	res := r.RunAll(ctx, tut, t.TempDir(), c.Jobs(), 2)
	t.Logf("ran %d cases in %s", len(res), time.Since(start).Round(time.Millisecond))
	for _, x := range res {
		if x.Err != nil {
			t.Fatalf("%s: %v", x.Job.Name, x.Err)
		}
	}
	return c, res
}

// TestRecord regenerates outcomes.json from real runs (only with -record).
func TestRecord(t *testing.T) {
	if !*record {
		t.Skip("run with -record to regenerate outcomes.json")
	}
	_, res := runCorpus(t)
	rec := &Record{OpenFOAM: "v1912", Baselines: map[string]Outcome{}, Faults: map[string]Outcome{}}
	for _, x := range res {
		if name, ok := strings.CutPrefix(x.Job.Name, "baseline/"); ok {
			rec.Baselines[name] = x.Outcome
		} else {
			rec.Faults[x.Job.Name] = x.Outcome
		}
		t.Logf("%-40s %s", x.Job.Name, x.Outcome)
	}
	data, err := rec.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(OutcomesFile, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestOutcomes re-runs every baseline and fault in real OpenFOAM and checks
// that each baseline runs clean and each fault still does what was recorded.
func TestOutcomes(t *testing.T) {
	if *record {
		t.Skip("-record rewrites outcomes.json; compare in a separate run")
	}
	rec, err := Outcomes()
	if err != nil {
		t.Fatal(err)
	}
	_, res := runCorpus(t)
	fails := 0
	for _, x := range res {
		name, isBase := strings.CutPrefix(x.Job.Name, "baseline/")
		if isBase {
			if x.Outcome.Status != StatusOK {
				t.Errorf("baseline %s does not run clean: %s (log in %s)", name, x.Outcome, x.Dir)
			}
			continue
		}
		want, ok := rec.Faults[name]
		if !ok {
			t.Errorf("fault %s has no recorded outcome: run go test ./faults -run TestRecord -record", name)
			continue
		}
		if !x.Outcome.Same(want) {
			t.Errorf("fault %s: OpenFOAM now gives %q, recorded %q", name, x.Outcome, want)
		}
		if x.Outcome.Status == StatusFail {
			fails++
		}
	}
	t.Logf("%d faults: %d fail in OpenFOAM, %d run silently", len(res)-len(rec.Baselines), fails, len(res)-len(rec.Baselines)-fails)
	for name := range rec.Faults {
		if !hasJob(res, name) {
			t.Errorf("outcomes.json records %s, which is not in the corpus", name)
		}
	}
}

func hasJob(res []Result, name string) bool {
	for _, x := range res {
		if x.Job.Name == name {
			return true
		}
	}
	return false
}
