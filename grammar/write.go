package grammar

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
)

// WriteFile replaces path atomically (a temporary file beside it, then renamed) with data,
// gzip-compressed again when gz is set: a File read from a .gz keeps its compression
// (File.Gzip). The file keeps its permissions.
func WriteFile(path string, data []byte, gz bool) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	if gz {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		if _, err := zw.Write(data); err != nil {
			return fmt.Errorf("compressing %s: %w", path, err)
		}
		if err := zw.Close(); err != nil {
			return fmt.Errorf("compressing %s: %w", path, err)
		}
		data = b.Bytes()
	}
	tmp := path + ".foamc-fmt.tmp"
	if err := os.WriteFile(tmp, data, st.Mode().Perm()); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("replacing %s: %w", path, err)
	}
	return nil
}
