package mine

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/foamc/foamc/kb"
)

// vocabRule harvests one vocabulary from registration macros. The capture is a
// C++ class (resolved to its TypeName) unless direct is set.
type vocabRule struct {
	vocab  string
	re     *regexp.Regexp
	lit    string // a literal every match contains: files without it are skipped
	direct bool
	under  *regexp.Regexp // the file path must match, nil for all
	class  string         // turbulence class the file must belong to (modelClassOf), "" for all
	format func(m []string) string
}

var (
	reTypeNameLit = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bTypeName(?:NoDebug)?\(\s*"([^"]+)"\s*\)`) })
	reDefineNamed = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`defineTemplateTypeNameAndDebugWithName\s*\(\s*(\w+)\s*,\s*"([^"]+)"`)
	})
	macroPlaceholder = map[string]bool{"SS": true, "Type": true, "TYPE": true, "Limiter": true, "LIMITER": true, "baseType": true}
)

// Single-phase turbulence model libraries per class (the multiphase ones in
// phaseSystemModels and solver directories are left out); solver-local models
// registered directly (PDRFoam's PDRkEpsilon) are classified by the
// compressible/incompressible namespace of their file.
var (
	incompressibleModels = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^src/(TurbulenceModels/incompressible/|atmosphericModels/atmosphericTurbulentTransport)`)
	})
	compressibleModels = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^src/TurbulenceModels/compressible/`) })
	reNamespace        = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`namespace\s+(compressible|incompressible)\b`) })
)

// modelClassOf is the turbulence class a model registration file belongs to, "" if none.
func modelClassOf(rel, code string) string {
	switch {
	case incompressibleModels().MatchString(rel):
		return "incompressible"
	case compressibleModels().MatchString(rel):
		return "compressible"
	case inSolverDir(rel):
		if m := reNamespace().FindStringSubmatch(code); m != nil {
			return m[1]
		}
	}
	return ""
}

func vocabRules() []vocabRule {
	cls := func(vocab, macro string) vocabRule {
		return vocabRule{vocab: vocab, re: regexp.MustCompile(`\b` + macro + `\s*\(\s*(\w+)\s*[,)]`), lit: macro}
	}
	direct := func(vocab, macro string) vocabRule {
		lit := macro
		if i := strings.Index(lit, `\w*`); i >= 0 {
			lit = "make"
		}
		return vocabRule{vocab: vocab, re: regexp.MustCompile(`\b` + macro + `\s*\(\s*(\w+)\s*,`), direct: true, lit: lit}
	}
	ldu := func(vocab, kind string) vocabRule {
		return vocabRule{vocab: vocab, lit: "MatrixConstructorToTable",
			re: regexp.MustCompile(`lduMatrix\s*::\s*` + kind + `\s*::\s*add(?:sym|asym)MatrixConstructorToTable\s*<\s*(\w+)\s*>`)}
	}
	return []vocabRule{
		cls("ddtSchemes", "makeFvDdtScheme"),
		cls("gradSchemes", "makeFvGradScheme"),
		{vocab: "gradSchemes", re: regexp.MustCompile(`\bmakeFvLimitedGradScheme\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)`), direct: true, lit: "makeFvLimitedGradScheme",
			format: func(m []string) string { return m[1] + "<" + m[2] + ">" }},
		{vocab: "gradSchemes", re: regexp.MustCompile(`\bmakeNamedFvLimitedGradTypeScheme\s*\(\s*\w+\s*,\s*\w+\s*,\s*\w+\s*,\s*"(\w+)"\s*\)`), direct: true, lit: "makeNamedFvLimitedGradTypeScheme"},
		direct("gradSchemes", "makeLeastSquaresGradScheme"),
		cls("divSchemes", "makeFvDivScheme"),
		cls("divSchemes", "makeFvConvectionScheme"),
		cls("divSchemes", "makeMultivariateFvConvectionScheme"),
		cls("laplacianSchemes", "makeFvLaplacianScheme"),
		cls("snGradSchemes", "makeSnGradScheme"),
		cls("interpolationSchemes", "makeSurfaceInterpolationScheme"),
		cls("interpolationSchemes", "makeSurfaceInterpolationTypeScheme"),
		cls("interpolationSchemes", "makelimitedSurfaceInterpolationScheme"),
		cls("interpolationSchemes", "makelimitedSurfaceInterpolationTypeScheme"),
		cls("interpolationSchemes", "makeMultivariateSurfaceInterpolationScheme"),
		direct("interpolationSchemes", "makeLimitedSurfaceInterpolationScheme"),
		direct("interpolationSchemes", "makeLimitedVSurfaceInterpolationScheme"),
		direct("interpolationSchemes", "makeLLimitedSurfaceInterpolationTypeScheme"),
		direct("interpolationSchemes", "makeLimitedSurfaceInterpolationTypeScheme"),
		direct("interpolationSchemes", "makePhiSurfaceInterpolationScheme"),
		{vocab: "interpolationSchemes", lit: "ConstructorToTable",
			re: regexp.MustCompile(`(?:multivariateS|s)urfaceInterpolationScheme\s*<\s*\w+\s*>\s*::\s*add\w*ConstructorToTable\s*<\s*(\w+)`)},
		direct("interpolationSchemes", `make\w*FitSurfaceInterpolation\w*Scheme`),
		direct("snGradSchemes", `make\w*FitSnGrad\w*Scheme`),
		ldu("linearSolvers", "solver"),
		{vocab: "linearSolvers", re: regexp.MustCompile(`new\s+(diagonalSolver)\b`), lit: "diagonalSolver"},
		ldu("preconditioners", "preconditioner"),
		ldu("smoothers", "smoother"),
		// coupled (LduMatrix<Type>) solvers, selected for `type coupled` equations
		{vocab: "linearSolvers", lit: "makeLdu", re: regexp.MustCompile(`\bmakeLdu(?:Sym|Asym)?Solver\s*\(\s*(\w+)\s*,`)},
		{vocab: "preconditioners", lit: "makeLdu", re: regexp.MustCompile(`\bmakeLdu(?:Sym|Asym)?Preconditioner\s*\(\s*(\w+)\s*,`)},
		{vocab: "smoothers", lit: "makeLdu", re: regexp.MustCompile(`\bmakeLdu(?:Sym|Asym)?Smoother\s*\(\s*(\w+)\s*,`)},
		{vocab: "rasModels/incompressible", re: regexp.MustCompile(`\bmakeRASModel\s*\(\s*(\w+)\s*\)`), direct: true, lit: "Model", under: incompressibleModels()},
		{vocab: "rasModels/compressible", re: regexp.MustCompile(`\bmakeRASModel\s*\(\s*(\w+)\s*\)`), direct: true, lit: "Model", under: compressibleModels()},
		{vocab: "lesModels/incompressible", re: regexp.MustCompile(`\bmakeLESModel\s*\(\s*(\w+)\s*\)`), direct: true, lit: "Model", under: incompressibleModels()},
		{vocab: "lesModels/compressible", re: regexp.MustCompile(`\bmakeLESModel\s*\(\s*(\w+)\s*\)`), direct: true, lit: "Model", under: compressibleModels()},
		// models selectable in one class only, registered directly (LamBremhorstKE, qZeta...)
		{vocab: "rasModels/incompressible", re: regexp.MustCompile(`addToRunTimeSelectionTable\s*\(\s*RASModel\s*,\s*(\w+)\s*,\s*dictionary\s*\)`), lit: "RASModel", class: "incompressible"},
		{vocab: "rasModels/compressible", re: regexp.MustCompile(`addToRunTimeSelectionTable\s*\(\s*RASModel\s*,\s*(\w+)\s*,\s*dictionary\s*\)`), lit: "RASModel", class: "compressible"},
		{vocab: "lesModels/incompressible", re: regexp.MustCompile(`addToRunTimeSelectionTable\s*\(\s*LESModel\s*,\s*(\w+)\s*,\s*dictionary\s*\)`), lit: "LESModel", class: "incompressible"},
		{vocab: "lesModels/compressible", re: regexp.MustCompile(`addToRunTimeSelectionTable\s*\(\s*LESModel\s*,\s*(\w+)\s*,\s*dictionary\s*\)`), lit: "LESModel", class: "compressible"},
		{vocab: "lesDeltas", re: regexp.MustCompile(`addToRunTimeSelectionTable\s*\(\s*LESdelta\s*,\s*(\w+)\s*,\s*dictionary\s*\)`), lit: "LESdelta"},
	}
}

// scanVocab harvests the vocabularies from the registration macros in src/ and the
// selectable classes of classTables from the files wmake compiles (compiledSources).
// typeNames maps C++ classes to their TypeName (from headers).
func scanVocab(root string, files []string) (kb.Vocab, error) {
	compiled, err := compiledSources(root)
	if err != nil {
		return kb.Vocab{}, fmt.Errorf("kb: list compiled sources: %w", err)
	}
	var classHits []classHit
	typeNames := map[string]map[string]bool{}
	headerTypeNames := map[string]map[string]map[string]bool{} // class -> header -> TypeNames
	thermo := newThermoScan()
	type hit struct{ vocab, name, at string }
	var hits []hit
	rules := vocabRules()
	for _, rel := range files {
		data, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			return kb.Vocab{}, fmt.Errorf("kb: read %s: %w", rel, err)
		}
		s := string(data)
		if strings.HasSuffix(rel, ".H") && strings.Contains(s, "TypeName") {
			code := blankComments(s)
			collectTypeNames(code, typeNames)
			collectHeaderTypeNames(rel, code, headerTypeNames)
		}
		if strings.HasPrefix(rel, "src/thermophysicalModels/") {
			if strings.HasSuffix(rel, ".H") && (strings.Contains(s, "typeName()") || strings.Contains(s, "typedef")) {
				thermo.header(blankComments(s))
			}
			if strings.HasSuffix(rel, ".C") && strings.Contains(s, "Thermo") {
				thermo.source(newCFile(rel, s))
			}
		}
		if strings.HasSuffix(rel, ".cxx") {
			// ESI's newer sources (v2506 bladeForces, fieldStatistics): only the class tables
			// are read from them
			if compiled[rel] {
				classHits = append(classHits, scanClasses(newCFile(rel, s))...)
			}
			continue
		}
		if !strings.HasSuffix(rel, ".C") && !strings.HasSuffix(rel, ".H") {
			continue
		}
		if !strings.Contains(s, "make") && !strings.Contains(s, "Table") && !strings.Contains(s, "diagonalSolver") {
			continue
		}
		f := newCFile(rel, s)
		if strings.HasSuffix(rel, ".H") || compiled[rel] {
			classHits = append(classHits, scanClasses(f)...)
		}
		for _, m := range reDefineNamed().FindAllStringSubmatch(f.code, -1) {
			addName(typeNames, m[1], m[2])
		}
		for _, r := range rules {
			if (r.under != nil && !r.under.MatchString(rel)) || !strings.Contains(f.code, r.lit) ||
				(r.class != "" && modelClassOf(rel, f.code) != r.class) {
				continue
			}
			for _, idx := range r.re.FindAllStringSubmatchIndex(f.code, -1) {
				// skip the macro definitions themselves
				ls := strings.LastIndexByte(f.code[:idx[0]], '\n')
				if strings.HasPrefix(strings.TrimSpace(f.code[ls+1:idx[0]]), "#define") ||
					strings.Contains(f.code[max(0, idx[0]-2):idx[0]], "##") {
					continue
				}
				m := make([]string, len(idx)/2)
				for i := range m {
					if idx[2*i] >= 0 {
						m[i] = f.code[idx[2*i]:idx[2*i+1]]
					}
				}
				if macroPlaceholder[m[1]] {
					continue
				}
				name := m[1]
				if r.format != nil {
					name = r.format(m)
				}
				mark := ""
				if !r.direct {
					mark = "class:"
				}
				hits = append(hits, hit{r.vocab, mark + name, f.at(idx[0])})
			}
		}
	}
	v := kb.Vocab{BCTypes: map[string][]string{}, RASModels: map[string][]string{}, LESModels: map[string][]string{},
		Classes: map[string][]string{}, Provenance: map[string][]string{}}
	for _, h := range classHits {
		vocab := "classes/" + h.vocab
		if h.vocab == "functionObjects" {
			vocab = h.vocab
		}
		if cls, ok := strings.CutPrefix(h.name, "class:"); ok {
			// resolved here, by the class's own header: another class of that name
			// elsewhere (v1912's film constantHeatTransfer, TypeName "constant") is not it
			names := nearestTypeNames(headerTypeNames[cls], h.at)
			if names == nil {
				names = resolveTypeName(typeNames, cls) // a typedef named by defineTemplateTypeNameAndDebugWithName
			}
			for _, n := range names {
				hits = append(hits, hit{vocab, n, h.at})
			}
			continue
		}
		hits = append(hits, hit{vocab, h.name, h.at})
	}
	lists := map[string]*[]string{
		"ddtSchemes": &v.DdtSchemes, "gradSchemes": &v.GradSchemes, "divSchemes": &v.DivSchemes,
		"interpolationSchemes": &v.InterpolationSchemes, "laplacianSchemes": &v.LaplacianSchemes,
		"snGradSchemes": &v.SnGradSchemes, "linearSolvers": &v.LinearSolvers, "preconditioners": &v.Preconditioners,
		"smoothers": &v.Smoothers, "lesDeltas": &v.LESDeltas, "thermoTypes": &v.ThermoTypes,
		"functionObjects": &v.FunctionObjects,
	}
	// thermoType combinations per selection table, and the `type` words they use
	combos, unresolved := thermo.combinations()
	if len(unresolved) > 0 {
		return kb.Vocab{}, fmt.Errorf("kb: thermo instantiations with unknown class names at %s", strings.Join(unresolved, ", "))
	}
	v.ThermoCombinations = combos
	for _, l := range combos {
		for _, n := range l {
			v.ThermoTypes = append(v.ThermoTypes, n[:strings.IndexByte(n, '<')])
		}
	}
	for _, u := range thermo.uses {
		v.Provenance["thermoCombinations"] = append(v.Provenance["thermoCombinations"], u.at)
	}
	provSeen := map[string]bool{}
	v.Docs = map[string]kb.Doc{}
	headers := headerIndex(files)
	for _, h := range hits {
		names := []string{h.name}
		if cls, ok := strings.CutPrefix(h.name, "class:"); ok {
			names = resolveTypeName(typeNames, cls)
		}
		base := strings.SplitN(h.vocab, "/", 2)[0]
		if kind, ok := strings.CutPrefix(h.vocab, "classes/"); ok {
			base = kind
		}
		for _, n := range names {
			// A name registered twice (GaussSeidel for lduMatrix and for the coupled
			// LduMatrix templates) is described by its lduMatrix class, the one every
			// scalar equation selects.
			if old, done := v.Docs[base+"/"+n]; !done || strings.Contains(old.At, "/LduMatrix/") {
				if doc, ok := describe(root, headers, h.at, n, strings.TrimPrefix(h.name, "class:")); ok && (!done || !strings.Contains(doc.At, "/LduMatrix/")) {
					v.Docs[base+"/"+n] = doc
				}
			}
			if l, ok := lists[h.vocab]; ok {
				*l = append(*l, n)
			} else if cls, kind, ok := strings.Cut(h.vocab, "/"); ok {
				m := v.RASModels
				switch cls {
				case "lesModels":
					m = v.LESModels
				case "classes":
					m = v.Classes
				}
				m[kind] = append(m[kind], n)
			}
		}
		// one provenance line per file and vocabulary keeps the snapshot small
		key := h.vocab + "\x00" + strings.SplitN(h.at, ":", 2)[0]
		if !provSeen[key] {
			provSeen[key] = true
			v.Provenance[base] = append(v.Provenance[base], h.at)
		}
	}
	return v, nil
}

// collectTypeNames maps each class to the TypeName its own body declares (not
// a nested class's).
func collectTypeNames(code string, out map[string]map[string]bool) {
	for _, t := range reTypeNameLit().FindAllStringSubmatchIndex(code, -1) {
		if class, _, _ := enclosingClass(code, t[0]); class != "" {
			addName(out, class, code[t[2]:t[3]])
		}
	}
}

// collectHeaderTypeNames records, per class, the TypeNames each header rel declares.
func collectHeaderTypeNames(rel, code string, out map[string]map[string]map[string]bool) {
	for _, t := range reTypeNameLit().FindAllStringSubmatchIndex(code, -1) {
		if class, _, _ := enclosingClass(code, t[0]); class != "" {
			if out[class] == nil {
				out[class] = map[string]map[string]bool{}
			}
			addName(out[class], rel, code[t[2]:t[3]])
		}
	}
}

// nearestTypeNames: the TypeNames a class's header declares, the header whose path shares
// the longest prefix with the registration at ("file:line"); nil when no header declares one.
func nearestTypeNames(headers map[string]map[string]bool, at string) []string {
	reg, _, _ := strings.Cut(at, ":")
	best, bestLen := "", -1
	for h := range headers {
		if n := commonPrefix(h, reg); n > bestLen || (n == bestLen && h < best) {
			best, bestLen = h, n
		}
	}
	if best == "" {
		return nil
	}
	out := make([]string, 0, len(headers[best]))
	for n := range headers[best] {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func addName(m map[string]map[string]bool, class, name string) {
	if m[class] == nil {
		m[class] = map[string]bool{}
	}
	m[class][name] = true
}

// resolveTypeName returns the TypeName(s) of a class; the class name itself
// when no TypeName was found.
func resolveTypeName(m map[string]map[string]bool, class string) []string {
	names := m[class]
	if len(names) == 0 {
		return []string{class}
	}
	out := make([]string, 0, len(names))
	for n := range names {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// headerIndex maps a header's file name (PCG.H) to its source-relative paths.
func headerIndex(files []string) map[string][]string {
	idx := map[string][]string{}
	for _, rel := range files {
		if strings.HasSuffix(rel, ".H") {
			idx[path.Base(rel)] = append(idx[path.Base(rel)], rel)
		}
	}
	return idx
}

// describe finds the header of a registered name (named after the name or its class,
// nearest to the registration at) and returns its Description.
func describe(root string, headers map[string][]string, at, name, class string) (kb.Doc, bool) {
	regFile, _, _ := strings.Cut(at, ":")
	best, bestLen := "", -1
	for _, base := range []string{name, class} {
		for _, h := range headers[base+".H"] {
			if n := commonPrefix(h, regFile); n > bestLen {
				best, bestLen = h, n
			}
		}
	}
	if best == "" {
		return kb.Doc{}, false
	}
	data, err := os.ReadFile(filepath.Join(root, best))
	if err != nil {
		return kb.Doc{}, false
	}
	text, line := headerDescription(string(data))
	if text == "" {
		return kb.Doc{}, false
	}
	return kb.Doc{Text: text, At: best + ":" + strconv.Itoa(line)}, true
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// headerDescription is the first paragraph of a header's Description section (its
// indented lines joined, up to a blank line or the next section) and its line; a
// Description that only repeats the class name (Foam::TGaussSeidelSmoother) is none.
func headerDescription(src string) (string, int) {
	lines := strings.Split(src, "\n")
	for i, ln := range lines {
		if strings.TrimRight(ln, " \r") != "Description" {
			continue
		}
		var words []string
		for _, l := range lines[i+1:] {
			t := strings.TrimSpace(l)
			if t == "" || !strings.HasPrefix(l, " ") || strings.HasPrefix(t, `\`) {
				break
			}
			words = append(words, t)
		}
		text := strings.Join(words, " ")
		if strings.HasPrefix(text, "Foam::") && !strings.Contains(text, " ") {
			return "", 0
		}
		return text, i + 1
	}
	return "", 0
}
