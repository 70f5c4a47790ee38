package kb

import (
	"encoding/json"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/foamc/foamc/finding"
)

// regexKey is the key under which the case document keeps regex keyword entries
// (docs/case-document.md §1): a list of {"pattern", "value"} in definition order.
const regexKey = "$regex"

// join builds a pointer from segments.
var join = finding.Pointer

// lookupPointer resolves an RFC 6901 pointer in a JSON value.
func lookupPointer(v any, ptr string) (any, bool) {
	if ptr == "" || ptr == "/" {
		return v, true
	}
	for _, seg := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		seg = finding.UnescapeToken(seg)
		switch x := v.(type) {
		case map[string]any:
			next, ok := x[seg]
			if !ok {
				return nil, false
			}
			v = next
		case []any:
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// canonical is the deterministic JSON text of a value (sorted keys), used to
// compare and count variants.
func canonical(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "<unencodable>"
	}
	return string(b)
}

var (
	reMu    sync.Mutex
	reCache = map[string]*regexp.Regexp{}
)

// patternMatches reports whether an OpenFOAM regex keyword (anchored, POSIX
// extended) matches key. Patterns RE2 cannot compile match nothing.
func patternMatches(pattern, key string) bool {
	reMu.Lock()
	re, ok := reCache[pattern]
	if !ok {
		re, _ = regexp.Compile("^(?:" + pattern + ")$")
		reCache[pattern] = re
	}
	reMu.Unlock()
	return re != nil && re.MatchString(key)
}

// regexEntries returns the regex keyword entries of a dictionary in definition order.
func regexEntries(d map[string]any) (patterns []string, values []any) {
	l, _ := d[regexKey].([]any)
	for _, e := range l {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		p, _ := m["pattern"].(string)
		patterns = append(patterns, p)
		values = append(values, m["value"])
	}
	return patterns, values
}

// Lookup finds key in a case-document dictionary with OpenFOAM's semantics: the
// exact key first, then regex entries from the last defined to the first.
// It returns the value and the key or pattern that supplied it.
func Lookup(d map[string]any, key string) (any, string, bool) {
	if v, ok := d[key]; ok && key != regexKey {
		return v, key, true
	}
	patterns, values := regexEntries(d)
	for i := len(patterns) - 1; i >= 0; i-- {
		if patternMatches(patterns[i], key) {
			return values[i], patterns[i], true
		}
	}
	return nil, "", false
}

func sortedKeys[M ~map[string]V, V any](m M) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
