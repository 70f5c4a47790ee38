package grammar

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// A quoted keyword is a pattern (keyType REGEX). v1912 built with GCC >= 7 compiles it
// with std::regex in its `extended` (POSIX ERE) grammar, a leading "(?i)" stripped for
// case-insensitivity, and matches the whole keyword (regExpCxx.C set, regExpCxxI.H
// match). Go's RE2 reads some ERE differently: a backslash inside brackets is a
// literal in ERE (`"lib[\s]"` is `libs` to OpenFOAM, whitespace to RE2), and
// equivalence classes and collating elements (`"li[[=b=]]s"`) do not compile in RE2.
// KeyRegex translates the pattern to RE2 with OpenFOAM's meaning; tests compare it
// with foamDictionary.

// errKeyRegex is a pattern foamc cannot translate: OpenFOAM stops on it (an escaped
// ordinary character, `(?`), or it uses what RE2 cannot say (multi-character
// collating elements, non-ASCII bytes). Security lookups treat such a pattern as
// matching every keyword.
var errKeyRegex = errors.New("pattern not translatable to RE2")

// ereSpecial are the characters an ERE backslash may escape (libstdc++ _M_spec_char
// for extended; escaping anything else is error_escape under -std=c++11).
const ereSpecial = `^$\.*+?()[]{}|`

// posixClasses are the bracket class names both grammars know.
var posixClasses = map[string]bool{
	"alnum": true, "alpha": true, "blank": true, "cntrl": true, "digit": true, "graph": true,
	"lower": true, "print": true, "punct": true, "space": true, "upper": true, "xdigit": true,
}

// KeyRegex returns the RE2 form (unanchored) of a pattern keyword as OpenFOAM v1912
// compiles it, and whether foamc could translate it.
func KeyRegex(pattern string) (string, bool) {
	out, err := translateERE(pattern)
	if err != nil {
		return "", false
	}
	if _, err := regexp.Compile("^(?:" + out + ")$"); err != nil {
		return "", false
	}
	return out, true
}

func translateERE(p string) (string, error) {
	var b strings.Builder
	if strings.HasPrefix(p, "(?i)") {
		b.WriteString("(?i)")
		p = p[4:]
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c >= 0x80:
			return "", errKeyRegex
		case c == '\\':
			if i+1 >= len(p) || !strings.ContainsRune(ereSpecial, rune(p[i+1])) {
				return "", errKeyRegex
			}
			b.WriteByte('\\')
			b.WriteByte(p[i+1])
			i++
		case c == '(' && i+1 < len(p) && p[i+1] == '?':
			return "", errKeyRegex
		case c == '{':
			j := strings.IndexByte(p[i:], '}')
			if j < 0 || !interval(p[i+1:i+j]) {
				return "", errKeyRegex
			}
			b.WriteString(p[i : i+j+1])
			i += j
		case c == '[':
			cls, n, err := bracket(p[i:])
			if err != nil {
				return "", err
			}
			b.WriteString(cls)
			i += n - 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

// interval holds for the inside of an ERE bound: m, m, or m,n.
func interval(s string) bool {
	lo, hi, comma := strings.Cut(s, ",")
	digits := func(t string) bool {
		for _, r := range t {
			if r < '0' || r > '9' {
				return false
			}
		}
		return true
	}
	return lo != "" && digits(lo) && (!comma || digits(hi))
}

// bracket translates the bracket expression at the start of p, returning it and the
// bytes it took. Inside brackets an ERE backslash is an ordinary character.
func bracket(p string) (string, int, error) {
	var b strings.Builder
	b.WriteByte('[')
	i := 1
	if i < len(p) && p[i] == '^' {
		b.WriteByte('^')
		i++
	}
	first := true
	for {
		if i >= len(p) {
			return "", 0, errKeyRegex
		}
		c := p[i]
		if c == ']' && !first {
			b.WriteByte(']')
			return b.String(), i + 1, nil
		}
		first = false
		if c >= 0x80 {
			return "", 0, errKeyRegex
		}
		if c == '[' && i+1 < len(p) && strings.IndexByte(":=.", p[i+1]) >= 0 {
			kind := p[i+1]
			end := strings.Index(p[i+2:], string(kind)+"]")
			if end < 0 {
				return "", 0, errKeyRegex
			}
			name := p[i+2 : i+2+end]
			i += 2 + end + 2
			if kind == ':' {
				if !posixClasses[name] {
					return "", 0, errKeyRegex
				}
				b.WriteString("[:" + name + ":]")
				continue
			}
			// A one-character equivalence class or collating element is that character
			// in the C locale; longer names are not translated.
			if len(name) != 1 || name[0] >= 0x80 {
				return "", 0, errKeyRegex
			}
			c = name[0]
		} else {
			i++
		}
		writeClassChar(&b, c)
		// A range: c-d, where '-' before the closing bracket is a literal.
		if i+1 < len(p) && p[i] == '-' && p[i+1] != ']' {
			d := p[i+1]
			if d >= 0x80 || d == '[' || d < c {
				return "", 0, errKeyRegex
			}
			b.WriteByte('-')
			writeClassChar(&b, d)
			i += 2
		}
	}
}

// writeClassChar writes c as a literal inside an RE2 class.
func writeClassChar(b *strings.Builder, c byte) {
	switch {
	case c >= '0' && c <= '9', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
		b.WriteByte(c)
	case c < 0x20 || c == 0x7f:
		fmt.Fprintf(b, `\x{%02x}`, c)
	default:
		b.WriteByte('\\')
		b.WriteByte(c)
	}
}
