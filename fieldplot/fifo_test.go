package fieldplot

import (
	"path/filepath"
	"syscall"
	"testing"
)

// TestHeaderClassFIFO: a FIFO among a case's field files is skipped, not read (a plain open
// would block until a writer came).
func TestHeaderClassFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "U")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Fatal(err)
	}
	if c := headerClass(p); c != "" {
		t.Fatalf("headerClass of a FIFO = %q", c)
	}
}
