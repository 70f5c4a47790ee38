package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"strconv"
	"strings"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
)

// frameStream is the base protocol's framing (Content-Length headers, then a JSON
// body) as jsonrpc2.VSCodeObjectCodec reads it, except that a malformed frame does not
// end the session: jsonrpc2 closes the connection on any read error, so a frame whose
// headers, size or JSON are bad is answered here with a JSON-RPC error (id null, as the
// specification says for a request whose id cannot be read) and skipped.
type frameStream struct {
	r   *bufio.Reader
	rwc io.ReadWriteCloser
	max int // the largest body read; larger ones are discarded unread
	log *log.Logger

	mu sync.Mutex // one writer at a time: jsonrpc2's replies and this stream's errors
}

func newFrameStream(rwc io.ReadWriteCloser, max int, l *log.Logger) *frameStream {
	return &frameStream{r: bufio.NewReaderSize(rwc, 64<<10), rwc: rwc, max: max, log: l}
}

// frameError is a frame that was read to its end but cannot be a message.
type frameError struct {
	code    int64
	message string
}

func (e *frameError) Error() string { return e.message }

func (s *frameStream) ReadObject(v any) error {
	for {
		body, err := s.readFrame()
		var fe *frameError
		if errors.As(err, &fe) {
			s.refuse(fe)
			continue
		}
		if err != nil {
			return err
		}
		if err := json.Unmarshal(body, v); err != nil {
			s.refuse(&frameError{jsonrpc2.CodeParseError, "not a JSON-RPC message: " + err.Error()})
			continue
		}
		return nil
	}
}

// readFrame reads one header block and its body. Header lines are bounded by the
// reader's buffer: a longer line is garbage, skipped like any line that is no header.
func (s *frameStream) readFrame() ([]byte, error) {
	length, seen, bad := -1, false, ""
	for {
		line, err := s.r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			bad = "a header line longer than 64 KiB"
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = s.r.ReadSlice('\n')
			}
			if err != nil {
				return nil, err
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		text := strings.TrimRight(string(line), "\r\n")
		if text == "" {
			if !seen {
				continue // blank lines between frames
			}
			break
		}
		seen = true
		name, value, ok := strings.Cut(text, ":")
		if !ok {
			bad = fmt.Sprintf("a header line without a colon: %.80q", text)
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				bad = fmt.Sprintf("Content-Length %.40q is not a size", strings.TrimSpace(value))
				continue
			}
			length = n
		}
	}
	switch {
	case length < 0:
		return nil, &frameError{jsonrpc2.CodeParseError, "malformed frame: " + cmpOr(bad, "no Content-Length header")}
	case length > s.max:
		if _, err := io.CopyN(io.Discard, s.r, int64(length)); err != nil {
			return nil, err
		}
		return nil, &frameError{jsonrpc2.CodeInvalidRequest, fmt.Sprintf("a message of %d bytes exceeds the language server's limit of %d", length, s.max)}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(s.r, body); err != nil {
		return nil, err
	}
	if bad != "" {
		return nil, &frameError{jsonrpc2.CodeParseError, "malformed frame: " + bad}
	}
	return body, nil
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// refuse answers a frame that is no message with a JSON-RPC error response.
func (s *frameStream) refuse(fe *frameError) {
	s.log.Printf("refused a frame: %s", fe.message)
	resp := map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": fe.code, "message": "foamc lsp: " + fe.message}}
	if err := s.WriteObject(resp); err != nil {
		s.log.Printf("answering a malformed frame: %v", err)
	}
}

func (s *frameStream) WriteObject(obj any) error {
	b, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "Content-Length: %d\r\n\r\n", len(b))
	buf.Write(b)
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err = s.rwc.Write(buf.Bytes())
	return err
}

func (s *frameStream) Close() error { return s.rwc.Close() }
