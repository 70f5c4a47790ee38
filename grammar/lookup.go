package grammar

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/foamc/foamc/finding"
)

// ExpDict is a dictionary after expansion: duplicates merged, directives applied,
// macros substituted. It mirrors Foam::dictionary: entries in order, a parent for
// scoped lookups, and exact-then-regex search.
type ExpDict struct {
	Entries []*ExpEntry
	parent  *ExpDict
	index   map[string]*ExpEntry
	// patterns holds the compiled keyword of each regex entry, by keyword.
	patterns map[string]*regexp.Regexp
	// key is this dictionary's keyword in its parent ("" for the top).
	key string
	// shadow marks a skipped #if branch read apart (DirectiveUse.Branch): its entries
	// belong to its parent's path.
	shadow bool
}

// Path is the RFC 6901 pointer of d inside its file ("" for the top), computed on
// demand so deep nesting costs nothing until a directive needs it.
func (d *ExpDict) Path() string {
	var parts []string
	for dd := d; dd != nil && dd.parent != nil; dd = dd.parent {
		if !dd.shadow {
			parts = append(parts, escapePointer(dd.key))
		}
	}
	var b strings.Builder
	for i := len(parts) - 1; i >= 0; i-- {
		b.WriteByte('/')
		b.WriteString(parts[i])
	}
	return b.String()
}

// ExpEntry is one expanded entry: a sub-dictionary (Dict != nil) or a primitive
// entry whose Value holds the expanded items (empty for `key;`).
type ExpEntry struct {
	Key   string
	Regex bool
	// at is the entry's index in its dictionary's Entries when it was placed there (a
	// hint, checked before use: the slice is exported), so replacing a duplicate keyword
	// does not scan the dictionary. It fits in Regex's padding.
	at    int32
	Dict  *ExpDict
	Value []Item
	// Source is where the keyword was defined (an included file included).
	Source Source
}

// Source is a keyword's place: the file (as named by the expander) and position;
// End closes the range a finding about the entry underlines: the end of a
// primitive entry (after its ';'), the end of a dictionary's keyword. It is the
// zero Pos for entries that no file spells (#includeFunc results).
type Source struct {
	File string
	Pos  Pos
	End  Pos
}

// NewExpDict returns an empty dictionary whose scoped lookups continue in parent.
func NewExpDict(parent *ExpDict) *ExpDict {
	return &ExpDict{parent: parent, index: map[string]*ExpEntry{}}
}

// Parent returns the enclosing dictionary (nil at the top).
func (d *ExpDict) Parent() *ExpDict { return d.parent }

// Top returns the outermost dictionary.
func (d *ExpDict) Top() *ExpDict {
	for d.parent != nil {
		d = d.parent
	}
	return d
}

// Get returns the entry with exactly this keyword (no pattern matching, no parents).
func (d *ExpDict) Get(key string) *ExpEntry {
	if d == nil {
		return nil
	}
	return d.index[key]
}

// Lookup finds key in d the way Foam::dictionary::csearch does with REGEX: the exact
// keyword first, then the regex keywords from the last defined to the first, each
// anchored to the whole key. It does not look in parents.
func Lookup(d *ExpDict, key string) *ExpEntry {
	return d.search(key, true, false)
}

// LookupScoped resolves a macro name as `$name` does (findScoped, LITERAL_RECURSIVE):
// `a.b` dot scoping, `..a` parents, `:a`/`^a` from the top, `/a/b` or `a/b` slash
// scoping, and otherwise the parent chain. regex enables pattern keys, which v1912
// uses only for substitution entries and `$x {` keywords.
func LookupScoped(d *ExpDict, name string, regex bool) *ExpEntry {
	if d == nil || name == "" {
		return nil
	}
	if strings.Contains(name, "/") {
		return d.searchSlashScoped(name, regex)
	}
	if name[0] == ':' || name[0] == '^' {
		return d.Top().searchDotScoped(name[1:], regex, false)
	}
	return d.searchDotScoped(name, regex, true)
}

func (d *ExpDict) search(key string, regex, recursive bool) *ExpEntry {
	for dd := d; dd != nil; dd = dd.parent {
		if e := dd.index[key]; e != nil {
			return e
		}
		if regex {
			for i := len(dd.Entries) - 1; i >= 0; i-- {
				if e := dd.Entries[i]; e.Regex && dd.matches(e, key) {
					return e
				}
			}
		}
		if !recursive {
			break
		}
	}
	return nil
}

// matches is keyType::match for a regex keyword: a whole-keyword POSIX ERE match
// (KeyRegex). A pattern foamc cannot translate never matches here (the security rules
// see it as matching every keyword: grammar.KeyRegex, "re" in the JSON mapping). The
// pattern is compiled when the entry is added, so lookups never write and a
// finished dictionary is safe for concurrent readers.
func (d *ExpDict) matches(e *ExpEntry, key string) bool {
	re := d.patterns[e.Key]
	return re != nil && re.MatchString(key)
}

// compile keeps the compiled pattern of a regex entry e of d in d.patterns (not in the
// entry: few entries are patterns, and every entry of a 2 M-key dictionary would pay the
// pointer).
func (d *ExpDict) compile(e *ExpEntry) {
	if !e.Regex || d.patterns[e.Key] != nil {
		return
	}
	if d.patterns == nil {
		d.patterns = map[string]*regexp.Regexp{}
	}
	d.patterns[e.Key] = compileKey(e.Key)
}

// searchDotScoped follows dictionary::csearchDotScoped (dictionarySearch.C).
func (d *ExpDict) searchDotScoped(key string, regex, recursive bool) *ExpEntry {
	dot := strings.IndexByte(key, '.')
	if dot < 0 {
		return d.search(key, regex, recursive)
	}
	if dot == 0 {
		dd := d
		i := 1
		for ; i < len(key) && key[i] == '.'; i++ {
			if dd.parent == nil {
				return nil
			}
			dd = dd.parent
		}
		return dd.searchDotScoped(key[i:], regex, false)
	}
	found := d.searchDotScoped(key[:dot], regex, false)
	if found == nil {
		// "a.b" may itself be a keyword: try longer literal prefixes until a dict.
		for found == nil || found.Dict == nil {
			next := strings.IndexByte(key[dot+1:], '.')
			if next < 0 {
				return d.search(key, regex, false)
			}
			dot += next + 1
			found = d.search(key[:dot], regex, false)
		}
	}
	if found.Dict != nil {
		return found.Dict.searchDotScoped(key[dot:], regex, false)
	}
	return found
}

// searchSlashScoped follows dictionary::csearchSlashScoped.
func (d *ExpDict) searchSlashScoped(key string, regex bool) *ExpEntry {
	dd := d
	if strings.HasPrefix(key, "/") {
		dd = d.Top()
	}
	parts := strings.Split(key, "/")
	for i, part := range parts {
		last := i == len(parts)-1
		switch part {
		case "", ".":
			continue
		case "..":
			if dd.parent == nil {
				return nil
			}
			dd = dd.parent
			continue
		}
		found := dd.search(part, regex, false)
		if found == nil {
			return nil
		}
		if last {
			return found
		}
		if found.Dict == nil {
			return nil
		}
		dd = found.Dict
	}
	return nil
}

// Keys returns the keywords in order.
func (d *ExpDict) Keys() []string {
	out := make([]string, len(d.Entries))
	for i, e := range d.Entries {
		out[i] = e.Key
	}
	return out
}

// add inserts e, or merges/replaces an existing entry with the same keyword at its
// original position (dictionary::add with mergeEntry).
func (d *ExpDict) add(e *ExpEntry, merge bool) {
	old := d.index[e.Key]
	if old == nil {
		d.appendEntry(e)
		return
	}
	if !merge {
		return
	}
	if old.Dict != nil && e.Dict != nil {
		old.Dict.merge(e.Dict)
		return
	}
	i := int(old.at)
	if i >= len(d.Entries) || d.Entries[i] != old {
		i = slices.Index(d.Entries, old)
	}
	if i >= 0 {
		d.Entries[i], e.at = e, int32(i)
	}
	d.index[e.Key] = e
	d.compile(e)
	if e.Dict != nil {
		e.Dict.reparent(d, e.Key)
	}
}

func (d *ExpDict) appendEntry(e *ExpEntry) {
	e.at = int32(len(d.Entries))
	d.Entries = append(d.Entries, e)
	d.index[e.Key] = e
	d.compile(e)
	if e.Dict != nil {
		e.Dict.reparent(d, e.Key)
	}
}

// merge is dictionary::merge: sub-dictionaries merge recursively, anything else
// replaces in place, new keywords are appended.
func (d *ExpDict) merge(src *ExpDict) {
	for _, e := range src.Entries {
		old := d.index[e.Key]
		if old != nil && old.Dict != nil && e.Dict != nil {
			old.Dict.merge(e.Dict)
			continue
		}
		d.add(e.clone(), true)
	}
}

// remove deletes the entry with this exact keyword.
func (d *ExpDict) remove(key string) {
	e := d.index[key]
	if e == nil {
		return
	}
	delete(d.index, key)
	delete(d.patterns, key)
	for i, x := range d.Entries {
		if x == e {
			d.Entries = append(d.Entries[:i:i], d.Entries[i+1:]...)
			break
		}
	}
}

// clear empties d (inputMode overwrite on an existing dictionary).
func (d *ExpDict) clear() {
	d.Entries = nil
	d.index = map[string]*ExpEntry{}
	d.patterns = nil
}

// reparent attaches d under parent; its children keep pointing at d itself.
func (d *ExpDict) reparent(parent *ExpDict, key string) {
	d.parent = parent
	d.key = key
}

// clone copies e deeply enough that merging into the copy never changes e.
func (e *ExpEntry) clone() *ExpEntry {
	c := *e
	if e.Dict != nil {
		c.Dict = e.Dict.cloneDict()
	}
	return &c
}

func (d *ExpDict) cloneDict() *ExpDict {
	c := NewExpDict(d.parent)
	c.key = d.key
	for _, e := range d.Entries {
		c.appendEntry(e.clone())
	}
	return c
}

// escapePointer escapes one RFC 6901 reference token.
var escapePointer = finding.EscapeToken

// compileKey is the anchored RE2 of a pattern keyword (nil when not translatable).
func compileKey(pattern string) *regexp.Regexp {
	re, ok := KeyRegex(pattern)
	if !ok {
		return nil
	}
	return regexp.MustCompile("^(?:" + re + ")$")
}

// patternCache holds compiled anchored patterns for LookupValue.
var patternCache sync.Map // string -> *regexp.Regexp (nil when invalid)

// LookupValue is Lookup on the expanded JSON mapping (a map from Value or the case
// document): the exact key, else the "$regex" entries from the last to the first.
func LookupValue(obj map[string]any, key string) (any, bool) {
	if v, ok := obj[key]; ok && key != "$regex" {
		return v, true
	}
	pats, _ := obj["$regex"].([]any)
	for i := len(pats) - 1; i >= 0; i-- {
		p, _ := pats[i].(map[string]any)
		pat, _ := p["pattern"].(string)
		re, ok := patternCache.Load(pat)
		if !ok {
			re, _ = patternCache.LoadOrStore(pat, compileKey(pat))
		}
		if r, _ := re.(*regexp.Regexp); r != nil && r.MatchString(key) {
			return p["value"], true
		}
	}
	return nil, false
}
