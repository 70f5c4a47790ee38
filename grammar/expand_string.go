package grammar

import (
	"fmt"
	"strconv"
	"strings"
)

// validVariableChar is stringOps.C's character class for `$name` inside strings:
// alphanumerics, '.', ':' and '_' (no '/', so "$file/$name" is two variables).
func validVariableChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == ':' || c == '_'
}

// stringExpander implements stringOps::inplaceExpand(s, dict, allowEnv, allowEmpty)
// for the places v1912 expands text: `${…}` names, include file names, `#eval`
// input and `#ifeq` operands.
type stringExpander struct {
	dict       *ExpDict
	env        func(string) (string, bool)
	allowEmpty bool
	eval       func(string) (string, error) // `${{ expr }}`
	// missing collects names that were neither entries nor environment variables.
	missing []string
}

func (x *stringExpander) expand(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c != '$' || i+1 >= len(s) || (i > 0 && s[i-1] == '\\') {
			b.WriteByte(c)
			i++
			continue
		}
		switch {
		case s[i+1] == '{':
			i += 2
			v, err := x.recursive(s, &i)
			if err != nil {
				return "", err
			}
			b.WriteString(v)
		case validVariableChar(s[i+1]):
			j := i + 1
			for j < len(s) && validVariableChar(s[j]) {
				j++
			}
			v, err := x.variable(s[i+1 : j])
			if err != nil {
				return "", err
			}
			b.WriteString(v)
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), nil
}

// recursive is stringOps.C recursiveExpand: called just after "${", returns the
// value and leaves *i after the closing '}'.
func (x *stringExpander) recursive(s string, i *int) (string, error) {
	isExpr := *i < len(s) && s[*i] == '{'
	if isExpr {
		*i++
	}
	var out strings.Builder
	for *i < len(s) {
		c := s[*i]
		switch {
		case c == '$' && *i+1 < len(s) && s[*i+1] == '{':
			*i += 2
			v, err := x.recursive(s, i)
			if err != nil {
				return "", err
			}
			out.WriteString(v)
			continue
		case c == '$' && *i+1 < len(s) && validVariableChar(s[*i+1]):
			j := *i + 1
			for j < len(s) && validVariableChar(s[j]) {
				j++
			}
			v, err := x.variable(s[*i+1 : j])
			if err != nil {
				return "", err
			}
			out.WriteString(v)
			*i = j
			continue
		case c == '}':
			*i++
			if isExpr {
				if *i >= len(s) || s[*i] != '}' {
					return "", fmt.Errorf("expansion ${{ is missing a closing '}}'")
				}
				*i++
				if x.eval == nil {
					return "", fmt.Errorf("cannot evaluate ${{%s}}", out.String())
				}
				v, err := x.eval(out.String())
				return strings.TrimSpace(v), err
			}
			return x.variable(out.String())
		}
		out.WriteByte(c)
		*i++
	}
	return out.String(), nil
}

// variable is stringOps.C getVariable: a dictionary entry (literal, recursive,
// scoped), else the environment, with shell-style `:-default` and `:+alternative`.
func (x *stringExpander) variable(name string) (string, error) {
	alt, altPos := byte(0), -1
	for p := 0; p < len(name)-1; p++ {
		if name[p] == ':' && (name[p+1] == '-' || name[p+1] == '+') {
			alt, altPos = name[p+1], p
			break
		}
	}
	lookup := name
	if alt != 0 {
		lookup = name[:altPos]
	}
	var value string
	if e := LookupScoped(x.dict, lookup, false); e != nil {
		value = entryText(e)
	} else if x.env != nil {
		value, _ = x.env(lookup)
	}
	if value == "" && alt == '-' || value != "" && alt == '+' {
		value = name[altPos+2:]
	}
	if value == "" && !x.allowEmpty {
		x.missing = append(x.missing, lookup)
		return "", fmt.Errorf("cannot find dictionary entry or environment variable %q", lookup)
	}
	return value, nil
}

// entryText is stringOps.C entryToString: a single word or string is copied
// verbatim, anything else is written out as OpenFOAM would print it.
func entryText(e *ExpEntry) string {
	if e.Dict != nil {
		return dictText(e.Dict)
	}
	if len(e.Value) == 1 {
		switch v := e.Value[0].(type) {
		case *Word:
			return v.Value
		case *String:
			return v.Value
		case *Variable:
			return v.Raw
		case *Verbatim:
			return v.Text
		}
	}
	return itemsTextAs(e.Value, true)
}

func dictText(d *ExpDict) string {
	var b strings.Builder
	for _, e := range d.Entries {
		key := e.Key
		if e.Regex {
			key = strconv.Quote(key)
		}
		if e.Dict != nil {
			fmt.Fprintf(&b, "%s { %s } ", key, dictText(e.Dict))
			continue
		}
		if len(e.Value) == 0 {
			fmt.Fprintf(&b, "%s; ", key)
			continue
		}
		fmt.Fprintf(&b, "%s %s; ", key, itemsTextAs(e.Value, true))
	}
	return strings.TrimSpace(b.String())
}

// itemsText writes items as tokens separated by single spaces, the way
// OpenFOAM's token writer renders an entry for string expansion.
func itemsText(items []Item) string { return itemsTextAs(items, false) }

// itemsTextAs writes items; fixed prints scalars as stringOps.C entryToString does
// (std::fixed with the default precision 6), so chained #eval see the rounded text.
func itemsTextAs(items []Item, fixed bool) string {
	parts := make([]string, 0, len(items))
	for _, it := range items {
		if n, ok := it.(*Number); ok && fixed && n.Kind == ScalarKind {
			parts = append(parts, strconv.FormatFloat(n.Float, 'f', 6, 64))
			continue
		}
		if l, ok := it.(*List); ok && fixed {
			parts = append(parts, "("+itemsTextAs(l.Items, true)+")")
			continue
		}
		parts = append(parts, itemText(it))
	}
	return strings.Join(parts, " ")
}

func itemText(it Item) string {
	switch v := it.(type) {
	case *Word:
		return v.Value
	case *String:
		return strconv.Quote(v.Value)
	case *Number:
		return v.Raw
	case *Punct:
		return v.Value
	case *Variable:
		return v.Raw
	case *Verbatim:
		return "#{" + v.Text + "#}"
	case *List:
		s := "(" + itemsText(v.Items) + ")"
		if v.Counted {
			s = strconv.FormatInt(v.Count, 10) + s
		}
		return s
	case *NumList:
		return v.Raw
	case *UniformList:
		return strconv.FormatInt(v.Count, 10) + "{" + itemText(v.Value) + "}"
	case *DimSet:
		return "[" + itemsText(v.Items) + "]"
	case *Dict:
		return "{ " + astDictText(v) + " }"
	case *DirectiveItem:
		if v.Brace {
			return v.Name + "{" + v.Text + "}"
		}
		return strings.TrimSpace(v.Name + " " + itemsText(v.Args))
	case *BinList:
		return fmt.Sprintf("%d(<binary %s>)", v.Count, v.Elem)
	}
	return ""
}

func astDictText(d *Dict) string {
	var parts []string
	for _, e := range d.Entries {
		switch v := e.(type) {
		case *PrimitiveEntry:
			if len(v.Value) == 0 {
				parts = append(parts, v.Key.Raw+";")
			} else {
				parts = append(parts, v.Key.Raw+" "+itemsText(v.Value)+";")
			}
		case *DictEntry:
			parts = append(parts, v.Key.Raw+" { "+astDictText(v.Dict)+" }")
		case *SubstEntry:
			parts = append(parts, v.Var.Raw+";")
		case *DirectiveEntry:
			parts = append(parts, strings.TrimSpace(v.Name+" "+itemsText(v.Args)+v.Line))
		case *ListEntry:
			parts = append(parts, itemText(v.Value))
		}
	}
	return strings.Join(parts, " ")
}
