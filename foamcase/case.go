// Package foamcase loads an OpenFOAM case directory into the case document
// (docs/case-document.md): every dictionary expanded and normalised to JSON, the
// patches, the derived features, and a table from JSON pointer to source position.
package foamcase

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/saferead"
	"github.com/foamc/foamc/openfoam"
)

// Options controls Load.
type Options struct {
	// EtcDirs is the etc search path #includeEtc, `<etc>` and #includeFunc resolve in, in
	// OpenFOAM's order (default openfoam.EtcDirs through Env, from the case directory:
	// ~/.OpenFOAM/1912, ~/.OpenFOAM, the site's, $WM_PROJECT_DIR/etc). Every directory on
	// it counts as inside for includes: its files are read and judged.
	EtcDirs []string
	// ResourceDirs count as inside for includes too (default openfoam.TutorialResources
	// through Env: the release's $FOAM_TUTORIALS/resources, which Foundation's tutorials
	// include): their files are read and judged.
	ResourceDirs []string
	// Env looks up environment variables for `$VAR` (default os.LookupEnv). FOAM_CASE,
	// FOAM_CASENAME and FOAM_EXECUTABLE (the controlDict application) are set as the
	// solver would see them.
	Env func(string) (string, bool)
	// AllowOutsideIncludes reads includes that leave the case directory.
	AllowOutsideIncludes bool
	// Values keeps nonuniform field data in the document (off: type and size only).
	Values bool
	// Parse reads every dictionary file, top-level and included (default grammar.ParseFile
	// within MaxEntries and MaxListItems):
	// a language server serves its open buffers and reuses the parses of unchanged files.
	Parse func(path string) (*grammar.File, error)
	// Run is the run the lint is for, when the caller knows it (the gate's command,
	// foamc run's options); nil: unknown, rules judge the case as it is.
	Run *Run
	// Release is the OpenFOAM release the user names (--openfoam); "" detects it
	// (openfoam.DetectRelease: $FOAMC_OPENFOAM, the case, the installed OpenFOAM).
	Release string
	// Allrun reads the case's Allrun without running it (allrun.go) and loads the case as
	// its pre-steps leave it: the files restore0Dir, cp and ln -s make are read from
	// their sources (never written). Case.Allrun says what it runs. Only for a lint with
	// no Run: the gate and foamc run judge the run they start, not the script.
	Allrun bool
	// Script reads a run script the Allrun reading follows (its absolute path) when the
	// caller holds it (a language server's open, unsaved buffer); false, or nil: the file
	// on disk. A script is read only where a file of that name exists on disk.
	Script func(path string) ([]byte, bool)
}

// Patch is one boundary patch of the mesh (or of blockMeshDict before meshing).
type Patch struct {
	Name     string   `json:"name"`
	Type     string   `json:"type"`
	InGroups []string `json:"inGroups"`
	NFaces   *int64   `json:"nFaces,omitempty"`
	// StartFace is a polyMesh patch's first face (its faces are StartFace..StartFace+NFaces-1
	// of polyMesh/faces); nil for a blockMeshDict patch. Mesh readers use it; the case
	// document leaves it out.
	StartFace *int64 `json:"-"`
	// MeshFaces is, for a blockMeshDict patch, the number of mesh faces blockMesh will give
	// it (NFaces counts block faces there); nil when it cannot be known.
	MeshFaces *int64 `json:"meshFaces,omitempty"`
	Source    string `json:"source"`
	// Region is the mesh region (chtMultiRegion cases), "" for the default region.
	Region string `json:"region,omitempty"`
}

// Include is one #include-family directive met while loading.
type Include struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Target   string `json:"target"`
	Resolved string `json:"resolved"`
	Found    bool   `json:"found"`
	// Directive is the directive name (#include, #includeEtc, #includeFunc, …).
	Directive string `json:"directive"`
}

// Directive is one directive met while loading, expanded or not.
type Directive struct {
	Name     string `json:"name"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Path     string `json:"path"`
	Executed bool   `json:"executed"`
	// Branch is what a skipped #if/#elif/#else branch reads, placed at Path in an
	// otherwise empty file value (grammar.DirectiveUse.BranchValue); the security
	// rules judge it.
	Branch map[string]any `json:"branch,omitempty"`
}

// Case is a loaded case directory.
type Case struct {
	// Dir is the case directory as given to Load.
	Dir      string
	Features Features
	// Files maps case-relative paths to expanded dictionaries (section 1 mapping).
	// Top-level list files (polyMesh/boundary) are represented by Patches instead.
	Files map[string]any
	// Fields maps a field name (region-relative, e.g. "U" or "heater/T") to its key in Files.
	Fields map[string]string
	// Headers maps case-relative paths to the FoamFile header of each file.
	Headers map[string]map[string]any
	Patches []Patch
	// Meshes are the polyMesh regions with an owner file ("" is the default region).
	Meshes     map[string]Mesh
	Directives []Directive
	Includes   []Include
	// Launches are the rank counts the case's run scripts ask for (launch.go).
	Launches []Launch
	// Run is Options.Run: the run the lint is for (nil: unknown).
	Run *Run
	// Release is the OpenFOAM release the case is for, with the evidence.
	Release openfoam.Release
	// Allrun is what the case's Allrun runs and makes (Options.Allrun), nil when not read.
	Allrun *Allrun
	// Errors are the findings of files that failed to parse and of problems met while
	// expanding (missing includes, undefined variables…).
	Errors []finding.Finding
	// Positions maps an RFC 6901 pointer into Document() to the keyword that defined it.
	Positions map[string]finding.Location
	// Expanded holds each file's expansion, for callers that need more than JSON.
	Expanded map[string]*grammar.Expanded
}

// Load reads the case in dir: system/, constant/ (of polyMesh only the boundary) and
// the start-time field directory (the startTime directory, else 0, else 0.orig). A file that
// fails to parse becomes a finding in Errors and the rest still loads. The error is
// non-nil only when dir itself cannot be read.
func Load(dir string, opts Options) (*Case, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("foamcase: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("foamcase: %s is not a directory", dir)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("foamcase: %w", err)
	}
	c := &Case{
		Dir: dir, Files: map[string]any{}, Fields: map[string]string{},
		Headers: map[string]map[string]any{}, Positions: map[string]finding.Location{},
		Expanded: map[string]*grammar.Expanded{},
	}
	l := &loader{c: c, root: abs, opts: opts, parseErrs: map[string]finding.Finding{}}
	if l.opts.Parse == nil {
		l.opts.Parse = parseBounded
	}
	// The release first: it is read without the grammar, which may depend on it.
	c.Release = openfoam.DetectRelease(abs, opts.Release, l.env)
	// The grammar expands as the case's release reads (#includeFunc arguments, #neg, ...); a
	// Foundation release without a profile reads as the nearest one foamc knows.
	if d, err := grammar.ParseDialect(c.Release.ID); err == nil {
		l.dialect = d
	} else if c.Release.Family == "foundation" {
		l.dialect = grammar.DialectFoundation12
	}
	if opts.Parse == nil && l.dialect.Foundation() {
		// Foundation reads a file up to a '}' that closes nothing (grammar.Options.TopCloseEnds).
		l.opts.Parse = func(path string) (*grammar.File, error) {
			return grammar.ParseFileWith(path, grammar.Options{MaxEntries: MaxEntries, MaxListItems: MaxListItems, TopCloseEnds: true})
		}
	}
	if l.opts.EtcDirs == nil {
		// The parser takes OpenFOAM's etc search path from its caller.
		l.opts.EtcDirs = openfoam.EtcDirs(l.env, abs)
	}
	if l.opts.ResourceDirs == nil {
		l.opts.ResourceDirs = openfoam.TutorialResources(l.env, abs)
	}
	if v, ok := l.env("FOAM_ETC"); !ok || v == "" {
		l.etc = openfoam.EtcDir // $FOAM_ETC as openfoam.Env gives it to the solver
	}

	// controlDict first: its application is FOAM_EXECUTABLE (for controlDict itself
	// too, so it is read from the syntax first) and its startTime names the field
	// directory.
	l.load("system/controlDict")
	var control map[string]any
	if x := c.Expanded["system/controlDict"]; x != nil {
		control = x.Dict.Value(grammar.ValueOptions{})
	}
	if app, ok := lookupString(control, "application"); ok {
		l.app = app
	}
	if opts.Allrun && opts.Run == nil {
		c.Allrun = readAllrun(abs, l.app, l.env, opts.Script)
	}
	tc := l.timeControls("system/controlDict")
	startName, startDirs, known := startTime(abs, tc)
	fieldDir := ""
	restore := known && atof(startName) == 0 && isDir(filepath.Join(abs, "0.orig"))
	switch {
	case len(startDirs) > 0 && (startDirs[0] != "constant" || !restore):
		fieldDir = startDirs[0]
	case restore:
		// An Allrun (or foamc run) restores 0.orig into the 0 the solver reads.
		fieldDir = "0.orig"
	case known && control != nil:
		// Absent: the solver finds no fields there (rules say which), and foamc never
		// judges another directory in its place.
		fieldDir = startName
	}

	// What OpenFOAM reads (docs/case-document.md): system/ and constant/ whole, the start
	// time directories (all of them when the start cannot be known or the run may read
	// every time: Run.AllTimes), 0.orig, and each
	// processor directory's system/, constant/ and start time, read before the case's
	// in a parallel run (uncollatedFileOperation::filePathInfo).
	allTimes := !known || opts.Run != nil && opts.Run.AllTimes
	tops := []string{"system", "constant"}
	if allTimes {
		tops = append(tops, timeDirNames(abs)...)
	}
	tops = append(tops, startDirs...)
	if isDir(filepath.Join(abs, "0.orig")) {
		tops = append(tops, "0.orig")
	}
	for _, p := range processorDirs(abs) {
		tops = append(tops, p+"/system", p+"/constant")
		ptc := tc
		pctl := p + "/system/controlDict"
		if l.load(pctl); c.Expanded[pctl] != nil {
			ptc = l.timeControls(pctl)
		}
		_, dirs, ok := startTime(filepath.Join(abs, p), ptc)
		if !ok || allTimes {
			dirs = append(timeDirNames(filepath.Join(abs, p)), dirs...)
		}
		for _, d := range dirs {
			tops = append(tops, p+"/"+d)
		}
	}
	seen := map[string]bool{"system/controlDict": true}
	for _, p := range processorDirs(abs) {
		seen[p+"/system/controlDict"] = true
	}
	for _, top := range tops {
		if top == "" || seen[top+"/"] {
			continue
		}
		seen[top+"/"] = true
		full, headers := caseFiles(abs, top)
		full = append(full, l.createdFiles(top)...)
		for _, rel := range full {
			if !seen[rel] {
				seen[rel] = true
				l.load(rel)
			}
		}
		for _, rel := range headers {
			if !seen[rel] {
				seen[rel] = true
				l.loadHeader(rel)
			}
		}
	}
	l.binaries()
	l.assemble()
	if fieldDir == "constant" && !l.constantFields() {
		// No field file there: the solver names the start time's path as missing.
		fieldDir = startName
	}
	if fieldDir != "" {
		for rel := range c.Files {
			// A file without a header is no field (IOobject::readHeader refuses it); in
			// constant/ only field classes are.
			h, hdr := c.Headers[rel]
			if fieldDir == "constant" {
				class, _ := h["class"].(string)
				hdr = hdr && strings.Contains(class, "Field")
			}
			if hdr && strings.HasPrefix(rel, fieldDir+"/") {
				c.Fields[strings.TrimPrefix(rel, fieldDir+"/")] = rel
			}
		}
	}
	c.Patches = l.patches()
	c.Meshes = l.meshes()
	c.Features = deriveFeatures(c.Files, c.Patches, startName, fieldDir)
	c.Features.MeshInputs = meshInputs(abs)
	c.Features.Decomposed = decomposed(abs)
	c.Features.Surfaces = surfaces(abs, c.Files)
	c.Features.Background = background(abs, c.Files, c.Expanded)
	c.Features.MeshQuality = meshQuality(abs)
	c.Launches = launches(abs)
	c.locateLaunches()
	c.Run = opts.Run
	finding.Sort(c.Errors)
	return c, nil
}

type loader struct {
	c    *Case
	root string
	opts Options
	app  string
	etc  string // $FOAM_ETC when the environment has none
	// dialect is how the case's release expands dictionaries (zero: v1912).
	dialect grammar.Dialect
	// lists holds the top-level list files (polyMesh/boundary) by relative path.
	lists map[string]*grammar.Expanded
	// disk maps a file's document name to the gzipped file read for it (0/U -> 0/U.gz).
	disk map[string]string
	// order is every file read, in reading order; parseErrs those that failed to parse.
	order     []string
	parseErrs map[string]finding.Finding
	// headerOnly are the files of which only the FoamFile header was read (loadHeader).
	headerOnly map[string]bool
}

func (l *loader) env(k string) (string, bool) {
	switch k {
	case "FOAM_CASE":
		return l.root, true
	case "FOAM_CASENAME":
		return filepath.Base(l.root), true
	case "FOAM_EXECUTABLE":
		if l.app != "" {
			return l.app, true
		}
	case "FOAM_TUTORIALS":
		// As the release's bashrc exports it: a shell without one still names the
		// installation's tutorials (as FOAM_ETC falls back to openfoam.EtcDir).
		return openfoam.TutorialsDir(l.userEnv), true
	}
	return l.userEnv(k)
}

// userEnv is the caller's environment (Options.Env, default os.LookupEnv).
func (l *loader) userEnv(k string) (string, bool) {
	if l.opts.Env != nil {
		return l.opts.Env(k)
	}
	return os.LookupEnv(k)
}

// load parses and expands one case-relative file; assemble puts it in the document.
// rel is the name OpenFOAM looks the file up by; like IOobject it reads rel, else
// rel.gz (fileOperation::isFile with checkGzip), and locations name the file read.
func (l *loader) load(rel string) { l.loadWith(rel, l.opts.Parse) }

// loadHeader reads only the FoamFile header of a bulk file (grammar.ParseHeaderFile):
// its directives are judged, its lists never parsed; it gets no entry in files.
func (l *loader) loadHeader(rel string) {
	if l.headerOnly == nil {
		l.headerOnly = map[string]bool{}
	}
	l.headerOnly[rel] = true
	l.loadWith(rel, func(p string) (*grammar.File, error) { return grammar.ParseHeaderFile(p, 0) })
}

func (l *loader) loadWith(rel string, parse func(string) (*grammar.File, error)) {
	disk := rel
	path := filepath.Join(l.root, filepath.FromSlash(rel))
	if src, from, ok := l.created(rel); ok {
		// made by an Allrun pre-step: read from its source, named as that source
		// when it is a case file.
		path, disk = src, from
	}
	// Lstat: a dangling link is there, and reported as unreadable.
	if _, err := os.Lstat(path); err != nil {
		if _, err := os.Lstat(path + ".gz"); err != nil {
			return
		}
		disk, path = disk+".gz", path+".gz"
	}
	if disk != rel {
		if l.disk == nil {
			l.disk = map[string]string{}
		}
		l.disk[rel] = disk
	}
	l.order = append(l.order, rel)
	f, err := parseFile(parse, path)
	if err != nil {
		l.parseErrs[rel] = unreadable(disk, path, err)
		return
	}
	if rel == "system/controlDict" {
		l.app = syntaxApplication(f)
	}
	l.c.Expanded[rel] = grammar.Expand(f, path, grammar.ExpandOptions{
		CaseDir: l.root, EtcDir: l.etc, EtcDirs: l.opts.EtcDirs, ResourceDirs: l.opts.ResourceDirs, Env: l.env, AllowOutside: l.opts.AllowOutsideIncludes,
		Parse: l.opts.Parse, Dialect: l.dialect, Redirect: l.redirect,
	})
}

// unreadable is the finding of a case file that could not be read or parsed:
// "cannot read FILE: reason", located where the parser stopped. It is deny — the run
// may need the file and foamc cannot check it — unless the file is plainly no
// dictionary: no FoamFile header, nothing that loads code, nothing it includes
// (a table, a chemkin file, a README), which OpenFOAM reads, if at all, only through a
// reader of that format.
func unreadable(disk, path string, err error) finding.Finding {
	var fd finding.Finding
	if !errors.As(err, &fd) {
		fd = finding.Finding{ID: "FOAM-CASE-001", Severity: finding.Deny, Summary: err.Error(),
			Fix: "fix the file so OpenFOAM can read it"}
	}
	reason := strings.TrimPrefix(fd.Summary, "cannot read file: ")
	fd.Summary = "cannot read " + disk + ": " + reason
	fd.Location.File = disk
	if fd.ID == readFailID {
		fd.Fix = "make it a regular, readable file (or remove it): the solver may read it and foamc cannot check it"
		return fd
	}
	if !mayBeDictionary(path) {
		fd.Severity = finding.Warn
		fd.Detail = strings.TrimSpace("not an OpenFOAM dictionary (no FoamFile header, nothing that loads code or includes files); " +
			"OpenFOAM reads such a file only through a reader of its own format. " + fd.Detail)
	}
	return fd
}

// readFailID is grammar.ParseFile's finding for a file it could not read (missing,
// not a regular file, too large, corrupt gzip).
const readFailID = "FOAM-PARSE-008"

// dictionaryMarks are the words that make an unparsable file count as a dictionary:
// a header, or anything that includes files or compiles, loads or runs code.
var dictionaryMarks = [][]byte{
	[]byte("FoamFile"), []byte("#include"), []byte("#sinclude"), []byte("#codeStream"), []byte("#calc"),
	[]byte("#eval"), []byte("coded"), []byte("Coded"), []byte("libs"), []byte("systemCall"), []byte("#{"),
}

func mayBeDictionary(path string) bool {
	if strings.HasSuffix(path, ".gz") {
		return true // not looked into: fail closed
	}
	src, err := saferead.ReadFile(path, 0)
	if err != nil {
		return true
	}
	for _, m := range dictionaryMarks {
		if bytes.Contains(src, m) {
			return true
		}
	}
	return false
}

// MaxEntries bounds the entries of each dictionary file a case load reads (see
// grammar.Options.MaxEntries). The syntax tree, the expansion, the case document and the
// rule engine's input hold about 1 kB per entry, so a file past the bound is a located
// FOAM-PARSE-013 finding (deny, as any file foamc cannot check) instead of gigabytes. The
// bound is ~100 times the largest v1912 tutorial dictionary (reactionsGRI, ~2 300 entries);
// mesh files and fields count only their few entries, their bulk being numeric lists.
const MaxEntries = 200_000

// MaxListItems bounds the list items of each file a case load reads, as MaxEntries bounds
// entries (grammar.Options.MaxListItems; a list of words has no ';' to count): past it is
// a located FOAM-PARSE-014 finding. A list item costs a case load about as much as an
// entry (lint of 200 000 one-word items: 370 MB; of 1 000 000 before the bound: 930 MB),
// hence the same number: 32 times the largest list a case load reads in the v1912
// tutorials (waveProperties, 6 200 items); numeric lists count one item each.
const MaxListItems = 200_000

// parseBounded is the default Options.Parse: grammar.ParseFile within MaxEntries and
// MaxListItems.
func parseBounded(path string) (*grammar.File, error) {
	return grammar.ParseFileWith(path, grammar.Options{MaxEntries: MaxEntries, MaxListItems: MaxListItems})
}

// parseFile is parse (grammar.ParseFile when nil) that turns a parser panic into an
// error, so one bad file cannot take the whole case (or a lint of many cases) down.
func parseFile(parse func(string) (*grammar.File, error), path string) (f *grammar.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("internal parser error (please report): %v", r)
		}
	}()
	if parse == nil {
		parse = grammar.ParseFile
	}
	return parse(path)
}

// assemble builds the document from the loaded files. A file that another case file
// includes is read by OpenFOAM only through that file: its directives and includes
// are reported there, and when it cannot stand alone (its own expansion has deny
// findings, e.g. macros defined by the includer) it is left out of files entirely.
func (l *loader) assemble() {
	c := l.c
	included := map[string]bool{}
	for _, rel := range l.order {
		if x := c.Expanded[rel]; x != nil {
			for _, in := range x.Includes {
				if in.Found && in.Resolved != rel {
					included[in.Resolved] = true
				}
			}
		}
	}
	for _, rel := range l.order {
		if fd, bad := l.parseErrs[rel]; bad {
			if !included[rel] { // the includer reports the parse error of an included file
				c.Errors = append(c.Errors, fd)
			}
			continue
		}
		x := c.Expanded[rel]
		if l.headerOnly[rel] {
			// Only the header is read: its directives and problems, never a body.
			if x.Header != nil {
				ptr := "/headers/" + escape(rel)
				l.directivesOf(ptr, x)
				c.Errors = append(c.Errors, x.Findings...)
				c.Headers[rel] = headerValue(x.Header)
				c.Positions[ptr] = headerLocation(l.diskName(rel), x, ptr)
				recordPositions(c.Positions, ptr, x.Header)
			}
			continue
		}
		if included[rel] {
			// Without a header it is only ever read through its includer, whose
			// document already holds its content.
			if x.Header == nil || finding.Max(x.Findings) == finding.Deny {
				delete(c.Expanded, rel)
				continue
			}
		} else {
			l.directivesOf("/files/"+escape(rel), x)
		}
		if !included[rel] {
			c.Errors = append(c.Errors, standalone(x)...)
		}
		if x.Header != nil {
			c.Headers[rel] = headerValue(x.Header)
		}
		if x.List != nil {
			if l.lists == nil {
				l.lists = map[string]*grammar.Expanded{}
			}
			l.lists[rel] = x
			continue
		}
		filePtr := "/files/" + escape(rel)
		c.Files[rel] = x.Dict.Value(grammar.ValueOptions{Values: l.opts.Values})
		c.Positions[filePtr] = headerLocation(l.diskName(rel), x, filePtr)
		recordPositions(c.Positions, filePtr, x.Dict)
		if x.Header != nil {
			recordPositions(c.Positions, "/headers/"+escape(rel), x.Header)
		}
	}
}

// standalone is the expansion findings of a file nothing includes. A file without a
// FoamFile header is never read as an object (IOobject::readHeader refuses it), so when
// it does not expand on its own (an include fragment left unused) that is only info; its
// content still reaches the rules, code in it included.
func standalone(x *grammar.Expanded) []finding.Finding {
	if x.Header != nil {
		return x.Findings
	}
	out := make([]finding.Finding, len(x.Findings))
	for i, f := range x.Findings {
		if f.Severity != finding.Info {
			f.Severity = finding.Info
			f.Detail = strings.TrimSpace(f.Detail + " (the file has no FoamFile header and nothing includes it: OpenFOAM does not read it as a dictionary)")
		}
		out[i] = f
	}
	return out
}

// headerValue is the FoamFile header with its string keys kept strings: a value
// written as several adjacent tokens (hotBoxes writes
// `location "0/region0_to_"(region0_to.*)"Region_masterRegion";`) is joined.
func headerValue(h *grammar.ExpDict) map[string]any {
	v := h.Value(grammar.ValueOptions{})
	for _, k := range []string{"class", "object", "format", "location", "note"} {
		if parts, ok := v[k].([]any); ok {
			var b strings.Builder
			for _, p := range parts {
				fmt.Fprint(&b, p)
			}
			v[k] = b.String()
		}
	}
	return v
}

// headerLocation is where a file's document starts: its FoamFile keyword, else line 1.
func headerLocation(rel string, x *grammar.Expanded, ptr string) finding.Location {
	loc := finding.Location{File: rel, Line: 1, Column: 1, Path: ptr}
	if x.File != nil && x.File.Header != nil && x.File.Header.Key.Pos.Line > 0 {
		loc.Line, loc.Column = int(x.File.Header.Key.Pos.Line), int(x.File.Header.Key.Pos.Column)
	}
	return loc
}

// directivesOf records the directives and includes of a file whose document is at filePtr.
func (l *loader) directivesOf(filePtr string, x *grammar.Expanded) {
	c := l.c
	for _, d := range x.Directives {
		c.Directives = append(c.Directives, Directive{
			Name: d.Name, File: d.File, Line: d.Line, Column: d.Column, Path: filePtr + d.Path, Executed: d.Executed,
			Branch: d.BranchValue(grammar.ValueOptions{}),
		})
	}
	for _, in := range x.Includes {
		c.Includes = append(c.Includes, Include{
			File: in.File, Line: in.Line, Column: in.Column, Target: in.Target,
			Resolved: in.Resolved, Found: in.Found, Directive: in.Directive,
		})
	}
}

// syntaxApplication is controlDict's `application` word as written ("" if absent or
// not a plain word).
func syntaxApplication(f *grammar.File) string {
	if f.Body == nil {
		return ""
	}
	for _, e := range f.Body.Entries {
		if p, ok := e.(*grammar.PrimitiveEntry); ok && p.Key.Name == "application" && len(p.Value) == 1 {
			if w, ok := p.Value[0].(*grammar.Word); ok {
				return w.Value
			}
		}
	}
	return ""
}

// diskName is the case-relative file read for the document name rel.
func (l *loader) diskName(rel string) string {
	if d, ok := l.disk[rel]; ok {
		return d
	}
	return rel
}

// expandedEntry returns an entry of a loaded file's top dictionary.
func (l *loader) expandedEntry(rel, key string) *grammar.ExpEntry {
	x := l.c.Expanded[rel]
	if x == nil {
		return nil
	}
	return x.Dict.Get(key)
}

// timeControls reads the start-time entries of a loaded controlDict (rel), keys matched
// as OpenFOAM's lookups match them (regex keys included: `"startF.*" startTime;` is
// startFrom).
func (l *loader) timeControls(rel string) timeControls {
	tc := timeControls{precision: 6}
	x := l.c.Expanded[rel]
	if x == nil {
		return tc
	}
	item := func(key string) grammar.Item {
		if e := grammar.Lookup(x.Dict, key); e != nil && e.Dict == nil && len(e.Value) == 1 {
			return e.Value[0]
		}
		return nil
	}
	word := func(key string) string {
		switch v := item(key).(type) {
		case *grammar.Word:
			return v.Value
		case *grammar.String:
			return v.Value
		}
		return ""
	}
	tc.startFrom = word("startFrom")
	if n, ok := item("startTime").(*grammar.Number); ok {
		tc.startTime, tc.known = n.Float, true
		if n.Kind == grammar.LabelKind {
			tc.startTime = float64(n.Int)
		}
	}
	// An unsupported timeFormat is a warning and leaves general (TimeIO.C:315-336).
	if f := word("timeFormat"); f == "fixed" || f == "scientific" {
		tc.format = f
	}
	if n, ok := item("timePrecision").(*grammar.Number); ok && n.Kind == grammar.LabelKind {
		tc.precision = int(n.Int)
	}
	return tc
}

// constantFields reports a field file (a header class naming a field) directly in
// constant/ or a region of it, which a start time without its own directory reads.
func (l *loader) constantFields() bool {
	for rel, h := range l.c.Headers {
		class, _ := h["class"].(string)
		if strings.HasPrefix(rel, "constant/") && !strings.Contains(rel, "/polyMesh/") && strings.Contains(class, "Field") {
			return true
		}
	}
	return false
}

// timeDirNames are the time directories of dir (findTimes without constant).
func timeDirNames(dir string) []string {
	var out []string
	for _, t := range findTimes(dir) {
		if t.name != "constant" {
			out = append(out, t.name)
		}
	}
	return out
}

// headerOnlyDirs hold surfaces and sets: files OpenFOAM reads through a reader of their
// own format or as lists, a FoamFile header (featureEdgeMesh .eMesh, extendedFeatureEdgeMesh,
// cellSet) being the only dictionary in them. constant/geometry holds blockMesh's projection
// surfaces (v1912) and snappyHexMesh's (Foundation 12 reads its triSurfaceMesh files there).
var headerOnlyDirs = map[string]bool{
	"triSurface": true, "extendedFeatureEdgeMesh": true, "sets": true, "geometry": true,
}

// bulkMeshFiles are the polyMesh files that are one list (or a few) after the header:
// OpenFOAM reads their header as a dictionary and their body without directives.
var bulkMeshFiles = map[string]bool{
	"points": true, "faces": true, "owner": true, "neighbour": true, "cells": true, "edges": true,
	"pointLevel": true, "cellLevel": true, "level0Edge": true, "refinementHistory": true,
	"surfaceIndex": true, "pointProcAddressing": true, "faceProcAddressing": true,
	"cellProcAddressing": true, "boundaryProcAddressing": true,
}

// caseFiles lists the files under top (case-relative, sorted, by the name OpenFOAM
// looks them up with: `0/U.gz` is listed as `0/U`, load reads it): full are parsed whole,
// headers only for their FoamFile header (ParseHeaderFile). Every entry that is not a
// directory is listed, whatever its content, so a dictionary cannot hide from the rules
// behind a long comment or odd bytes: load parses each one, and refuses (a finding) what
// is not a regular file. Symbolic links are followed, as OpenFOAM follows them; each real
// directory is walked once, so links cannot loop or multiply the walk. Left out: hidden
// entries, m4 sources and `.template` files (script inputs OpenFOAM never reads by
// itself). Header only: the bulk lists of polyMesh (points, faces, owner, neighbour…) and
// every file under triSurface, extendedFeatureEdgeMesh and sets; the rest of polyMesh
// (boundary, cellZones, faceZones, pointZones, blockMeshDict, anything else) is parsed
// whole, its dictionaries being read with their directives.
func caseFiles(root, top string) (full, headers []string) {
	seen := map[string]bool{}
	walked := map[string]bool{}
	if real, err := filepath.EvalSymlinks(root); err == nil {
		walked[real] = true // a link back to the case root would list the whole case again
	}
	var walk func(dir, rel string, headerOnly bool)
	walk = func(dir, rel string, headerOnly bool) {
		real, err := filepath.EvalSymlinks(dir)
		if err != nil || walked[real] {
			return
		}
		walked[real] = true
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range entries {
			name := e.Name()
			if strings.HasPrefix(name, ".") {
				continue
			}
			p, r := filepath.Join(dir, name), path.Join(rel, name)
			if e.IsDir() || (e.Type()&fs.ModeSymlink != 0 && isDir(p)) {
				walk(p, r, headerOnly || headerOnlyDirs[name])
				continue
			}
			r = strings.TrimSuffix(r, ".gz")
			name = strings.TrimSuffix(name, ".gz")
			if seen[r] || strings.HasSuffix(name, ".m4") || strings.HasSuffix(name, ".template") {
				continue
			}
			seen[r] = true
			if headerOnly || strings.Contains("/"+r, "/polyMesh/") && bulkMeshFiles[name] {
				headers = append(headers, r)
			} else {
				full = append(full, r)
			}
		}
	}
	walk(filepath.Join(root, filepath.FromSlash(top)), top, false)
	sort.Strings(full)
	sort.Strings(headers)
	return full, headers
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// TimeDirs are the time directories of dir (names that are numbers), by time.
func TimeDirs(dir string) []string {
	entries, _ := os.ReadDir(dir)
	type td struct {
		name string
		t    float64
	}
	var ts []td
	for _, e := range entries {
		if t, err := strconv.ParseFloat(e.Name(), 64); err == nil && isDir(filepath.Join(dir, e.Name())) {
			ts = append(ts, td{e.Name(), t})
		}
	}
	sort.SliceStable(ts, func(i, j int) bool { return ts[i].t < ts[j].t })
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.name
	}
	return out
}

// processorDirs are the decomposed case directories (processor0…, or processorsN of the
// collated format), sorted.
func processorDirs(root string) []string {
	entries, _ := os.ReadDir(root)
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "processor") && isDir(filepath.Join(root, e.Name())) {
			out = append(out, e.Name())
		}
	}
	return out
}

var escape = finding.EscapeToken

// sourceLocation is the range of an entry: its keyword to its end (grammar.Source).
func sourceLocation(s grammar.Source, p string) finding.Location {
	l := finding.Location{File: s.File, Line: int(s.Pos.Line), Column: int(s.Pos.Column), Path: p}
	if s.End.Line > 0 {
		l.EndLine, l.EndColumn = int(s.End.Line), int(s.End.Column)
	}
	return l
}

// recordPositions maps every entry pointer of d (and of `{…}` blocks in values)
// to the place its keyword was defined.
func recordPositions(pos map[string]finding.Location, ptr string, d *grammar.ExpDict) {
	regexIdx := 0
	for _, e := range d.Entries {
		p := ptr + "/" + escape(e.Key)
		if e.Regex {
			p = ptr + "/$regex/" + strconv.Itoa(regexIdx)
			regexIdx++
		}
		pos[p] = sourceLocation(e.Source, p)
		if e.Regex {
			pos[p+"/pattern"] = pos[p]
			p += "/value"
			pos[p] = sourceLocation(e.Source, p)
		}
		if e.Dict != nil {
			recordPositions(pos, p, e.Dict)
		}
	}
}

// Document is the case document rules receive as input (docs/case-document.md §2).
func (c *Case) Document() map[string]any {
	files := make(map[string]any, len(c.Files))
	for k, v := range c.Files {
		files[k] = v
	}
	fields := make(map[string]any, len(c.Fields))
	for k, v := range c.Fields {
		fields[k] = v
	}
	headers := make(map[string]any, len(c.Headers))
	for k, v := range c.Headers {
		headers[k] = v
	}
	patches := make([]any, 0, len(c.Patches))
	for _, p := range c.Patches {
		m := map[string]any{"name": p.Name, "type": p.Type, "source": p.Source}
		groups := make([]any, 0, len(p.InGroups))
		for _, g := range p.InGroups {
			groups = append(groups, g)
		}
		m["inGroups"] = groups
		if p.NFaces != nil {
			m["nFaces"] = *p.NFaces
		}
		if p.MeshFaces != nil {
			m["meshFaces"] = *p.MeshFaces
		}
		if p.Region != "" {
			m["region"] = p.Region
		}
		patches = append(patches, m)
	}
	directives := make([]any, 0, len(c.Directives))
	for _, d := range c.Directives {
		m := map[string]any{
			"name": d.Name, "file": d.File, "line": int64(d.Line), "column": int64(d.Column),
			"path": d.Path, "executed": d.Executed,
		}
		if d.Branch != nil {
			m["branch"] = d.Branch
		}
		directives = append(directives, m)
	}
	includes := make([]any, 0, len(c.Includes))
	for _, in := range c.Includes {
		includes = append(includes, map[string]any{
			"directive": in.Directive, "file": in.File, "line": int64(in.Line), "column": int64(in.Column),
			"target": in.Target, "resolved": in.Resolved, "found": in.Found,
		})
	}
	errs := make([]any, 0, len(c.Errors))
	for _, f := range c.Errors {
		errs = append(errs, findingMap(f))
	}
	meshes := make(map[string]any, len(c.Meshes))
	for region, m := range c.Meshes {
		mm := map[string]any{"source": m.Source}
		if m.NCells != nil {
			mm["nCells"] = *m.NCells
		}
		meshes[region] = mm
	}
	doc := map[string]any{
		"features":   c.Features.Map(),
		"files":      files,
		"fields":     fields,
		"headers":    headers,
		"patches":    patches,
		"meshes":     meshes,
		"directives": directives,
		"includes":   includes,
		"launches":   c.launchDoc(),
		"errors":     errs,
	}
	if c.Run != nil {
		doc["run"] = c.Run.doc()
	}
	ev := make([]any, len(c.Release.Evidence))
	for i, e := range c.Release.Evidence {
		ev[i] = e
	}
	doc["release"] = map[string]any{"id": c.Release.ID, "family": c.Release.Family, "source": c.Release.Source, "evidence": ev}
	return doc
}

// findingMap is a finding as plain JSON-able values (rules see maps, not structs).
func findingMap(f finding.Finding) map[string]any {
	loc := map[string]any{"file": f.Location.File, "line": int64(f.Location.Line), "column": int64(f.Location.Column), "path": f.Location.Path}
	m := map[string]any{"id": f.ID, "severity": string(f.Severity), "summary": f.Summary, "location": loc}
	if f.Detail != "" {
		m["detail"] = f.Detail
	}
	if f.Fix != "" {
		m["fix"] = f.Fix
	}
	return m
}

// Locate returns the position of the longest prefix of ptr that has one; the
// location's Path is always ptr itself. For "/files/<f>/…" with no entry found, the
// file itself is returned.
func (c *Case) Locate(ptr string) finding.Location {
	for p := ptr; p != ""; {
		if loc, ok := c.Positions[p]; ok {
			loc.Path = ptr
			return loc
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			break
		}
		p = p[:i]
	}
	if rest, ok := strings.CutPrefix(ptr, "/files/"); ok {
		file, _, _ := strings.Cut(rest, "/")
		return finding.Location{File: unescape(file), Path: ptr}
	}
	return finding.Location{Path: ptr}
}

var unescape = finding.UnescapeToken
