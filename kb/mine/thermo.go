package mine

import (
	"regexp"
	"strings"
	"sync"
)

// Thermo combinations are the names fluidThermo::New looks up, built from the
// seven thermoType words: type<mixture<transport<thermo<equationOfState<specie>>,energy>>>
// (basicThermo::lookupThermo). The instantiation macros name C++ classes; each
// class contributes the word its static typeName() returns ("sutherland<" for
// sutherlandTransport), so the names are rebuilt exactly as OpenFOAM prints them.

var (
	// static word typeName() { return "sutherland<" + ...  (or the whole word)
	reStaticTypeName = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`static\s+(?:inline\s+)?word\s+typeName\s*\(\s*\)\s*(?:const\s*)?\{\s*return\s+(?:word\s*\(\s*)?"(\w+)`)
	})
	reTypedefThermo  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`typedef\s+([\w:<>,\s]+?)\s+(\w+)\s*;`) })
	reAddThermoTable = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`addToRunTimeSelectionTable\s*\(\s*(\w+)\s*,\s*(\w+)\s*,\s*fvMesh\s*\)`)
	})
	reThermoMacro = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(makeThermos|makeThermo|makeReactionThermos|makeReactionThermo|makeThermoPhysicsReactionThermos|makeThermoPhysicsReactionThermo|makeSolidThermo)\s*\(([^()]*)\)`)
	})
)

// thermoScan collects what the combinations need from the sources.
type thermoScan struct {
	short    map[string]string // class -> typeName() word (sutherlandTransport -> sutherland)
	typedefs map[string]string // thermo physics typedefs -> template expression
	uses     []thermoUse
}

type thermoUse struct {
	tables []string // selection tables the macro registers in
	name   func(*thermoScan) (string, bool)
	at     string
}

func newThermoScan() *thermoScan {
	return &thermoScan{short: map[string]string{}, typedefs: map[string]string{}}
}

// header reads typeName() words and thermo-physics typedefs of one header.
func (ts *thermoScan) header(code string) {
	if m := reStaticTypeName().FindStringSubmatchIndex(code); m != nil {
		if class, _, _ := enclosingClass(code, m[0]); class != "" {
			ts.short[class] = code[m[2]:m[3]]
		}
	}
	if strings.Contains(code, "ThermoPhysics") || strings.Contains(code, "species::thermo") {
		for _, m := range reTypedefThermo().FindAllStringSubmatch(code, -1) {
			if strings.Contains(m[1], "species::thermo") {
				ts.typedefs[m[2]] = strings.Join(strings.Fields(m[1]), "")
			}
		}
	}
}

// source records the instantiation macros of one .C file, and classes
// registered by hand under an explicit name (liquidThermo.C:
// "heRhoThermo<pureMixture<liquid,sensibleInternalEnergy>>").
func (ts *thermoScan) source(f *cfile) {
	named := map[string]string{}
	for _, m := range reNamedTempl().FindAllStringSubmatch(f.code, -1) {
		named[m[1]] = m[2]
	}
	for _, m := range reAddThermoTable().FindAllStringSubmatchIndex(f.code, -1) {
		table, class := f.code[m[2]:m[3]], f.code[m[4]:m[5]]
		if name, ok := named[class]; ok && strings.HasSuffix(table, "Thermo") {
			ts.uses = append(ts.uses, thermoUse{tables: []string{table}, at: f.at(m[0]),
				name: func(*thermoScan) (string, bool) { return name, true }})
		}
	}
	for _, m := range reThermoMacro().FindAllStringSubmatchIndex(f.code, -1) {
		ls := strings.LastIndexByte(f.code[:m[0]], '\n')
		if strings.HasPrefix(strings.TrimSpace(f.code[ls+1:m[0]]), "#define") {
			continue
		}
		macro := f.code[m[2]:m[3]]
		args := strings.Split(strings.Join(strings.Fields(f.code[m[4]:m[5]]), ""), ",")
		u := thermoUse{at: f.at(m[0])}
		// argument layouts of the v1912 macros (makeThermo.H, makeReactionThermo.H, makeSolidThermo.H)
		var cthermo, mixture string
		var phys []string // Transport, Type, Thermo, EqnOfState, Specie
		var physTypedef string
		switch macro {
		case "makeThermos", "makeThermo", "makeSolidThermo":
			if len(args) != 8 {
				continue
			}
			u.tables = []string{args[0]}
			if macro == "makeThermos" {
				u.tables = append(u.tables, "fluidThermo", "basicThermo")
			}
			cthermo, mixture, phys = args[1], args[2], args[3:8]
		case "makeReactionThermos":
			if len(args) != 9 {
				continue
			}
			u.tables = []string{args[0], args[1], "fluidThermo", "basicThermo"}
			cthermo, mixture, phys = args[2], args[3], args[4:9]
		case "makeReactionThermo":
			if len(args) != 8 {
				continue
			}
			u.tables = []string{args[0]}
			cthermo, mixture, phys = args[1], args[2], args[3:8]
		case "makeThermoPhysicsReactionThermos":
			if len(args) != 5 {
				continue
			}
			u.tables = []string{args[0], args[1], "fluidThermo", "basicThermo"}
			cthermo, mixture, physTypedef = args[2], args[3], args[4]
		case "makeThermoPhysicsReactionThermo":
			if len(args) != 4 {
				continue
			}
			u.tables = []string{args[0]}
			cthermo, mixture, physTypedef = args[1], args[2], args[3]
		}
		if macroPlaceholder[cthermo] || cthermo == "CThermo" {
			continue
		}
		u.name = func(ts *thermoScan) (string, bool) {
			var p string
			if physTypedef != "" {
				expr, ok := ts.typedefs[physTypedef]
				if !ok {
					return "", false
				}
				var good bool
				if p, good = ts.render(expr); !good {
					return "", false
				}
			} else {
				tr, e, th, eos, sp := phys[0], phys[1], phys[2], phys[3], phys[4]
				var good bool
				if p, good = ts.render(tr + "<species::thermo<" + th + "<" + eos + "<" + sp + ">>," + e + ">>"); !good {
					return "", false
				}
			}
			mix := mixture
			if w, ok := ts.short[mixture]; ok { // singleComponentMixture prints as pureMixture
				mix = w
			}
			return cthermo + "<" + mix + "<" + p + ">>", true
		}
		ts.uses = append(ts.uses, u)
	}
}

// render turns a C++ template expression into OpenFOAM's type name:
// sutherlandTransport<species::thermo<janafThermo<perfectGas<specie>>,sensibleEnthalpy>>
// -> sutherland<janaf<perfectGas<specie>>,sensibleEnthalpy>.
func (ts *thermoScan) render(expr string) (string, bool) {
	name, args := splitTemplate(expr)
	if name == "species::thermo" {
		if len(args) != 2 {
			return "", false
		}
		a, ok1 := ts.render(args[0])
		b, ok2 := ts.render(args[1])
		return a + "," + b, ok1 && ok2
	}
	word, ok := ts.short[strings.TrimPrefix(name, "Foam::")]
	if len(args) == 0 {
		// leaves without a typeName() function (specie) print their class name
		if !ok {
			word = strings.TrimPrefix(name, "Foam::")
		}
		return word, true
	}
	if !ok {
		return "", false
	}
	var parts []string
	for _, a := range args {
		if a != "" && strings.Trim(a, "0123456789") == "" {
			continue // numeric template arguments (polynomial order) are not part of the name
		}
		r, ok := ts.render(a)
		if !ok {
			return "", false
		}
		parts = append(parts, r)
	}
	return word + "<" + strings.Join(parts, ",") + ">", true
}

// splitTemplate splits "a<b<c>,d>" into "a" and ["b<c>", "d"].
func splitTemplate(expr string) (string, []string) {
	i := strings.IndexByte(expr, '<')
	if i < 0 || !strings.HasSuffix(expr, ">") {
		return expr, nil
	}
	inner := expr[i+1 : len(expr)-1]
	var args []string
	depth, start := 0, 0
	for j := 0; j < len(inner); j++ {
		switch inner[j] {
		case '<':
			depth++
		case '>':
			depth--
		case ',':
			if depth == 0 {
				args = append(args, inner[start:j])
				start = j + 1
			}
		}
	}
	return expr[:i], append(args, inner[start:])
}

// combinations resolves every recorded instantiation: table -> names.
func (ts *thermoScan) combinations() (map[string][]string, []string) {
	out := map[string][]string{}
	var unresolved []string
	for _, u := range ts.uses {
		name, ok := u.name(ts)
		if !ok {
			unresolved = append(unresolved, u.at)
			continue
		}
		for _, t := range u.tables {
			out[t] = append(out[t], name)
		}
	}
	return out, unresolved
}
