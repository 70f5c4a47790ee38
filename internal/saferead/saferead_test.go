package saferead

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	if err := os.WriteFile(p, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := ReadFile(p, 0)
	if err != nil || string(b) != "hello" {
		t.Fatalf("ReadFile = %q, %v", b, err)
	}
	if _, err := ReadFile(p, 4); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "5 bytes, more than the 4-byte limit") {
		t.Fatalf("over the limit: %v", err)
	}
	// A symbolic link to a regular file is read, as OpenFOAM follows links.
	link := filepath.Join(dir, "l")
	if err := os.Symlink(p, link); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadFile(link, 0); err != nil || string(b) != "hello" {
		t.Fatalf("link: %q, %v", b, err)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), 0); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Fatalf("missing: %v", err)
	}
}

// TestRefusesSpecialFiles: a FIFO, /dev/zero and a directory are refused at once, never
// read (a FIFO with no writer would block a plain open forever, /dev/zero never ends).
func TestRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{fifo: "a named pipe", "/dev/zero": "a character device", dir: "a directory"}
	for p, want := range cases {
		done := make(chan error, 1)
		go func() { _, err := ReadFile(p, 0); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "not a regular file ("+want+")") {
				t.Errorf("%s: %v, want not a regular file (%s)", p, err, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: ReadFile blocked", p)
		}
	}
}
