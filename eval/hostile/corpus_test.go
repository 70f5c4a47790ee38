// Package hostile is the hostile-case corpus (docs/hostile.md): cases an attacker hands a
// foamc user, each run through the built foamc CLI in real OpenFOAM v1912 as root and as
// an unprivileged user, with the outcome measured (a marker a shipped library or command
// leaves, files outside the case hashed before and after) and compared with outcomes.json.
// It is evaluation only: the package drives the CLI binary and imports nothing of cmd.
package hostile

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/txtar"
)

// Attack is one corpus file: corpus/<name>.txtar. Its comment holds "key: value" lines
// (kind, entry, summary, leaves, control, env, swap); its sections are the overlay on the
// base case, named relative to the attack's work directory (case/..., home/..., other/...).
type Attack struct {
	Name    string
	Kind    string
	Entry   string // foamc's arguments after "foamc", CASE standing for the case directory
	Summary string
	Leaves  string // what a successful attack leaves
	// Control is the same attack run directly, without foamc (commands separated by ";");
	// "none" when the attack targets foamc's own writes.
	Control string
	Env     []string // extra environment, KEY=VALUE
	Swap    string   // a path (relative to the work directory) whose appearance triggers the swap sections
	Files   []txtar.File
}

// kinds names the kinds of issue 26 (1-10) and the ones the corpus adds.
var kinds = map[string]string{
	"1":  "keys as OpenFOAM matches them",
	"2":  "stock function objects that change files",
	"3":  "files foamc never reads",
	"4":  "start time as OpenFOAM resolves it",
	"5":  "#if/#ifeq branches",
	"6":  "selectors other than type",
	"7":  "writes through shipped symlinks",
	"8":  "MCP roots the client grants itself",
	"9":  "libraries by bare name",
	"10": "time of check vs use, -case, scripts",
	"11": "includes reaching outside the case",
	"12": "values as OpenFOAM reads them",
}

// LoadCorpus reads every corpus/*.txtar under dir, sorted by name.
func LoadCorpus(dir string) ([]*Attack, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []*Attack
	for _, p := range paths {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			return nil, err
		}
		a := &Attack{Name: strings.TrimSuffix(filepath.Base(p), ".txtar"), Files: ar.Files}
		for _, line := range strings.Split(string(ar.Comment), "\n") {
			if strings.TrimSpace(line) == "" {
				continue
			}
			k, v, ok := strings.Cut(line, ":")
			if !ok {
				return nil, fmt.Errorf("%s: comment line %q is not key: value", p, line)
			}
			v = strings.TrimSpace(v)
			switch strings.TrimSpace(k) {
			case "kind":
				a.Kind = v
			case "entry":
				a.Entry = v
			case "summary":
				a.Summary = v
			case "leaves":
				a.Leaves = v
			case "control":
				a.Control = v
			case "env":
				a.Env = append(a.Env, v)
			case "swap":
				a.Swap = v
			default:
				return nil, fmt.Errorf("%s: unknown key %q", p, k)
			}
		}
		if _, ok := kinds[a.Kind]; !ok {
			return nil, fmt.Errorf("%s: kind %q is not one of the corpus's kinds", p, a.Kind)
		}
		if a.Entry == "" || a.Summary == "" || a.Leaves == "" {
			return nil, fmt.Errorf("%s: entry, summary and leaves are required", p)
		}
		out = append(out, a)
	}
	return out, nil
}
