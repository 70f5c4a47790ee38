package grammar

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/saferead"
)

// DefaultHeaderLimit bounds what ParseHeaderFile reads: a FoamFile header, with any
// banner comment before it, is far smaller.
const DefaultHeaderLimit = 64 << 10

// ParseHeaderFile parses only the leading FoamFile header of path, whatever the file's
// size. It is the part of a bulk list file (polyMesh points, faces, owner, sets) that
// OpenFOAM reads as a dictionary, directives included (IOobject::readHeader: the first
// token must be FoamFile, then a dictionary); the lists after it are read without
// directives. At most limit bytes (after gunzip; <= 0: DefaultHeaderLimit) are read, and
// a header that does not close within them is a finding. A file whose first token is not
// FoamFile gives a File without header (OpenFOAM reads no dictionary from it).
func ParseHeaderFile(path string, limit int64) (*File, error) {
	if limit <= 0 {
		limit = DefaultHeaderLimit
	}
	fail := func(summary, fix string) (*File, error) {
		return nil, finding.Finding{ID: "FOAM-PARSE-008", Severity: finding.Deny, Summary: summary, Fix: fix,
			Location: finding.Location{File: path}}
	}
	fh, _, err := saferead.Open(path, math.MaxInt64)
	if err != nil {
		var se *saferead.Error
		if errors.As(err, &se) {
			return fail("cannot read file: "+se.Reason, "check the path and permissions; only regular files are read")
		}
		return fail("cannot read file: "+err.Error(), "check the path and permissions")
	}
	defer fh.Close()
	var magic [2]byte
	m, _ := io.ReadFull(fh, magic[:])
	var r io.Reader = io.MultiReader(bytes.NewReader(magic[:m]), fh)
	if m == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(r)
		if err != nil {
			return fail("corrupt gzip data: "+err.Error(), "re-create the file or gunzip it")
		}
		defer zr.Close()
		r = zr
	}
	src, err := io.ReadAll(io.LimitReader(r, limit))
	if err != nil && len(src) == 0 {
		return fail("cannot read file: "+err.Error(), "check the file")
	}
	s := newScanner(src)
	s.headerOnly = true
	s.run()
	toks := s.toks
	if len(toks) < 2 || toks[0].Type != tWord || toks[0].Value != "FoamFile" || toks[1].Value != "{" {
		return &File{Name: path, Src: src[:0], Body: &Dict{}}, nil
	}
	last := toks[len(toks)-1]
	if last.Value != "}" || s.depth != 0 {
		return fail(fmt.Sprintf("the FoamFile header does not close within its first %d bytes", limit),
			"close the FoamFile block: OpenFOAM reads it as a dictionary, directives included")
	}
	end := last.Pos.Offset + 1
	return Parse(path, src[:end])
}
