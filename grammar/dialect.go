package grammar

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Dialect is the OpenFOAM release whose reading rules an expansion follows. Parsing reads
// the union of what the releases write (every release's directives, Foundation's
// `#includeFunc name(args)` spanning blanks and lines, v2506's `${{ expr }}`); where the
// releases read the same text differently, ExpandOptions.Dialect decides: which directives
// exist (one a release lacks is a FOAM-EXPAND-009 deny, recorded in Expanded.Directives like
// any other), where #includeFunc looks, and how its arguments are set.
//
// The zero value is ESI v1912, foamc's first release, exactly as before dialects existed.
// Proven releases: ESI v1912 (Debian's foamDictionary), ESI v2506 (its own tutorials) and
// Foundation 12 (its foamDictionary); see docs/grammar.md "Releases".
type Dialect struct {
	// Vendor is "esi" (openfoam.com; "" reads as "esi") or "foundation" (openfoam.org).
	Vendor string
	// Version is ESI's year-month (1912, 2506) or Foundation's major version (12).
	// 0 is 1912 for ESI.
	Version int
}

// The releases foamc has read the sources of.
var (
	DialectV1912        = Dialect{}
	DialectV2506        = Dialect{Vendor: "esi", Version: 2506}
	DialectFoundation12 = Dialect{Vendor: "foundation", Version: 12}
)

// ParseDialect reads a release name: "v1912", "v2506" (ESI), "12" or "openfoam-12"
// (Foundation), as `foamc --openfoam` spells them.
func ParseDialect(s string) (Dialect, error) {
	t := strings.TrimPrefix(strings.ToLower(strings.TrimSpace(s)), "openfoam-")
	if v, ok := strings.CutPrefix(t, "v"); ok {
		if n, err := strconv.Atoi(v); err == nil && n >= 1000 {
			return Dialect{Vendor: "esi", Version: n}, nil
		}
	} else if n, err := strconv.Atoi(t); err == nil && n > 0 && n < 1000 {
		return Dialect{Vendor: "foundation", Version: n}, nil
	}
	return Dialect{}, fmt.Errorf("unknown OpenFOAM release %q (expected vYYMM for ESI, e.g. v2506, or a Foundation major version, e.g. 12)", s)
}

// Foundation reports an openfoam.org release.
func (d Dialect) Foundation() bool { return d.Vendor == "foundation" }

// String is the release as OpenFOAM names it: "v1912", "v2506", "12".
func (d Dialect) String() string {
	if d.Foundation() {
		return strconv.Itoa(d.Version)
	}
	if d.Version == 0 {
		return "v1912"
	}
	return "v" + strconv.Itoa(d.Version)
}

// Release is the human name: "OpenFOAM v1912", "OpenFOAM-12".
func (d Dialect) Release() string {
	if d.Foundation() {
		return "OpenFOAM-" + d.String()
	}
	return "OpenFOAM " + d.String()
}

// The function entry registrations of each release (addToMemberFunctionSelectionTable /
// addNamedToMemberFunctionSelectionTable over src/): ESI v1912 functionEntries/README;
// v2506 adds #message and #word (functionEntries/message, word); Foundation 12 has no
// #sinclude, #sincludeEtc, #eval or the #default-style introducers, and adds #neg,
// #calcInclude and, from finiteVolume, #includeModel and #includeConstraint. #else, #elif
// and #endif are read by #if/#ifeq in every release.
var (
	directivesV1912 = setOf("#include", "#sinclude", "#includeIfPresent", "#includeEtc", "#sincludeEtc",
		"#includeFunc", "#calc", "#codeStream", "#eval", "#if", "#ifeq", "#elif", "#else", "#endif",
		"#inputMode", "#default", "#merge", "#overwrite", "#warn", "#error", "#remove")
	directivesV2506 = union(directivesV1912, setOf("#message", "#word"))
	directivesF12   = setOf("#include", "#includeIfPresent", "#includeEtc", "#includeFunc", "#calc",
		"#calcInclude", "#codeStream", "#if", "#ifeq", "#elif", "#else", "#endif", "#inputMode",
		"#neg", "#remove", "#includeModel", "#includeConstraint")
)

func setOf(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

func union(a, b map[string]bool) map[string]bool {
	m := map[string]bool{}
	for k := range a {
		m[k] = true
	}
	for k := range b {
		m[k] = true
	}
	return m
}

// directives is the release's set: Foundation's 12 for every Foundation release, v2506's
// for ESI v2506 and later, v1912's before (the releases whose sources foamc has read).
func (d Dialect) directives() map[string]bool {
	switch {
	case d.Foundation():
		return directivesF12
	case d.Version >= 2506:
		return directivesV2506
	}
	return directivesV1912
}

// HasDirective reports whether the release has the directive ("#include", …).
func (d Dialect) HasDirective(name string) bool { return d.directives()[name] }

// Directives lists the release's directives, sorted.
func (d Dialect) Directives() []string {
	var out []string
	for n := range d.directives() {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// FuncDir is where #includeFunc finds function object files under each etc directory:
// caseDicts/postProcessing (ESI, functionObjectList::findDict) or caseDicts/functions
// (Foundation, includeFuncEntry::functionObjectDictPath).
func (d Dialect) FuncDir() string {
	if d.Foundation() {
		return "caseDicts/functions"
	}
	return "caseDicts/postProcessing"
}

// api is FOAM_API as an ESI application sets it (argList.C).
func (d Dialect) api() string {
	if d.Version == 0 {
		return "1912"
	}
	return strconv.Itoa(d.Version)
}

// Expressions reports `${{ expr }}` (ESI v2506 and later: ISstream's EXPRESSION token, read
// as #eval).
func (d Dialect) Expressions() bool { return !d.Foundation() && d.Version >= 2506 }

// valueAlternatives: a value's ${name:-word} and ${name:+word} take the alternative when
// name is unset or empty (set) — v2506 primitiveEntry::expandVariable; v1912's looks the
// whole text up as a name ("Illegal dictionary entry or environment variable name").
func (d Dialect) valueAlternatives() bool { return !d.Foundation() && d.Version >= 2506 }

// scoped is a variable name in ESI's scoping syntax: Foundation's leading '!' (the
// top-level dictionary, dictionary::lookupScopedEntryPtr, OpenFOAM-12) is ESI's leading '/'.
func (d Dialect) scoped(name string) string {
	if d.Foundation() && strings.HasPrefix(name, "!") {
		return "/" + name[1:]
	}
	return name
}
