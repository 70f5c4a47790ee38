package dictedit

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/foamc/foamc/finding"
)

// Keys decodes an edit's RFC 6901 pointer into the keys of the entry it names.
// The whole document ("" or "/") names no entry.
func Keys(pointer string) []string {
	if pointer == "/" {
		return nil
	}
	return finding.SplitPointer(pointer)
}

// Apply applies the edits of one file to its text, in order: add and set write
// the entry (SetEntry), remove deletes it, create-file replaces the text. src is
// nil for a file that does not exist (only create-file then applies).
func Apply(src []byte, edits []finding.Edit) ([]byte, error) {
	for _, e := range edits {
		var err error
		switch e.Op {
		case finding.EditCreateFile:
			src = []byte(e.Value)
		case finding.EditAdd, finding.EditSet:
			if src == nil {
				return nil, fmt.Errorf("%s %s: the file does not exist", e.Op, e.File)
			}
			src, err = setPath(src, Keys(e.Pointer), e.Value)
		case finding.EditRemove:
			if src == nil {
				return nil, fmt.Errorf("remove %s: the file does not exist", e.File)
			}
			src, err = removePath(src, Keys(e.Pointer))
		default:
			err = fmt.Errorf("unknown op %q", e.Op)
		}
		if err != nil {
			return nil, fmt.Errorf("%s %s%s: %w", e.Op, e.File, e.Pointer, err)
		}
	}
	return src, nil
}

// ApplyDir applies edits to the files of the case directory dir (paths in the
// edits are case-relative), file by file in the order the edits name them.
func ApplyDir(dir string, edits []finding.Edit) error {
	var order []string
	byFile := map[string][]finding.Edit{}
	for _, e := range edits {
		if _, ok := byFile[e.File]; !ok {
			order = append(order, e.File)
		}
		byFile[e.File] = append(byFile[e.File], e)
	}
	for _, name := range order {
		path := filepath.Join(dir, filepath.FromSlash(name))
		src, err := os.ReadFile(path)
		if os.IsNotExist(err) {
			src, err = nil, nil
		}
		if err != nil {
			return fmt.Errorf("dictedit: %w", err)
		}
		out, err := Apply(src, byFile[name])
		if err != nil {
			return fmt.Errorf("dictedit: %w", err)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return fmt.Errorf("dictedit: %w", err)
		}
		if err := os.WriteFile(path, out, 0o644); err != nil {
			return fmt.Errorf("dictedit: %w", err)
		}
	}
	return nil
}
