package grammar

import "sort"

// switchWords are the words of OpenFOAM's Switch, which every bool entry is read as (v1912
// src/OpenFOAM/primitives/bools/Switch/Switch.C, Switch::parse): compared case-sensitively
// (True, YES and On stop OpenFOAM with "Expected 'true/false', 'on/off' ... found"). The
// rules lib spells the same sets (switch_true_words, switch_false_words in
// rules/lib/foam.rego); a rules test keeps the two equal.
var switchWords = map[string]bool{
	"true": true, "t": true, "yes": true, "y": true, "on": true, "any": true,
	"false": false, "f": false, "no": false, "n": false, "off": false, "none": false,
}

// ParseSwitch reads w as Switch::parse does: ok when w is a Switch word, on when it reads
// as true.
func ParseSwitch(w string) (on, ok bool) {
	on, ok = switchWords[w]
	return on, ok
}

// SwitchWords returns the Switch words that read as on (or, with on false, as off), sorted.
func SwitchWords(on bool) []string {
	var out []string
	for w, v := range switchWords {
		if v == on {
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}

// SwitchItem reads one token as Switch's operator>> does (Switch.C): a word by
// ParseSwitch, a label as bool(label). Anything else — a scalar (1.0), a quoted string —
// is refused ("Wrong token type - expected bool"): ok is false.
func SwitchItem(it Item) (on, ok bool) {
	switch v := it.(type) {
	case *Word:
		return ParseSwitch(v.Value)
	case *Number:
		if v.Kind == LabelKind {
			return v.Int != 0, true
		}
	}
	return false, false
}

// ReadSwitch is SwitchItem of a token written as text (foamDictionary -value's output): a
// Switch word, or a number that v1912 reads as a label.
func ReadSwitch(token string) (on, ok bool) {
	if on, ok := ParseSwitch(token); ok {
		return on, true
	}
	if kind, i, _, ok := classifyNumber(token); ok && kind == LabelKind {
		return i != 0, true
	}
	return false, false
}

// SwitchValue reads a value of the JSON mapping (ItemValue) as a Switch: a word (the
// mapping gives a word and a quoted string alike), a label (int64), or a boolean (a
// document built in Go or from YAML).
func SwitchValue(v any) (on, ok bool) {
	switch x := v.(type) {
	case bool:
		return x, true
	case string:
		return ParseSwitch(x)
	case int64:
		return x != 0, true
	}
	return false, false
}
