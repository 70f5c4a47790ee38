package grammar

import (
	"errors"
	"io"
)

// DefaultMaxSize is the largest file ParseFile reads unless told otherwise (after gunzip).
const DefaultMaxSize = 256 << 20

var errPending = errors.New("grammar: parser not committed yet")

// Parse reads one dictionary from src. name is used in findings. Errors are finding.Finding
// (IDs FOAM-PARSE-001…) located at file:line:col with an excerpt and what was expected.
func Parse(name string, src []byte) (*File, error) { return nil, errPending }

// ParseFile reads path (gzip transparently when it starts with the gzip magic) up to
// DefaultMaxSize bytes and parses it.
func ParseFile(path string) (*File, error) { return nil, errPending }

// Print writes f preserving the source layout and comments where positions are known.
func Print(w io.Writer, f *File) error { return errPending }

// Format returns f in canonical OpenFOAM layout.
func Format(f *File) []byte { return nil }
