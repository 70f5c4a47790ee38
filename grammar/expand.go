package grammar

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
)

// ExpandOptions controls Expand. The zero value reads like `foamDictionary -expand`
// run inside the case that holds the file.
type ExpandOptions struct {
	// CaseDir is the case root: `<case>`, `<system>`, `<constant>` and $FOAM_CASE resolve
	// against it, and includes may not leave it. Default: FindCaseDir(path).
	CaseDir string
	// EtcDir resolves #includeEtc and #includeFunc. Default $FOAM_ETC (through Env); the
	// caller knows where OpenFOAM is installed (openfoam.Etc), the parser does not. Without
	// either, #includeEtc and #includeFunc find nothing.
	EtcDir string
	// Env looks up environment variables for `$VAR` fall-backs. Default os.LookupEnv.
	// As in every OpenFOAM application (argList.C:721-728), FOAM_CASE and FOAM_CASENAME
	// come from CaseDir and FOAM_API is 1912.
	Env func(string) (string, bool)
	// EtcDirs is OpenFOAM's etc search path in its order (findEtcEntries, etcFiles.C: the
	// user's, the site's, the project's; openfoam.EtcDirs): #includeEtc, `<etc>` and
	// #includeFunc take the first that holds the file. Default: EtcDir alone.
	EtcDirs []string
	// ResourceDirs are further directories of the OpenFOAM installation that count as
	// inside for includes, as the etc directories do (their files are read and judged):
	// the release's tutorials/resources, which Foundation's tutorials include through
	// $FOAM_TUTORIALS (openfoam.TutorialResources).
	ResourceDirs []string
	// AllowOutside permits includes outside CaseDir and the etc directories (a finding otherwise, not read).
	AllowOutside bool
	// MaxIncludeDepth bounds nested includes (default 32).
	MaxIncludeDepth int
	// MaxNesting bounds nested dictionaries (default 1000, well above any real case and
	// below encoding/json's nesting limit).
	MaxNesting int
	// MaxExpansion bounds the items macro substitutions may copy (default DefaultMaxExpansion).
	MaxExpansion int
	// Parse reads an included file; default ParseFile.
	Parse func(path string) (*File, error)
	// NoSyntax makes ExpandFile expand the file's top-level entries as they are parsed,
	// a chunk at a time, and keep no syntax tree (Expanded.File is nil; the file is read
	// as ParseFile reads it, Parse still reads its includes). A big dictionary's syntax
	// tree takes more memory than its expansion, and `foamc parse --expand` needs only
	// the latter. Expand ignores it.
	NoSyntax bool
	// Redirect, when set, names the file to read for an include the case lacks (a file a
	// step before the run makes from another: foamcase's reading of the Allrun), or "".
	Redirect func(path string) string
	// Dialect is the release whose reading rules apply (which directives exist, where
	// #includeFunc looks, how its arguments are set, FOAM_API). The zero value is ESI v1912.
	Dialect Dialect
	// DisplayName turns an absolute path into the name used in findings and sources.
	// Default: relative to CaseDir when inside it.
	DisplayName func(path string) string
}

// Expanded is a file after expansion.
type Expanded struct {
	// Name is the display name of the root file.
	Name string
	// File is the syntax tree the expansion started from.
	File *File
	// Header is the FoamFile header (nil for header-less files).
	Header *ExpDict
	// Dict is the expanded body.
	Dict *ExpDict
	// List is the top-level list of a list file (polyMesh/boundary, points…), else nil.
	List Item
	// Directives lists every directive met, expanded or not, in reading order.
	Directives []DirectiveUse
	// Includes lists every include directive with its resolution.
	Includes []IncludeUse
	// Findings are the located problems met while expanding.
	Findings []finding.Finding
}

// DirectiveUse is one directive met while reading.
type DirectiveUse struct {
	Name   string `json:"name"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	// Path is the JSON pointer (inside the file's expanded value) of the dictionary or
	// entry the directive sits in.
	Path string `json:"path"`
	// Executed is false for directives foamc records but never runs (#codeStream, #calc)
	// or could not evaluate.
	Executed bool `json:"executed"`
	// Branch is, for an #if/#ifeq/#elif/#else whose branch foamc's evaluation skipped,
	// what that branch reads (expanded apart, in the dictionary at Path): the condition
	// is evaluated in foamc's environment, not the solver's, so the security rules judge
	// every branch (BranchValue).
	Branch *ExpDict `json:"-"`
}

// BranchValue is Branch's JSON mapping placed at Path inside an otherwise empty file
// value, so rules walk it as they walk the file (nil without a branch).
func (u DirectiveUse) BranchValue(opts ValueOptions) map[string]any {
	if u.Branch == nil {
		return nil
	}
	v := u.Branch.Value(opts)
	for d := u.Branch.parent; d != nil && d.parent != nil; d = d.parent {
		if d.shadow {
			continue
		}
		if e := d.parent.index[d.key]; e != nil && e.Regex {
			v = map[string]any{"$regex": []any{map[string]any{"pattern": d.key, "value": v}}}
		} else {
			v = map[string]any{d.key: v}
		}
	}
	return v
}

// IncludeUse is one #include-family directive.
type IncludeUse struct {
	Directive string `json:"directive"`
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	Target    string `json:"target"`
	// Resolved is the display name of the file read ("" when it could not be resolved).
	Resolved string `json:"resolved"`
	Found    bool   `json:"found"`
}

// Finding IDs raised by expansion.
const (
	IDIncludeMissing     = "FOAM-EXPAND-001"
	IDIncludeLoop        = "FOAM-EXPAND-002"
	IDIncludeOutside     = "FOAM-EXPAND-003"
	IDUndefinedVar       = "FOAM-EXPAND-004"
	IDEval               = "FOAM-EXPAND-005"
	IDDepth              = "FOAM-EXPAND-006"
	IDNotExecuted        = "FOAM-EXPAND-007"
	IDDuplicate          = "FOAM-EXPAND-008"
	IDBadDirective       = "FOAM-EXPAND-009"
	IDIncludeParse       = "FOAM-EXPAND-010"
	IDConditional        = "FOAM-EXPAND-011"
	IDSubstitution       = "FOAM-EXPAND-012"
	IDIncludeFuncMissing = "FOAM-EXPAND-013"
)

// inputMode is entry::inputMode.
type inputMode int

const (
	modeMerge inputMode = iota
	modeOverwrite
	modeProtect
	modeWarn
	modeError
)

var inputModes = map[string]inputMode{
	"merge": modeMerge, "overwrite": modeOverwrite, "protect": modeProtect,
	"warn": modeWarn, "error": modeError, "default": modeMerge,
}

// srcFile is one file being read, with its include chain for loop detection.
type srcFile struct {
	file  *File
	path  string // absolute path on disk ("" for in-memory input)
	name  string // display name
	up    *srcFile
	depth int
}

type expander struct {
	opts      ExpandOptions
	out       *Expanded
	mode      inputMode
	nextMode  *inputMode
	etc       string
	etcs      []string // the etc search path (ExpandOptions.EtcDirs)
	resources []string // ExpandOptions.ResourceDirs, absolute
	caseDir   string
	condStack []condFrame
	nesting   int
	// quiet counts the skipped branches being read into shadows: their problems are no
	// findings (a branch that does not apply may use what is undefined here).
	quiet int
	// budget is what substitutions may still copy (expand_budget.go).
	budget     int
	overBudget bool
}

// Expand applies OpenFOAM v1912's reading semantics to f: entries are read in order
// into dictionaries (duplicates merged at their first position under the input mode),
// `$var`/`${…}`/scoped macros are substituted from the entries read so far (then the
// environment), substitution entries merge dictionaries, and directives run except
// #codeStream and #calc, which are only recorded. path is where f lives on disk (for
// relative includes); it may be "" for in-memory input.
func Expand(f *File, path string, opts ExpandOptions) *Expanded {
	x := newExpander(path, opts)
	root := x.begin(f, path)
	x.header(f, root)
	body := f.Body
	if f.Stray != nil {
		// OpenFOAM reads only a leading `{ … }` block and ignores the rest.
		body = f.Stray
	}
	var end Pos
	if body != nil {
		x.readEntries(x.out.Dict, body.Entries, root)
		end = body.End
	}
	return x.finish(root, end)
}

// begin starts the expansion of the root file f.
func (x *expander) begin(f *File, path string) *srcFile {
	name := x.display(path)
	if name == "" {
		name = f.Name
	}
	x.out.Name, x.out.File = name, f
	x.out.Dict = NewExpDict(nil)
	return &srcFile{file: f, path: absPath(path), name: name}
}

// header reads the FoamFile header of the root file, if it has one and it is not read yet.
func (x *expander) header(f *File, root *srcFile) {
	if f.Header != nil && x.out.Header == nil {
		x.out.Header = NewExpDict(nil)
		x.readEntries(x.out.Header, f.Header.Dict.Entries, root)
	}
}

// finish closes the expansion; end is where the body ends (an unclosed #if is reported there).
func (x *expander) finish(root *srcFile, end Pos) *Expanded {
	if len(x.condStack) > 0 {
		x.finding(IDConditional, finding.Deny, root, end, "#if without #endif",
			"", "close every #if/#ifeq with #endif")
	}
	finding.Sort(x.out.Findings)
	return x.out
}

// ExpandFile parses path and expands it.
func ExpandFile(path string, opts ExpandOptions) (*Expanded, error) {
	if opts.NoSyntax {
		src, _, ff := readLimited(path, DefaultMaxSize)
		if ff != nil {
			return nil, *ff
		}
		return expandStream(path, src, chunkTokens, opts)
	}
	parse := opts.Parse
	if parse == nil {
		parse = func(p string) (*File, error) {
			return ParseFileWith(p, Options{TopCloseEnds: opts.Dialect.Foundation()})
		}
	}
	f, err := parse(path)
	if err != nil {
		return nil, err
	}
	return Expand(f, path, opts), nil
}

// expandStream is ExpandFile with NoSyntax: each chunk of top-level entries is expanded
// as soon as it is parsed and then dropped, as Expand would read it. The header is read
// when its chunk arrives (first, in any real file); a leading stray block is read alone.
func expandStream(path string, src []byte, chunk int, opts ExpandOptions) (*Expanded, error) {
	x := newExpander(path, opts)
	var root *srcFile
	stray := false
	b := bounds{topCloseEnds: opts.Dialect.Foundation()}
	f, err := parseWith(path, src, parseConfig{chunk: chunk, bounds: b, sink: func(f *File, entries []Entry) {
		if root == nil {
			root = x.begin(f, path)
		}
		x.header(f, root)
		switch {
		case f.Stray == nil:
			x.readEntries(x.out.Dict, entries, root)
		case !stray:
			stray = true
			x.readEntries(x.out.Dict, f.Stray.Entries, root)
		}
	}})
	if errors.Is(err, errSunk) {
		if f, err = parseWith(path, src, parseConfig{chunk: chunk, bounds: b}); err != nil {
			return nil, err
		}
		out := Expand(f, path, opts)
		out.File = nil
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	if root == nil { // no top-level entries after a stray block, or none at all
		root = x.begin(f, path)
	}
	x.header(f, root)
	end := f.Body.End
	if f.Stray != nil {
		if !stray {
			x.readEntries(x.out.Dict, f.Stray.Entries, root)
		}
		end = f.Stray.End
	}
	x.out.File = nil
	return x.finish(root, end), nil
}

func newExpander(path string, opts ExpandOptions) *expander {
	if opts.Env == nil {
		opts.Env = os.LookupEnv
	}
	if opts.Parse == nil {
		opts.Parse = ParseFile
	}
	if opts.MaxIncludeDepth <= 0 {
		opts.MaxIncludeDepth = 32
	}
	if opts.MaxNesting <= 0 {
		opts.MaxNesting = 1000
	}
	if opts.MaxExpansion <= 0 {
		opts.MaxExpansion = DefaultMaxExpansion
	}
	x := &expander{opts: opts, out: &Expanded{}, budget: opts.MaxExpansion}
	x.caseDir = opts.CaseDir
	if x.caseDir == "" && path != "" {
		x.caseDir = FindCaseDir(path)
	}
	x.caseDir = absPath(x.caseDir)
	x.etc = opts.EtcDir
	if x.etc == "" {
		x.etc, _ = opts.Env("FOAM_ETC")
	}
	x.etc = absPath(x.etc)
	for _, d := range opts.EtcDirs {
		x.etcs = append(x.etcs, absPath(d))
	}
	if len(opts.EtcDirs) == 0 && x.etc != "" {
		x.etcs = []string{x.etc}
	}
	for _, d := range opts.ResourceDirs {
		x.resources = append(x.resources, absPath(d))
	}
	env := opts.Env
	x.opts.Env = func(k string) (string, bool) {
		if k == "FOAM_CASE" && x.caseDir != "" {
			return x.caseDir, true
		}
		if k == "FOAM_CASENAME" && x.caseDir != "" {
			return filepath.Base(x.caseDir), true
		}
		if k == "FOAM_ETC" {
			return x.etc, true
		}
		if k == "FOAM_API" && !opts.Dialect.Foundation() { // argList.C:721 sets it in every ESI application
			return opts.Dialect.api(), true
		}
		return env(k)
	}
	return x
}

// FindCaseDir returns the case directory of a dictionary file: the nearest ancestor
// holding system/controlDict, else the parent of the file's directory (the usual
// <case>/<system|constant|0>/<file> layout).
func FindCaseDir(path string) string {
	abs := absPath(path)
	for d := filepath.Dir(abs); ; {
		if st, err := os.Stat(filepath.Join(d, "system", "controlDict")); err == nil && !st.IsDir() {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return filepath.Dir(filepath.Dir(abs))
}

func absPath(p string) string {
	if p == "" {
		return ""
	}
	a, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	return a
}

func (x *expander) display(p string) string {
	if p == "" {
		return ""
	}
	if x.opts.DisplayName != nil {
		return x.opts.DisplayName(p)
	}
	if x.caseDir != "" {
		if rel, err := filepath.Rel(x.caseDir, absPath(p)); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return p
}

// finding records a located problem with an excerpt of the source line.
func (x *expander) finding(id string, sev finding.Severity, at *srcFile, pos Pos, summary, detail, fix string) {
	f := finding.Finding{
		ID: id, Severity: sev, Summary: summary, Detail: detail, Fix: fix,
		Location: finding.Location{File: at.name, Line: int(pos.Line), Column: int(pos.Column)},
	}
	if at.file != nil && pos.Line > 0 {
		f.Excerpt = excerptLine(at.file.Src, pos)
	}
	for up := at.up; up != nil; up = up.up {
		f.Related = append(f.Related, finding.Related{Location: finding.Location{File: up.name}, Message: "included from here"})
	}
	if x.quiet > 0 {
		return
	}
	x.out.Findings = append(x.out.Findings, f)
}

// vpath names where a value is read: dictionary d, entry key ("" for d itself).
type vpath struct {
	d   *ExpDict
	key string
}

func (p vpath) String() string {
	if p.key == "" {
		return p.d.Path()
	}
	return p.d.Path() + "/" + escapePointer(p.key)
}

func (x *expander) directive(name string, at *srcFile, pos Pos, path vpath, executed bool) {
	x.out.Directives = append(x.out.Directives, DirectiveUse{
		Name: name, File: at.name, Line: int(pos.Line), Column: int(pos.Column), Path: path.String(), Executed: executed,
	})
}

// foreign reports (and records, unexecuted) a directive the dialect's release does not
// have: OpenFOAM stops there with "Unknown functionEntry".
func (x *expander) foreign(name string, at *srcFile, pos Pos, path vpath) bool {
	if x.opts.Dialect.HasDirective(name) {
		return false
	}
	x.directive(name, at, pos, path, false)
	x.finding(IDBadDirective, finding.Deny, at, pos, "directive "+name+" does not exist in "+x.opts.Dialect.Release(),
		x.opts.Dialect.Release()+": Unknown functionEntry; its directives are "+strings.Join(x.opts.Dialect.Directives(), " "),
		"remove it, or write it as this release does")
	return true
}

// active reports whether entries are currently read (not skipped by #if).
func (x *expander) active() bool {
	return len(x.condStack) == 0 || x.condStack[len(x.condStack)-1].active
}

// readEntries is dictionary::read: entries in order, each one seeing what came before.
func (x *expander) readEntries(d *ExpDict, entries []Entry, at *srcFile) {
	for _, e := range entries {
		if dir, ok := e.(*DirectiveEntry); ok && x.conditional(d, dir, at) {
			continue
		}
		if !x.active() {
			if sh := x.condStack[len(x.condStack)-1].shadow; sh != nil {
				// The branch's directives (#inputMode, #default…) act inside it only.
				saved, mode, next := x.condStack, x.mode, x.nextMode
				x.condStack = nil
				x.quiet++
				x.readEntry(sh, e, at)
				x.quiet--
				x.condStack, x.mode, x.nextMode = saved, mode, next
			}
			continue
		}
		x.readEntry(d, e, at)
	}
}

// readEntry reads one entry into d.
func (x *expander) readEntry(d *ExpDict, e Entry, at *srcFile) {
	// A #default/#merge/… prefix applies to this entry, not to entries inside it.
	mode := x.mode
	if x.nextMode != nil {
		if _, isDir := e.(*DirectiveEntry); !isDir {
			mode, x.nextMode = *x.nextMode, nil
		}
	}
	switch e := e.(type) {
	case *PrimitiveEntry:
		key := e.Key
		target, name, regex := x.scopedTarget(d, key.Name, key.Regex)
		val := x.expandItems(e.Value, target, at, vpath{target, name})
		x.addEntry(target, &ExpEntry{Key: name, Regex: regex, Value: val, Source: Source{File: at.name, Pos: key.Pos, End: e.Span().End}}, mode, at, key.Pos)
	case *DictEntry:
		key := e.Key
		name := key.Name
		if key.Var {
			resolved, ok := x.keywordVar(d, key, at)
			if !ok {
				return
			}
			name = resolved
		}
		target, name, regex := x.scopedTarget(d, name, key.Regex && !key.Var)
		sub := NewExpDict(target)
		sub.key = name
		if x.nesting >= x.opts.MaxNesting {
			x.finding(IDDepth, finding.Deny, at, key.Pos, fmt.Sprintf("dictionaries nested deeper than %d", x.opts.MaxNesting),
				"the content below this level is not read", "flatten the dictionary")
			return
		}
		x.nesting++
		x.readScope(sub, e.Dict.Entries, at, e.Dict.End)
		x.nesting--
		x.addEntry(target, &ExpEntry{Key: name, Regex: regex, Dict: sub, Source: Source{File: at.name, Pos: key.Pos, End: key.End}}, mode, at, key.Pos)
	case *SubstEntry:
		x.substitute(d, e, at)
	case *DirectiveEntry:
		x.dictDirective(d, e, at)
	case *ListEntry:
		val := x.expandItems([]Item{e.Value}, d, at, vpath{d: d})
		if len(val) == 1 && x.out.List == nil && d.parent == nil {
			x.out.List = val[0]
		}
	}
}

// scopedTarget resolves a keyword holding '/' (entryIO.C:298-440): an existing entry
// at that path is replaced where it lives, otherwise the intermediate dictionaries are
// created and the last component is the keyword (a pattern only if it starts with a
// quote). Other keywords stay in d.
func (x *expander) scopedTarget(d *ExpDict, key string, regex bool) (*ExpDict, string, bool) {
	if !strings.Contains(key, "/") {
		return d, key, regex
	}
	if e := d.searchSlashScoped(key, false); e != nil {
		return parentOf(d, key), e.Key, e.Regex
	}
	dir, name := "", key
	if i := strings.LastIndexByte(key, '/'); i >= 0 {
		dir, name = key[:i], key[i+1:]
	}
	target := d
	if strings.HasPrefix(key, "/") {
		target = d.Top()
	}
	for _, part := range strings.Split(dir, "/") {
		switch part {
		case "", ".":
			continue
		case "..":
			if target.parent != nil {
				target = target.parent
			}
			continue
		}
		next := target.Get(part)
		if next == nil || next.Dict == nil {
			sub := NewExpDict(target)
			next = &ExpEntry{Key: part, Dict: sub}
			target.add(next, true)
		}
		target = next.Dict
	}
	if strings.HasPrefix(name, "\"") || strings.HasPrefix(name, "'") {
		return target, strings.Trim(name, "\"'"), true
	}
	return target, name, false
}

// readScope reads a dictionary body or an included file: a conditional opened inside
// must close inside (OpenFOAM's #if reads its branches from the same stream).
func (x *expander) readScope(d *ExpDict, entries []Entry, at *srcFile, end Pos) {
	depth := len(x.condStack)
	x.readEntries(d, entries, at)
	if len(x.condStack) > depth {
		x.finding(IDConditional, finding.Deny, at, end, "#if without #endif", "", "close every #if/#ifeq with #endif in the same dictionary and file")
		x.condStack = x.condStack[:depth]
	}
}

// addEntry applies the input mode to a new entry (entryIO.C:312-383).
func (x *expander) addEntry(d *ExpDict, e *ExpEntry, mode inputMode, at *srcFile, pos Pos) {
	old := d.Get(e.Key)
	if old == nil {
		d.add(e, false)
		return
	}
	if e.Key == "FoamFile" {
		return
	}
	switch mode {
	case modeProtect:
		return
	case modeError:
		x.finding(IDDuplicate, finding.Deny, at, pos, "duplicate entry "+strconv.Quote(e.Key),
			"#inputMode error forbids redefining a keyword", "remove one of the definitions")
		return
	case modeWarn:
		x.finding(IDDuplicate, finding.Warn, at, pos, "duplicate entry "+strconv.Quote(e.Key)+" ignored",
			"#inputMode warn keeps the first definition", "remove one of the definitions")
		return
	case modeOverwrite:
		if old.Dict != nil {
			old.Dict.clear()
		}
	}
	d.add(e, true)
}

// keywordVar resolves a `$name {` / `${…} {` keyword substitution to the keyword
// held by the referenced entry (entryIO.C:240-268).
func (x *expander) keywordVar(d *ExpDict, key Key, at *srcFile) (string, bool) {
	name := strings.TrimPrefix(key.Name, "$")
	if strings.HasPrefix(name, "{") && strings.HasSuffix(name, "}") {
		s, err := x.strings(d, false).expand(name[1 : len(name)-1])
		if err != nil {
			x.undefined(at, key.Pos, key.Name, err)
			return "", false
		}
		name = s
	}
	e := LookupScoped(d, name, true)
	if e == nil || e.Dict != nil || len(e.Value) == 0 {
		x.finding(IDUndefinedVar, finding.Deny, at, key.Pos, "undefined variable $"+name+" used as keyword",
			"OpenFOAM: Attempt to use undefined variable "+name+" as keyword", "define "+name+" before this entry")
		return "", false
	}
	return itemKeyword(e.Value[0]), true
}

func itemKeyword(it Item) string {
	switch v := it.(type) {
	case *Word:
		return v.Value
	case *String:
		return v.Value
	}
	return itemText(it)
}

func (x *expander) strings(d *ExpDict, allowEmpty bool) *stringExpander {
	return &stringExpander{dict: d, env: x.opts.Env, allowEmpty: allowEmpty, eval: func(s string) (string, error) {
		v, err := evalScalar(s)
		if err != nil {
			return "", err
		}
		return formatEvalScalar(v), nil
	}}
}

func (x *expander) undefined(at *srcFile, pos Pos, what string, err error) {
	x.finding(IDUndefinedVar, finding.Deny, at, pos, "cannot expand "+what, err.Error(),
		"define the entry before it is used, or set the environment variable")
}

// substitute is a `$x;` substitution entry: the entries of dictionary x are added
// here (dictionary::substituteScopedKeyword, REGEX_RECURSIVE lookup).
func (x *expander) substitute(d *ExpDict, e *SubstEntry, at *srcFile) {
	name := e.Var.Name()
	if e.Var.Braced() {
		s, err := x.strings(d, false).expand(name)
		if err != nil {
			x.undefined(at, e.Pos, e.Var.Raw, err)
			return
		}
		name = s
	}
	ref := LookupScoped(d, x.opts.Dialect.scoped(name), true)
	if ref == nil {
		// v1912 silently ignores an undefined substitution entry; foamc says so.
		x.finding(IDSubstitution, finding.Warn, at, e.Pos, "substitution "+e.Var.Raw+" refers to nothing",
			"OpenFOAM ignores this entry silently", "define "+name+" as a dictionary before this line or remove the entry")
		return
	}
	if ref.Dict == nil {
		x.finding(IDSubstitution, finding.Deny, at, e.Pos, "substitution "+e.Var.Raw+" refers to a primitive entry",
			"only a dictionary can be substituted as an entry (OpenFOAM: attempt to return primitive entry as a sub-dictionary)",
			"use `key $"+name+";` to copy a value")
		return
	}
	if !x.charge(nil, ref.Dict, at, e.Pos, e.Var.Raw) {
		return
	}
	merge := x.mode == modeMerge || x.mode == modeOverwrite
	for _, se := range ref.Dict.Entries {
		d.add(se.clone(), merge)
	}
}

// dictDirective runs a dictionary-level directive.
func (x *expander) dictDirective(d *ExpDict, e *DirectiveEntry, at *srcFile) {
	if x.foreign(e.Name, at, e.Pos, vpath{d: d}) {
		return
	}
	switch e.Name {
	case "#include", "#sinclude", "#includeIfPresent", "#includeEtc", "#sincludeEtc":
		x.directive(e.Name, at, e.Pos, vpath{d: d}, true)
		if inc := x.include(d, e.Name, e.Args, e.Pos, at, false); inc != nil {
			x.readScope(d, inc.file.Body.Entries, inc, inc.file.Body.End)
		}
	case "#includeFunc", "#includeModel", "#includeConstraint":
		x.directive(e.Name, at, e.Pos, vpath{d: d}, true)
		if x.opts.Dialect.Foundation() {
			x.includeConfig(d, e, at)
		} else {
			x.includeFunc(d, e, at)
		}
	case "#message":
		// v2506 messageDirective: expands its text and prints it; it adds nothing.
		x.directive(e.Name, at, e.Pos, vpath{d: d}, true)
	case "#remove":
		x.directive(e.Name, at, e.Pos, vpath{d: d}, true)
		x.remove(d, e, at)
	case "#inputMode":
		x.directive(e.Name, at, e.Pos, vpath{d: d}, true)
		if len(e.Args) == 1 {
			if m, ok := inputModes[itemKeyword(e.Args[0])]; ok {
				x.mode = m
				return
			}
		}
		x.finding(IDBadDirective, finding.Deny, at, e.Pos, "bad #inputMode", "expected one of merge, overwrite, protect, warn, error, default", "write e.g. `#inputMode merge`")
	case "#default", "#merge", "#overwrite", "#warn", "#error", "#protect":
		x.directive(e.Name, at, e.Pos, vpath{d: d}, true)
		m := inputModes[strings.TrimPrefix(e.Name, "#")]
		if e.Name == "#default" {
			m = modeProtect // #default: use this value only if the keyword is not yet set
		}
		x.nextMode = &m
	case "#codeStream", "#calc", "#calcInclude":
		x.directive(e.Name, at, e.Pos, vpath{d: d}, false)
		x.finding(IDNotExecuted, finding.Info, at, e.Pos, e.Name+" recorded, not executed",
			"foamc never runs code from a dictionary; entries it would create are missing from the expanded view", "")
	default:
		x.directive(e.Name, at, e.Pos, vpath{d: d}, false)
		x.finding(IDBadDirective, finding.Deny, at, e.Pos, "unknown directive "+e.Name,
			"OpenFOAM v1912: Unknown functionEntry", "remove it (v1912 knows #include*, #includeFunc, #remove, #inputMode, #if*, #calc, #codeStream)")
	}
}

// remove is #remove: words remove literally (or slash-scoped), quoted strings remove
// every keyword they match as regular expressions (removeEntry.C).
func (x *expander) remove(d *ExpDict, e *DirectiveEntry, at *srcFile) {
	var pats []Item
	for _, a := range e.Args {
		if l, ok := a.(*List); ok {
			pats = append(pats, l.Items...)
		} else {
			pats = append(pats, a)
		}
	}
	for _, p := range pats {
		switch v := p.(type) {
		case *Word:
			if strings.Contains(v.Value, "/") {
				if ref := d.searchSlashScoped(v.Value, false); ref != nil {
					parentOf(d, v.Value).remove(ref.Key)
				}
				continue
			}
			d.remove(v.Value)
		case *String:
			// The pattern matches as OpenFOAM's ERE (KeyRegex): removing by RE2 would drop
			// entries the solver keeps (`#remove "li[\w]s"` keeps libs in v1912), and
			// foamc would not judge them.
			re := compileKey(v.Value)
			if re == nil {
				x.finding(IDBadDirective, finding.Deny, at, v.Pos, "bad #remove pattern "+v.Raw,
					"not a POSIX extended regular expression foamc can translate; nothing is removed", "fix the regular expression")
				continue
			}
			for _, k := range d.Keys() {
				if re.MatchString(k) {
					d.remove(k)
				}
			}
		default:
			x.finding(IDBadDirective, finding.Deny, at, p.Span().Pos, "bad #remove argument "+itemText(p), "", "give a word, a quoted pattern or a list of them")
		}
	}
}

// parentOf returns the dictionary that holds the slash-scoped key.
func parentOf(d *ExpDict, key string) *ExpDict {
	i := strings.LastIndexByte(key, '/')
	if i <= 0 {
		if i == 0 {
			return d.Top()
		}
		return d
	}
	if e := d.searchSlashScoped(key[:i], false); e != nil && e.Dict != nil {
		return e.Dict
	}
	return d
}

// ---------------------------------------------------------------------------------------
// Values

// expandItems substitutes macros and value directives in a primitive entry's items
// (primitiveEntry::read/acceptToken). ctx is the dictionary being read, so lookups see
// the entries defined so far; lists and blocks inside the value use the same ctx.
// expandItems returns items itself (capacity capped, so appends copy) while no item
// changes: most entries hold no macro, and a copy per entry of a 2 M-key file cost 32 MB.
func (x *expander) expandItems(items []Item, ctx *ExpDict, at *srcFile, path vpath) []Item {
	var out []Item
	for i, it := range items {
		r := x.expandItem(it, ctx, at, path)
		if out == nil {
			if len(r) == 1 && r[0] == it {
				continue
			}
			out = append(make([]Item, 0, len(items)+len(r)), items[:i]...)
		}
		out = append(out, r...)
	}
	switch {
	case out == nil && len(items) > 0:
		return items[:len(items):len(items)]
	case len(out) == 0:
		return nil
	}
	return out
}

func (x *expander) expandItem(it Item, ctx *ExpDict, at *srcFile, path vpath) []Item {
	switch v := it.(type) {
	case *Variable:
		return x.variable(v, ctx, at)
	case *List:
		c := *v
		c.Items = x.expandItems(v.Items, ctx, at, path)
		return []Item{&c}
	case *UniformList:
		c := *v
		if val := x.expandItem(v.Value, ctx, at, path); len(val) == 1 {
			c.Value = val[0]
		}
		return []Item{&c}
	case *Dict:
		return []Item{x.expandBlock(v, ctx, at, path)}
	case *DirectiveItem:
		return x.valueDirective(v, ctx, at, path)
	}
	return []Item{it}
}

// expandBlock expands a `{ … }` inside a value. OpenFOAM keeps it as tokens of the
// enclosing primitive entry, so macros resolve against ctx and `$x;` splices x's entries.
func (x *expander) expandBlock(b *Dict, ctx *ExpDict, at *srcFile, path vpath) *Dict {
	c := &Dict{Range: b.Range}
	for _, e := range b.Entries {
		switch e := e.(type) {
		case *PrimitiveEntry:
			ce := *e
			ce.Value = x.expandItems(e.Value, ctx, at, path)
			c.Entries = append(c.Entries, &ce)
		case *DictEntry:
			ce := *e
			ce.Dict = x.expandBlock(e.Dict, ctx, at, path)
			c.Entries = append(c.Entries, &ce)
		case *SubstEntry:
			ref := LookupScoped(ctx, e.Var.Name(), true)
			switch {
			case ref == nil:
				x.undefined(at, e.Pos, e.Var.Raw, fmt.Errorf("no entry %q before this line", e.Var.Name()))
			case !x.charge(ref.Value, ref.Dict, at, e.Pos, e.Var.Raw):
			case ref.Dict != nil:
				c.Entries = append(c.Entries, ref.Dict.AST().Entries...)
			default:
				c.Entries = append(c.Entries, &PrimitiveEntry{Range: e.Range, Key: Key{Name: ref.Key, Raw: ref.Key}, Value: ref.Value})
			}
		case *DirectiveEntry:
			// Inside a value the include family splices the file's tokens (primitive
			// context); other directives stay as written.
			switch e.Name {
			case "#include", "#sinclude", "#includeIfPresent", "#includeEtc", "#sincludeEtc":
				x.directive(e.Name, at, e.Pos, path, true)
				if inc := x.include(ctx, e.Name, e.Args, e.Pos, at, false); inc != nil {
					c.Entries = append(c.Entries, x.expandBlock(inc.file.Body, ctx, inc, path).Entries...)
				}
			default:
				x.directive(e.Name, at, e.Pos, path, false)
				c.Entries = append(c.Entries, e)
			}
		default:
			c.Entries = append(c.Entries, e)
		}
	}
	return c
}

// variable is primitiveEntry::expandVariable: `${…}` is string-expanded first, then the
// name is looked up literally up the parent chain (scoped forms allowed), then in the
// environment (whose value is parsed into tokens).
func (x *expander) variable(v *Variable, ctx *ExpDict, at *srcFile) []Item {
	if expr, ok := v.Expr(); ok {
		// v2506: ${{ expr }} is #eval{ expr } (primitiveEntry::expandVariable, EXPRESSION)
		ev := &DirectiveItem{Range: v.Range, Name: "#eval", Brace: true, Text: expr}
		if !x.opts.Dialect.Expressions() {
			x.directive("${{", at, v.Pos, vpath{}, false)
			x.finding(IDBadDirective, finding.Deny, at, v.Pos, "${{ … }} expressions do not exist in "+x.opts.Dialect.Release(),
				"ESI v2506 reads them as #eval", "write #eval{ … } (ESI) or a plain value")
			return []Item{v}
		}
		return x.eval(ev, ctx, at, vpath{})
	}
	name := v.Name()
	var altType byte // '-' or '+': ${name:-word} / ${name:+word} (v2506 primitiveEntry.C:90-118)
	var alt string
	if v.Braced() {
		s, err := x.strings(ctx, false).expand(name)
		if err != nil {
			x.undefined(at, v.Pos, v.Raw, err)
			return []Item{v}
		}
		name = s
		if x.opts.Dialect.valueAlternatives() {
			if i := strings.Index(name, ":"); i > 0 && i+1 < len(name) && (name[i+1] == '-' || name[i+1] == '+') {
				name, altType, alt = name[:i], name[i+1], name[i+2:]
			}
		}
	}
	// useAlt: ":-" when the value is missing or empty, ":+" when it is not.
	useAlt := func(empty bool) bool { return altType == '-' && empty || altType == '+' && !empty }
	altValue := func() []Item {
		if items := parseValue(at.name, alt); items != nil {
			return items
		}
		return []Item{&Word{Range: v.Range, Value: alt}}
	}
	if ref := LookupScoped(ctx, x.opts.Dialect.scoped(name), false); ref != nil {
		if useAlt(ref.Dict == nil && len(ref.Value) == 0 || ref.Dict != nil && len(ref.Dict.Keys()) == 0) {
			return altValue()
		}
		if !x.charge(ref.Value, ref.Dict, at, v.Pos, v.Raw) {
			return []Item{v}
		}
		if ref.Dict != nil {
			return []Item{ref.Dict.AST()}
		}
		return ref.Value
	}
	s, _ := x.opts.Env(name)
	if useAlt(s == "") {
		return altValue()
	}
	if s != "" {
		if items := parseValue(at.name, s); items != nil {
			return items
		}
		return []Item{&Word{Range: v.Range, Value: s}}
	}
	x.finding(IDUndefinedVar, finding.Deny, at, v.Pos, "undefined variable "+v.Raw,
		"no entry "+strconv.Quote(name)+" is defined before this line in this or an enclosing dictionary, and no environment variable has that name",
		"define "+name+" above this line")
	return []Item{v}
}

// parseValue tokenises text as the value of a primitive entry.
func parseValue(name, s string) []Item {
	f, err := Parse(name, []byte("v "+s+"\n;"))
	if err != nil || f.Body == nil || len(f.Body.Entries) != 1 {
		return nil
	}
	if p, ok := f.Body.Entries[0].(*PrimitiveEntry); ok {
		return p.Value
	}
	return nil
}

// valueDirective handles a directive inside a value.
func (x *expander) valueDirective(v *DirectiveItem, ctx *ExpDict, at *srcFile, path vpath) []Item {
	switch v.Name {
	case "#include", "#sinclude", "#includeIfPresent", "#includeEtc", "#sincludeEtc":
		if x.foreign(v.Name, at, v.Pos, path) {
			return []Item{v}
		}
		x.directive(v.Name, at, v.Pos, path, true)
		inc := x.include(ctx, v.Name, v.Args, v.Pos, at, true)
		if inc == nil {
			return nil
		}
		var items []Item
		for _, e := range inc.file.Body.Entries {
			if e, ok := e.(*PrimitiveEntry); ok {
				items = append(items, x.expandItems(e.Value, ctx, inc, path)...)
			}
		}
		return items
	case "#eval":
		if x.foreign(v.Name, at, v.Pos, path) {
			return []Item{v}
		}
		return x.eval(v, ctx, at, path)
	case "#neg":
		if x.foreign(v.Name, at, v.Pos, path) {
			return []Item{v}
		}
		return x.neg(v, ctx, at, path)
	case "#message":
		if !x.foreign(v.Name, at, v.Pos, path) {
			x.directive(v.Name, at, v.Pos, path, true)
		}
		return nil
	case "#word":
		if x.foreign(v.Name, at, v.Pos, path) {
			return []Item{v}
		}
		return x.word(v, ctx, at, path)
	}
	if x.foreign(v.Name, at, v.Pos, path) {
		return []Item{v}
	}
	x.directive(v.Name, at, v.Pos, path, false)
	if v.Name != "#codeStream" && v.Name != "#calc" {
		x.finding(IDBadDirective, finding.Deny, at, v.Pos, "unknown directive "+v.Name+" in a value",
			"v1912 accepts #include*, #calc, #codeStream and #eval inside values", "remove it")
	}
	return []Item{v}
}

// eval evaluates #eval. The input text is `$`-expanded against ctx first (as
// exprString::inplaceExpand does); unsupported expressions stay as the directive
// with a finding saying why.
func (x *expander) eval(v *DirectiveItem, ctx *ExpDict, at *srcFile, path vpath) []Item {
	var src string
	switch {
	case v.Brace && strings.Contains(v.Text, "{") && !x.opts.Dialect.Expressions():
		x.directive(v.Name, at, v.Pos, path, false)
		x.finding(IDBadDirective, finding.Deny, at, v.Pos, "#eval{ holds a '{': "+x.opts.Dialect.Release()+" reads it only up to the first '}'",
			"v2506 reads up to the balancing '}'", "write #eval \"…\" or avoid braces inside")
		return []Item{v}
	case v.Brace:
		src = v.Text
	case len(v.Args) == 1:
		switch a := v.Args[0].(type) {
		case *String:
			src = a.Value
		case *Verbatim:
			src = a.Text
		default:
			src = itemText(a)
		}
	default:
		x.directive(v.Name, at, v.Pos, path, false)
		x.finding(IDEval, finding.Deny, at, v.Pos, "#eval needs a string, #{…#} or {…}", "", "write #eval{ expression }")
		return []Item{v}
	}
	expanded, err := x.strings(ctx, false).expand(src)
	if err != nil {
		x.directive(v.Name, at, v.Pos, path, false)
		x.undefined(at, v.Pos, "#eval input", err)
		return []Item{v}
	}
	switch {
	case strings.Contains(expanded, "#codeStream"):
		// A $macro whose value is a #codeStream (wallMountedHump's NxZ1): OpenFOAM runs the
		// code first; foamc never does, so the value is unknown, not wrong (the code itself
		// is FOAM-SEC-002's).
		err = &unsupportedExpr{"its input takes a value from #codeStream, which foamc never runs"}
	case strings.Contains(expanded, ";"):
		err = errors.New("';' is not allowed inside #eval (evalEntry.C)")
	case strings.Contains(expanded, "$["):
		err = &unsupportedExpr{"expression variables $[…] need the field expression driver"}
	default:
		var val float64
		if val, err = evalScalar(strings.TrimSpace(expanded)); err == nil {
			x.directive(v.Name, at, v.Pos, path, true)
			return []Item{evalNumber(val, v.Range)}
		}
	}
	x.directive(v.Name, at, v.Pos, path, false)
	var unsupported *unsupportedExpr
	if errors.As(err, &unsupported) {
		// Valid for OpenFOAM, beyond foamc's scalar evaluator: recorded, not an error.
		x.finding(IDEval, finding.Info, at, v.Pos, "#eval recorded unevaluated: "+err.Error(),
			"input: "+strings.TrimSpace(src), "")
		return []Item{v}
	}
	x.finding(IDEval, finding.Deny, at, v.Pos, "#eval cannot be evaluated: "+err.Error(),
		"input: "+strings.TrimSpace(src)+"\nexpanded: "+strings.TrimSpace(expanded),
		"write an arithmetic expression of numbers and $macros")
	return []Item{v}
}

// evalNumber is an #eval result as a token: a label when integral, else a scalar.
func evalNumber(val float64, r Range) *Number {
	raw := formatEvalScalar(val)
	n := &Number{Range: r, Raw: raw, Kind: ScalarKind, Float: val}
	if val == math.Trunc(val) && !strings.ContainsAny(raw, ".eE") && val >= labelMin && val <= labelMax {
		n.Kind, n.Int = LabelKind, int64(val)
	}
	return n
}

// AST converts an expanded dictionary back to syntax entries (no directives left),
// e.g. to splice a dictionary into a value or to print an expanded file.
func (d *ExpDict) AST() *Dict {
	out := &Dict{}
	for _, e := range d.Entries {
		key := Key{Name: e.Key, Raw: e.Key, Regex: e.Regex}
		if e.Regex {
			key.Raw = strconv.Quote(e.Key)
		}
		if e.Dict != nil {
			out.Entries = append(out.Entries, &DictEntry{Key: key, Dict: e.Dict.AST()})
			continue
		}
		out.Entries = append(out.Entries, &PrimitiveEntry{Key: key, Value: e.Value})
	}
	return out
}
