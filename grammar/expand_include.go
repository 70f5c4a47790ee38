package grammar

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/foamc/foamc/finding"
)

// include resolves and parses an included file; nil when it is skipped. value: the
// directive stands inside a value (a list), where OpenFOAM reads the file as the tokens of
// the enclosing primitive entry, not as a dictionary (a blockMeshDict's `blocks (#include
// "f")` includes hex lines without ';'): the file's content becomes one entry "v".
func (x *expander) include(d *ExpDict, name string, args []Item, pos Pos, at *srcFile, value bool) *srcFile {
	use := IncludeUse{Directive: name, File: at.name, Line: int(pos.Line), Column: int(pos.Column)}
	defer func() { x.out.Includes = append(x.out.Includes, use) }()
	optional := strings.HasPrefix(name, "#sinclude") || name == "#includeIfPresent"
	etc := strings.HasSuffix(name, "Etc")
	if len(args) != 1 {
		x.finding(IDBadDirective, finding.Deny, at, pos, name+" needs one file name", "", "write "+name+" \"file\"")
		return nil
	}
	raw := itemKeyword(args[0])
	use.Target = raw
	target, err := x.resolveName(d, raw)
	if err != nil {
		x.undefined(at, pos, raw, err)
		return nil
	}
	switch {
	case target == "":
	case etc && !filepath.IsAbs(target) && len(x.etcs) == 0:
		x.finding(IDIncludeMissing, finding.Deny, at, pos, "cannot open include file "+target,
			"no OpenFOAM etc directory: FOAM_ETC is unset and the caller gave none", "set FOAM_ETC")
		return nil
	case etc && !filepath.IsAbs(target):
		target = x.findEtc(target, true)
	case !filepath.IsAbs(target):
		base := "."
		if at.path != "" {
			base = filepath.Dir(at.path)
		}
		target = filepath.Join(base, target)
	}
	target = filepath.Clean(target)
	use.Resolved = x.display(target)
	if !x.opts.AllowOutside && !x.inside(target) {
		// Unread content cannot be checked: a required include fails closed (deny); an
		// optional one (#sinclude, #includeIfPresent) OpenFOAM skips when absent, so
		// refusing the run for it would refuse runs OpenFOAM makes (warn).
		sev := finding.Deny
		if optional {
			sev = finding.Warn
		}
		x.finding(IDIncludeOutside, sev, at, pos, name+" leaves the case directory: "+target,
			"foamc reads includes only inside the case ("+x.caseDir+"), $FOAM_ETC and $FOAM_TUTORIALS/resources", "copy the file into the case, or allow outside includes explicitly")
		return nil
	}
	for up := at; up != nil; up = up.up {
		if up.path == target {
			chain := []string{x.display(target)}
			for c := at; c != nil; c = c.up {
				chain = append(chain, c.name)
			}
			x.finding(IDIncludeLoop, finding.Deny, at, pos, "include loop: "+strings.Join(chain, " <- "),
				"", "remove the #include that closes the loop")
			return nil
		}
	}
	if at.depth+1 > x.opts.MaxIncludeDepth {
		x.finding(IDDepth, finding.Deny, at, pos, fmt.Sprintf("includes nested deeper than %d", x.opts.MaxIncludeDepth), "", "flatten the include chain")
		return nil
	}
	if _, err := os.Stat(target); err != nil && x.opts.Redirect != nil {
		if r := x.opts.Redirect(target); r != "" {
			target = r
		}
	}
	if st, err := os.Stat(target); (err != nil || st.IsDir()) && isRegular(target+".gz") {
		target += ".gz" // IFstream reads x.gz when asked for x (IFstream.C)
	} else if (err != nil || st.IsDir()) && x.opts.Dialect.Foundation() && isRegular(target+".orig") {
		target += ".orig" // then x.orig in Foundation's (IFstreamAllocator, OpenFOAM-12)
	}
	if st, err := os.Stat(target); err != nil || st.IsDir() {
		if !optional {
			x.finding(IDIncludeMissing, finding.Deny, at, pos, "cannot open include file "+x.display(target),
				fmt.Sprintf("%s %q resolved to %s", name, raw, target), "create the file or fix the path (relative paths start at the including file's directory)")
		}
		return nil
	}
	parse := x.opts.Parse
	if value {
		parse = parseValueFile
	}
	f, err := parse(target)
	if err != nil {
		var fd finding.Finding
		if errors.As(err, &fd) {
			fd.Related = append(fd.Related, finding.Related{Location: finding.Location{File: at.name, Line: int(pos.Line), Column: int(pos.Column)}, Message: "included from here"})
			x.out.Findings = append(x.out.Findings, fd)
		} else {
			x.finding(IDIncludeParse, finding.Deny, at, pos, "cannot read include file "+target, err.Error(), "fix the included file")
		}
		return nil
	}
	use.Found = true
	if f.Body == nil {
		f.Body = &Dict{}
	}
	return &srcFile{file: f, path: target, name: x.display(target), up: at, depth: at.depth + 1}
}

// parseValueFile parses a file as the value of one primitive entry "v". The key is put on
// the file's first line, so lines stay exact (columns of that line shift by two).
func parseValueFile(path string) (*File, error) {
	src, _, ff := readLimited(path, DefaultMaxSize)
	if ff != nil {
		return nil, *ff
	}
	return Parse(path, append(append([]byte("v "), src...), "\n;"...))
}

// resolveName expands an include file name: `$VAR`/`${…}` (dictionary, then
// environment, empty allowed), a leading `./` (the case directory, where solvers run)
// and the leading tags `<case>`, `<system>`, `<constant>`, `<etc>`
// (stringOps.C expandLeading, expandLeadingTag).
func (x *expander) resolveName(d *ExpDict, raw string) (string, error) {
	s, err := x.strings(d, true).expand(raw)
	if err != nil {
		return "", err
	}
	// A leading "./" is the working directory (stringOps.C expandLeading); OpenFOAM
	// applications run in the case directory.
	if s == "." || strings.HasPrefix(s, "./") {
		s = x.caseDir + s[1:]
	}
	if strings.HasPrefix(s, "<") {
		if end := strings.IndexByte(s, '>'); end > 0 && (end+1 == len(s) || s[end+1] == '/') {
			tag, rest := s[1:end], strings.TrimPrefix(s[end+1:], "/")
			switch {
			case tag == "case":
				s = filepath.Join(x.caseDir, rest)
			case tag == "system" || tag == "constant":
				s = filepath.Join(x.caseDir, tag, rest)
			case tag == "etc" || strings.HasPrefix(tag, "etc:"):
				s = x.findEtc(rest, false)
			}
		}
	}
	return s, nil
}

// findEtc is findEtcEntries' first match (etcFiles.C) for name on the etc search path:
// a regular file (or its .gz) when file, else any entry; none found: the name in the
// last (project) directory, reported missing by the caller.
func (x *expander) findEtc(name string, file bool) string {
	for _, d := range x.etcs {
		p := filepath.Join(d, name)
		for _, c := range []string{p, p + ".gz"} {
			if st, err := os.Stat(c); err == nil && (!file || st.Mode().IsRegular()) {
				return p
			}
		}
	}
	if len(x.etcs) == 0 {
		return filepath.Join(x.etc, name)
	}
	return filepath.Join(x.etcs[len(x.etcs)-1], name)
}

// inside reports whether target lies in the case directory or an etc directory, after
// resolving symbolic links, so a link cannot smuggle an outside file in.
func (x *expander) inside(target string) bool {
	real := resolveLinks(target)
	for _, root := range slices.Concat([]string{x.caseDir}, x.etcs, x.resources) {
		if root == "" {
			continue
		}
		if within(root, target) && within(resolveLinks(root), real) {
			return true
		}
	}
	return false
}

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}

// resolveLinks is filepath.EvalSymlinks; for a file that does not exist (reported as
// missing later, or read as its .gz) the links of its nearest existing ancestor are
// resolved, so it is judged where that directory really is.
func resolveLinks(p string) string {
	rest := ""
	for d := p; ; d = filepath.Dir(d) {
		if r, err := filepath.EvalSymlinks(d); err == nil {
			return filepath.Join(r, rest)
		}
		if filepath.Dir(d) == d {
			return p
		}
		rest = filepath.Join(filepath.Base(d), rest)
	}
}

// includeFunc is #includeFunc name(args): the function object file from
// <system>/name or etc/caseDicts/postProcessing/**/name, with field arguments and
// named arguments set, merged into d under the keyword as written
// (functionObjectList::readFunctionObject).
func (x *expander) includeFunc(d *ExpDict, e *DirectiveEntry, at *srcFile) {
	if len(e.Args) != 1 {
		x.finding(IDBadDirective, finding.Deny, at, e.Pos, "#includeFunc needs one word", "", "write #includeFunc name(args) without spaces")
		return
	}
	spec := itemKeyword(e.Args[0])
	name, args, named := splitFuncArgs(spec)
	file := x.findFunc(name)
	if file == "" {
		x.finding(IDIncludeFuncMissing, finding.Warn, at, e.Pos, "cannot find functionObject file "+name,
			"looked in system/ and caseDicts/postProcessing of "+strings.Join(x.etcs, ", "), "check the function object name")
		return
	}
	if at.depth+1 > x.opts.MaxIncludeDepth {
		x.finding(IDDepth, finding.Deny, at, e.Pos, fmt.Sprintf("includes nested deeper than %d", x.opts.MaxIncludeDepth), "", "flatten the include chain")
		return
	}
	x.out.Includes = append(x.out.Includes, IncludeUse{Directive: e.Name, File: at.name, Line: int(e.Pos.Line), Column: int(e.Pos.Column), Target: spec, Resolved: x.display(file), Found: true})
	f, err := x.opts.Parse(file)
	if err != nil {
		x.finding(IDIncludeParse, finding.Deny, at, e.Pos, "cannot read "+file, err.Error(), "")
		return
	}
	inc := &srcFile{file: f, path: file, name: x.display(file), up: at, depth: at.depth + 1}
	funcs := NewExpDict(nil)
	savedMode, savedNext, savedCond := x.mode, x.nextMode, x.condStack
	x.mode, x.nextMode, x.condStack = modeMerge, nil, nil
	if f.Body != nil {
		x.readEntries(funcs, f.Body.Entries, inc)
	}
	x.mode, x.nextMode, x.condStack = savedMode, savedNext, savedCond
	fd := funcs
	if sub := funcs.Get(name); sub != nil && sub.Dict != nil {
		fd = sub.Dict
	}
	src := Source{File: at.name, Pos: e.Pos}
	set := func(key string, val []Item) {
		fd.add(&ExpEntry{Key: key, Value: val, Source: src}, true)
	}
	words := func(ss []string) []Item {
		var out []Item
		for _, s := range ss {
			out = append(out, &Word{Value: s})
		}
		return out
	}
	if len(args) == 1 {
		set("field", words(args))
	}
	if len(args) >= 1 {
		set("fields", []Item{&List{Counted: true, Count: int64(len(args)), Items: words(args)}})
	}
	for _, kv := range named {
		pf, err := Parse(at.name, []byte(kv[0]+" "+kv[1]+";"))
		if err != nil || pf.Body == nil || len(pf.Body.Entries) != 1 {
			x.finding(IDBadDirective, finding.Warn, at, e.Pos, "cannot read #includeFunc argument "+kv[0]+"="+kv[1], "", "")
			continue
		}
		if p, ok := pf.Body.Entries[0].(*PrimitiveEntry); ok {
			set(kv[0], p.Value)
		}
	}
	out := NewExpDict(nil)
	out.appendEntry(&ExpEntry{Key: validateWord(spec), Dict: fd.cloneDict(), Source: src})
	d.merge(out)
}

// splitFuncArgs splits "name(a,b,k=v)" as readFunctionObject does.
func splitFuncArgs(s string) (name string, args []string, named [][2]string) {
	name = s
	level, start := 0, 0
	argName := ""
	hasNamed := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '(':
			if level == 0 {
				name = s[:i]
				start = i + 1
			}
			level++
		case ',', ')':
			if level == 1 {
				if hasNamed {
					named = append(named, [2]string{argName, s[start:i]})
					hasNamed = false
				} else {
					args = append(args, validateWord(s[start:i]))
				}
				start = i + 1
			}
			if c == ')' {
				if level == 1 {
					return
				}
				level--
			}
		case '=':
			argName = validateWord(s[start:i])
			start = i + 1
			hasNamed = true
		}
	}
	return
}

// validateWord is word::validate: drop characters a word cannot hold.
func validateWord(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '\n', '\r', '\v', '\f', '"', '\'', '/', ';', '{', '}':
			return -1
		}
		return r
	}, s)
}

// findFunc is functionObjectList::findDict: <system>/name, else the first match in
// a depth-first walk of etc/caseDicts/postProcessing.
func (x *expander) findFunc(name string) string {
	if x.caseDir != "" {
		p := filepath.Join(x.caseDir, "system", name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	// functionObjectList::findDict: each etc directory's caseDicts/postProcessing in turn.
	for _, d := range x.etcs {
		if f := searchFile(filepath.Join(d, "caseDicts", "postProcessing"), name); f != "" {
			return f
		}
	}
	return ""
}

// searchFile is Foam::search: the file in dir, else in its subdirectories (sorted).
func searchFile(dir, name string) string {
	p := filepath.Join(dir, name)
	if st, err := os.Stat(p); err == nil && !st.IsDir() {
		return p
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
	for _, e := range ents {
		if e.IsDir() {
			if f := searchFile(filepath.Join(dir, e.Name()), name); f != "" {
				return f
			}
		}
	}
	return ""
}

func isRegular(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
