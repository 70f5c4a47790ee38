package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/foamc/foamc/finding"
)

// AnyRelease in a rule's `applies_to.releases` means the rule holds in every OpenFOAM
// release, those foamc has no profile for included: security, syntax every release's
// reader shares, physics that does not depend on names.
const AnyRelease = "any"

// judgement is how a case is judged: the release it is for, the profile whose data.kb
// the rules read, and whether that profile is the case's own release.
type judgement struct {
	id, family, source string
	evidence           []string
	profile            string
	load               func() ([]byte, error)
	exact              bool // the case's release has a profile
	known              bool // Options.Releases is set: releases are judged at all
}

// judge reads input.release (foamcase: openfoam.DetectRelease) and picks the profile.
func (e *Engine) judge(doc map[string]any) judgement {
	j := judgement{profile: e.defaultRelease, exact: true}
	if e.releases == nil {
		return j
	}
	j.known = true
	rel, _ := doc["release"].(map[string]any)
	j.id, _ = rel["id"].(string)
	j.family, _ = rel["family"].(string)
	j.source, _ = rel["source"].(string)
	if ev, ok := rel["evidence"].([]any); ok {
		for _, x := range ev {
			if s, ok := x.(string); ok {
				j.evidence = append(j.evidence, s)
			}
		}
	}
	if rel == nil || (j.id == "" && j.family == "") {
		j.id, j.family = e.defaultRelease, "esi"
	}
	if j.id == e.defaultRelease {
		return j
	}
	profile, load, exact, ok := e.releases(j.id, j.family)
	switch {
	case ok:
		j.profile, j.load, j.exact = profile, load, exact
	default:
		j.exact = false
	}
	return j
}

// applies: a rule without applies_to.releases holds in every release foamc has a profile
// for (it reads that profile's data.kb); one with a list holds in the releases listed, and
// in releases without a profile only when it lists AnyRelease.
func (j judgement) applies(r *Rule) bool {
	rs := r.AppliesTo["releases"]
	if !j.known {
		return true // the engine judges every case with one data.kb
	}
	if !j.exact {
		return slices.Contains(rs, AnyRelease)
	}
	return len(rs) == 0 || slices.Contains(rs, AnyRelease) || slices.Contains(rs, j.profile)
}

// Finding IDs of the release a case is judged as (goids.go).
const (
	idRelease   = "FOAM-REL-001"
	idAbstained = "FOAM-REL-002"
)

// releaseFindings says which release the case was judged as and why (info) and, for a
// release without a profile, what foamc does not judge (warn).
func (e *Engine) releaseFindings(j judgement) []finding.Finding {
	if !j.known {
		return nil
	}
	var out []finding.Finding
	name := j.id
	if name == "" {
		name = "a Foundation release of unknown version"
	}
	// A case of the reference release that nothing but its banner or the default names
	// gets no finding: v1912's outputs stay as they were.
	quiet := j.id == e.defaultRelease && j.source != "flag" && j.source != "env"
	if !e.disabled[idRelease] && !quiet {
		sum := fmt.Sprintf("judged as %s (from the %s)", name, sourceWord(j.source))
		if !j.exact {
			sum = fmt.Sprintf("the case is for %s (from the %s); foamc has no profile of it", name, sourceWord(j.source))
		}
		out = append(out, finding.Finding{
			ID: idRelease, Severity: finding.Info, Summary: sum,
			Detail: "evidence: " + strings.Join(j.evidence, "; "),
			Fix:    "to judge the case as another release, pass --openfoam RELEASE (or set FOAMC_OPENFOAM)",
		})
	}
	if !j.exact && !e.disabled[idAbstained] {
		var skipped []string
		for _, r := range e.rules {
			if !slices.Contains(r.AppliesTo["releases"], AnyRelease) {
				skipped = append(skipped, r.ID)
			}
		}
		data := "no release's data"
		if j.profile != "" && j.load != nil {
			data = "the names of " + j.profile + ", the nearest release foamc knows,"
		}
		out = append(out, finding.Finding{
			ID: idAbstained, Severity: finding.Warn,
			Summary: fmt.Sprintf("foamc cannot judge what depends on %s: boundary-condition, model, scheme and solver names, file layout and keywords (%d rules not applied)", name, len(skipped)),
			Detail: fmt.Sprintf("applied: the rules that hold in every release (security, shared syntax, physics that does not depend on names), reading %s; not applied: %s. "+
				"Directives this release may have and v1912 has not are reported as warnings, not denies.", data, strings.Join(skipped, ", ")),
			Fix: fmt.Sprintf("foamc has profiles of %s: pass --openfoam with one of them if the case is for it", strings.Join(e.profiles(), ", ")),
		})
	}
	return out
}

// profiles lists the releases the engine judges with their own data.
func (e *Engine) profiles() []string {
	out := []string{e.defaultRelease}
	if e.profileIDs != nil {
		out = e.profileIDs()
	}
	return out
}

func sourceWord(s string) string {
	switch s {
	case "flag":
		return "--openfoam flag"
	case "env":
		return "FOAMC_OPENFOAM variable"
	case "installed":
		return "installed OpenFOAM"
	case "case":
		return "case"
	}
	return "default"
}

// dialectFindings are the parse and expansion findings that depend on which directives
// the release's reader has: for a release without a profile they are warnings, never a
// deny that comes from not knowing the release.
var dialectFindings = map[string]bool{"FOAM-PARSE-009": true, "FOAM-EXPAND-009": true, "FOAM-EXPAND-013": true}
