package runner

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// robustProfile falls back from foamc's accurate numerics profile to the robust one
// (docs/compiler.md "Numerics profiles"): every entry the compiler wrote under the accurate
// profile records in provenance.json the value the robust profile writes (first-order
// convection, Euler), and a diverging run gets those values back. A case without foamc's
// provenance, or whose entries the user has since changed, gets nothing here.
func (r *repairer) robustProfile(ctx context.Context, _ *Failure, _ int) (*candidate, error) {
	b, err := os.ReadFile(filepath.Join(r.dir, "provenance.json"))
	if err != nil {
		return nil, nil
	}
	var prov struct {
		Entries map[string]struct {
			Profile string `json:"profile"`
			Robust  string `json:"robust"`
		} `json:"entries"`
	}
	if json.Unmarshal(b, &prov) != nil {
		return nil, nil
	}
	ptrs := make([]string, 0, len(prov.Entries))
	for p, e := range prov.Entries {
		if e.Profile == "accurate" && e.Robust != "" && strings.HasPrefix(p, "/files/") {
			ptrs = append(ptrs, p)
		}
	}
	sort.Strings(ptrs)
	c := &candidate{strategy: "robust-profile", keep: true}
	for _, p := range ptrs {
		tok := strings.Split(strings.TrimPrefix(p, "/files/"), "/")
		for i := range tok {
			tok[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok[i])
		}
		file, entry, robust := tok[0], strings.Join(tok[1:], "/"), prov.Entries[p].Robust
		old, err := r.f.get(ctx, file, entry)
		if err != nil || normSpace(old) == normSpace(robust) {
			continue
		}
		c.edits = append(c.edits, Edit{File: file, Entry: entry, Old: old, New: robust})
		c.sources = append(c.sources, entry+": numerics profile accurate -> robust (provenance.json)")
	}
	if len(c.edits) == 0 {
		return nil, nil
	}
	return c, nil
}
