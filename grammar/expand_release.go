package grammar

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/foamc/foamc/finding"
)

// Directives of the releases after v1912 (docs/grammar.md "Releases").

// configDirs are Foundation's readConfigFile arguments per directive: the etc
// subdirectory searched and the case directory looked in first (includeFuncEntry.C,
// includeFvModelEntry.C, includeFvConstraintEntry.C, OpenFOAM-12).
var configDirs = map[string][2]string{
	"#includeFunc":       {"caseDicts/functions", "system"},
	"#includeModel":      {"caseDicts/fvModels", "constant"},
	"#includeConstraint": {"caseDicts/fvConstraints", "system"},
}

// unsetPattern is unsetConfigEntries' `<.*>`: a placeholder the arguments must replace.
var unsetPattern = regexp.MustCompile(`^<.*>$`)

// includeConfig is Foundation's readConfigFile (dictionaryIO.C, OpenFOAM-12) for
// #includeFunc, #includeModel and #includeConstraint: the file named by the argument
// string's function name, from <case>/<dir>/name or the first etc directory's
// caseDicts/<kind> (searched depth-first); its sub-dictionary of that name if it has one;
// the arguments set in place (field, fields and objects from the unnamed and field/fields/
// objects arguments, `a/b=v` into sub-dictionary a, name= or funcName= naming the entry);
// `<…>` placeholders left unset are an error unless only fields/objects; then the result is
// read with its directives executed (after the arguments, as OpenFOAM re-reads it) and
// merged into d under the entry name (the argument string as a word unless named).
func (x *expander) includeConfig(d *ExpDict, e *DirectiveEntry, at *srcFile) {
	if len(e.Args) != 1 {
		x.finding(IDBadDirective, finding.Deny, at, e.Pos, e.Name+" needs a name", "", "write "+e.Name+" name(args)")
		return
	}
	argString := itemKeyword(e.Args[0])
	if s, ok := e.Args[0].(*String); ok {
		argString = `"` + s.Value + `"`
	}
	funcType, args, named := dictArgList(argString)
	dirs := configDirs[e.Name]
	file := x.findConfig(funcType, dirs[0], dirs[1])
	if file == "" {
		// OpenFOAM stops here; a warning as for v1912 (FOAM-EXPAND-013's severity): the etc
		// directory foamc was given may not be the installation the case runs with.
		x.finding(IDIncludeFuncMissing, finding.Warn, at, e.Pos, "cannot find configuration file "+funcType,
			"looked in "+dirs[1]+"/ and "+dirs[0]+" of "+strings.Join(x.etcs, ", ")+" ("+x.opts.Dialect.Release()+")",
			"check the name")
		return
	}
	if at.depth+1 > x.opts.MaxIncludeDepth {
		x.finding(IDDepth, finding.Deny, at, e.Pos, fmt.Sprintf("includes nested deeper than %d", x.opts.MaxIncludeDepth), "", "flatten the include chain")
		return
	}
	x.out.Includes = append(x.out.Includes, IncludeUse{Directive: e.Name, File: at.name, Line: int(e.Pos.Line), Column: int(e.Pos.Column), Target: argString, Resolved: x.display(file), Found: true})
	f, err := x.opts.Parse(file)
	if err != nil {
		x.finding(IDIncludeParse, finding.Deny, at, e.Pos, "cannot read "+file, err.Error(), "")
		return
	}
	body := &Dict{}
	if f.Body != nil {
		body = f.Body
		for _, fe := range f.Body.Entries {
			if de, ok := fe.(*DictEntry); ok && de.Key.Name == funcType {
				body = de.Dict
			}
		}
	}
	fd := cloneEntries(body)
	var fields []string
	for _, a := range args {
		fields = append(fields, validateWord(a))
	}
	for _, kv := range named {
		switch kv[0] {
		case "field":
			fields = append(fields, validateWord(kv[1]))
		case "fields", "objects":
			if items := parseValue(at.name, kv[1]); len(items) == 1 {
				if l, ok := items[0].(*List); ok {
					for _, it := range l.Items {
						if w, ok := it.(*Word); ok {
							fields = append(fields, w.Value)
						}
					}
				}
			}
		}
	}
	if len(fields) == 1 {
		setEntry(fd, "field", []Item{NewWord(fields[0])})
	}
	if len(fields) >= 1 {
		setEntry(fd, "fields", []Item{ListOf(Words(fields...)...)})
		setEntry(fd, "objects", []Item{ListOf(Words(fields...)...)})
	}
	entryName := validateWord(argString)
	for _, kv := range named {
		switch kv[0] {
		case "field", "fields", "objects":
		case "funcName", "name":
			entryName = strings.Trim(kv[1], " \n")
		default:
			sub, key := fd, kv[0]
			if i := strings.LastIndexByte(key, '/'); i >= 0 {
				sub, key = scopedAST(fd, key[:i]), key[i+1:]
			}
			items := parseValue(at.name, kv[1])
			if items == nil {
				x.finding(IDBadDirective, finding.Deny, at, e.Pos, "cannot read "+e.Name+" argument "+kv[0]+"="+kv[1], "", "")
				continue
			}
			setEntry(sub, key, items)
		}
	}
	var unset []string
	unsetEntries(fd, "", &unset)
	essential := false
	for _, k := range unset {
		essential = essential || k != "fields" && k != "objects"
	}
	if essential {
		x.finding(IDBadDirective, finding.Deny, at, e.Pos, e.Name+" "+funcType+": essential value for "+strings.Join(unset, ", ")+" not set",
			"the configuration file leaves them as <…> placeholders for the arguments", "give them as named arguments: "+funcType+"(key=value, …)")
		return
	}
	for _, k := range unset {
		setEntry(fd, k, []Item{ListOf()})
	}
	inc := &srcFile{file: f, path: file, name: x.display(file), up: at, depth: at.depth + 1}
	funcs := NewExpDict(d)
	savedMode, savedNext, savedCond := x.mode, x.nextMode, x.condStack
	x.mode, x.nextMode, x.condStack = modeMerge, nil, nil
	x.readEntries(funcs, fd.Entries, inc)
	x.mode, x.nextMode, x.condStack = savedMode, savedNext, savedCond
	out := NewExpDict(nil)
	out.appendEntry(&ExpEntry{Key: entryName, Dict: funcs.cloneDict(), Source: Source{File: at.name, Pos: e.Pos}})
	d.merge(out)
}

// dictArgList is Foundation's dictArgList (dictionary.C, OpenFOAM-12): "name(a, k=v, …)"
// split at the commas of the outer parentheses; a named argument's name keeps only
// variable characters, values stay raw; the name is stripped to a word.
func dictArgList(s string) (name string, args []string, named [][2]string) {
	name = s
	level, start := 0, 0
	argName, isNamed := "", false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '(':
			if level == 0 {
				name = s[start:i]
				start = i + 1
			}
			level++
		case ',', ')':
			if level == 1 {
				if isNamed {
					named = append(named, [2]string{argName, s[start:i]})
					isNamed = false
				} else {
					args = append(args, s[start:i])
				}
				start = i + 1
			}
			if c == ')' {
				if level == 1 {
					return validateWord(name), args, named
				}
				level--
			}
		case '=':
			argName = strings.Map(func(r rune) rune {
				if r < 128 && varValid(byte(r)) && !isCtl(byte(r)) {
					return r
				}
				return -1
			}, s[start:i])
			start = i + 1
			isNamed = true
		}
	}
	return validateWord(name), args, named
}

// findConfig is findConfigFile: <case>/<caseDir>/name, else the first etc directory
// holding <kind>/…/name.
func (x *expander) findConfig(name, kind, caseDir string) string {
	if name == "" {
		return ""
	}
	if x.caseDir != "" {
		p := filepath.Join(x.caseDir, caseDir, name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	for _, d := range x.etcs {
		if f := searchFile(filepath.Join(d, filepath.FromSlash(kind)), name); f != "" {
			return f
		}
	}
	return ""
}

// cloneEntries copies a dictionary's entry list (and its sub-dictionaries' lists), so
// arguments can be set without touching the parsed file.
func cloneEntries(d *Dict) *Dict {
	c := &Dict{Range: d.Range, Entries: make([]Entry, len(d.Entries))}
	for i, e := range d.Entries {
		if de, ok := e.(*DictEntry); ok {
			cp := *de
			cp.Dict = cloneEntries(de.Dict)
			e = &cp
		}
		c.Entries[i] = e
	}
	return c
}

// setEntry is dictionary::set on the syntax: the last entry of the keyword replaced in
// place, else appended.
func setEntry(d *Dict, key string, items []Item) {
	pe := &PrimitiveEntry{Key: NewKey(key), Value: items}
	for i := len(d.Entries) - 1; i >= 0; i-- {
		switch e := d.Entries[i].(type) {
		case *PrimitiveEntry:
			if e.Key.Name == key && !e.Key.Regex {
				d.Entries[i] = pe
				return
			}
		case *DictEntry:
			if e.Key.Name == key && !e.Key.Regex {
				d.Entries[i] = pe
				return
			}
		}
	}
	d.Entries = append(d.Entries, pe)
}

// scopedAST is dictionary::scopedDict on the syntax: the sub-dictionary at the
// slash-separated path, created when missing.
func scopedAST(d *Dict, path string) *Dict {
	for _, part := range strings.Split(path, "/") {
		if part == "" {
			continue
		}
		var next *Dict
		for _, e := range d.Entries {
			if de, ok := e.(*DictEntry); ok && de.Key.Name == part {
				next = de.Dict
			}
		}
		if next == nil {
			next = &Dict{}
			d.Entries = append(d.Entries, &DictEntry{Key: NewKey(part), Dict: next})
		}
		d = next
	}
	return d
}

// unsetEntries is unsetConfigEntries: keywords (slash-scoped) whose value holds a `<…>` word.
func unsetEntries(d *Dict, prefix string, out *[]string) {
	for _, e := range d.Entries {
		switch e := e.(type) {
		case *PrimitiveEntry:
			for _, it := range e.Value {
				if w, ok := it.(*Word); ok && unsetPattern.MatchString(w.Value) {
					*out = append(*out, prefix+e.Key.Name)
					break
				}
			}
		case *DictEntry:
			unsetEntries(e.Dict, prefix+e.Key.Name+"/", out)
		}
	}
}

// neg is Foundation's #neg $var (negEntry.C): the variable's first token, written out,
// with its leading '-' removed or one added, read back as tokens.
func (x *expander) neg(v *DirectiveItem, ctx *ExpDict, at *srcFile, path vpath) []Item {
	var ref *ExpEntry
	if len(v.Args) == 1 {
		if vr, ok := v.Args[0].(*Variable); ok && !vr.Braced() {
			ref = LookupScoped(ctx, x.opts.Dialect.scoped(vr.Name()), true)
		}
	}
	if ref == nil || ref.Dict != nil || len(ref.Value) == 0 {
		x.directive(v.Name, at, v.Pos, path, false)
		x.finding(IDUndefinedVar, finding.Deny, at, v.Pos, "#neg needs a defined primitive $variable",
			"OpenFOAM-12: Illegal dictionary variable name", "write #neg $name after name is defined")
		return []Item{v}
	}
	x.directive(v.Name, at, v.Pos, path, true)
	s := itemText(ref.Value[0])
	if strings.HasPrefix(s, "-") {
		s = s[1:]
	} else {
		s = "-" + s
	}
	if items := parseValue(at.name, s); items != nil {
		return items
	}
	return []Item{&Word{Range: v.Range, Value: s}}
}

// word is v2506's #word (wordDirective.C): the string, word, verbatim or braced text,
// `$`-expanded, made a word (word::validate); nothing when that is empty.
func (x *expander) word(v *DirectiveItem, ctx *ExpDict, at *srcFile, path vpath) []Item {
	var src string
	switch {
	case v.Brace:
		src = v.Text
	case len(v.Args) == 1:
		switch a := v.Args[0].(type) {
		case *String:
			src = a.Value
		case *Verbatim:
			src = a.Text
		case *Word:
			src = a.Value
		default:
			x.directive(v.Name, at, v.Pos, path, false)
			x.finding(IDBadDirective, finding.Deny, at, v.Pos, "invalid input for #word",
				"expecting a string or block to expand", "write #word \"text\" or #word { text }")
			return []Item{v}
		}
	}
	s, err := x.strings(ctx, true).expand(src)
	if err != nil {
		x.directive(v.Name, at, v.Pos, path, false)
		x.undefined(at, v.Pos, "#word input", err)
		return []Item{v}
	}
	x.directive(v.Name, at, v.Pos, path, true)
	if w := validateWord(s); w != "" {
		return []Item{&Word{Range: v.Range, Value: w}}
	}
	return nil
}
