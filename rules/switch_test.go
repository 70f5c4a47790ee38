package rules

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/grammar"
	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
)

// TestSwitchWords: the rules lib's Switch helpers (is_switch, truthy, switch_off) and Go's
// one Switch reader (grammar.ReadSwitch) agree with real v1912 on each word. icoFoam reads
// PISO's momentumPredictor as a Switch: it stops on a value that is none (and lint denies
// it, FOAM-SOL-012), solves the momentum predictor ("Solving for Ux") when it reads true and
// skips it when it reads false.
func TestSwitchWords(t *testing.T) {
	e := withOpenFOAM(t, "icoFoam")
	c := libCompiler(t)
	holds := func(fn string, v any) bool {
		lit, _ := json.Marshal(v)
		rs, err := rego.New(rego.Compiler(c), rego.Query("data.foamc.lib."+fn+"("+string(lit)+")")).Eval(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return len(rs) > 0
	}
	base := fixtureCase(t, "cavity-clean")
	if out, err := runFoam(t, base, time.Minute, "blockMesh"); err != nil {
		t.Fatalf("blockMesh: %v\n%s", err, out)
	}
	setControl(t, base, "endTime", "0.005") // one step
	const piso = "PISO { nCorrectors 2;"
	words := append(grammar.SwitchWords(true), grammar.SwitchWords(false)...)
	words = append(words, "True", "YES", "On", "NONE", "Any", "maybe", "0", "1", "2", "-1")
	for _, w := range words {
		t.Run(w, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "case")
			if out, err := exec.Command("cp", "-r", base, dir).CombinedOutput(); err != nil {
				t.Fatalf("copy: %v %s", err, out)
			}
			p := filepath.Join(dir, "system", "fvSolution")
			b, err := os.ReadFile(p)
			if err != nil || !strings.Contains(string(b), piso) {
				t.Fatalf("fvSolution lacks %q (%v)", piso, err)
			}
			if err := os.WriteFile(p, []byte(strings.Replace(string(b), piso, "PISO { momentumPredictor "+w+"; nCorrectors 2;", 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			out, runErr := runFoam(t, dir, time.Minute, "icoFoam")
			refused := runErr != nil && strings.Contains(out, "Expected 'true/false', 'on/off' ... found "+w)
			if runErr != nil && !refused {
				t.Fatalf("icoFoam failed otherwise: %v\n%s", runErr, tail(out))
			}
			solved := strings.Contains(out, "Solving for Ux")
			// the case document holds a label as a number, a word as a string
			var v any = w
			if n, err := strconv.Atoi(w); err == nil {
				v = n
			}
			isSwitch, on, off := holds("is_switch", v), holds("truthy", v), holds("switch_off", v)
			if isSwitch == refused || on != (!refused && solved) || off != (!refused && !solved) {
				t.Errorf("%q: icoFoam refused %v, solved the predictor %v; lib is_switch %v, truthy %v, switch_off %v", w, refused, solved, isSwitch, on, off)
			}
			if goOn, goOK := grammar.ReadSwitch(w); goOK == refused || goOn != (!refused && solved) {
				t.Errorf("%q: icoFoam refused %v, solved the predictor %v; grammar.ReadSwitch on %v, ok %v", w, refused, solved, goOn, goOK)
			}
			denied := findingAt(denies(lintCase(t, e, dir)), "FOAM-SOL-012", "/files/system~1fvSolution/PISO/momentumPredictor") != nil
			if denied != refused {
				t.Errorf("%q: icoFoam refused %v, lint denied (FOAM-SOL-012) %v", w, refused, denied)
			}
		})
	}
}

// TestSwitchWordsGo: the lib's Switch words (switch_true_words, switch_false_words) are Go's
// (grammar.SwitchWords), so the two spellings of Switch.C cannot drift apart.
func TestSwitchWordsGo(t *testing.T) {
	for _, on := range []bool{true, false} {
		name := map[bool]string{true: "switch_true_words", false: "switch_false_words"}[on]
		if lib, goWords := regoStrings(t, "data.foamc.lib."+name), grammar.SwitchWords(on); !slices.Equal(lib, goWords) {
			t.Errorf("rules lib %s %v, grammar.SwitchWords(%v) %v", name, lib, on, goWords)
		}
	}
}

// regoStrings evaluates a query of the built-in library that yields a list of strings,
// sorted.
func regoStrings(t *testing.T, query string) []string {
	t.Helper()
	rs, err := rego.New(rego.Compiler(libCompiler(t)), rego.Query(query)).Eval(context.Background())
	if err != nil || len(rs) != 1 {
		t.Fatalf("%s: %v %v", query, rs, err)
	}
	var out []string
	for _, v := range rs[0].Expressions[0].Value.([]any) {
		out = append(out, v.(string))
	}
	slices.Sort(out)
	return out
}

// libCompiler compiles the built-in rules and library, as the engine does.
func libCompiler(t *testing.T) *ast.Compiler {
	t.Helper()
	srcs, err := builtinSources(false)
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := compileSources(srcs, checked)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
