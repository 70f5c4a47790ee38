package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Describe renders one rule for `foamc rules show`.
func Describe(r Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %s\n", r.ID, r.Severity, r.Title)
	if r.Description != "" {
		fmt.Fprintf(&b, "\n%s\n", r.Description)
	}
	fmt.Fprintf(&b, "\nfix: %s\n", r.Fix)
	if len(r.Provenance) > 0 {
		b.WriteString("provenance:\n")
		for _, p := range r.Provenance {
			fmt.Fprintf(&b, "  %s\n", p)
		}
	}
	for _, k := range sortedKeys(r.AppliesTo) {
		fmt.Fprintf(&b, "applies to %s: %s\n", k, strings.Join(r.AppliesTo[k], ", "))
	}
	if r.Package == "go" {
		fmt.Fprintf(&b, "raised by Go code: %s\n", r.File)
	} else {
		fmt.Fprintf(&b, "source: %s (package %s)\n", r.File, r.Package)
	}
	return b.String()
}

// Example shows a rule on a case fixture: the line it flags (Avoid) and, when the
// fixture applies the rule's fix (@fix), the lines the fix writes (Prefer).
type Example struct {
	Fixture, File string
	Avoid         string
	Prefer        []string
}

// Catalogue renders the rule list as Markdown (rules/CATALOGUE.md): the Rego rules,
// with an example from the case fixtures where one flags the rule, then the Go-side
// IDs (GoRules). Each ID has an anchor (#foam-bc-001), which SARIF's helpUri names.
func Catalogue(rs []Rule, examples map[string]Example) string {
	var b strings.Builder
	b.WriteString("# foamc rule catalogue\n\n")
	b.WriteString("Generated from the rules' METADATA, the case fixtures (rules/testdata/cases) and the Go-side ID tables (rules/goids.go, and rules/verify_goids.go generated from the IDs verify declares with its checks) by `go test ./rules -run TestCatalogue -update`; do not edit.\n\n")
	gs := GoRules()
	fmt.Fprintf(&b, "%d rules, and %d IDs raised by the parser, expander, spec schema, compiler, case loader, runner and MCP server ([below](#go-side-ids)).\n\n", len(rs), len(gs))
	table(&b, rs)
	b.WriteString("\n## Details\n")
	details(&b, rs, examples)
	b.WriteString("\n<a id=\"go-side-ids\"></a>\n## Go-side IDs\n\n")
	table(&b, gs)
	b.WriteString("\n## Go-side details\n")
	details(&b, gs, nil)
	return b.String()
}

func table(b *strings.Builder, rs []Rule) {
	b.WriteString("| ID | severity | rule | fix | source |\n|---|---|---|---|---|\n")
	cell := strings.NewReplacer("|", `\|`, "\n", " ")
	for _, r := range rs {
		fmt.Fprintf(b, "| [%s](#%s) | %s | %s | %s | `%s` |\n", r.ID, strings.ToLower(r.ID), r.Severity, cell.Replace(r.Title), cell.Replace(r.Fix), strings.TrimPrefix(r.File, "rules/"))
	}
}

func details(b *strings.Builder, rs []Rule, examples map[string]Example) {
	for _, r := range rs {
		fmt.Fprintf(b, "\n<a id=\"%s\"></a>\n### %s — %s\n\n", strings.ToLower(r.ID), r.ID, r.Title)
		if r.Description != "" {
			fmt.Fprintf(b, "%s\n\n", r.Description)
		}
		fmt.Fprintf(b, "- severity: %s\n- fix: %s\n", r.Severity, r.Fix)
		for _, k := range sortedKeys(r.AppliesTo) {
			fmt.Fprintf(b, "- applies to %s: %s\n", k, strings.Join(r.AppliesTo[k], ", "))
		}
		for _, p := range r.Provenance {
			fmt.Fprintf(b, "- evidence: `%s`\n", p)
		}
		if ex, ok := examples[r.ID]; ok {
			fmt.Fprintf(b, "\nAvoid (`%s`, %s):\n\n```\n%s\n```\n", ex.Fixture, ex.File, ex.Avoid)
			if len(ex.Prefer) > 0 {
				fmt.Fprintf(b, "\nPrefer (what the fix writes):\n\n```\n%s\n```\n", strings.Join(ex.Prefer, "\n"))
			}
		}
	}
}

// sortedKeys lists the keys with a non-empty value, sorted.
func sortedKeys(m map[string][]string) []string {
	var keys []string
	for k, v := range m {
		if len(v) > 0 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}
