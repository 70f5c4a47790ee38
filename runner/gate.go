package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar/dictedit"
)

// Gate repair: with --repair, deny findings of the gate are repaired before
// anything runs, with the same strategies as solver failures, driven by the
// finding's location (file and JSON pointer) and its fix. Security denies
// (SEC-*) are never repaired: they always refuse. Nothing the rules deny runs.

// Failure kinds that only gate findings produce.
const (
	// KindFindingFix applies the edits of the finding's Repair.
	KindFindingFix = "finding-fix"
	// KindBadBlock is a wrong value inside a compound block (a linear-solver
	// dictionary), replaced whole from a reference case.
	KindBadBlock = "bad-block"
	// KindWrongValue is an entry the finding points at whose value is wrong:
	// replaced by the reference case's value for the same entry.
	KindWrongValue = "wrong-value"
)

func isSecurity(f finding.Finding) bool {
	return strings.Contains(f.ID, "SEC-")
}

// pointerParts splits "/files/<file>/<keys...>" into the case file and keys;
// "/headers/<file>/<key>" points into the FoamFile header.
func pointerParts(ptr string) (string, []string) {
	segs := dictedit.Keys(ptr)
	if len(segs) < 2 || segs[0] != "files" && segs[0] != "headers" {
		return "", nil
	}
	var keys []string
	if segs[0] == "headers" {
		keys = []string{"FoamFile"}
	}
	return segs[1], append(keys, segs[2:]...)
}

// exists reports whether a case file (keys nil) or an entry inside it is present.
type exists func(file string, keys []string) bool

// caseExists answers exists from the files of the case directory dir.
func caseExists(dir string) exists {
	return func(file string, keys []string) bool {
		src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(file)))
		if err != nil {
			return false
		}
		if len(keys) == 0 {
			return true
		}
		_, ok, err := dictedit.Lookup(src, strings.Join(keys, "/"))
		return err == nil && ok
	}
}

// fromFinding turns a deny finding into the failures that could repair it,
// most specific first. It reads only data: the pointer the finding is located
// at (which names what is missing when the rule points at an absent file or
// entry) and the finding's Repair (suggested word, edits), never its prose.
func fromFinding(f finding.Finding, present exists) []*Failure {
	file, keys := pointerParts(f.Location.Path)
	if file == "" {
		file = f.Location.File
	}
	var rep finding.Repair
	if f.Repair != nil {
		rep = *f.Repair
	}
	base := Failure{Summary: f.Summary, Message: f.ID + ": " + f.Summary + "\nfix: " + f.Fix, File: file, Rule: f.ID}
	mk := func(class, kind string, mod func(*Failure)) *Failure {
		c := base
		c.Class, c.Kind = class, kind
		mod(&c)
		return &c
	}
	var out []*Failure
	if s := rep.Suggest; s != nil && len(s.Candidates) > 0 && len(keys) > 0 {
		out = append(out, mk(ClassBC, KindUnknownName, func(c *Failure) {
			c.DictPath, c.Keyword, c.Valid, c.What = keys, s.Word, s.Candidates, f.ID
		}))
	}
	if strings.HasSuffix(file, "fvSolution") && len(keys) >= 3 && keys[0] == "solvers" {
		dp := keys[:2]
		// A regex entry ("(U|k|epsilon)") is overridden for the one field the
		// rule's edit names: an exact key wins over every pattern.
		if keys[1] == "$regex" {
			dp = nil
			for _, e := range rep.Edits {
				if k := dictedit.Keys(e.Pointer); e.File == file && len(k) >= 2 && k[0] == "solvers" {
					dp = k[:2]
					break
				}
			}
		}
		if dp != nil {
			out = append(out, mk(ClassLinSolver, KindBadBlock, func(c *Failure) { c.DictPath = dp }))
		}
	}
	// An edit of another field's boundary condition ("epsilonWallFunction needs
	// a nut wall function on this patch"): that patch entry is what to change.
	for _, e := range rep.Edits {
		if k := dictedit.Keys(e.Pointer); e.File != file && len(k) >= 2 && k[0] == "boundaryField" {
			out = append(out, mk(ClassBC, KindMissingPatch, func(c *Failure) { c.File, c.Patch, c.Keyword = e.File, k[1], k[1] }))
		}
	}
	// A rule that points at, or relates the finding to, an absent file or entry
	// names what is missing; so does the one entry a rule's edit adds.
	targets := [][]string{append([]string{file}, keys...)}
	for _, rl := range f.Related {
		if fl, ks := pointerParts(rl.Path); fl != "" {
			targets = append(targets, append([]string{fl}, ks...))
		}
	}
	if len(rep.Edits) == 1 && rep.Edits[0].Op == finding.EditAdd {
		targets = append(targets, append([]string{rep.Edits[0].File}, dictedit.Keys(rep.Edits[0].Pointer)...))
	}
	for _, t := range targets {
		if m := missing(t[0], t[1:], present, mk); m != nil {
			out = append(out, m)
			break
		}
	}
	regex := slices.Contains(keys, "$regex")
	if len(rep.Edits) > 0 {
		out = append(out, mk(classOfFile(file), KindFindingFix, func(c *Failure) { c.Edits = rep.Edits }))
	}
	// A pointer at an entry (not a whole dictionary of entries): take the
	// reference case's value for that entry, or for the patch's whole BC.
	if file != "" && len(keys) > 0 && !regex {
		out = append(out, mk(classOfFile(file), KindWrongValue, func(c *Failure) { c.DictPath = keys }))
		if len(keys) >= 2 && keys[0] == "boundaryField" {
			out = append(out, mk(ClassBC, KindMissingPatch, func(c *Failure) { c.Patch, c.Keyword = keys[1], keys[1] }))
		}
	}
	return out
}

// missing is the reading of an absent file, patch entry or entry (nil when it is present).
func missing(file string, keys []string, present exists, mk func(string, string, func(*Failure)) *Failure) *Failure {
	at := func(c *Failure) { c.File = file }
	switch {
	case file == "" || slices.Contains(keys, "$regex"):
	case !present(file, nil):
		return mk(ClassMissingFile, KindMissingFile, at)
	case len(keys) == 2 && keys[0] == "boundaryField" && !present(file, keys):
		return mk(ClassBC, KindMissingPatch, func(c *Failure) { at(c); c.Patch, c.Keyword = keys[1], keys[1] })
	case len(keys) > 0 && !present(file, keys):
		n := len(keys)
		return mk(classOfFile(file), KindMissingEntry, func(c *Failure) { at(c); c.DictPath, c.Keyword = keys[:n-1], keys[n-1] })
	}
	return nil
}

// findingFix applies the finding's own edits.
func (r *repairer) findingFix(ctx context.Context, f *Failure, _ int) (*candidate, error) {
	c := &candidate{strategy: "finding-fix", sources: []string{"rule fix: " + strings.SplitN(f.Message, "\n", 2)[0]}}
	for _, e := range f.Edits {
		entry := strings.Join(dictedit.Keys(e.Pointer), "/")
		switch e.Op {
		case finding.EditCreateFile:
			c.edits = append(c.edits, Edit{File: e.File, New: "(new file)", content: []byte(e.Value)})
		case finding.EditRemove:
			old, _ := r.f.get(ctx, e.File, entry)
			c.edits = append(c.edits, Edit{File: e.File, Entry: entry, Old: old, remove: true})
		default:
			old, _ := r.f.get(ctx, e.File, entry)
			c.edits = append(c.edits, Edit{File: e.File, Entry: entry, Old: old, New: e.Value})
		}
	}
	return c, nil
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
			for i, fail := range fromFinding(d, caseExists(r.dir)) {
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
					after, err := r.opt.Lint.LintDir(ctx, r.dir)
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

// still reports whether the deny d is among fs: the same rule at the same place
// (pointer, or file and line for findings without one), whatever its wording.
func still(fs []finding.Finding, d finding.Finding) bool {
	for _, f := range fs {
		if f.Severity == finding.Deny && f.ID == d.ID && f.Location.Path == d.Location.Path &&
			(d.Location.Path != "" || f.Location.File == d.Location.File && f.Location.Line == d.Location.Line) {
			return true
		}
	}
	return false
}
