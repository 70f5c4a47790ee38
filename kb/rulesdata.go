package kb

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/foamc/foamc/openfoam"
)

// The curated tables (model fields, dimensions) are written by hand from the v1912
// sources; the kb embeds and exports them unchanged. The solver table is openfoam's
// (openfoam/solvers.json), which lint, verify and the runner read too.
//
//go:embed curated/*.json
var curatedFS embed.FS

var (
	curatedOnce sync.Once
	curated     map[string]map[string]any // "models" | "dims" -> name -> value
	curatedErr  error
)

// Curated returns the curated table name ("models", "dims") as decoded JSON.
func Curated(name string) (map[string]any, error) {
	curatedOnce.Do(func() {
		curated = map[string]map[string]any{}
		entries, err := curatedFS.ReadDir("curated")
		if err != nil {
			curatedErr = fmt.Errorf("kb: curated: %w", err)
			return
		}
		for _, e := range entries {
			data, err := curatedFS.ReadFile(path.Join("curated", e.Name()))
			if err != nil {
				curatedErr = fmt.Errorf("kb: curated/%s: %w", e.Name(), err)
				return
			}
			var m map[string]any
			dec := json.NewDecoder(bytes.NewReader(data))
			dec.UseNumber()
			if err := dec.Decode(&m); err != nil {
				curatedErr = fmt.Errorf("kb: curated/%s: %w", e.Name(), err)
				return
			}
			curated[strings.TrimSuffix(e.Name(), ".json")] = m
		}
	})
	if curatedErr != nil {
		return nil, curatedErr
	}
	m, ok := curated[name]
	if !ok {
		return nil, fmt.Errorf("kb: no curated table %q", name)
	}
	return m, nil
}

// RulesData returns the document rules read as data.kb (docs/kb-data.md):
// version, bc contracts, vocabularies and the curated solver/model/dimension
// tables. It is built once per KB; callers must not modify it.
func (k *KB) RulesData() map[string]any {
	k.rulesOnce.Do(func() { k.rulesData, k.rulesErr = k.buildRulesData() })
	if k.rulesErr != nil {
		// The curated tables are embedded at compile time, so a failure here is a
		// build defect; keep the rest usable and say so in the document.
		k.rulesData["error"] = k.rulesErr.Error()
	}
	return k.rulesData
}

func (k *KB) buildRulesData() (map[string]any, error) {
	bc := map[string]any{}
	names := make([]string, 0, len(k.Contracts))
	for n := range k.Contracts {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := k.Contracts[n]
		if c.Abstract {
			continue
		}
		cond := make([]any, 0, len(c.Conditional))
		for _, x := range c.Conditional {
			cond = append(cond, map[string]any{"key": x.Key, "when": x.When, "unless": strs(x.Unless), "provenance": x.Provenance})
		}
		oneOf := make([]any, 0, len(c.OneOf))
		for _, x := range c.OneOf {
			oneOf = append(oneOf, map[string]any{"keys": strs(x.Keys), "provenance": x.Provenance})
		}
		opt := map[string]any{}
		for key, d := range c.Optional {
			opt[key] = d
		}
		bc[n] = map[string]any{
			"ranks": strs(c.Ranks), "groups": strs(c.Groups), "required": strs(c.Required),
			"optional": opt, "conditional": cond, "oneOf": oneOf,
			"valueRequired": c.ValueRequired, "constraint": c.Constraint,
			"wallFunction": c.WallFunction, "requiresWall": c.RequiresWall,
			"source": c.Source, "provenance": strs(c.Provenance),
			"bases": strs(c.Bases), "nutWallFunction": c.NutWallFunction, "solvers": strs(c.Solvers),
		}
	}
	v := k.Vocab
	vocab := map[string]any{
		"bcTypes": strmap(v.BCTypes), "ddtSchemes": strs(v.DdtSchemes), "gradSchemes": strs(v.GradSchemes),
		"divSchemes": strs(v.DivSchemes), "interpolationSchemes": strs(v.InterpolationSchemes),
		"laplacianSchemes": strs(v.LaplacianSchemes), "snGradSchemes": strs(v.SnGradSchemes),
		"linearSolvers": strs(v.LinearSolvers), "preconditioners": strs(v.Preconditioners),
		"smoothers": strs(v.Smoothers), "rasModels": strmap(v.RASModels), "lesModels": strmap(v.LESModels),
		"lesDeltas": strs(v.LESDeltas), "thermoTypes": strs(v.ThermoTypes), "functionObjects": strs(v.FunctionObjects),
		"thermoCombinations": strmap(v.ThermoCombinations), "libs": strs(v.Libs),
		"classes": strmap(v.Classes),
	}
	rel := releaseDoc(k.Version)
	doc := map[string]any{"version": k.Version, "bc": bc, "vocab": vocab, "release": rel}
	var firstErr error
	for _, name := range []string{"solvers", "models", "dims"} {
		if layout, ok := rel["layout"].(map[string]any); ok && name == "solvers" && layout["solvers"] == false {
			doc[name] = map[string]any{} // no curated table of this release's solvers
			continue
		}
		var m map[string]any
		var err error
		if name == "solvers" {
			m, err = solversDoc()
		} else {
			m, err = Curated(name)
		}
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			m = map[string]any{}
		}
		doc[name] = m
	}
	return doc, firstErr
}

// solversDoc is data.kb.solvers: the described rows of openfoam's solver table
// (openfoam.DescribedSolvers), as plain JSON values with every fact of a row.
func solversDoc() (map[string]any, error) {
	b, err := json.Marshal(openfoam.DescribedSolvers())
	if err != nil {
		return nil, fmt.Errorf("kb: solver table: %w", err)
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("kb: solver table: %w", err)
	}
	return m, nil
}

// strs copies a string list into []any so the document is plain JSON values.
func strs(l []string) []any {
	out := make([]any, len(l))
	for i, s := range l {
		out[i] = s
	}
	return out
}

func strmap(m map[string][]string) map[string]any {
	out := map[string]any{}
	for k, l := range m {
		out[k] = strs(SortedUnique(append([]string(nil), l...)))
	}
	return out
}
