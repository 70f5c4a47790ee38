// Package dictedit edits OpenFOAM dictionary text in place: entries are located with the
// grammar's parser (ISstream-faithful, with byte offsets) and only the bytes of the targeted entry
// change, so comments, layout and every other entry stay as they were. The fault corpus injects
// faults with it and the runner writes repairs with it (foamDictionary -set empties a regex entry
// such as "(U|k|epsilon)" when an exact key it matches is set).
package dictedit

import (
	"bytes"
	"fmt"
	"strings"
)

// Lookup returns the raw text of the value at a slash-separated key path (for a sub-dictionary:
// its braces and body); the last definition wins for a duplicated key.
func Lookup(src []byte, key string) (string, bool, error) {
	root, err := parseDict(src)
	if err != nil {
		return "", false, err
	}
	es := root.find(splitKey(key))
	if len(es) == 0 {
		return "", false, nil
	}
	e := es[len(es)-1]
	return string(src[e.valStart:e.valEnd]), true, nil
}

func splitKey(key string) []string {
	return strings.Split(strings.Trim(key, "/"), "/")
}

// SetEntry sets the entry at a slash-separated key path in dictionary text,
// keeping every other byte of the file. An existing entry is rewritten in
// place (its last definition; earlier duplicates are removed so the new value
// is the one OpenFOAM sees); a missing one is appended to its parent
// dictionary, creating missing parents.
func SetEntry(src []byte, key, value string) ([]byte, error) {
	return setPath(src, splitKey(key), value)
}

func setPath(src []byte, path []string, value string) ([]byte, error) {
	if len(path) == 0 {
		return nil, fmt.Errorf("no key")
	}
	key := strings.Join(path, "/")
	root, err := parseDict(src)
	if err != nil {
		return nil, err
	}
	value = strings.TrimSpace(value)
	if es := root.find(path); len(es) > 0 {
		last := es[len(es)-1]
		ls := lineStart(src, last.keyStart)
		indent := src[ls : ls+len(src[ls:last.keyStart])-len(bytes.TrimLeft(src[ls:last.keyStart], " \t"))]
		text := string(src[last.keyStart:last.keyEnd]) + " " + indentLines(entryValue(value), string(indent))
		var b bytes.Buffer
		pos := 0
		for _, e := range es[:len(es)-1] {
			b.Write(src[pos:lineStart(src, e.keyStart)])
			pos = lineEnd(src, e.end)
		}
		b.Write(src[pos:last.keyStart])
		b.WriteString(text)
		b.Write(src[last.end:])
		return b.Bytes(), nil
	}
	// Find the deepest existing parent dictionary.
	parent, depth := root, 0
	for depth < len(path)-1 {
		es := parent.find(path[depth : depth+1])
		if len(es) == 0 {
			break
		}
		e := es[len(es)-1]
		if e.dict == nil {
			return nil, fmt.Errorf("key %q: %q is not a dictionary", key, strings.Join(path[:depth+1], "/"))
		}
		parent, depth = e.dict, depth+1
	}
	// Build the missing part innermost-first.
	indent := strings.Repeat("    ", parent.level)
	text := path[len(path)-1] + " " + indentLines(entryValue(value), indent)
	for i := len(path) - 2; i >= depth; i-- {
		text = path[i] + " { " + text + " }"
	}
	var b bytes.Buffer
	if parent.level == 0 {
		b.Write(src)
		if len(src) > 0 && src[len(src)-1] != '\n' {
			b.WriteByte('\n')
		}
		b.WriteString(text + "\n")
		return b.Bytes(), nil
	}
	at := parent.close // the closing brace of the parent
	ls := lineStart(src, at)
	if strings.TrimSpace(string(src[ls:at])) == "" {
		at = ls // brace on its own line: insert a full line before it
		b.Write(src[:at])
		b.WriteString(indent + text + "\n")
	} else {
		b.Write(src[:at])
		if at > 0 && src[at-1] != ' ' && src[at-1] != '\t' {
			b.WriteByte(' ')
		}
		b.WriteString(text + " ")
	}
	b.Write(src[at:])
	return b.Bytes(), nil
}

// RemoveEntry removes every definition of the entry at a key path; the key
// must exist. Whole lines are removed when the entry is alone on them.
func RemoveEntry(src []byte, key string) ([]byte, error) {
	return removePath(src, splitKey(key))
}

func removePath(src []byte, path []string) ([]byte, error) {
	if len(path) == 0 {
		return nil, fmt.Errorf("no key")
	}
	key := strings.Join(path, "/")
	root, err := parseDict(src)
	if err != nil {
		return nil, err
	}
	es := root.find(path)
	if len(es) == 0 {
		return nil, fmt.Errorf("key %q not found", key)
	}
	var b bytes.Buffer
	pos := 0
	for _, e := range es {
		start, end := e.keyStart, e.end
		if ls := lineStart(src, start); strings.TrimSpace(string(src[ls:start])) == "" {
			if le := lineEnd(src, end); strings.TrimSpace(stripLineComment(string(src[end:le]))) == "" {
				start, end = ls, le
			}
		}
		b.Write(src[pos:start])
		pos = end
	}
	b.Write(src[pos:])
	return b.Bytes(), nil
}

// indentLines indents the continuation lines of a multi-line value (a
// dictionary printed at level 0) to the entry's indentation.
func indentLines(v, indent string) string {
	if indent == "" {
		return v
	}
	return strings.ReplaceAll(v, "\n", "\n"+indent)
}

func entryValue(v string) string {
	if strings.HasPrefix(v, "{") {
		return v
	}
	return v + ";"
}

func lineStart(src []byte, i int) int {
	return bytes.LastIndexByte(src[:i], '\n') + 1
}

// lineEnd returns the index after the newline ending the line containing i-1.
func lineEnd(src []byte, i int) int {
	if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
		return i + j + 1
	}
	return len(src)
}

func stripLineComment(s string) string {
	if i := strings.Index(s, "//"); i >= 0 {
		return s[:i]
	}
	return s
}
