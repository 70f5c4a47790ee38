// Package saferead opens the files foamc reads from cases, specs and meshes without
// trusting them: only regular files are read (a FIFO or /dev/zero named as an input
// would block or grow without end), and nothing larger than a limit is read.
package saferead

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// MaxSize is the default limit of one input file: 256 MiB, far above any dictionary or
// field file of a case foamc lints (a 10-million-cell nonuniform vector field is ~250 MB
// and is better kept binary) and any mesh a spec names.
const MaxSize int64 = 256 << 20

// Error is why a file was refused or could not be read. Reason is meant for a finding:
// "cannot read FILE: " + Reason.
type Error struct {
	Path   string
	Reason string
	Err    error // the underlying error, when there is one
}

func (e *Error) Error() string { return e.Path + ": " + e.Reason }
func (e *Error) Unwrap() error { return e.Err }

// ErrNotRegular and ErrTooLarge classify refusals (errors.Is).
var (
	ErrNotRegular = errors.New("not a regular file")
	ErrTooLarge   = errors.New("file too large")
)

// Open opens path for reading when it is a regular file (symbolic links followed) of at
// most max bytes (max <= 0: MaxSize). The open itself cannot block: O_NONBLOCK keeps a
// FIFO from waiting for a writer, and the type is checked on the opened descriptor, so a
// file swapped after a Stat is still caught.
func Open(path string, max int64) (*os.File, fs.FileInfo, error) {
	if max <= 0 {
		max = MaxSize
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, &Error{Path: path, Reason: reason(err), Err: err}
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, &Error{Path: path, Reason: reason(err), Err: err}
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, &Error{Path: path, Reason: "not a regular file (" + kind(st.Mode()) + ")", Err: ErrNotRegular}
	}
	if st.Size() > max {
		f.Close()
		return nil, nil, &Error{Path: path, Reason: fmt.Sprintf("%d bytes, more than the %d-byte limit", st.Size(), max), Err: ErrTooLarge}
	}
	return f, st, nil
}

// ReadFile is os.ReadFile through Open: a regular file of at most max bytes (max <= 0:
// MaxSize). A file that grows past max while being read is refused too.
func ReadFile(path string, max int64) ([]byte, error) {
	if max <= 0 {
		max = MaxSize
	}
	f, st, err := Open(path, max)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data := make([]byte, 0, st.Size()+1)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if int64(len(data)) > max {
			return nil, &Error{Path: path, Reason: fmt.Sprintf("more than the %d-byte limit", max), Err: ErrTooLarge}
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, &Error{Path: path, Reason: reason(err), Err: err}
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
}

// reason is err without the "open PATH: " prefix os adds, the path being named already.
func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return m.Type().String()
}
