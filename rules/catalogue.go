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
	fmt.Fprintf(&b, "source: %s (package %s)\n", r.File, r.Package)
	return b.String()
}

// Catalogue renders the rule list as Markdown (rules/CATALOGUE.md).
func Catalogue(rs []Rule) string {
	var b strings.Builder
	b.WriteString("# foamc rule catalogue\n\n")
	b.WriteString("Generated from the rules' METADATA by `go test ./rules -run TestCatalogue -update`; do not edit.\n\n")
	fmt.Fprintf(&b, "%d rules.\n\n", len(rs))
	b.WriteString("| ID | severity | rule | fix | source |\n|---|---|---|---|---|\n")
	cell := strings.NewReplacer("|", `\|`, "\n", " ")
	for _, r := range rs {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | `%s` |\n", r.ID, r.Severity, cell.Replace(r.Title), cell.Replace(r.Fix), strings.TrimPrefix(r.File, "rules/"))
	}
	b.WriteString("\n## Details\n")
	for _, r := range rs {
		fmt.Fprintf(&b, "\n### %s — %s\n\n", r.ID, r.Title)
		if r.Description != "" {
			fmt.Fprintf(&b, "%s\n\n", r.Description)
		}
		fmt.Fprintf(&b, "- severity: %s\n- fix: %s\n", r.Severity, r.Fix)
		for _, k := range sortedKeys(r.AppliesTo) {
			fmt.Fprintf(&b, "- applies to %s: %s\n", k, strings.Join(r.AppliesTo[k], ", "))
		}
		for _, p := range r.Provenance {
			fmt.Fprintf(&b, "- evidence: `%s`\n", p)
		}
	}
	return b.String()
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
