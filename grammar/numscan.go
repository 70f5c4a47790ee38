package grammar

import (
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Byte classes for the list pre-scan.
const (
	clOther uint8 = iota
	clSpace
	clNewline
	clOpen
	clClose
	clNum     // starts a number: digit, '-', '.'
	clNumTail // may continue a number but not start one: '+', 'e', 'E'
)

var numClass = func() (t [256]uint8) {
	for _, c := range []byte{' ', '\t', '\r', '\v', '\f'} {
		t[c] = clSpace
	}
	t['\n'] = clNewline
	t['('] = clOpen
	t[')'] = clClose
	for c := '0'; c <= '9'; c++ {
		t[c] = clNum
	}
	t['-'], t['.'] = clNum, clNum
	t['+'], t['e'], t['E'] = clNumTail, clNumTail, clNumTail
	return t
}()

// bodyScan is the state of the list pre-scan over one stretch of a list body, so that a big
// body can be scanned as chunks on several cores and the chunk states merged.
type bodyScan struct {
	depth        int
	elems        int64 // top-level elements
	scalars      int   // top-level numbers
	groups       int   // top-level '(' groups
	tuple        int   // numbers in the current group
	tupleWidth   int   // numbers per group so far, -1 before the first group closes
	irregular    bool  // nested deeper than tuples, counted groups, or ragged tuples
	allLabels    bool
	pendingNum   bool // the last token was a number at this depth (a following '(' makes it a count)
	pendingLabel bool
	firstOpen    bool // the first token of the stretch is '(' (matters after a pendingNum)
	tokens       bool // a token was seen
	lines        int  // newlines seen
	lastNL       int  // offset after the last newline, -1 for none
	end          int  // offset after the closing ')' once depth returned to 0, else where the scan stopped
	limit        int  // deepest nesting allowed (relative to the list's own '(' at depth 1)
	done, bad    bool
}

func newBodyScan(depth, limit int) bodyScan {
	return bodyScan{depth: depth, limit: limit, tupleWidth: -1, allLabels: true, lastNL: -1}
}

// run scans src[i:to]; it stops early at the ')' that closes depth 0 (done) or at a byte or
// number a numeric list cannot hold (bad). Numbers are checked against the strtod grammar
// (-?(d+(.d*)?|.d+)([eE][+-]?d+)?, followed by no number byte) in the same pass. A number is
// never split: chunks end after a newline.
func (st *bodyScan) run(src string, i, to int) {
	for i < to {
		switch numClass[src[i]] {
		case clSpace:
			i++
		case clNewline:
			st.lines++
			i++
			st.lastNL = i
		case clOpen:
			if !st.tokens {
				st.firstOpen = true
			}
			st.tokens = true
			if st.pendingNum {
				// the number before was the count of this nested list, not an element
				if !st.pendingLabel {
					st.bad, st.end = true, i
					return
				}
				switch st.depth {
				case 1:
					st.elems--
					st.scalars--
				case 2:
					st.tuple--
				}
				st.irregular = true
				st.pendingNum = false
			}
			st.depth++
			if st.depth > st.limit {
				// too deep for the parser: the token scan reports it (FOAM-PARSE-012)
				st.bad, st.end = true, i
				return
			}
			switch {
			case st.depth == 2:
				st.elems++
				st.groups++
				st.tuple = 0
			case st.depth > 2:
				st.irregular = true
			}
			i++
		case clClose:
			st.tokens = true
			st.pendingNum = false
			if st.depth == 2 {
				if st.tupleWidth == -1 {
					st.tupleWidth = st.tuple
				} else if st.tupleWidth != st.tuple {
					st.irregular = true
				}
			}
			st.depth--
			i++
			if st.depth == 0 {
				st.end, st.done = i, true
				return
			}
		case clNum:
			st.tokens = true
			if st.depth <= 0 {
				st.bad, st.end = true, i
				return
			}
			k := i
			if src[k] == '-' {
				k++
			}
			ds := k
			for k < to && src[k]-'0' < 10 {
				k++
			}
			intDigits := k - ds
			label := intDigits > 0
			if k < to && src[k] == '.' {
				label = false
				k++
				fs := k
				for k < to && src[k]-'0' < 10 {
					k++
				}
				if intDigits == 0 && k == fs {
					st.bad, st.end = true, i
					return
				}
			} else if intDigits == 0 {
				st.bad, st.end = true, i
				return
			}
			if k < to && src[k]|0x20 == 'e' {
				label = false
				k++
				if k < to && (src[k] == '+' || src[k] == '-') {
					k++
				}
				es := k
				for k < to && src[k]-'0' < 10 {
					k++
				}
				if k == es {
					st.bad, st.end = true, i
					return
				}
			}
			if k < to && (numClass[src[k]] == clNum || numClass[src[k]] == clNumTail) {
				st.bad, st.end = true, i // greedy lexeme would not be a valid number ("1-2")
				return
			}
			if label && k-ds > 9 {
				if _, err := strconv.ParseInt(src[i:k], 10, 32); err != nil {
					label = false
				}
			}
			st.allLabels = st.allLabels && label
			switch st.depth {
			case 1:
				st.elems++
				st.scalars++
			case 2:
				st.tuple++
			}
			st.pendingNum, st.pendingLabel = true, label
			i = k
		default:
			st.bad, st.end = true, i
			return
		}
	}
	st.end = i
}

// result is what a finished scan of a whole list says: top-level element count and the
// uniform tuple width (1 flat, k for k-tuples, 0 mixed/nested).
func (st *bodyScan) result(n int64) (elems int64, width int, ok bool) {
	if !st.done || st.bad || n >= 0 && st.elems != n || st.elems == 0 {
		return 0, 0, false
	}
	switch {
	case st.groups == 0:
		width = 1
	case st.scalars == 0 && !st.irregular:
		width = st.tupleWidth
	}
	return st.elems, width, true
}

// scanNumBody checks that src[open] starts a list holding only numbers, whitespace and nested
// (optionally counted) parentheses, whose top-level element count is n (any count when n < 0).
// It returns the offset after the closing ')', the top-level element count, the uniform tuple
// width (1 flat, k for k-tuples, 0 mixed/nested) and whether all numbers are labels. Newlines
// advance *line/*lineStart. Numbers are checked against the strtod grammar on the way
// (-?(d+(.d*)?|.d+)([eE][+-]?d+)?, followed by no number byte), in the same single pass.
// Big counted lists are scanned on all cores (scanParallel). Nesting deeper than limit
// levels (the list's own '(' is level 1) fails the scan. When the scan fails, end is where
// it stopped: every byte before it can belong to a numeric list.
func scanNumBody(src string, open int, n int64, limit int, line, lineStart *int) (end int, elems int64, width int, allLabels, ok bool) {
	st, par := scanParallel(src, open, n, limit)
	if !par {
		st = newBodyScan(0, limit)
		st.run(src, open, len(src))
	}
	elems, width, ok = st.result(n)
	if !ok {
		return st.end, 0, 0, false, false
	}
	*line += st.lines
	if st.lastNL >= 0 {
		*lineStart = st.lastNL
	}
	return st.end, elems, width, st.allLabels, true
}

// A counted list of at least scanParallelCount elements, with at least scanParallelBytes of
// input left, is pre-scanned on all cores.
const (
	scanParallelCount = 1 << 15
	scanParallelBytes = 1 << 20
)

// scanParallel scans a big counted list as chunks of the rest of the input, split after
// newlines, on all cores. It speculates that every chunk after the first starts at depth 1
// (between top-level elements, as in every field and mesh list OpenFOAM writes) and checks it:
// each chunk but the one that closes the list must end at depth 1, and a number ending a chunk
// must not be the count of a '(' starting the next. Any failed check or bad byte gives
// par=false and the caller rescans sequentially, so results (and error locations) are exactly
// the sequential ones. Chunks are handed out in order and none is started after the one that
// closes the list, so little past its end is scanned in vain.
func scanParallel(src string, open int, n int64, limit int) (st bodyScan, par bool) {
	p := min(runtime.GOMAXPROCS(0), 8)
	if p < 2 || n < scanParallelCount || len(src)-open < scanParallelBytes {
		return st, false
	}
	starts := splitPoints(src, open, chunksPerCore*p, '\n', 1)
	chunks := make([]bodyScan, len(starts)-1)
	forChunks(len(chunks), p, func(c int) bool {
		chunks[c] = newBodyScan(min(c, 1), limit)
		chunks[c].run(src, starts[c], starts[c+1])
		return chunks[c].done || chunks[c].bad
	})
	st = chunks[0]
	for c := 1; c < len(chunks) && !st.done; c++ {
		ch := &chunks[c]
		if st.bad || st.depth != 1 || st.pendingNum && ch.firstOpen {
			return st, false
		}
		st.depth = ch.depth
		st.elems += ch.elems
		st.scalars += ch.scalars
		st.groups += ch.groups
		st.tuple = ch.tuple
		if ch.tupleWidth != -1 {
			if st.tupleWidth != -1 && st.tupleWidth != ch.tupleWidth {
				st.irregular = true
			}
			st.tupleWidth = ch.tupleWidth
		}
		st.irregular = st.irregular || ch.irregular
		st.allLabels = st.allLabels && ch.allLabels
		if ch.tokens {
			st.pendingNum, st.pendingLabel = ch.pendingNum, ch.pendingLabel
		}
		st.lines += ch.lines
		if ch.lastNL >= 0 {
			st.lastNL = ch.lastNL
		}
		st.end, st.done, st.bad = ch.end, ch.done, ch.bad
	}
	if !st.done || st.bad {
		return st, false
	}
	return st, true
}

// chunksPerCore: more chunks than cores, handed out dynamically, so a core that the shared
// machine slows down takes fewer of them.
const chunksPerCore = 4

// splitPoints returns up to k+1 increasing offsets from open to len(s): roughly equal parts,
// each boundary moved to just after (skip=1) or at (skip=0) the next sep byte.
func splitPoints(s string, open, k int, sep byte, skip int) []int {
	starts := []int{open}
	for j := 1; j < k; j++ {
		x := open + (len(s)-open)*j/k
		if x <= starts[len(starts)-1] {
			continue
		}
		i := strings.IndexByte(s[x:], sep)
		if i < 0 {
			break
		}
		starts = append(starts, x+i+skip)
	}
	return append(starts, len(s))
}

// forChunks runs f(0..n-1) on up to p goroutines, handing chunks out in order. f returns true
// when no later chunk is needed; chunks after it are then not started (ones already running
// finish).
func forChunks(n, p int, f func(c int) (stop bool)) {
	var next, stopAt atomic.Int64
	stopAt.Store(int64(n))
	var wg sync.WaitGroup
	for range min(p, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				c := next.Add(1) - 1
				if c >= stopAt.Load() {
					return
				}
				if f(int(c)) {
					for cur := stopAt.Load(); c < cur && !stopAt.CompareAndSwap(cur, c); cur = stopAt.Load() {
					}
				}
			}
		}()
	}
	wg.Wait()
}
