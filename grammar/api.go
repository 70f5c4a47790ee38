package grammar

import (
	"errors"
	"io"
)

// DefaultMaxSize is the largest file ParseFile reads unless told otherwise (after gunzip).
const DefaultMaxSize = 256 << 20

var errPending = errors.New("grammar: parser not committed yet")

// Print writes f preserving the source layout and comments where positions are known.
func Print(w io.Writer, f *File) error { return errPending }

// Format returns f in canonical OpenFOAM layout.
func Format(f *File) []byte { return nil }
