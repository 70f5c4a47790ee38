package grammar

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteFile: the rewrite keeps the file's mode and, for a .gz, its compression, and
// leaves no temporary file behind.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "controlDict")
	os.WriteFile(plain, []byte("a 1;\n"), 0o600)
	if err := WriteFile(plain, []byte("a   1;\n"), false); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(plain); string(b) != "a   1;\n" {
		t.Errorf("content %q", b)
	}
	if st, _ := os.Stat(plain); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", st.Mode())
	}
	gz := filepath.Join(dir, "U.gz")
	os.WriteFile(gz, nil, 0o644)
	if err := WriteFile(gz, []byte("b 2;\n"), true); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(gz)
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(zr); string(b) != "b 2;\n" {
		t.Errorf("gz content %q", b)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(m) != 0 {
		t.Errorf("left %v", m)
	}
	if err := WriteFile(filepath.Join(dir, "missing"), nil, false); err == nil {
		t.Error("a missing file was created")
	}
}

// TestFormatToFlushes: FormatTo writes a big file in pieces, and the pieces are Format's
// output (comments, dictionaries and lists across the flushes).
func TestFormatToFlushes(t *testing.T) {
	entry := "a 1; // one\nb { c (1 2 3); /* two */ d \"x\"; }\nl ( w ( 1 2 ) );\n"
	f, err := Parse("t", []byte(strings.Repeat(entry, 4000)))
	if err != nil {
		t.Fatal(err)
	}
	var w countWriter
	if err := FormatTo(&w, f); err != nil {
		t.Fatal(err)
	}
	if want := Format(f); !bytes.Equal(w.buf.Bytes(), want) || w.writes < 2 {
		t.Fatalf("FormatTo: %d writes, same as Format %v", w.writes, bytes.Equal(w.buf.Bytes(), want))
	}
}

type countWriter struct {
	buf    bytes.Buffer
	writes int
}

func (c *countWriter) Write(b []byte) (int, error) {
	c.writes++
	return c.buf.Write(b)
}
