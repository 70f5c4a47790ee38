package faults

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/foamc/foamc/grammar/dictedit"
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
		out, err = dictedit.SetEntry(src, e.Key, e.Value)
	case "remove":
		out, err = dictedit.RemoveEntry(src, e.Key)
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
	v, ok, err := dictedit.Lookup(src, key)
	if err != nil {
		return "", false, fmt.Errorf("lookup %s:%s: %w", file, key, err)
	}
	return v, ok, nil
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
