package rules

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/foamc/foamc/openfoam"
	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/cover"
	"github.com/open-policy-agent/opa/v1/storage"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/tester"
)

var update = flag.Bool("update", false, "regenerate CATALOGUE.md and other generated files")

// minCoverage is the Rego line coverage the unit tests must reach.
const minCoverage = 90.0

// fixtureKB is data.kb for tests: rules/testdata/kb.json (contracts and vocabularies) plus
// the curated tables in kb/curated (data.kb.models/dims) and the described rows of
// openfoam's solver table (data.kb.solvers).
func fixtureKB(t testing.TB) map[string]any {
	t.Helper()
	kb := map[string]any{}
	readJSON(t, filepath.Join("testdata", "kb.json"), &kb)
	for _, name := range []string{"models", "dims"} {
		var v any
		readJSON(t, filepath.Join("..", "kb", "curated", name+".json"), &v)
		kb[name] = v
	}
	b, err := json.Marshal(openfoam.DescribedSolvers())
	if err != nil {
		t.Fatal(err)
	}
	var solvers any
	if err := json.Unmarshal(b, &solvers); err != nil {
		t.Fatal(err)
	}
	kb["solvers"] = solvers
	return kb
}

func readJSON(t testing.TB, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// TestRegoUnit runs every <name>_test.rego in-process with OPA's tester and asserts the
// line coverage of the policies (tests excluded) with OPA's cover.
func TestRegoUnit(t *testing.T) {
	ctx := context.Background()
	srcs, err := builtinSources(true)
	if err != nil {
		t.Fatal(err)
	}
	c, modules, err := compileSources(srcs, checked)
	if err != nil {
		t.Fatal(err)
	}
	store := inmem.NewFromObject(map[string]any{"kb": fixtureKB(t), "config": map[string]any{"allow_code": false}})
	cov := cover.New()
	runner := tester.NewRunner().
		SetCompiler(c).
		SetStore(store).
		SetModules(modules).
		RaiseBuiltinErrors(true).
		SetCoverageQueryTracer(cov)
	txn := storage.NewTransactionOrDie(ctx, store)
	defer store.Abort(ctx, txn)
	ch, err := runner.RunTests(ctx, txn)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	testsPerPkg := map[string]int{}
	for r := range ch {
		n++
		testsPerPkg[r.Package]++
		if r.Error != nil {
			t.Errorf("%s.%s: error: %v", r.Package, r.Name, r.Error)
		} else if r.Fail {
			t.Errorf("%s.%s: failed", r.Package, r.Name)
		}
	}
	if n == 0 {
		t.Fatal("no Rego tests ran")
	}
	policies := map[string]*ast.Module{}
	for name, m := range modules {
		if !strings.HasSuffix(name, "_test.rego") {
			policies[name] = m
		}
	}
	rep := cov.Report(policies)
	t.Logf("%d Rego tests, coverage %.1f%%", n, rep.Coverage)
	if rep.Coverage < minCoverage {
		var low []string
		for f, fr := range rep.Files {
			if fr.Coverage < minCoverage {
				low = append(low, f)
			}
		}
		sort.Strings(low)
		for _, f := range low {
			fr := rep.Files[f]
			var lines []string
			for _, r := range fr.NotCovered {
				if len(lines) == 0 || lines[len(lines)-1] != fmt.Sprint(r.Start.Row) {
					lines = append(lines, fmt.Sprint(r.Start.Row))
				}
			}
			t.Logf("  %s %.1f%% not covered: lines %s", f, fr.Coverage, strings.Join(lines, ","))
		}
		t.Errorf("Rego coverage %.1f%% < %.0f%%", rep.Coverage, minCoverage)
	}
	// Every rule package has tests.
	for _, m := range modules {
		p := strings.TrimPrefix(m.Package.Path.String(), "data.")
		if strings.HasPrefix(p, "foamc.rules.") && !strings.HasSuffix(p, "_test") && testsPerPkg["data."+p+"_test"] == 0 {
			t.Errorf("rule package %s has no Rego tests", p)
		}
	}
}
