package runner

import (
	"context"
	"fmt"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/lazyre"
)

// Gate repair: with --repair, deny findings of the gate are repaired before
// anything runs, with the same strategies as solver failures, driven by the
// finding's location (file and JSON pointer) and its fix. Security denies
// (SEC-*) are never repaired: they always refuse. Nothing the rules deny runs.

// Failure kinds that only gate findings produce.
const (
	// KindFindingFix applies the backticked snippet a finding's fix proposes.
	KindFindingFix = "finding-fix"
	// KindBadBlock is a wrong value inside a compound block (a linear-solver
	// dictionary), replaced whole from a reference case.
	KindBadBlock = "bad-block"
	// KindWrongValue is an entry the finding points at whose value is wrong:
	// replaced by the reference case's value for the same entry.
	KindWrongValue = "wrong-value"
)

var (
	reDidYouMean  = lazyre.New(`did you mean "([^"]+)"`)
	reQuoted      = lazyre.New(`"([^"]+)"`)
	reNotExist    = lazyre.New(`(\w[\w.]*/[\w./]+),? (?:does not exist|is missing|which is missing)`)
	reNeedsKey    = lazyre.New(`needs ((?:\w+/)+)(\w+)$`)
	reEquation    = lazyre.New(`the (\w+) equation`)
	reButField    = lazyre.New(`on patch (\S+) needs .*, but (\w+) is \w+`)
	reNeedsPath   = lazyre.New(`needs (?:system/)?(fvSolution|fvSchemes|controlDict)/(\S+)`)
	reForPatch    = lazyre.New(`(?:for|on) patch (\S+)`)
	reSnippet     = lazyre.New("(?:Add|Set|add|set) `([^`]+)`")
	reLabelled    = lazyre.New("(\\w+): `([^`]+)`")
	reMissingWord = []*lazyre.Regexp{
		lazyre.New(`no entry for (\S+)`),
		lazyre.New(`keyword (\S+) is missing`),
		lazyre.New(`needs the (\w+) dictionary`),
		lazyre.New("needs `(\\w+)`"),
		lazyre.New(`has no (\w+) entry`),
		lazyre.New(`has no (\w+)\s*$`),
	}
)

func isSecurity(f finding.Finding) bool {
	return strings.Contains(f.ID, "SEC-")
}

// pointerParts splits "/files/<file>/<keys...>" into the case file and keys;
// "/headers/<file>/<key>" points into the FoamFile header.
func pointerParts(ptr string) (string, []string) {
	segs := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	if len(segs) < 2 || segs[0] != "files" && segs[0] != "headers" {
		return "", nil
	}
	un := func(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~") }
	var keys []string
	if segs[0] == "headers" {
		keys = []string{"FoamFile"}
	}
	for _, s := range segs[2:] {
		keys = append(keys, un(s))
	}
	return un(segs[1]), keys
}

// fromFinding turns a deny finding into the failures that could repair it,
// most specific first.
func fromFinding(f finding.Finding) []*Failure {
	file, keys := pointerParts(f.Location.Path)
	if file == "" {
		file = f.Location.File
	}
	base := Failure{Summary: f.Summary, Message: f.ID + ": " + f.Summary + "\nfix: " + f.Fix, File: file, Rule: f.ID}
	mk := func(class, kind string, mod func(*Failure)) *Failure {
		c := base
		c.Class, c.Kind = class, kind
		mod(&c)
		return &c
	}
	var out []*Failure
	if m := reDidYouMean.Re().FindStringSubmatch(f.Fix); m != nil && len(keys) > 0 {
		if bad := reQuoted.Re().FindStringSubmatch(f.Summary); bad != nil {
			out = append(out, mk(ClassBC, KindUnknownName, func(c *Failure) {
				c.DictPath, c.Keyword, c.Valid, c.What = keys, bad[1], []string{m[1]}, f.ID
			}))
		}
	}
	if strings.HasSuffix(file, "fvSolution") && len(keys) >= 3 && keys[0] == "solvers" {
		dp := keys[:2]
		// A regex entry ("(U|k|epsilon)") is overridden for the one field the
		// finding names: an exact key wins over every pattern.
		if m := reEquation.Re().FindStringSubmatch(f.Summary); m != nil && keys[1] == "$regex" {
			dp = []string{"solvers", m[1]}
		}
		if dp[1] != "$regex" {
			out = append(out, mk(ClassLinSolver, KindBadBlock, func(c *Failure) { c.DictPath = dp }))
		}
	}
	// "epsilonWallFunction on patch P needs a nut wall function there, but nut
	// is zeroGradient": the other field's BC on that patch is what to change.
	if m := reButField.Re().FindStringSubmatch(f.Summary); m != nil {
		out = append(out, mk(ClassBC, KindMissingPatch, func(c *Failure) { c.File, c.Patch, c.Keyword = "0/"+m[2], m[1], m[1] }))
	}
	if m := reNotExist.Re().FindStringSubmatch(f.Summary); m != nil && !strings.HasPrefix(m[1], "/") {
		out = append(out, mk(ClassMissingFile, KindMissingFile, func(c *Failure) { c.File = m[1] }))
	}
	if m := reForPatch.Re().FindStringSubmatch(f.Summary); m != nil && strings.Contains(f.Summary, "no boundary condition") {
		out = append(out, mk(ClassBC, KindMissingPatch, func(c *Failure) { c.Patch, c.Keyword = m[1], m[1] }))
	}
	if m := reNeedsPath.Re().FindStringSubmatch(f.Summary); m != nil {
		parts := strings.Split(m[2], "/")
		out = append(out, mk(classOfFile("system/"+m[1]), KindMissingEntry, func(c *Failure) {
			c.File, c.DictPath, c.Keyword = "system/"+m[1], parts[:len(parts)-1], normKeyword(parts[len(parts)-1])
		}))
	}
	if m := reNeedsKey.Re().FindStringSubmatch(f.Summary); m != nil && file != "" && !strings.Contains(m[1], "fvSolution") {
		parts := strings.Split(strings.TrimSuffix(m[1], "/"), "/")
		out = append(out, mk(classOfFile(file), KindMissingEntry, func(c *Failure) { c.DictPath, c.Keyword = parts, m[2] }))
	}
	for _, re := range reMissingWord {
		if m := re.Re().FindStringSubmatch(f.Summary); m != nil && file != "" {
			kw := normKeyword(strings.Trim(m[1], "`\"'"))
			dp := keys
			if n := len(dp); n > 0 && dp[n-1] == kw {
				dp = dp[:n-1]
			}
			// A pointer at a BC's type names the patch dictionary the key belongs in.
			if n := len(dp); n > 0 && dp[n-1] == "type" {
				dp = dp[:n-1]
			}
			// The pointer may name a sibling of where the key belongs (SOL-006
			// points at SIMPLE for the top-level relaxationFactors): try the
			// pointer's dictionary, then each enclosing one.
			for i := len(dp); i >= 0; i-- {
				at := dp[:i]
				out = append(out, mk(classOfFile(file), KindMissingEntry, func(c *Failure) { c.DictPath, c.Keyword = at, kw }))
			}
			break
		}
	}
	snippet := ""
	if m := reSnippet.Re().FindStringSubmatch(f.Fix); m != nil {
		snippet = m[1]
	}
	// "SIMPLE: `…`. PIMPLE: `…`": the snippet labelled with a dictionary on
	// the finding's path.
	for _, m := range reLabelled.Re().FindAllStringSubmatch(f.Fix, -1) {
		for _, k := range keys {
			if k == m[1] {
				snippet = m[2]
			}
		}
	}
	if snippet != "" && file != "" && !strings.ContainsAny(snippet, "<>") {
		for i := len(keys); i >= 0; i-- {
			at := keys[:i]
			out = append(out, mk(classOfFile(file), KindFindingFix, func(c *Failure) { c.DictPath, c.Keyword = at, snippet }))
		}
	}
	// A pointer at an entry (not a whole dictionary of entries): take the
	// reference case's value for that entry, or for the patch's whole BC.
	if file != "" && len(keys) > 0 {
		out = append(out, mk(classOfFile(file), KindWrongValue, func(c *Failure) { c.DictPath = keys }))
		if len(keys) >= 2 && keys[0] == "boundaryField" {
			out = append(out, mk(ClassBC, KindMissingPatch, func(c *Failure) { c.Patch, c.Keyword = keys[1], keys[1] }))
		}
	}
	return out
}

// findingFix sets the entries of the fix's snippet ("key value;" or
// "key { ... }") in the dictionary the finding points at.
func (r *repairer) findingFix(ctx context.Context, f *Failure, _ int) (*candidate, error) {
	entries := snippetEntries(f.Keyword)
	if len(entries) == 0 {
		return nil, nil
	}
	dp := f.DictPath
	c := &candidate{strategy: "finding-fix", sources: []string{"rule fix: " + strings.SplitN(f.Message, "\n", 2)[0]}}
	for _, kv := range entries {
		d := dp
		if n := len(d); n > 0 && d[n-1] == kv[0] {
			d = d[:n-1]
		}
		entry := strings.Join(append(append([]string(nil), d...), kv[0]), "/")
		old, _ := r.f.get(ctx, f.File, entry)
		c.edits = append(c.edits, Edit{File: f.File, Entry: entry, Old: old, New: kv[1]})
	}
	return c, nil
}

// snippetEntries splits "a 1; b { c 2; }" into top-level key/value pairs.
func snippetEntries(s string) [][2]string {
	var out [][2]string
	s = strings.TrimSpace(s)
	for s != "" {
		i := strings.IndexAny(s, " \t{;")
		if i <= 0 {
			return nil
		}
		key := s[:i]
		rest := strings.TrimSpace(s[i:])
		if strings.HasPrefix(rest, "{") {
			depth, end := 0, -1
			for j, ch := range rest {
				if ch == '{' {
					depth++
				} else if ch == '}' {
					if depth--; depth == 0 {
						end = j
						break
					}
				}
			}
			if end < 0 {
				return nil
			}
			out = append(out, [2]string{key, rest[:end+1]})
			s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest[end+1:]), ";"))
			continue
		}
		semi := strings.IndexByte(rest, ';')
		if semi < 0 {
			return nil
		}
		out = append(out, [2]string{key, strings.TrimSpace(rest[:semi])})
		s = strings.TrimSpace(rest[semi+1:])
	}
	return out
}

// repairGate repairs deny findings in bounded rounds; it returns the denies
// left (the run is refused when any remain).
func (r *repairer) repairGate(ctx context.Context, denies []finding.Finding, rounds int, log func(string, ...any)) ([]finding.Finding, error) {
	defer func() { r.noLLM = false }()
	for round := 1; round <= rounds && len(denies) > 0; round++ {
		for _, d := range denies {
			if isSecurity(d) {
				return denies, nil
			}
		}
		fixed := false
		for _, d := range denies {
			for i, fail := range fromFinding(d) {
				r.noLLM = i > 0
				// A reading may need another reference value: repair() moves
				// to the next distinct one on each call.
				for try := 0; try < retrievalTries && !fixed; try++ {
					rep, err := r.repair(ctx, fail, &LogParser{}, round)
					if err != nil {
						return denies, err
					}
					if rep == nil {
						break
					}
					after, err := r.opt.Lint(r.dir)
					if err != nil {
						return denies, fmt.Errorf("runner: re-lint: %w", err)
					}
					if still(after, d) {
						// Applied but the deny stays: undo it.
						r.last.undo()
						rep.Reverted = true
						r.last = nil
						continue
					}
					rep.Finding = d.ID
					log("gate repair %d: %s %s <- %s (clears %s)\n", rep.Round, rep.Strategy, rep.Target(), strings.Join(rep.Sources, ", "), d.ID)
					denies = denyOnly(after)
					r.last = nil
					fixed = true
				}
				if fixed {
					break
				}
			}
			if fixed {
				break
			}
		}
		if !fixed {
			return denies, nil
		}
	}
	return denies, nil
}

func still(fs []finding.Finding, d finding.Finding) bool {
	for _, f := range fs {
		if f.Severity == finding.Deny && f.ID == d.ID && f.Location.Path == d.Location.Path && f.Summary == d.Summary {
			return true
		}
	}
	return false
}
