package faults

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Edit is one declarative change to a case directory. The fault corpus injects
// faults with edits; the runner's repair tests reuse them (docs/faults.md).
//
//	set     File, Key, Value   set the entry at key path Key (slash-separated,
//	                           e.g. "boundaryField/inlet/type") to the raw
//	                           OpenFOAM text Value; a Value starting with "{" makes
//	                           a sub-dictionary. Missing parents are created.
//	remove  File, Key          remove every entry at key path Key (must exist)
//	delete  File               delete a file or directory (must exist)
//	replace File, Old, New     replace every occurrence of Old (must occur)
//	write   File, Value        write Value as the whole file
//	copy    From, File         copy a file or directory From to File
type Edit struct {
	Op    string `yaml:"op" json:"op"`
	File  string `yaml:"file" json:"file"`
	Key   string `yaml:"key,omitempty" json:"key,omitempty"`
	Value string `yaml:"value,omitempty" json:"value,omitempty"`
	Old   string `yaml:"old,omitempty" json:"old,omitempty"`
	New   string `yaml:"new,omitempty" json:"new,omitempty"`
	From  string `yaml:"from,omitempty" json:"from,omitempty"`
}

func (e Edit) String() string {
	switch e.Op {
	case "set":
		return fmt.Sprintf("set %s:%s = %q", e.File, e.Key, e.Value)
	case "remove":
		return fmt.Sprintf("remove %s:%s", e.File, e.Key)
	case "replace":
		return fmt.Sprintf("replace %s: %q -> %q", e.File, e.Old, e.New)
	case "copy":
		return fmt.Sprintf("copy %s -> %s", e.From, e.File)
	}
	return e.Op + " " + e.File
}

// Validate checks an edit's shape without touching a case.
func (e Edit) Validate() error {
	if err := checkRel(e.File); err != nil {
		return fmt.Errorf("edit %s: file: %w", e, err)
	}
	need := func(ok bool, what string) error {
		if !ok {
			return fmt.Errorf("edit %s: op %q needs %s", e, e.Op, what)
		}
		return nil
	}
	switch e.Op {
	case "set":
		if err := need(e.Key != "", "key"); err != nil {
			return err
		}
		return need(e.Value != "", "value")
	case "remove":
		return need(e.Key != "", "key")
	case "delete":
		return nil
	case "replace":
		return need(e.Old != "", "old")
	case "write":
		return nil
	case "copy":
		if err := checkRel(e.From); err != nil {
			return fmt.Errorf("edit %s: from: %w", e, err)
		}
		return nil
	}
	return fmt.Errorf("edit %s: unknown op %q (set|remove|delete|replace|write|copy)", e, e.Op)
}

// checkRel keeps edits inside the case directory.
func checkRel(p string) error {
	if p == "" {
		return fmt.Errorf("empty path")
	}
	if filepath.IsAbs(p) || !filepath.IsLocal(filepath.FromSlash(p)) {
		return fmt.Errorf("path %q must be relative and stay inside the case", p)
	}
	return nil
}

// Apply performs one edit on the case at caseDir.
func Apply(caseDir string, e Edit) error {
	if err := e.Validate(); err != nil {
		return err
	}
	path := filepath.Join(caseDir, filepath.FromSlash(e.File))
	switch e.Op {
	case "delete":
		if _, err := os.Lstat(path); err != nil {
			return fmt.Errorf("edit %s: %w", e, err)
		}
		if err := os.RemoveAll(path); err != nil {
			return fmt.Errorf("edit %s: %w", e, err)
		}
		return nil
	case "write":
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("edit %s: %w", e, err)
		}
		if err := os.WriteFile(path, []byte(e.Value), 0o644); err != nil {
			return fmt.Errorf("edit %s: %w", e, err)
		}
		return nil
	case "copy":
		if err := CopyTree(filepath.Join(caseDir, filepath.FromSlash(e.From)), path); err != nil {
			return fmt.Errorf("edit %s: %w", e, err)
		}
		return nil
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("edit %s: %w", e, err)
	}
	var out []byte
	switch e.Op {
	case "replace":
		if !bytes.Contains(src, []byte(e.Old)) {
			return fmt.Errorf("edit %s: text %q not found in %s", e, e.Old, e.File)
		}
		out = bytes.ReplaceAll(src, []byte(e.Old), []byte(e.New))
	case "set":
		out, err = SetEntry(src, e.Key, e.Value)
	case "remove":
		out, err = RemoveEntry(src, e.Key)
	}
	if err != nil {
		return fmt.Errorf("edit %s: %w", e, err)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		return fmt.Errorf("edit %s: %w", e, err)
	}
	return nil
}

// ApplyAll performs edits in order and stops at the first failure.
func ApplyAll(caseDir string, edits []Edit) error {
	for _, e := range edits {
		if err := Apply(caseDir, e); err != nil {
			return err
		}
	}
	return nil
}

// Lookup returns the raw text of the value at key path key in a dictionary
// file of the case (for a sub-dictionary: its braces and body).
func Lookup(caseDir, file, key string) (string, bool, error) {
	if err := checkRel(file); err != nil {
		return "", false, err
	}
	src, err := os.ReadFile(filepath.Join(caseDir, filepath.FromSlash(file)))
	if err != nil {
		return "", false, fmt.Errorf("lookup %s:%s: %w", file, key, err)
	}
	root, err := parseDict(src)
	if err != nil {
		return "", false, fmt.Errorf("lookup %s:%s: %w", file, key, err)
	}
	es := root.find(splitKey(key))
	if len(es) == 0 {
		return "", false, nil
	}
	e := es[len(es)-1] // the last definition wins for a duplicate key
	return string(src[e.valStart:e.valEnd]), true, nil
}

// CopyTree copies a file or a directory tree (regular files and directories only).
func CopyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
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
	root, err := parseDict(src)
	if err != nil {
		return nil, err
	}
	path := splitKey(key)
	value = strings.TrimSpace(value)
	if es := root.find(path); len(es) > 0 {
		last := es[len(es)-1]
		text := string(src[last.keyStart:last.keyEnd]) + " " + entryValue(value)
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
	text := path[len(path)-1] + " " + entryValue(value)
	for i := len(path) - 2; i >= depth; i-- {
		text = path[i] + " { " + text + " }"
	}
	indent := strings.Repeat("    ", parent.level)
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
	root, err := parseDict(src)
	if err != nil {
		return nil, err
	}
	es := root.find(splitKey(key))
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
