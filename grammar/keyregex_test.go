package grammar

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// keyRegexCases are pattern keywords and a keyword looked up, with what OpenFOAM v1912
// does (foamDictionary -entry KEY on a file holding `"PATTERN" (found);`): match, no
// match, or stop reading ("fatal": the pattern does not compile). foamc must match where
// OpenFOAM matches; where foamc cannot translate (ok false) the security rules assume a
// match.
var keyRegexCases = []struct {
	pattern, key string
	want         string // match | nomatch | fatal
	ok           bool   // KeyRegex translates it
}{
	{`li(b)s`, "libs", "match", true},
	{`(U|k|epsilon)Final`, "kFinal", "match", true},
	{`(U|k|epsilon)Final`, "k", "nomatch", true},
	{`lib[\s]`, "libs", "match", true},
	{`lib[\s]`, "lib ", "nomatch", true},
	{`lib[\s]`, `lib\`, "match", true},
	{`li[[=b=]]s`, "libs", "match", true},
	{`li[[.b.]]s`, "libs", "match", true},
	{`l[[:alpha:]]bs`, "libs", "match", true},
	{`(?i)LIBS`, "libs", "match", true},
	{`LIBS`, "libs", "nomatch", true},
	{`li(b|x)*s`, "libs", "match", true},
	{`lib.{1}`, "libs", "match", true},
	{`lib[s-s]`, "libs", "match", true},
	{`libs|x`, "libs", "match", true},
	{`^libs$`, "libs", "match", true},
	{`li\bs`, "libs", "fatal", false},
	{`lib\w`, "libs", "fatal", false},
	{`l(?:i)bs`, "libs", "fatal", false},
	{`lib[[.space.]]`, "libs", "nomatch", false},
	{`[]t]ype`, "type", "match", true},
	{`[^]x]ype`, "type", "match", true},
	{`typ[a-]`, "typ-", "match", true},
	{`ty\.pe`, "type", "nomatch", true},
	{`t.pe`, "type", "match", true},
	{`t\[y]pe`, "t[y]pe", "match", true},
	{`.*`, "functionObjectLibs", "match", true},
}

// foamcMatches expands a file with the pattern entry and looks the key up as the
// rules' lookups do.
func foamcMatches(t *testing.T, pattern, key string) bool {
	t.Helper()
	src := "\"" + pattern + "\" (found);\n"
	f, err := Parse("d", []byte(src))
	if err != nil {
		t.Fatalf("parse %q: %v", src, err)
	}
	x := Expand(f, "d", ExpandOptions{CaseDir: t.TempDir()})
	return Lookup(x.Dict, key) != nil
}

func TestKeyRegex(t *testing.T) {
	for _, c := range keyRegexCases {
		_, ok := KeyRegex(c.pattern)
		if ok != c.ok {
			t.Errorf("KeyRegex(%q) translated %v, want %v", c.pattern, ok, c.ok)
		}
		if got := foamcMatches(t, c.pattern, c.key); c.ok && got != (c.want == "match") {
			t.Errorf("%q looked up as %q: foamc matches %v, OpenFOAM %s", c.pattern, c.key, got, c.want)
		}
	}
}

// TestKeyRegexFoamDictionary asks the real reader what each case does.
func TestKeyRegexFoamDictionary(t *testing.T) {
	bin := foamtest.RequireBinary(t, "foamDictionary")
	dir := t.TempDir()
	for i, c := range keyRegexCases {
		file := filepath.Join(dir, "d"+string(rune('a'+i%26))+strings.Repeat("x", i/26))
		src := "FoamFile { version 2.0; format ascii; class dictionary; object d; }\n\"" + c.pattern + "\" (found);\n"
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "-entry", c.key, "-value", file)
		cmd.Env = foamtest.Env()
		out, _ := cmd.CombinedOutput()
		var got string
		switch s := string(out); {
		case strings.Contains(s, "found"):
			got = "match"
		case strings.Contains(s, "Failed to compile regular expression"):
			got = "fatal"
		case strings.Contains(s, "Cannot find entry"):
			got = "nomatch"
		default:
			t.Fatalf("%q: unexpected foamDictionary output:\n%s", c.pattern, s)
		}
		if got != c.want {
			t.Errorf("%q looked up as %q: OpenFOAM says %s, the table %s", c.pattern, c.key, got, c.want)
		}
	}
}

// TestRemovePatternAsERE: `#remove "li[\w]s"` keeps libs in v1912 (inside ERE brackets
// `\w` is a backslash or w); removing it by RE2 would hide it from the security rules.
func TestRemovePatternAsERE(t *testing.T) {
	for src, kept := range map[string]bool{
		"libs (x);\n#remove \"li[\\\\w]s\"\n": true,
		"libs (x);\n#remove \"li[bx]s\"\n":    false,
		"libs (x);\n#remove \"lib\\\\w\"\n":   true,
	} {
		f, err := Parse("d", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		x := Expand(f, "d", ExpandOptions{CaseDir: t.TempDir()})
		if got := x.Dict.Get("libs") != nil; got != kept {
			t.Errorf("%q: libs kept %v, want %v", src, got, kept)
		}
	}
}

// TestRemovePatternFoamDictionary: what v1912 keeps after `#remove "li[\w]s"`.
func TestRemovePatternFoamDictionary(t *testing.T) {
	bin := foamtest.RequireBinary(t, "foamDictionary")
	file := filepath.Join(t.TempDir(), "d")
	src := "FoamFile { version 2.0; format ascii; class dictionary; object d; }\nlibs (found);\n#remove \"li[\\w]s\"\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-entry", "libs", "-value", file)
	cmd.Env = foamtest.Env()
	if out, _ := cmd.CombinedOutput(); !strings.Contains(string(out), "found") {
		t.Fatalf("foamDictionary removed libs:\n%s", out)
	}
}
