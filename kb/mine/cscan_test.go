package mine

import (
	"reflect"
	"strings"
	"testing"
)

func TestBlankComments(t *testing.T) {
	src := "a // x\"y\nb /* c\nd */ e \"// not a comment\" '\"' f"
	got := blankComments(src)
	if len(got) != len(src) || strings.Count(got, "\n") != 2 {
		t.Fatalf("offsets or lines changed: %q", got)
	}
	for _, want := range []string{"a ", "b ", " e \"// not a comment\" '\"' f"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lost %q", got, want)
		}
	}
	if strings.Contains(got, "x") || strings.Contains(got, "c\n") {
		t.Errorf("comment text kept: %q", got)
	}
}

func TestCtorScanHelpers(t *testing.T) {
	body := `{
    if (dict.found("value")) { x = Field<T>("value", dict, p.size()); }
    else if (y) z();
    names.readIfPresent("mode", dict, mode_);
    fan_(dict);
}`
	if e := matching(body, 0); e != len(body) {
		t.Errorf("matching = %d, want %d", e, len(body))
	}
	blocks := conditionalBlocks(body)
	if len(blocks) != 2 || blocks[0].foundKey != "value" || blocks[1].cond != "y" {
		t.Errorf("blocks %+v", blocks)
	}
	for key, want := range map[string]string{`"value", dict`: "Field", `"mode", dict`: "readIfPresent"} {
		if got := calleeAt(body, strings.Index(body, key)); got != want {
			t.Errorf("callee of %s = %q, want %q", key, got, want)
		}
	}
	if !passesDict(body, reBaseAny()) {
		t.Error("fan_(dict) hands the dictionary to a helper")
	}
	if passesDict(strings.Replace(body, "fan_(dict);", "", 1), reBaseAny()) {
		t.Error("only recognised reads remain")
	}
	name, args := splitTemplate("sutherlandTransport<species::thermo<janafThermo<perfectGas<specie>>,sensibleEnthalpy>>")
	if name != "sutherlandTransport" || !reflect.DeepEqual(args, []string{"species::thermo<janafThermo<perfectGas<specie>>,sensibleEnthalpy>"}) {
		t.Errorf("splitTemplate: %q %q", name, args)
	}
	code := "class A : public B { class N { TypeName(\"n\"); }; TypeName(\"a\"); };"
	if c, _, _ := enclosingClass(code, strings.Index(code, `TypeName("a")`)); c != "A" {
		t.Errorf("enclosing class of a = %q", c)
	}
	if c, _, _ := enclosingClass(code, strings.Index(code, `TypeName("n")`)); c != "N" {
		t.Errorf("enclosing class of n = %q", c)
	}
}
