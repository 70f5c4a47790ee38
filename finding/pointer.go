package finding

import "strings"

// Location.Path and every document path in foamc are RFC 6901 JSON pointers; these are the
// one implementation of their escaping (the Rego side has lib.esc).

// Pointer joins reference tokens into a pointer: Pointer("files", "0/U") is "/files/0~1U".
func Pointer(tokens ...string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(EscapeToken(t))
	}
	return b.String()
}

// SplitPointer returns the unescaped reference tokens of a pointer ("" and "/" give none
// and one empty token, as RFC 6901 reads them).
func SplitPointer(p string) []string {
	if p == "" {
		return nil
	}
	toks := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, t := range toks {
		toks[i] = UnescapeToken(t)
	}
	return toks
}

// EscapeToken escapes one reference token: "~" as "~0", "/" as "~1".
func EscapeToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// UnescapeToken reverses EscapeToken ("~1" first, so "~01" is "~1").
func UnescapeToken(s string) string {
	if !strings.Contains(s, "~") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}
