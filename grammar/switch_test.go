package grammar

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestSwitchReaders: the one reader of Switch words, in its three forms (a token's text, an
// item, a document value), reads Switch.C's twelve words case-sensitively and a label as
// bool(label), and refuses a scalar and a quoted string as operator>> does. That icoFoam
// agrees word by word is rules.TestSwitchWords; #if is TestIfSwitchFoamDictionary.
func TestSwitchReaders(t *testing.T) {
	if on, off := SwitchWords(true), SwitchWords(false); !slices.Equal(on, []string{"any", "on", "t", "true", "y", "yes"}) ||
		!slices.Equal(off, []string{"f", "false", "n", "no", "none", "off"}) {
		t.Fatalf("SwitchWords: on %v, off %v", on, off)
	}
	for _, c := range []struct {
		text   string
		on, ok bool
		item   Item
	}{
		{"any", true, true, NewWord("any")},
		{"none", false, true, NewWord("none")},
		{"True", false, false, NewWord("True")},
		{"YES", false, false, NewWord("YES")},
		{"maybe", false, false, NewWord("maybe")},
		{"2", true, true, Label(2)},
		{"-1", true, true, Label(-1)},
		{"0", false, true, Label(0)},
		{"1.0", false, false, &Number{Raw: "1.0", Kind: ScalarKind, Float: 1}},
		{"1000.5", false, false, Num(1000.5)},
	} {
		if on, ok := ReadSwitch(c.text); on != c.on || ok != c.ok {
			t.Errorf("ReadSwitch(%q) = %v, %v; want %v, %v", c.text, on, ok, c.on, c.ok)
		}
		if on, ok := SwitchItem(c.item); on != c.on || ok != c.ok {
			t.Errorf("SwitchItem(%s) = %v, %v; want %v, %v", c.text, on, ok, c.on, c.ok)
		}
		if on, ok := SwitchValue(ItemValue(c.item, ValueOptions{})); on != c.on || ok != c.ok {
			t.Errorf("SwitchValue(%s) = %v, %v; want %v, %v", c.text, on, ok, c.on, c.ok)
		}
	}
	// A quoted string is not a Switch token, though the JSON mapping cannot tell it from a word.
	if _, ok := SwitchItem(Str("true")); ok {
		t.Error(`SwitchItem("true" quoted) reads as a Switch`)
	}
	if on, ok := SwitchValue(true); !on || !ok {
		t.Error("SwitchValue(true) is not on")
	}
}

// TestIfSwitchFoamDictionary: #if reads its condition as v1912's ifEntry::isTrue does, asked
// of `foamDictionary -expand`: every Switch word, a label as bool(label), a scalar as on
// above 0.5 (Switch(scalar) rounds), and a wrong-case word or a quoted string stop it (a
// deny finding here).
func TestIfSwitchFoamDictionary(t *testing.T) {
	bin := foamtest.RequireBinary(t, "foamDictionary")
	conds := append(SwitchWords(true), SwitchWords(false)...)
	conds = append(conds, "True", "NONE", "maybe", `"true"`, "0", "1", "2", "-1", "0.3", "0.5", "0.51", "1.0")
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "system"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "system", "controlDict"), []byte("FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }\n"+
		"application icoFoam; startFrom startTime; startTime 0; stopAt endTime; endTime 1; deltaT 1; writeControl timeStep; writeInterval 1;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	taken := regexp.MustCompile(`(?m)^a\s+(\d);`)
	for _, c := range conds {
		p := filepath.Join(root, "d")
		src := "FoamFile { version 2.0; format ascii; class dictionary; object d; }\n#if " + c + "\na 1;\n#else\na 2;\n#endif\n"
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		cmd := exec.CommandContext(ctx, bin, "-case", root, "-expand", "d")
		cmd.Dir, cmd.Env = root, foamtest.Env()
		out, err := cmd.CombinedOutput()
		cancel()
		theirs := "refused"
		if err == nil {
			m := taken.FindSubmatch(out)
			if m == nil {
				t.Fatalf("#if %s: foamDictionary wrote no a:\n%s", c, out)
			}
			theirs = map[string]string{"1": "on", "2": "off"}[string(m[1])]
		}
		x, err := ExpandFile(p, ExpandOptions{CaseDir: root})
		if err != nil {
			t.Fatal(err)
		}
		ours := map[any]string{int64(1): "on", int64(2): "off"}[x.Dict.Value(ValueOptions{})["a"]]
		for _, f := range x.Findings {
			if f.ID == IDConditional && f.Severity == "deny" {
				ours = "refused"
			}
		}
		if ours != theirs {
			t.Errorf("#if %s: foamDictionary %s, foamc %s", c, theirs, ours)
		}
	}
}
