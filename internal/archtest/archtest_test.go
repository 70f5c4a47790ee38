// Package archtest checks the module's import graph against the import rules of
// docs/architecture.md: the documented "never" edges are enforced, not just described.
package archtest

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/foamc/foamc"

// pkg is one package of `go list -json`.
type pkg struct {
	ImportPath string
	Imports    []string
	Deps       []string
}

func moduleRoot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	return filepath.Dir(strings.TrimSpace(string(out)))
}

// packages lists the module's packages with their transitive dependencies, relative to
// the module path ("grammar", "cmd/foamc").
func packages(t *testing.T, root string) map[string][]string {
	deps, _ := imports(t, root)
	return deps
}

// imports lists the module's packages with their transitive and their direct foamc
// dependencies, relative to the module path.
func imports(t *testing.T, root string) (deps, direct map[string][]string) {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps=false", "-json=ImportPath,Imports,Deps", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	rel := func(p string) (string, bool) {
		r, ok := strings.CutPrefix(p, module+"/")
		return r, ok
	}
	deps, direct = map[string][]string{}, map[string][]string{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		name, ok := rel(p.ImportPath)
		if !ok {
			continue
		}
		deps[name] = nil // a leaf is a package too
		for _, d := range p.Deps {
			if r, ok := rel(d); ok {
				deps[name] = append(deps[name], r)
			}
		}
		for _, d := range p.Imports {
			if r, ok := rel(d); ok {
				direct[name] = append(direct[name], r)
			}
		}
	}
	return deps, direct
}

// rules reads the "Import rules" table: package -> the packages it must never reach
// (nil with all = true for "any foamc package").
type rule struct {
	never []string
	all   bool
}

func importRules(t *testing.T, root string) map[string]rule {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rules := map[string]rule{}
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			in = line == "## Import rules"
			continue
		}
		if !in || !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(line, "|")
		if len(cells) < 4 {
			t.Fatalf("import rule row without cells: %s", line)
		}
		name := strings.Trim(strings.TrimSpace(cells[1]), "`")
		never := strings.TrimSpace(cells[2])
		r := rule{all: never == "any foamc package"}
		if !r.all {
			for _, n := range strings.Split(never, ",") {
				r.never = append(r.never, strings.TrimSpace(n))
			}
		}
		rules[name] = r
	}
	if len(rules) == 0 {
		t.Fatal(`docs/architecture.md has no "## Import rules" table`)
	}
	return rules
}

// under reports whether p is dir or inside it.
func under(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

// ruleFor is the row of the longest documented prefix of p.
func ruleFor(rules map[string]rule, p string) (string, bool) {
	best := ""
	for name := range rules {
		if under(p, name) && len(name) > len(best) {
			best = name
		}
	}
	return best, best != ""
}

var testOnly = []string{"eval", "internal/archtest", "llm/llmtest"}

// isTestOnly: the corpus, the goldens, and internal/*test helper packages.
func isTestOnly(p string) bool {
	if strings.HasPrefix(p, "internal/") && strings.HasSuffix(p, "test") {
		return true
	}
	return slices.ContainsFunc(testOnly, func(x string) bool { return under(p, x) })
}

// TestImportRules: every package has a row, and no package reaches what its row forbids;
// nothing outside cmd imports cmd, and product code imports no test-only package.
func TestImportRules(t *testing.T) {
	root := moduleRoot(t)
	graph := packages(t, root)
	rules := importRules(t, root)
	for _, p := range slices.Sorted(func(yield func(string) bool) {
		for k := range graph {
			if !yield(k) {
				return
			}
		}
	}) {
		deps := graph[p]
		for _, d := range deps {
			if under(d, "cmd") && !under(p, "cmd") {
				t.Errorf("%s imports %s: only cmd may", p, d)
			}
			if !isTestOnly(p) && isTestOnly(d) {
				t.Errorf("%s imports the test-only package %s", p, d)
			}
		}
		if p == "internal/archtest" {
			continue
		}
		name, ok := ruleFor(rules, p)
		if !ok {
			t.Errorf("%s has no row in docs/architecture.md's import rules: add one saying what it must never import", p)
			continue
		}
		r := rules[name]
		for _, d := range deps {
			if r.all && !under(d, p) {
				t.Errorf("%s imports %s; the table says it imports no foamc package", p, d)
			}
			for _, n := range r.never {
				if under(d, n) && !under(p, n) {
					t.Errorf("%s reaches %s, which docs/architecture.md forbids (row %s)", p, d, name)
				}
			}
		}
	}
}

// drawing reads the "## Layers" drawing: package -> its row, counted from the bottom (0 for
// the leaves); the "tests only" row is returned apart.
func drawing(t *testing.T, root string) (rows map[string]int, tests []string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(b), "\n## Layers\n")
	if !ok {
		t.Fatal(`docs/architecture.md has no "## Layers" drawing`)
	}
	_, after, _ = strings.Cut(after, "```\n")
	block, _, ok := strings.Cut(after, "```")
	if !ok {
		t.Fatal("the Layers drawing has no fenced block")
	}
	lines := strings.Split(strings.TrimSpace(block), "\n")
	rows = map[string]int{}
	for i, line := range lines {
		label, pkgs, ok := strings.Cut(line, "  ")
		if !ok {
			t.Fatalf("drawing row %q: want a label, two spaces, then packages", line)
		}
		fields := strings.Fields(pkgs)
		if strings.TrimSpace(label) == "tests only" {
			tests = fields
			continue
		}
		for _, p := range fields {
			if _, dup := rows[p]; dup {
				t.Errorf("%s is drawn twice", p)
			}
			rows[p] = len(lines) - 1 - i
		}
	}
	return rows, tests
}

// node is the drawn package p belongs to: the longest drawn prefix.
func node(rows map[string]int, p string) (string, bool) {
	best := ""
	for name := range rows {
		if under(p, name) && len(name) > len(best) {
			best = name
		}
	}
	return best, best != ""
}

// TestLayers: the drawing of docs/architecture.md is the code's structure: every package is
// drawn, every import points to a lower row (or inside its own node), and nothing drawn is
// missing from the module.
func TestLayers(t *testing.T) {
	root := moduleRoot(t)
	graph, direct := imports(t, root)
	rows, tests := drawing(t, root)
	for _, p := range tests {
		if !isTestOnly(p) {
			t.Errorf("the drawing's tests-only row names %s, which the import rules treat as product code", p)
		}
	}
	for name := range rows {
		if !slices.ContainsFunc(slices.Collect(maps.Keys(graph)), func(p string) bool { return under(p, name) }) {
			t.Errorf("the drawing names %s, which is no package of the module", name)
		}
	}
	for _, p := range slices.Sorted(maps.Keys(graph)) {
		if isTestOnly(p) {
			if !slices.ContainsFunc(tests, func(x string) bool { return under(p, x) }) {
				t.Errorf("%s is test-only but not on the drawing's tests-only row", p)
			}
			continue
		}
		from, ok := node(rows, p)
		if !ok {
			t.Errorf("%s is not on the Layers drawing of docs/architecture.md: draw it on its row", p)
			continue
		}
		for _, d := range direct[p] {
			to, ok := node(rows, d)
			if !ok || to == from {
				continue
			}
			if rows[to] >= rows[from] {
				t.Errorf("%s imports %s: the drawing puts %s on a row not below %s", p, d, to, from)
			}
		}
	}
}
