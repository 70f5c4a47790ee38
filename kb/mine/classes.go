package mine

import (
	"bufio"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
)

// classTables are the run-time selection tables whose names a case selects code by
// (FOAM-SEC-009): the vocabulary (kb.Vocab.FunctionObjects, kb.Vocab.Classes) and the C++
// base classes whose tables fill it. A topoChangerFvMesh registers into dynamicFvMesh's
// table (it declares none of its own).
var classTables = []struct {
	vocab  string
	tables []string
}{
	{"functionObjects", []string{"functionObject"}},
	{"fvOptions", []string{"option"}}, // ESI fv::option (constant/fvOptions)
	{"fvModels", []string{"fvModel"}}, // Foundation constant/fvModels
	{"fvConstraints", []string{"fvConstraint"}},
	{"dynamicFvMeshes", []string{"dynamicFvMesh", "topoChangerFvMesh"}},
	{"motionSolvers", []string{"motionSolver"}},
	{"solidBodyMotionFunctions", []string{"solidBodyMotionFunction"}},
	{"fvMeshMovers", []string{"fvMeshMover"}}, // Foundation dynamicMeshDict mover
	{"fvMeshTopoChangers", []string{"fvMeshTopoChanger"}},
	{"fvMeshDistributors", []string{"fvMeshDistributor"}},
}

// reClassReg matches the registration macros of addToRunTimeSelectionTable.H: the table
// (1), the class (2), the constructor argument list (3) and what follows (4): the lookup
// name of addNamed… (a bare word, stringified) or addBackwardCompatible… (a string).
var reClassReg = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\badd(Named|Removable|BackwardCompatible)?ToRunTimeSelectionTable\s*\(\s*(?:\w+::)*(\w+)\s*,\s*((?:\w+::)*\w+)\s*,\s*(\w+)\s*((?:,[^;()]*)?)\)`)
})

// reMakeFvOption: ESI's makeFvOption(Option, Type) (makeFvOption.H) names the class
// #Type#Option: makeFvOption(SemiImplicitSource, scalar) is scalarSemiImplicitSource.
var reMakeFvOption = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\bmakeFvOption\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)`)
})

var reQuoted = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"([^"]+)"`) })

// classHit is one registration: the vocabulary, the registered name ("class:X" when it is
// class X's TypeName) and where.
type classHit struct{ vocab, name, at string }

// scanClasses finds the registrations into classTables in f, a compiled source file.
// fa::option (src/faOptions, selected by faOptions) shares fv::option's table name.
func scanClasses(f *cfile) []classHit {
	var out []classHit
	if strings.Contains(f.code, "ToRunTimeSelectionTable") {
		for _, idx := range reClassReg().FindAllStringSubmatchIndex(f.code, -1) {
			if isMacroDefinition(f.code, idx[0]) {
				continue
			}
			g := func(i int) string {
				if idx[2*i] < 0 {
					return ""
				}
				return f.code[idx[2*i]:idx[2*i+1]]
			}
			vocab := classVocab(g(2))
			if vocab == "" || (vocab == "fvOptions" && strings.Contains(f.rel, "/faOptions/")) {
				continue
			}
			cls := g(3)
			if i := strings.LastIndex(cls, "::"); i >= 0 {
				cls = cls[i+2:]
			}
			name := "class:" + cls
			switch g(1) {
			case "Named":
				name = strings.TrimSpace(strings.TrimPrefix(g(5), ","))
			case "BackwardCompatible":
				m := reQuoted().FindStringSubmatch(g(5))
				if m == nil {
					continue
				}
				name = m[1]
			}
			if macroPlaceholder[strings.TrimPrefix(name, "class:")] {
				continue
			}
			out = append(out, classHit{vocab, name, f.at(idx[0])})
		}
	}
	if strings.Contains(f.code, "makeFvOption") {
		for _, idx := range reMakeFvOption().FindAllStringSubmatchIndex(f.code, -1) {
			if isMacroDefinition(f.code, idx[0]) {
				continue
			}
			name := f.code[idx[4]:idx[5]] + f.code[idx[2]:idx[3]]
			out = append(out, classHit{"fvOptions", name, f.at(idx[0])})
		}
	}
	return out
}

func classVocab(table string) string {
	for _, c := range classTables {
		for _, t := range c.tables {
			if t == table {
				return c.vocab
			}
		}
	}
	return ""
}

// isMacroDefinition: the match at off is inside a #define (its line or a continuation).
func isMacroDefinition(code string, off int) bool {
	ls := strings.LastIndexByte(code[:off], '\n')
	for ls >= 0 {
		line := code[ls+1 : off]
		if strings.HasPrefix(strings.TrimSpace(line), "#define") {
			return true
		}
		prev := strings.LastIndexByte(code[:ls], '\n')
		if !strings.HasSuffix(strings.TrimRight(code[prev+1:ls], " \t\r"), `\`) {
			return false
		}
		off, ls = ls, prev
	}
	return false
}

// compiledSources lists the .C and .cxx files wmake compiles: each Make/files' sources (its
// `name = value` variables expanded, commented-out and #if 0'd lines dropped), relative to
// the directory holding Make/, as source-root-relative paths. A class registered in a file
// no Make/files names (linearValveFvMesh, commented out in v1912) is in no library.
func compiledSources(root string) (map[string]bool, error) {
	out := map[string]bool{}
	err := walkMakeFiles(root, func(p string) error {
		base, err := filepath.Rel(root, filepath.Dir(filepath.Dir(p)))
		if err != nil {
			return err
		}
		srcs, err := makeFilesSources(p)
		for _, s := range srcs {
			out[path.Clean(path.Join(filepath.ToSlash(base), s))] = true
		}
		return err
	})
	return out, err
}

var (
	reMakeVar    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*(\w+)\s*=\s*(.*?)\s*$`) })
	reMakeVarRef = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\((\w+)\)|\$\{(\w+)\}`) })
	reIfZero     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^#if\s+0\b`) })
)

// makeFilesSources: the .C and .cxx files one Make/files lists. wmake runs it through cpp (C
// comments, #if 0 blocks) and make (variables).
func makeFilesSources(p string) ([]string, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	text := blankComments(string(data))
	vars := map[string]string{}
	var out []string
	skip := 0 // depth of #if 0 blocks
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		ln := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(ln, "#if"):
			if skip > 0 || reIfZero().MatchString(ln) {
				skip++
			}
			continue
		case strings.HasPrefix(ln, "#endif"):
			if skip > 0 {
				skip--
			}
			continue
		case skip > 0 || strings.HasPrefix(ln, "#"):
			continue
		}
		expand := func(s string) string {
			return reMakeVarRef().ReplaceAllStringFunc(s, func(ref string) string {
				m := reMakeVarRef().FindStringSubmatch(ref)
				return vars[m[1]+m[2]]
			})
		}
		if m := reMakeVar().FindStringSubmatch(ln); m != nil {
			vars[m[1]] = expand(m[2])
			continue
		}
		for _, w := range strings.Fields(ln) {
			if strings.HasSuffix(w, ".C") || strings.HasSuffix(w, ".cxx") {
				out = append(out, expand(w))
			}
		}
	}
	return out, sc.Err()
}
