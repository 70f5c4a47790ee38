package kb

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// BCResult unites tutorial examples of a boundary condition with its header contract.
type BCResult struct {
	Type     string    `json:"type"`
	Contract *Contract `json:"contract,omitempty"` // nil when the type is unknown
	// Examples are boundaryField entries of that type (Path: /boundaryField/<patch>).
	Examples []Sample `json:"examples"`
	// Keys unites the contract keys with the keys the examples use.
	Keys  []BCKey `json:"keys"`
	Audit Audit   `json:"audit"`
}

// BCKey is one key of the united view.
type BCKey struct {
	Key      string `json:"key"`
	Status   string `json:"status"` // required | optional | conditional | oneOf | example (only seen in tutorials)
	Default  string `json:"default,omitempty"`
	Examples int    `json:"examples"` // how many examples set it
	// Value is the most common example value, nil when no example sets it.
	Value any `json:"value,omitempty"`
}

// BC is the multi-source retriever for a known boundary condition: examples
// found by the cascade (q.Target, when set, restricts the field file, e.g. "0/U")
// united with the header contract of bcType.
func (k *KB) BC(q Query, bcType string) BCResult {
	rq := k.resolve(q)
	ex := func(r *CaseRecord, n int) []Sample {
		var out []Sample
		for _, f := range sortedKeys(r.CaseFiles()) {
			if !strings.HasPrefix(f, "0/") || r.IsPointField(f) || (rq.Target != "" && !matchTarget(f, rq.Target)) {
				continue
			}
			d, _ := r.CaseFiles()[f].(map[string]any)
			bf, _ := d["boundaryField"].(map[string]any)
			for _, p := range sortedKeys(bf) {
				e, _ := bf[p].(map[string]any)
				if t, _ := e["type"].(string); t == bcType && p != regexKey {
					out = append(out, Sample{Case: r.Path, File: f, Path: join("boundaryField", p), Level: n, Value: e})
				}
			}
			patterns, values := regexEntries(bf)
			for i := range patterns {
				e, _ := values[i].(map[string]any)
				if t, _ := e["type"].(string); t == bcType {
					out = append(out, Sample{Case: r.Path, File: f, Path: join("boundaryField", regexKey, fmt.Sprint(i), "value"), Level: n, Value: e})
				}
			}
		}
		return out
	}
	lvl, recs, samples, steps := k.run(rq, k.levels(rq), ex)
	base := k.finish("multi-source", rq, lvl, recs, samples, steps)
	res := BCResult{Type: bcType, Examples: base.Samples, Audit: base.Audit}
	c, ok := k.Contract(bcType)
	if ok {
		res.Contract = c
		res.Audit.HeaderLines = append([]string{}, c.Provenance...)
	} else {
		res.Audit.Notes = append(res.Audit.Notes, fmt.Sprintf("%q has no contract: not a registered fvPatchField type in %s", bcType, k.Version))
	}
	res.Keys = uniteKeys(c, res.Examples)
	return res
}

func uniteKeys(c *Contract, examples []Sample) []BCKey {
	keys := map[string]*BCKey{}
	get := func(key, status string) *BCKey {
		b, ok := keys[key]
		if !ok {
			b = &BCKey{Key: key, Status: status}
			keys[key] = b
		}
		return b
	}
	if c != nil {
		for _, key := range c.Required {
			get(key, "required")
		}
		for _, key := range sortedKeys(c.Optional) {
			get(key, "optional").Default = c.Optional[key]
		}
		for _, x := range c.Conditional {
			get(x.Key, "conditional")
		}
		for _, o := range c.OneOf {
			for _, key := range o.Keys {
				get(key, "oneOf")
			}
		}
		if c.ValueRequired {
			get("value", "required")
		}
	}
	counts := map[string]map[string]int{}
	vals := map[string]map[string]any{}
	for _, s := range examples {
		e, _ := s.Value.(map[string]any)
		for key, v := range e {
			if key == "type" {
				continue
			}
			get(key, "example").Examples++
			if counts[key] == nil {
				counts[key], vals[key] = map[string]int{}, map[string]any{}
			}
			cv := canonical(v)
			counts[key][cv]++
			vals[key][cv] = v
		}
	}
	out := make([]BCKey, 0, len(keys))
	for _, key := range sortedKeys(keys) {
		b := keys[key]
		best, n := "", 0
		for _, cv := range sortedKeys(counts[key]) {
			if counts[key][cv] > n {
				best, n = cv, counts[key][cv]
			}
		}
		if n > 0 {
			b.Value = vals[key][best]
		}
		out = append(out, *b)
	}
	return out
}

// KeywordResult is the answer of the heuristic keyword retriever.
type KeywordResult struct {
	Keyword string `json:"keyword"` // normalised
	// Samples hold the smallest dictionary enclosing the keyword, one per case
	// (Path points at that dictionary).
	Samples []Sample `json:"samples"`
	Audit   Audit    `json:"audit"`
}

// NormalizeKeyword strips quotes and white space, so `div(phi, epsilon)` and
// "div(phi,epsilon)" compare equal.
func NormalizeKeyword(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '"', '\'', '`', ' ', '\t', '\n', '\r':
			return -1
		}
		return r
	}, s)
}

var logKeywordRes = []func() *regexp.Regexp{
	// keyword div(phi,epsilon) is undefined in dictionary "/case/system/fvSchemes/divSchemes"
	sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`keyword\s+(.+?)\s+is undefined in dictionary\s+"([^"]*)"`)
	}),
	// Entry 'gamma' not found in dictionary "/case/0/p/boundaryField/outlet"
	sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`[Ee]ntry\s+'([^']+)'\s+not found in dictionary\s+"([^"]*)"`)
	}),
	// Essential entry 'value' missing on patch movingWall of field U in file "/case/0/U"
	sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`[Ee]ssential entry\s+'([^']+)'\s+missing.*?file\s+"?([^"\s]*)"?`)
	}),
	// Cannot find patchField entry for inlet ... file "..."
	sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`Cannot find patchField entry for\s+(\S+)(?:.*?file\s+"?([^"\s]*)"?)?`)
	}),
}

// KeywordFromLog extracts the missing keyword from an OpenFOAM FATAL error log,
// with the dictionary path the solver printed ("" when none).
func KeywordFromLog(log string) (keyword, dict string, ok bool) {
	flat := strings.Join(strings.Fields(log), " ")
	for _, re := range logKeywordRes {
		if m := re().FindStringSubmatch(flat); m != nil {
			d := ""
			if len(m) > 2 {
				d = m[2]
			}
			return NormalizeKeyword(m[1]), d, true
		}
	}
	return "", "", false
}

// TargetFromDictPath maps a dictionary path printed by OpenFOAM
// ("/x/case/system/fvSchemes/divSchemes") to a case file and pointer
// ("system/fvSchemes", "/divSchemes"), recognising the case directories.
func TargetFromDictPath(p string) (target, pointer string) {
	parts := strings.Split(strings.Trim(p, "/"), "/")
	for i := len(parts) - 1; i >= 0; i-- {
		switch parts[i] {
		case "system", "constant", "0", "0.orig":
			if i+1 >= len(parts) {
				continue
			}
			n := 2
			if parts[i] == "constant" && i+2 < len(parts) && parts[i+1] == "polyMesh" {
				n = 3
			}
			if i+n > len(parts) {
				n = len(parts) - i
			}
			head := parts[i : i+n]
			if head[0] == "0.orig" {
				head = append([]string{"0"}, head[1:]...)
			}
			target = strings.Join(head, "/")
			if i+n < len(parts) {
				pointer = join(parts[i+n:]...)
			}
			return target, pointer
		}
	}
	return "", ""
}

// Keyword is the heuristic keyword retriever (repair): the keyword is
// normalised, the cascade finds cases whose files (q.Target when set, inside
// q.Path when set) define it, exactly or through a regex key, and each sample
// is the smallest dictionary enclosing it.
func (k *KB) Keyword(q Query, keyword string) KeywordResult {
	kw := NormalizeKeyword(keyword)
	if q.Target == "" {
		q.Target = keywordTarget(kw)
	}
	rq := k.resolve(q)
	ex := func(r *CaseRecord, n int) []Sample {
		for _, f := range sortedKeys(r.CaseFiles()) {
			if rq.Target != "" && !matchTarget(f, rq.Target) {
				continue
			}
			// q.Path (the dictionary the solver named) narrows the search
			start, ok := lookupPointer(r.CaseFiles()[f], rq.Path)
			if !ok {
				continue
			}
			if ptr, block, ok := enclosing(start, kw, rq.Path); ok {
				return []Sample{{Case: r.Path, File: f, Path: ptr, Level: n, Value: block}}
			}
		}
		return nil
	}
	lvl, recs, samples, steps := k.run(rq, k.levels(rq), ex)
	base := k.finish("keyword", rq, lvl, recs, samples, steps)
	return KeywordResult{Keyword: kw, Samples: base.Samples, Audit: base.Audit}
}

// enclosing finds the innermost dictionary defining kw, searching depth-first
// in key order; exact keys win over regex keys within one dictionary.
func enclosing(v any, kw, ptr string) (string, map[string]any, bool) {
	d, ok := v.(map[string]any)
	if !ok {
		return "", nil, false
	}
	for _, key := range sortedKeys(d) {
		if key == regexKey {
			continue
		}
		if p, b, ok := enclosing(d[key], kw, ptr+join(key)); ok {
			return p, b, true
		}
	}
	patterns, values := regexEntries(d)
	for i := range patterns {
		if p, b, ok := enclosing(values[i], kw, ptr+join(regexKey, fmt.Sprint(i), "value")); ok {
			return p, b, true
		}
	}
	for key := range d {
		if key != regexKey && NormalizeKeyword(key) == kw {
			return ptr, d, true
		}
	}
	for _, p := range patterns {
		// catch-all patterns (".*") match any keyword and say nothing about it
		if (patternMatches(p, kw) && !patternMatches(p, catchAllProbe)) || NormalizeKeyword(p) == kw {
			return ptr, d, true
		}
	}
	return "", nil, false
}

// catchAllProbe is a keyword no specific pattern matches.
const catchAllProbe = "\x01foamc-probe\x01"

// keywordTarget maps scheme keywords (div(phi,U), grad(p), laplacian(nuEff,U),
// interpolate(HbyA), snGrad(p), ddt(U), reconstruct(rho)) to system/fvSchemes.
func keywordTarget(kw string) string {
	if i := strings.IndexByte(kw, '('); i > 0 && strings.HasSuffix(kw, ")") {
		switch kw[:i] {
		case "div", "grad", "laplacian", "interpolate", "snGrad", "ddt", "d2dt2", "reconstruct", "flux", "fluxRequired":
			return "system/fvSchemes"
		}
	}
	return ""
}
