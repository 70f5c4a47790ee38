package mine

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/suggest"
)

// Field ranks in registration order (FOR_ALL_FIELD_TYPES).
var allRanks = []string{"scalar", "vector", "sphericalTensor", "symmTensor", "tensor"}

var (
	// Candidate headers: a TypeName and a base class that is an fvPatchField
	// (fvPatchField.H declares the run-time type with TypeName; docs/kb.md).
	reTypeName = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`TypeName\(\s*(?:"([^"]+)"|(\w+?)(?:FvPatch|PolyPatch)::typeName_\(\))\s*\)`)
	})
	reFvBase = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)^\s*(?:virtual\s+)?public\s+(?:Foam::)?(\w*(?:FvPatch|fvPatch)\w*Field\w*)(?:<[^>]*>)?`)
	})
	reClass = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^\s*class\s+(\w+)\s*(?:\n|:|$)`) })
	// Registrations in .C files (fvPatchField.H macros), whitespace collapsed.
	reMakePatchType = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?:makePatchTypeField|makeRemovablePatchTypeField|makeNullConstructablePatchTypeField|addToPatchFieldRunTimeSelection|addToNullConstructablePatchFieldRunTimeSelection|addRemovableToPatchFieldRunTimeSelection)\s*\(\s*fvPatch(Scalar|Vector|SphericalTensor|SymmTensor|Tensor)Field\s*,\s*(\w+)\s*\)`)
	})
	reMakeTemplate = sync.OnceValue(func() *regexp.Regexp {
		// makePatchFieldType is v2306+'s name (fvPatchFieldMacros.H; makeTemplatePatchTypeField
		// stays as its alias): v2506's turbulentDigitalFilterInlet, fan, fixedNormalSlip.
		return regexp.MustCompile(`(?:makeTemplatePatchTypeField|makeNullConstructableTemplatePatchTypeField|makePatchFieldType)\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)`)
	})
	reMakeFields = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?:makePatchFields|makeNullConstructablePatchFields)\s*\(\s*(\w+)\s*\)`)
	})
	reRankSuffix = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`FvPatch(Scalar|Vector|SphericalTensor|SymmTensor|Tensor)?Field$`)
	})
	// Dictionary reads in a constructor.
	reFound     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`!?\s*dict\.(?:found|isDict)\(\s*"(\w+)"\s*\)`) })
	reMandatory = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`dict\.(?:get|getCheck|getCompat|lookup|lookupCompat|subDict)\s*(?:<[^;()]*>)?\s*\(\s*"(\w+)"`)
	})
	reWithDefault = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`dict\.(?:lookupOrDefault|getOrDefault|lookupOrAddDefault|getOrAdd|getCheckOrDefault|lookupOrDefaultCompat)\s*(?:<[^;()]*>)?\s*\(\s*"(\w+)"\s*,`)
	})
	reOptional = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`dict\.(?:readIfPresent|readIfPresentCompat|found|isDict|optionalSubDict|subOrEmptyDict|readEntry)\s*(?:<[^;()]*>)?\s*\(\s*"(\w+)"`)
	})
	reFieldRead = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"(\w+)"\s*,\s*dict\s*[,)]`) })
	reTernary   = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(\w+)\s*!=\s*"(\w*)"\s*\?\s*dict\.(?:get|lookup)\s*(?:<[^;()]*>)?\s*\(\s*"(\w+)"`)
	})
	// any other `cond ? dict.get("k") : …`: k is read only when cond holds
	reTernaryAny = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\?\s*dict\.(?:get|getCheck|lookup)\s*(?:<[^;()]*>)?\s*\(\s*"(\w+)"`)
	})
	reIsAWall     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`isA<\s*wallFvPatch\s*>`) })
	reNutw        = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`nutWallFunctionFvPatchScalarField\s*::\s*nutw\s*\(`) })
	reVerbKey     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*(\w+)\s`) })
	reVerbType    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^\s*type\s+([\w:]+)\s*;`) })
	reSectionHead = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([A-Z][A-Za-z ]*[a-z])\s*$`) })
	reIdentKey    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][\w.:]*$`) })
	// the base constructor called with the dictionary: Base(p, iF, dict[, valueRequired])
	reBaseAny = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`([\w:]+(?:<[^<>]*>)?)\s*\(\s*p\s*,\s*iF\s*,\s*dict\s*(?:,\s*(\w+)\s*)?\)`)
	})
	reDictTok = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bdict\b`) })
	// keys a solver adds to every patch dictionary before the field is read
	// (variablesSetTemplates.C: dEntry.dict().add<word>("solverName", ...))
	reInjected = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\.dict\(\)\s*\.\s*add\s*<\s*\w+\s*>\s*\(\s*"(\w+)"`) })
)

// bcClass is one scanned fvPatchField class before merging.
type bcClass struct {
	typeName   string
	class      string
	stem       string // class with the rank suffix normalised: fooFvPatchField
	header     *cfile
	typeOff    int
	base       string // stem of the first fvPatchField base in the header
	constraint string
	groups     []string
	table      []tableRow
	tableAt    string
	hasUsage   bool
	docType    string
	ranks      []string
	regAt      []string
	ctor       *ctorInfo
	wallCheck  bool
	nutw       string // file:line where the class takes the nut wall function of its patch
	contract   *kb.Contract
}

type tableRow struct {
	key, desc, req, def string
	at                  string
}

type ctorInfo struct {
	at           string
	baseCall     string // stem of the base constructor called with dict, "" if none
	baseValueReq *bool  // explicit valueRequired argument of that call
	valueRead    bool   // reads "value" unconditionally itself
	keys         map[string]*kb.KeyEvidence
	conditional  []kb.Conditional
	oneOf        []kb.OneOf
	// passesDict: the constructor hands the dictionary to a helper (a Function1
	// table, temperatureCoupledBase...) that may read keys this scan cannot see
	passesDict bool
}

// calleeAt names the function whose argument list contains offset i
// (`readIfPresent` in `names.readIfPresent("mode", dict, m)`), "" at top level.
func calleeAt(text string, i int) string {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		switch text[j] {
		case ')':
			depth++
		case '(':
			if depth > 0 {
				depth--
				continue
			}
			k := j
			for k > 0 && strings.ContainsRune(" \t\n", rune(text[k-1])) {
				k--
			}
			if k > 0 && text[k-1] == '>' { // skip template arguments: Field<Type>(
				d := 0
				for k > 0 {
					k--
					if text[k] == '>' {
						d++
					} else if text[k] == '<' {
						d--
						if d == 0 {
							break
						}
					}
				}
			}
			e := k
			for k > 0 && isIdent(text[k-1]) {
				k--
			}
			return text[k:e]
		case ';', '{', '}':
			return ""
		}
	}
	return ""
}

// passesDict reports a `dict` token that is neither a recognised read
// (dict.x(...), ("key", dict ...)) nor the base constructor call.
func passesDict(text string, base *regexp.Regexp) bool {
	consumed := map[int]bool{}
	for _, re := range []*regexp.Regexp{base, reFieldRead()} {
		for _, m := range re.FindAllStringIndex(text, -1) {
			for _, t := range reDictTok().FindAllStringIndex(text[m[0]:m[1]], -1) {
				consumed[m[0]+t[0]] = true
			}
		}
	}
	for _, t := range reDictTok().FindAllStringIndex(text, -1) {
		if consumed[t[0]] || strings.HasPrefix(text[t[1]:], ".") {
			continue
		}
		return true
	}
	return false
}

// stemOf normalises fooFvPatchScalarField / fooFvPatchField<vector> to fooFvPatchField.
func stemOf(class string) string {
	if i := strings.IndexByte(class, '<'); i >= 0 {
		class = class[:i]
	}
	return reRankSuffix().ReplaceAllString(class, "FvPatchField")
}

// scanContracts mines every runtime-selectable fvPatchField in files (src/ and
// applications/solvers/, relative to root).
func scanContracts(root string, files []string) (map[string]*kb.Contract, int, error) {
	byStem := map[string][]*bcClass{}
	var classes []*bcClass
	regs := map[string][]reg{}
	inst := instances{typedefs: map[string]string{}, named: map[string]string{}}
	injected := map[string]string{} // key -> file:line that adds it to patch dictionaries
	var prgh []prghInstance
	read := 0
	for _, rel := range files {
		isH, isC := strings.HasSuffix(rel, ".H"), strings.HasSuffix(rel, ".C")
		if !isH && !isC {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			return nil, 0, fmt.Errorf("kb: read %s: %w", rel, err)
		}
		s := string(data)
		if isC && (strings.Contains(s, "PatchField") || strings.Contains(s, "PatchTypeField") || strings.Contains(s, "makePrgh")) && (strings.Contains(s, "make") || strings.Contains(s, "addToPatchField")) {
			read++
			f := newCFile(rel, s)
			scanRegistrations(f, regs)
			inst.scanNamed(f)
			for _, m := range rePrgh().FindAllStringSubmatchIndex(f.code, -1) {
				prgh = append(prgh, prghInstance{lowerFirst(f.code[m[2]:m[3]]), f.code[m[4]:m[5]], f.at(m[0])})
			}
		}
		if isC && strings.Contains(s, ".dict().add") {
			f := newCFile(rel, s)
			for _, m := range reInjected().FindAllStringSubmatchIndex(f.code, -1) {
				injected[f.code[m[2]:m[3]]] = f.at(m[0])
			}
		}
		if isH && strings.Contains(s, "typedef") && strings.Contains(s, "FvPatch") {
			inst.scanTypedefs(s)
		}
		// "FvPatch": Foundation 12 headers may name only fooFvPatchScalarField
		if isH && strings.Contains(s, "TypeName") && (strings.Contains(s, "atchField") || strings.Contains(s, "FvPatch")) {
			read++
			if c := scanHeader(newCFile(rel, s)); c != nil {
				classes = append(classes, c)
				byStem[c.stem] = append(byStem[c.stem], c)
			}
		}
	}
	for _, c := range classes {
		key := c.class
		if c.class == c.stem { // template class: every registration of its instances
			key = "stem:" + c.stem
		}
		for _, r := range regs[key] {
			c.ranks = append(c.ranks, r.rank)
			c.regAt = append(c.regAt, r.at)
		}
	}
	for _, c := range classes {
		c.ctor = scanCtor(root, c)
		c.wallCheck, c.nutw = sourceChecks(root, c)
	}
	targets, err := solverTargets(root)
	if err != nil {
		return nil, 0, fmt.Errorf("kb: read solver Make files: %w", err)
	}
	contracts := map[string]*kb.Contract{}
	for _, c := range classes {
		ct := merge(c, byStem, injected)
		ct.Solvers = solversOf(c.header.rel, targets)
		if prev, ok := contracts[ct.Type]; ok {
			// available wherever any of the classes is; a shared library (nil) means no restriction
			if prev.Solvers == nil || ct.Solvers == nil {
				prev.Solvers = nil
			} else {
				prev.Solvers = kb.SortedUnique(append(prev.Solvers, ct.Solvers...))
			}
			// Several classes with one TypeName (alphaContactAngle in four
			// solver libraries): unite ranks and optional keys; a key is required
			// only if every class requires it.
			prev.Ranks = append(prev.Ranks, ct.Ranks...)
			prev.Provenance = append(prev.Provenance, ct.Provenance...)
			prev.Abstract = prev.Abstract && ct.Abstract
			var req []string
			for _, k := range prev.Required {
				if slices.Contains(ct.Required, k) {
					req = append(req, k)
				} else {
					prev.Optional[k] = ""
				}
			}
			for _, k := range ct.Required {
				if !slices.Contains(prev.Required, k) {
					prev.Optional[k] = ""
				}
			}
			for k, d := range ct.Optional {
				if _, ok := prev.Optional[k]; !ok {
					prev.Optional[k] = d
				}
			}
			prev.Required = req
			prev.ValueRequired = prev.ValueRequired && ct.ValueRequired
			continue
		}
		contracts[ct.Type] = ct
	}
	// Template classes registered through typedefs under their own names
	// (compressible::thermalBaffle1D<hConstSolidThermoPhysics>).
	for _, alias := range slices.Sorted(maps.Keys(inst.named)) {
		name, tmpl := inst.named[alias], inst.typedefs[alias]
		if len(regs[alias]) == 0 || tmpl == "" {
			continue
		}
		for _, c := range classes {
			if c.class != tmpl {
				continue
			}
			saved := c.ranks
			c.ranks = nil
			for _, r := range regs[alias] {
				c.ranks = append(c.ranks, r.rank)
			}
			ct := merge(c, byStem, injected)
			c.ranks = saved
			ct.Type = name
			for _, r := range regs[alias] {
				ct.Provenance = append(ct.Provenance, r.at)
			}
			contracts[name] = ct
		}
	}
	addPrgh(contracts, prgh)
	for _, ct := range contracts {
		ct.Normalise()
	}
	return contracts, read, nil
}

// prghInstance is a Foundation makePrghPatchScalarField(pressure, prghPressure): the
// PrghPressureFvPatchScalarField<pressureFvPatchScalarField> template registered under the
// typedef's name (defineTemplateTypeNameAndDebug), PrghPressureFvPatchScalarField.H.
type prghInstance struct{ base, name, at string }

var rePrgh = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`makePrghPatchScalarField\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)`)
})

// addPrgh gives each p_rgh instance its base's contract plus the key the template's
// constructor reads (`rho`, default rho; PrghPressureFvPatchScalarField.C).
func addPrgh(contracts map[string]*kb.Contract, ins []prghInstance) {
	for _, in := range ins {
		b, ok := contracts[in.base]
		if !ok || b.Abstract {
			continue
		}
		ct := *b
		ct.Type, ct.Ranks, ct.DocType, ct.Keys = in.name, []string{"scalar"}, "", nil
		ct.Bases = append([]string{in.base}, b.Bases...)
		ct.Required = append([]string(nil), b.Required...)
		ct.Optional = map[string]string{"rho": "rho"}
		for k, v := range b.Optional {
			ct.Optional[k] = v
		}
		ct.Conditional = append([]kb.Conditional(nil), b.Conditional...)
		ct.OneOf = append([]kb.OneOf(nil), b.OneOf...)
		ct.Provenance = append(append([]string(nil), b.Provenance...), in.at)
		contracts[in.name] = &ct
	}
}

// instances are typedef'd template instantiations registered under a name of their own.
type instances struct {
	typedefs map[string]string // alias -> template class
	named    map[string]string // alias -> TypeName
}

var (
	reTypedef    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`typedef\s+(\w+)\s*<[^;]*>\s*(\w+)\s*;`) })
	reNamedTempl = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`defineTemplateTypeNameAndDebugWithName\s*\(\s*(?:\w+::)*(\w+)\s*,\s*"([^"]+)"`)
	})
)

func (in instances) scanTypedefs(s string) {
	for _, m := range reTypedef().FindAllStringSubmatch(blankComments(s), -1) {
		in.typedefs[m[2]] = m[1]
	}
}

func (in instances) scanNamed(f *cfile) {
	for _, m := range reNamedTempl().FindAllStringSubmatch(f.code, -1) {
		in.named[m[1]] = m[2]
	}
}

type reg struct{ rank, at string }

func scanRegistrations(f *cfile, regs map[string][]reg) {
	code := f.code
	for _, m := range reMakePatchType().FindAllStringSubmatchIndex(code, -1) {
		r := reg{lowerFirst(code[m[2]:m[3]]), f.at(m[0])}
		name := code[m[4]:m[5]]
		regs[name] = append(regs[name], r)
		regs["stem:"+stemOf(name)] = append(regs["stem:"+stemOf(name)], r)
	}
	for _, m := range reMakeTemplate().FindAllStringSubmatchIndex(code, -1) {
		if isMacroText(code, m[0]) {
			continue
		}
		stem := "stem:" + code[m[4]:m[5]] + "FvPatchField"
		regs[stem] = append(regs[stem], reg{code[m[2]:m[3]], f.at(m[0])})
	}
	for _, m := range reMakeFields().FindAllStringSubmatchIndex(code, -1) {
		if isMacroText(code, m[0]) {
			continue
		}
		stem := "stem:" + code[m[2]:m[3]] + "FvPatchField"
		for _, r := range allRanks {
			regs[stem] = append(regs[stem], reg{r, f.at(m[0])})
		}
	}
}

// isMacroText: the match at i is in a macro's own definition (after #define, or in its
// body: the bcType parameter), not a registration.
func isMacroText(code string, i int) bool {
	if strings.HasPrefix(strings.TrimSpace(code[max(0, i-8):i]), "define") {
		return true
	}
	line := code[strings.LastIndexByte(code[:i], '\n')+1:]
	if j := strings.IndexByte(line, '\n'); j >= 0 {
		line = line[:j]
	}
	return strings.Contains(line, "bcType") || strings.HasSuffix(strings.TrimSpace(line), "\\")
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// scanHeader reads the class, TypeName, base, Group, Usage table and example of one header.
func scanHeader(f *cfile) *bcClass {
	tm := reTypeName().FindStringSubmatchIndex(f.code)
	if tm == nil {
		return nil
	}
	// the class whose body holds the TypeName directly (a nested class such as
	// alphaContactAngle's interfaceThetaProps may be declared in between)
	class, classOff, bodyOff := enclosingClass(f.code, tm[0])
	if class == "" {
		return nil
	}
	bm := reFvBase().FindStringSubmatch(f.code[classOff:bodyOff])
	if bm == nil {
		return nil
	}
	c := &bcClass{class: class, stem: stemOf(class), header: f, typeOff: tm[0], base: stemOf(bm[1])}
	if tm[2] >= 0 {
		c.typeName = f.code[tm[2]:tm[3]]
	} else {
		c.typeName = lowerFirst(f.code[tm[4]:tm[5]])
		c.constraint = c.typeName
	}
	parseDoc(f, c)
	return c
}

// parseDoc splits the leading doc comment into sections and reads Group, the
// Property table and the \verbatim example type.
func parseDoc(f *cfile, c *bcClass) {
	end := strings.Index(f.raw, `\*---`)
	if end < 0 {
		return
	}
	lines := strings.Split(f.raw[:end], "\n")
	section := ""
	inTable, inVerb := false, false
	var header []string
	var tableStart int
	// keys of the first \verbatim example by brace depth: 1 is the patch entry itself
	depth, examples := 0, 0
	top, nested := map[string]bool{}, map[string]bool{}
	for i, ln := range lines {
		if m := reSectionHead().FindStringSubmatch(ln); m != nil && !strings.HasPrefix(ln, " ") {
			section = m[1]
			if section == "Usage" {
				c.hasUsage = true
			}
			continue
		}
		t := strings.TrimSpace(ln)
		switch {
		case section == "Group":
			for _, g := range strings.Fields(t) {
				if strings.HasPrefix(g, "grp") {
					c.groups = append(c.groups, g)
				}
			}
		case t == `\table`:
			inTable, header, tableStart = true, nil, i+1
		case t == `\endtable`:
			inTable = false
		case t == `\verbatim`:
			inVerb = true
			examples++
		case t == `\endverbatim`:
			inVerb = false
		case inVerb:
			if m := reVerbType().FindStringSubmatch(ln); m != nil && c.docType == "" {
				c.docType = m[1]
			}
			if examples == 1 {
				if m := reVerbKey().FindStringSubmatch(ln); m != nil && depth >= 1 {
					if depth == 1 {
						top[m[1]] = true
					} else {
						nested[m[1]] = true
					}
				}
				depth += strings.Count(t, "{") - strings.Count(t, "}")
			}
		case inTable && (section == "Usage" || section == "Description") && t != "":
			cells := splitRow(t)
			if header == nil {
				header = cells
				if !strings.HasPrefix(strings.ToLower(header[0]), "prop") {
					inTable = false // a Mode table or similar, not parameters
				} else if c.tableAt == "" {
					c.tableAt = f.rel + ":" + itoa(tableStart)
				}
				continue
			}
			if row, ok := tableRowOf(header, cells); ok {
				row.at = f.rel + ":" + itoa(i+1)
				c.table = append(c.table, row)
			}
		}
	}
	// A table key the example writes only inside a sub-dictionary of the patch entry is a
	// key of that sub-dictionary (Foundation 12 alphaContactAngle: theta0 per phase in
	// contactAngleProperties), not of the patch.
	kept := c.table[:0]
	for _, r := range c.table {
		if !nested[r.key] || top[r.key] {
			kept = append(kept, r)
		}
	}
	c.table = kept
}

func splitRow(t string) []string {
	parts := strings.Split(t, "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// tableRowOf maps cells to columns by header prefix (prop, desc, req, default);
// rows with a `|` inside the description keep key, required and default from
// the ends of the row.
func tableRowOf(header, cells []string) (tableRow, bool) {
	key := strings.Trim(cells[0], "`\\")
	if !reIdentKey().MatchString(key) {
		return tableRow{}, false
	}
	col := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(h)
		for _, p := range []string{"prop", "desc", "req", "default"} {
			if strings.HasPrefix(h, p) {
				col[p] = i
			}
		}
	}
	get := func(name string) string {
		i, ok := col[name]
		if !ok {
			return ""
		}
		if len(cells) > len(header) && i > col["desc"] {
			i += len(cells) - len(header) // extra cells came from the description
		}
		if i < len(cells) {
			return cells[i]
		}
		return ""
	}
	return tableRow{key: key, desc: get("desc"), req: strings.ToLower(get("req")), def: get("default")}, true
}

// scanCtor finds the dictionary constructor of a class in its .C (or .H) file.
func scanCtor(root string, c *bcClass) *ctorInfo {
	dir := filepath.Dir(c.header.rel)
	cands := []string{strings.TrimSuffix(c.header.rel, ".H") + ".C", filepath.Join(dir, c.class+".C")}
	entries, _ := os.ReadDir(filepath.Join(root, dir))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".C") || strings.HasSuffix(e.Name(), "I.H") {
			cands = append(cands, filepath.Join(dir, e.Name()))
		}
	}
	cands = append(cands, c.header.rel)
	seen := map[string]bool{}
	for _, rel := range cands {
		if seen[rel] {
			continue
		}
		seen[rel] = true
		var f *cfile
		if rel == c.header.rel {
			f = c.header
		} else {
			data, err := os.ReadFile(filepath.Join(root, rel))
			if err != nil {
				continue
			}
			f = newCFile(rel, string(data))
		}
		if ci := dictCtor(f, c.class); ci != nil {
			return ci
		}
	}
	return nil
}

// sourceChecks reads the class's .C for an isA<wallFvPatch> check and for a
// call of nutWallFunctionFvPatchScalarField::nutw, which refCasts the nut
// boundary condition of the same patch (FATAL unless it is a nut wall function).
func sourceChecks(root string, c *bcClass) (wall bool, nutw string) {
	rel := strings.TrimSuffix(c.header.rel, ".H") + ".C"
	data, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		return false, ""
	}
	if loc := reNutw().FindIndex(data); loc != nil {
		f := newCFile(rel, string(data))
		nutw = f.at(loc[0])
	}
	return reIsAWall().Match(data), nutw
}

// dictCtor parses `Class::Class(const fvPatch&, const DimensionedField&, const dictionary& dict)`.
func dictCtor(f *cfile, class string) *ctorInfo {
	code := f.code
	re := regexp.MustCompile(`::\s*` + regexp.QuoteMeta(class) + `\s*\(`)
	for _, m := range re.FindAllStringIndex(code, -1) {
		open := m[1] - 1
		close := matching(code, open)
		if close < 0 {
			continue
		}
		params := code[open:close]
		if !strings.Contains(params, "dictionary&") || !strings.Contains(params, "fvPatch&") || strings.Contains(params, class+"&") {
			continue
		}
		i := skipSpace(code, close)
		initStart := i
		for i < len(code) && code[i] != '{' && code[i] != ';' {
			if code[i] == '(' {
				if e := matching(code, i); e > 0 {
					i = e
					continue
				}
			}
			i++
		}
		if i >= len(code) || code[i] != '{' {
			continue
		}
		bodyEnd := matching(code, i)
		if bodyEnd < 0 {
			continue
		}
		return parseCtor(f, code[initStart:i], code[i:bodyEnd], initStart, i)
	}
	return nil
}

func parseCtor(f *cfile, init, body string, initOff, bodyOff int) *ctorInfo {
	ci := &ctorInfo{at: f.at(initOff), keys: map[string]*kb.KeyEvidence{}}
	// base constructor called with the dictionary: Base(p, iF, dict[, valueRequired])
	if m := reBaseAny().FindStringSubmatch(init); m != nil {
		ci.baseCall = stemOf(strings.TrimPrefix(m[1], "Foam::"))
		switch m[2] {
		case "false":
			v := false
			ci.baseValueReq = &v
		case "true":
			v := true
			ci.baseValueReq = &v
		}
	}
	text := init + "\n" + body
	off := func(i int) int {
		if i < len(init) {
			return initOff + i
		}
		return bodyOff + i - len(init) - 1
	}
	blocks := conditionalBlocks(text)
	foundKeys := map[string]bool{}
	for _, m := range reFound().FindAllStringSubmatch(text, -1) {
		foundKeys[m[1]] = true
	}
	// guard returns the innermost conditional block around i, if any.
	guard := func(i int) *block {
		var g *block
		for bi := range blocks {
			b := &blocks[bi]
			if i >= b.start && i < b.end && (g == nil || b.start >= g.start) {
				g = b
			}
		}
		return g
	}
	rank := map[string]int{"optional": 1, "conditional": 2, "required": 3}
	// set keeps the strongest status seen for a key (required > conditional > optional).
	set := func(key, status, code, def string, i int) {
		if e, ok := ci.keys[key]; ok {
			if e.Default == "" {
				e.Default = def
			}
			if rank[e.Status] >= rank[status] {
				return
			}
			def = e.Default
		}
		ci.keys[key] = &kb.KeyEvidence{Key: key, Status: status, Code: code, Default: def, Provenance: f.at(off(i))}
	}
	mandatory := func(key, code string, i int) {
		if key == "value" && !foundKeys["value"] && guard(i) == nil {
			ci.valueRead = true
			return
		}
		g := guard(i)
		switch {
		case foundKeys[key]:
			set(key, "optional", code, "", i)
		case g == nil:
			set(key, "required", code, "", i)
		default:
			set(key, "conditional", code, "", i)
			if e := ci.keys[key]; e.Status == "conditional" && e.Note == "" {
				e.Note = "read only when " + g.cond
			}
			if g.foundKey != "" && g.foundKey != key {
				ci.conditional = append(ci.conditional, kb.Conditional{Key: key, When: g.foundKey, Unless: []string{}, Provenance: f.at(off(i))})
			}
		}
	}
	for _, m := range reWithDefault().FindAllStringSubmatchIndex(text, -1) {
		key := text[m[2]:m[3]]
		argStart := m[1]
		open := strings.LastIndexByte(text[:m[2]], '(')
		def := ""
		if e := matching(text, open); e > 0 && argStart < e-1 {
			def = strings.Trim(strings.Join(strings.Fields(text[argStart:e-1]), " "), `" `)
		}
		set(key, "optional", "getOrDefault", def, m[0])
	}
	for _, m := range reOptional().FindAllStringSubmatchIndex(text, -1) {
		set(text[m[2]:m[3]], "optional", "found", "", m[0])
	}
	ternary := map[int]bool{}
	inTernaryOf := func(ts map[int]bool, i int) bool {
		for t := range ts {
			if i > t && i < t+200 && !strings.Contains(text[t:i], ";") && !closesParen(text[t:i]) {
				return true
			}
		}
		return false
	}
	for _, m := range reTernary().FindAllStringSubmatchIndex(text, -1) {
		// gamma_(psiName_ != "none" ? dict.get<scalar>("gamma") : 1): find the key psiName_ holds.
		vname, unless, key := text[m[2]:m[3]], text[m[4]:m[5]], text[m[6]:m[7]]
		when := ""
		reVar := regexp.MustCompile(regexp.QuoteMeta(vname) + `\s*\(\s*dict\.\w+\s*(?:<[^;()]*>)?\s*\(\s*"(\w+)"`)
		if vm := reVar.FindStringSubmatch(text); vm != nil {
			when = vm[1]
		}
		ternary[m[0]] = true
		ci.keys[key] = &kb.KeyEvidence{Key: key, Status: "conditional", Code: "get", Provenance: f.at(off(m[0]))}
		if when != "" {
			ci.conditional = append(ci.conditional, kb.Conditional{Key: key, When: when, Unless: []string{unless}, Provenance: f.at(off(m[0]))})
		}
	}
	for _, m := range reTernaryAny().FindAllStringSubmatchIndex(text, -1) {
		// holeCellValue_(setHoleCellValue_ ? dict.get<Type>("holeCellValue") : …): read only
		// when the condition holds (v2506 oversetFvPatchField.C)
		at := m[0]
		if ternary[at] || inTernaryOf(ternary, at) {
			continue
		}
		ternary[at] = true
		key := text[m[2]:m[3]]
		if _, ok := ci.keys[key]; !ok {
			ci.keys[key] = &kb.KeyEvidence{Key: key, Status: "conditional", Code: "get", Provenance: f.at(off(m[0]))}
		}
	}
	inTernary := func(i int) bool { return inTernaryOf(ternary, i) }
	for _, m := range reMandatory().FindAllStringSubmatchIndex(text, -1) {
		if !inTernary(m[0]) {
			mandatory(text[m[2]:m[3]], "get", m[0])
		}
	}
	for _, m := range reFieldRead().FindAllStringSubmatchIndex(text, -1) {
		key := text[m[2]:m[3]]
		args := ""
		if open := strings.LastIndexByte(text[:m[0]], '('); open >= 0 {
			if e := matching(text, open); e > m[1] {
				args = text[m[1]:e]
			}
		}
		switch callee := calleeAt(text, m[0]); {
		case strings.HasSuffix(callee, "IfPresent") || strings.HasSuffix(callee, "OrDefault") || callee == "found",
			// dmdt_("dmdt", dict, p.size(), IOobjectOption::LAZY_READ): read when present (v2506)
			strings.Contains(args, "LAZY_READ") || strings.Contains(args, "READ_IF_PRESENT"):
			set(key, "optional", callee, "", m[0])
		case callee == "MappedFile" || callee == "interpolateOrRead":
			// the value may come from constant/boundaryData instead of the dictionary
			set(key, "conditional", callee, "", m[0])
		default:
			mandatory(key, "New", m[0])
		}
	}
	ci.passesDict = passesDict(text, reBaseAny())
	ci.oneOf = oneOfChains(f, text, off)
	for _, o := range ci.oneOf {
		for _, k := range o.Keys {
			if e, ok := ci.keys[k]; ok {
				e.Status = "oneOf"
			}
		}
	}
	return ci
}

// oneOfChains finds `if (dict.found("a")) {...} else if (dict.found("b")) {...}
// else { FatalIOError }`: one of a, b is required.
func oneOfChains(f *cfile, text string, off func(int) int) []kb.OneOf {
	var out []kb.OneOf
	reIf := regexp.MustCompile(`if\s*\(\s*dict\.found\(\s*"(\w+)"\s*\)\s*\)`)
	consumed := -1
	for _, m := range reIf.FindAllStringSubmatchIndex(text, -1) {
		if m[0] < consumed {
			continue
		}
		keys := []string{text[m[2]:m[3]]}
		i := skipSpace(text, m[1])
		for {
			if i >= len(text) || text[i] != '{' {
				break
			}
			e := matching(text, i)
			if e < 0 {
				break
			}
			j := skipSpace(text, e)
			if !hasWordAt(text, j, "else") {
				break
			}
			j = skipSpace(text, j+4)
			if mm := reIf.FindStringSubmatchIndex(text[j:]); mm != nil && mm[0] == 0 {
				keys = append(keys, text[j+mm[2]:j+mm[3]])
				i = skipSpace(text, j+mm[1])
				continue
			}
			if j < len(text) && text[j] == '{' {
				if ee := matching(text, j); ee > 0 && strings.Contains(text[j:ee], "Fatal") && len(keys) > 1 {
					out = append(out, kb.OneOf{Keys: keys, Provenance: f.at(off(m[0]))})
					consumed = ee
				}
			}
			break
		}
	}
	return out
}

// merge combines header table, constructor and inherited base facts into a Contract.
func merge(c *bcClass, byStem map[string][]*bcClass, injected map[string]string) *kb.Contract {
	ct := &kb.Contract{Type: c.typeName, Class: c.class, Ranks: c.ranks, Groups: c.groups,
		Optional: map[string]string{}, Constraint: c.constraint}
	ct.Provenance = append(ct.Provenance, c.header.at(c.typeOff))
	if c.docType != "" && c.docType != c.typeName {
		ct.DocType = c.docType
	}
	// inherited facts along the header base chain: constraint, wall check, groups
	seen := map[string]bool{c.stem: true}
	for b := c.base; b != "" && !seen[b]; {
		seen[b] = true
		parents := byStem[b]
		if len(parents) == 0 {
			break
		}
		p := parents[0]
		if ct.Constraint == "" {
			ct.Constraint = p.constraint
		}
		if p.wallCheck {
			ct.RequiresWall = true
		}
		if p.nutw != "" && ct.NutWallFunction == "" {
			ct.NutWallFunction = p.nutw
		}
		ct.Bases = append(ct.Bases, p.typeName)
		b = p.base
	}
	if c.wallCheck {
		ct.RequiresWall = true
	}
	if c.nutw != "" {
		ct.NutWallFunction = c.nutw
	}
	// the nut wall functions themselves only provide nutw
	if slices.Contains(ct.Bases, "nutWallFunction") || ct.Type == "nutWallFunction" {
		ct.NutWallFunction = ""
	}
	ct.Abstract = len(c.ranks) == 0

	keys := map[string]*kb.KeyEvidence{}
	hasTable := len(c.table) > 0
	for _, r := range c.table {
		e := &kb.KeyEvidence{Key: r.key, Table: r.req, Default: r.def, Description: r.desc, Provenance: r.at}
		switch r.req {
		case "yes":
			e.Status = "required"
		case "no", "":
			e.Status = "optional"
		default:
			e.Status = "conditional"
		}
		keys[r.key] = e
	}
	if c.tableAt != "" {
		ct.Provenance = append(ct.Provenance, c.tableAt)
	}
	// constructor chain: own reads, then reads of bases called with the dictionary
	hasCode := false
	passes := false
	valueReq := false
	decided := false
	for cur, depth := c, 0; cur != nil && depth < 8; depth++ {
		ci := cur.ctor
		if ci == nil {
			break
		}
		hasCode = true
		passes = passes || ci.passesDict
		if depth == 0 {
			ct.Provenance = append(ct.Provenance, ci.at)
		}
		for _, k := range slices.Sorted(maps.Keys(ci.keys)) {
			ce := ci.keys[k]
			te, ok := keys[k]
			if !ok {
				e := *ce
				keys[k] = &e
				continue
			}
			te.Code = ce.Code
			if te.Default == "" {
				te.Default = ce.Default
			}
			// the code is what OpenFOAM does: it decides conditional and one-of,
			// and a key it reads with a default or after found() is optional
			// whatever the table says
			switch ce.Status {
			case "conditional", "oneOf", "required":
				te.Status = ce.Status
			case "optional":
				if te.Status == "required" {
					te.Status = "optional"
					te.Note = "the Usage table says required; the constructor reads it optionally"
				}
			}
			te.Provenance = te.Provenance + " " + ce.Provenance
		}
		ct.Conditional = append(ct.Conditional, ci.conditional...)
		ct.OneOf = append(ct.OneOf, ci.oneOf...)
		if ci.valueRead && !decided {
			valueReq, decided = true, true
		}
		if ci.baseCall == "" {
			break
		}
		if ci.baseValueReq != nil && !decided {
			valueReq, decided = *ci.baseValueReq, true
		}
		if isRootBase(ci.baseCall) {
			if !decided {
				valueReq, decided = true, true // fvPatchField/fixedValue/calculated default valueRequired=true
			}
			if ci.baseCall == "fvPatchField" || ci.baseCall == "coupledFvPatchField" {
				break
			}
		}
		parents := byStem[ci.baseCall]
		if len(parents) == 0 || parents[0] == cur {
			break
		}
		cur = parents[0]
	}
	ct.ValueRequired = valueReq
	misspelt(keys, c.table)
	if hasCode && !passes {
		// the constructor chain reads the dictionary only where this scan sees it,
		// so a table row it never reads (mappedFlowRate neigPhi) is not required
		for _, e := range keys {
			if e.Status == "required" && e.Code == "" {
				e.Status = "optional"
				e.Note = "listed in the Usage table but never read by the constructor"
			}
		}
	}
	for _, e := range keys {
		if inj, ok := injected[e.Key]; ok && e.Status == "required" && sameArea(inj, c.header.rel) {
			e.Status = "optional"
			e.Note = "added to every patch dictionary by the solver before the field is read (" + inj + ")"
		}
	}
	delete(keys, "value")
	delete(keys, "type")
	delete(keys, "patchType")
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		e := keys[k]
		switch e.Status {
		case "required":
			ct.Required = append(ct.Required, k)
		default:
			ct.Optional[k] = e.Default
		}
		ct.Keys = append(ct.Keys, *e)
	}
	switch {
	case hasTable && hasCode:
		ct.Source = "both"
	case hasTable:
		ct.Source = "table"
	default:
		ct.Source = "code"
	}
	for _, g := range ct.Groups {
		if strings.Contains(g, "WallFunctions") {
			ct.WallFunction = true
		}
	}
	if strings.Contains(ct.Type, "WallFunction") || strings.Contains(c.header.rel, "/wallFunctions/") {
		ct.WallFunction = true
	}
	ct.Provenance = append(ct.Provenance, c.regAt...)
	sort.Strings(ct.Provenance)
	return ct
}

// sameArea: two source files in the same library area (the first three path
// components, e.g. src/optimisation/adjointOptimisation).
func sameArea(at, rel string) bool {
	area := func(p string) string {
		parts := strings.SplitN(p, "/", 4)
		if len(parts) < 3 {
			return p
		}
		return strings.Join(parts[:3], "/")
	}
	return area(strings.SplitN(at, ":", 2)[0]) == area(rel)
}

// isRootBase: constructors whose valueRequired argument defaults to true.
func isRootBase(stem string) bool {
	switch stem {
	case "fvPatchField", "fixedValueFvPatchField", "calculatedFvPatchField", "coupledFvPatchField":
		return true
	}
	return false
}

// typo: a and b are one key misspelt, two edits apart at most, and either long enough that
// two edits keep it recognisable or the same letters transposed (v2506
// timeVaryingMassSorption's table kbas, code kabs); short keys two edits apart (Ks, E) are
// different keys.
func typo(a, b string) bool {
	if suggest.Distance(a, b) > 2 {
		return false
	}
	if min(len(a), len(b)) >= 6 {
		return true
	}
	x, y := []byte(a), []byte(b)
	slices.Sort(x)
	slices.Sort(y)
	return string(x) == string(y)
}

// misspelt drops a Usage-table row the constructor never reads when it is one or two
// edits from a key the constructor reads and the table does not list: the row is that key
// misspelt, and the code is what OpenFOAM looks up (Foundation 12's mappedInternalValue
// table says interplolationScheme, mappedInternalValueFvPatchField.H:39; the constructor
// reads interpolationScheme, .C:81). The code key keeps the row's description.
func misspelt(keys map[string]*kb.KeyEvidence, table []tableRow) {
	listed := map[string]bool{}
	for _, r := range table {
		listed[r.key] = true
	}
	for _, row := range slices.Sorted(maps.Keys(listed)) {
		e := keys[row]
		if e == nil || e.Code != "" {
			continue
		}
		var near []string
		for k, ce := range keys {
			if ce.Code != "" && !listed[k] && typo(row, k) {
				near = append(near, k)
			}
		}
		if len(near) != 1 {
			continue
		}
		ce := keys[near[0]]
		if ce.Description == "" {
			ce.Description = e.Description
		}
		ce.Note = "the Usage table spells it " + row + "; the constructor reads " + near[0]
		ce.Provenance = e.Provenance + " " + ce.Provenance
		delete(keys, row)
	}
}

// closesParen reports whether s closes a parenthesis it did not open: a ternary ends with
// the member initialiser that holds it (`average_(c ? dict.lookup("average") : Zero),
// interpolationScheme_(dict.lookup("interpolationScheme"))` reads the second key always).
func closesParen(s string) bool {
	depth := 0
	for _, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return true
			}
		}
	}
	return false
}
