// Package output renders findings for people and machines: text, json, sarif (2.1.0),
// junit and github (workflow commands). lint, gate and compile share it.
package output

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/foamc/foamc/finding"
)

// Rule describes a rule for formats that carry a rule catalogue (SARIF).
type Rule struct {
	ID          string
	Severity    finding.Severity
	Title       string
	Description string
	Fix         string
	Provenance  []string
}

// Case is the findings of one case directory; finding locations are relative to Dir.
type Case struct {
	Dir      string            `json:"case"`
	Findings []finding.Finding `json:"findings"`
	// Error is set when the case could not be evaluated.
	Error string `json:"error,omitempty"`
	// Verdict is foamc verify's answer for the case (accept, reject, insufficient).
	Verdict string `json:"verdict,omitempty"`
}

// Report is everything one run produced.
type Report struct {
	Tool    string // "foamc"
	Version string
	Rules   []Rule
	Cases   []Case
	// OmitTotals drops the text format's totals line, for a command that checks one input
	// and prints its own status line.
	OmitTotals bool
}

// Formats lists the supported format names, the default (text) first: the order the
// CLI's --format help and the docs give them in.
func Formats() []string { return []string{"text", "json", "sarif", "junit", "github"} }

// Write renders r in the named format.
func Write(w io.Writer, format string, r Report) error {
	switch format {
	case "text", "":
		return writeText(w, r)
	case "json":
		return writeJSON(w, r)
	case "sarif":
		return writeSARIF(w, r)
	case "junit":
		return writeJUnit(w, r)
	case "github":
		return writeGitHub(w, r)
	}
	return fmt.Errorf("output: unknown format %q (want one of %s)", format, strings.Join(Formats(), ", "))
}

// Counts tallies findings by severity over all cases.
func Counts(r Report) map[finding.Severity]int {
	n := map[finding.Severity]int{}
	for _, c := range r.Cases {
		for _, f := range c.Findings {
			n[f.Severity]++
		}
	}
	return n
}

// path is a finding's file as seen from the working directory.
func path(dir, file string) string {
	if file == "" {
		return dir
	}
	if filepath.IsAbs(file) || dir == "" {
		return filepath.ToSlash(file)
	}
	return filepath.ToSlash(filepath.Join(dir, file))
}

func loc(dir string, l finding.Location) string {
	var b strings.Builder
	p := path(dir, l.File)
	if p == "" {
		p = "<case>" // as finding.Location.String says it
	}
	b.WriteString(p)
	if l.Line > 0 {
		fmt.Fprintf(&b, ":%d", l.Line)
		if l.Column > 0 {
			fmt.Fprintf(&b, ":%d", l.Column)
		}
	}
	return b.String()
}

func writeText(w io.Writer, r Report) error {
	var b strings.Builder
	for _, c := range r.Cases {
		if c.Error != "" {
			fmt.Fprintf(&b, "%s: error: %s\n", c.Dir, c.Error)
		}
		for _, f := range c.Findings {
			fmt.Fprintf(&b, "%s: %s [%s] %s\n", loc(c.Dir, f.Location), f.Severity, f.ID, f.Summary)
			if f.Excerpt != "" {
				for _, line := range strings.Split(strings.TrimRight(f.Excerpt, "\n"), "\n") {
					fmt.Fprintf(&b, "    | %s\n", line)
				}
			}
			if f.Detail != "" {
				fmt.Fprintf(&b, "    %s\n", f.Detail)
			}
			if f.Fix != "" {
				fmt.Fprintf(&b, "    fix: %s\n", f.Fix)
			}
			for _, rl := range f.Related {
				if rl.Message != "" {
					fmt.Fprintf(&b, "    related: %s: %s\n", loc(c.Dir, rl.Location), rl.Message)
				} else {
					fmt.Fprintf(&b, "    related: %s\n", loc(c.Dir, rl.Location))
				}
			}
		}
		if c.Verdict != "" {
			fmt.Fprintf(&b, "%s: verdict %s\n", c.Dir, c.Verdict)
		}
	}
	if r.OmitTotals {
		_, err := io.WriteString(w, b.String())
		return err
	}
	n := Counts(r)
	fmt.Fprintf(&b, "%d deny, %d warn, %d info in %d case(s)\n", n[finding.Deny], n[finding.Warn], n[finding.Info], len(r.Cases))
	_, err := io.WriteString(w, b.String())
	return err
}

func writeJSON(w io.Writer, r Report) error {
	n := Counts(r)
	cases := r.Cases
	if cases == nil {
		cases = []Case{}
	}
	for i := range cases {
		if cases[i].Findings == nil {
			cases[i].Findings = []finding.Finding{}
		}
	}
	doc := map[string]any{
		"cases":   cases,
		"summary": map[string]int{"deny": n[finding.Deny], "warn": n[finding.Warn], "info": n[finding.Info], "cases": len(cases)},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// ruleIndex returns the catalogue plus descriptors for IDs that only appear in findings
// (parse errors), sorted by ID, and the index of every ID.
func ruleIndex(r Report) ([]Rule, map[string]int) {
	byID := map[string]Rule{}
	for _, x := range r.Rules {
		byID[x.ID] = x
	}
	for _, c := range r.Cases {
		for _, f := range c.Findings {
			if _, ok := byID[f.ID]; !ok {
				byID[f.ID] = Rule{ID: f.ID, Severity: f.Severity, Title: f.ID}
			}
		}
	}
	rules := make([]Rule, 0, len(byID))
	for _, x := range byID {
		rules = append(rules, x)
	}
	sort.Slice(rules, func(i, j int) bool { return rules[i].ID < rules[j].ID })
	idx := make(map[string]int, len(rules))
	for i, x := range rules {
		idx[x.ID] = i
	}
	return rules, idx
}
