package grammar

import (
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
)

// bodyText returns the list text from '(' and its position (built NumLists have only Raw).
func (l *NumList) bodyText() (string, Pos) {
	if l.body != "" {
		return l.body, l.bodyPos
	}
	open := strings.IndexByte(l.Raw, '(')
	if open < 0 {
		return "", l.Pos
	}
	return l.Raw[open:], advance(l.Pos, l.Raw[:open])
}

// Numbers returns how many numbers the list holds (nested counts included), in one pass
// without allocating.
func (l *NumList) Numbers() int {
	body, _ := l.bodyText()
	if l.Width > 0 {
		return int(l.Count) * l.Width
	}
	n := 0
	for i := 0; i < len(body); {
		if c := body[i]; c <= ' ' || c == '(' || c == ')' {
			i++
			continue
		}
		n++
		for i < len(body) && isNumByte(body[i]) {
			i++
		}
	}
	return n
}

// Floats decodes every number of the list in source order into one new slice (a single
// allocation). For a list of k-tuples the result is flat: element i is [i*k, i*k+k). Counts of
// nested lists (faces `4(0 1 2 3)`) are numbers of the list too and are included.
func (l *NumList) Floats() ([]float64, error) {
	return l.AppendFloats(make([]float64, 0, l.Numbers()))
}

// parallelMin is the body size from which a list of tuples is decoded on several cores.
const parallelMin = 1 << 20

// AppendFloats is Floats appending to dst.
func (l *NumList) AppendFloats(dst []float64) ([]float64, error) {
	body, pos := l.bodyText()
	if l.Width >= 2 && len(body) >= parallelMin && runtime.GOMAXPROCS(0) > 1 {
		if out, ok := decodeTuplesParallel(body, dst, l.Width, int(l.Count)); ok {
			return out, nil
		}
		// a mismatch or a bad number: the sequential decoder below locates the problem
	}
	out, bad := decodeFloats(body, dst)
	if bad >= 0 {
		return out, l.decodeErr(body, pos, bad, "scalar")
	}
	return out, nil
}

// Labels decodes every number as a label (int32 range, no '.', no exponent), like Floats.
func (l *NumList) Labels() ([]int64, error) {
	return l.AppendLabels(make([]int64, 0, l.Numbers()))
}

// AppendLabels is Labels appending to dst.
func (l *NumList) AppendLabels(dst []int64) ([]int64, error) {
	body, pos := l.bodyText()
	out, bad := decodeLabels(body, dst)
	if bad >= 0 {
		return out, l.decodeErr(body, pos, bad, "label")
	}
	return out, nil
}

func (l *NumList) decodeErr(body string, pos Pos, at int, what string) error {
	end := at
	for end < len(body) && isNumByte(body[end]) {
		end++
	}
	p := advance(pos, body[:at])
	return fmt.Errorf("%d:%d: %q is not a valid %s", p.Line, p.Column, body[at:end], what)
}

// decodeFloats is the fused scanner/decoder for list bodies: Clinger's exact fast path inline
// (at most 19 digits, power of ten within ±22), strconv for the rest. It returns the offset of
// the first invalid number, or -1.
func decodeFloats(body string, dst []float64) ([]float64, int) {
	n := len(body)
	for i := 0; i < n; {
		c := body[i]
		if c <= ' ' || c == '(' || c == ')' {
			i++
			continue
		}
		start := i
		neg := c == '-'
		if neg {
			i++
		}
		var mant uint64
		ds := i
		for ; i < n && body[i]-'0' < 10; i++ {
			mant = mant*10 + uint64(body[i]-'0')
		}
		digits := i - ds
		exp := 0
		if i < n && body[i] == '.' {
			i++
			fs := i
			for ; i < n && body[i]-'0' < 10; i++ {
				mant = mant*10 + uint64(body[i]-'0')
			}
			exp = fs - i
			digits += i - fs
		}
		if i < n && body[i]|0x20 == 'e' {
			i++
			eneg := false
			if i < n && (body[i] == '-' || body[i] == '+') {
				eneg = body[i] == '-'
				i++
			}
			es, e := i, 0
			for ; i < n && body[i]-'0' < 10; i++ {
				if e < 100000 {
					e = e*10 + int(body[i]-'0')
				}
			}
			if i == es {
				return dst, start
			}
			if eneg {
				e = -e
			}
			exp += e
		}
		if digits == 0 || i < n && isNumByte(body[i]) {
			return dst, start
		}
		// digits > 19 may have overflowed mant: leave those to strconv
		if digits <= 19 && mant <= 1<<53 && exp >= -22 && exp <= 22 {
			f := float64(mant)
			if exp > 0 {
				f *= pow10[exp]
			} else if exp < 0 {
				f /= pow10[-exp]
			}
			if neg && mant != 0 { // ScalarRead flushes |x| < 1e-300, so -0 reads as 0
				f = -f
			}
			dst = append(dst, f)
			continue
		}
		v, good := parseScalar(body[start:i])
		if !good {
			return dst, start
		}
		dst = append(dst, v)
	}
	return dst, -1
}

// decodeTuplesParallel splits a list of width-tuples at element starts and decodes the chunks
// concurrently into their final places (forChunks). In such a list every '(' after the outer
// one opens one element (no deeper nesting, no counts: Width would be 0), so the output index
// of a chunk is its '(' count times width, counted with the vectorised strings.Count. ok is
// false when any chunk fails or holds a different number of values than the count says.
func decodeTuplesParallel(body string, dst []float64, width, count int) ([]float64, bool) {
	p := min(runtime.GOMAXPROCS(0), 8)
	base, total := len(dst), width*count
	dst = slices.Grow(dst, total)
	out := dst[:base+total]
	starts := splitPoints(body, 1, chunksPerCore*p, '(', 0)
	elems := make([]int, len(starts)) // element index of each chunk start
	for c := 1; c < len(starts)-1; c++ {
		elems[c] = elems[c-1] + strings.Count(body[starts[c-1]:starts[c]], "(")
	}
	elems[len(elems)-1] = count
	for c := 0; c+1 < len(elems); c++ {
		if lo, hi := base+elems[c]*width, base+elems[c+1]*width; lo > hi || hi > len(out) {
			return dst[:base], false
		}
	}
	var failed atomic.Bool
	forChunks(len(starts)-1, p, func(c int) bool {
		lo, hi := base+elems[c]*width, base+elems[c+1]*width
		got, bad := decodeFloats(body[starts[c]:starts[c+1]], out[lo:lo:hi])
		if bad >= 0 || len(got) != hi-lo {
			failed.Store(true)
			return true
		}
		return false
	})
	if failed.Load() {
		return dst[:base], false
	}
	return out, true
}

// decodeLabels reads label-only bodies; it returns the offset of the first non-label, or -1.
func decodeLabels(body string, dst []int64) ([]int64, int) {
	n := len(body)
	for i := 0; i < n; {
		c := body[i]
		if c <= ' ' || c == '(' || c == ')' {
			i++
			continue
		}
		start := i
		neg := c == '-'
		if neg {
			i++
		}
		var v int64
		ds := i
		for ; i < n; i++ {
			d := body[i] - '0'
			if d > 9 {
				break
			}
			v = v*10 + int64(d)
			if v > labelMax+1 {
				return dst, start
			}
		}
		if i == ds || i < n && isNumByte(body[i]) {
			return dst, start
		}
		if neg {
			v = -v
		}
		if v > labelMax || v < labelMin {
			return dst, start
		}
		dst = append(dst, v)
	}
	return dst, -1
}

// Expand returns the list as ordinary AST nodes: a *List whose items are *Number and nested
// *List (a label before a nested list stays a separate *Number, as everywhere in the generic
// AST). Positions are exact.
func (l *NumList) Expand() *List {
	body, pos := l.bodyText()
	lineStart := pos.Offset - (pos.Column - 1)
	line := pos.Line
	at := func(i int) Pos {
		off := pos.Offset + int32(i)
		return Pos{Offset: off, Line: line, Column: off - lineStart + 1}
	}
	root := &List{Range: l.Range, Counted: l.Counted}
	if l.Counted {
		root.Count = l.Count
	}
	stack := []*List{}
	var cur *List
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '\n':
			line++
			lineStart = pos.Offset + int32(i) + 1
			i++
		case c <= ' ':
			i++
		case c == '(':
			nl := &List{Range: Range{Pos: at(i)}}
			if cur == nil {
				nl = root
			} else {
				cur.Items = append(cur.Items, nl)
				stack = append(stack, cur)
			}
			cur = nl
			i++
		case c == ')':
			i++
			if cur != root {
				cur.End = at(i)
				cur = stack[len(stack)-1]
				stack = stack[:len(stack)-1]
			}
		default:
			k := i
			for k < len(body) && isNumByte(body[k]) {
				k++
			}
			raw := body[i:k]
			num := &Number{Range: Range{Pos: at(i), End: at(k)}, Raw: raw}
			num.Kind, num.Int, num.Float, _ = classifyNumber(raw)
			if cur != nil {
				cur.Items = append(cur.Items, num)
			}
			i = k
		}
	}
	return root
}

// Tuples returns the elements of a k-tuple list as k-component slices sharing one backing
// array (two allocations).
func (l *NumList) Tuples() ([][]float64, error) {
	if l.Width <= 0 {
		return nil, fmt.Errorf("list is not a list of equal tuples")
	}
	flat, err := l.Floats()
	if err != nil {
		return nil, err
	}
	out := make([][]float64, len(flat)/l.Width)
	for i := range out {
		out[i] = flat[i*l.Width : i*l.Width+l.Width : i*l.Width+l.Width]
	}
	return out, nil
}

// NewNumList builds a NumList from values (k components per element, k ≥ 1) for printing big
// fields without one node per number: `N((x y z) …)` or `N(a b …)`.
func NewNumList(values []float64, k int) *NumList {
	if k < 1 {
		k = 1
	}
	n := len(values) / k
	var b strings.Builder
	b.Grow(len(values)*12 + 16)
	b.WriteString(strconv.Itoa(n))
	b.WriteString("\n(\n")
	labels := true
	var buf []byte
	for i := 0; i < n; i++ {
		if k > 1 {
			b.WriteByte('(')
		}
		for j := 0; j < k; j++ {
			if j > 0 {
				b.WriteByte(' ')
			}
			buf = strconv.AppendFloat(buf[:0], values[i*k+j], 'g', -1, 64)
			b.Write(buf)
			labels = labels && strings.IndexAny(string(buf), ".eE") < 0
		}
		if k > 1 {
			b.WriteByte(')')
		}
		b.WriteByte('\n')
	}
	b.WriteByte(')')
	raw := b.String()
	return &NumList{Raw: raw, Counted: true, Count: int64(n), Width: k, AllLabels: labels}
}

// Values returns how many numbers Data holds (Count × Components).
func (b *BinList) Values() int { return int(b.Count) * b.Components }

func (b *BinList) order() binary.ByteOrder {
	if b.BigEndian {
		return binary.BigEndian
	}
	return binary.LittleEndian
}

// Floats decodes the payload into float64s (labels are converted), one allocation.
func (b *BinList) Floats() ([]float64, error) {
	n := b.Values()
	out := make([]float64, n)
	bo := b.order()
	d := b.Data
	switch size := b.elemBytes(); {
	case size*n > len(d):
		return nil, fmt.Errorf("binary list: %d values of %d bytes need %d bytes, have %d", n, size, size*n, len(d))
	case b.IsLabel && size == 4:
		for i := range out {
			out[i] = float64(int32(bo.Uint32(d[4*i:])))
		}
	case b.IsLabel && size == 8:
		for i := range out {
			out[i] = float64(int64(bo.Uint64(d[8*i:])))
		}
	case size == 8:
		if !b.BigEndian {
			d = d[:8*n]
			for i := range out {
				out[i] = math.Float64frombits(binary.LittleEndian.Uint64(d[8*i:]))
			}
			break
		}
		for i := range out {
			out[i] = math.Float64frombits(bo.Uint64(d[8*i:]))
		}
	case size == 4:
		for i := range out {
			out[i] = float64(math.Float32frombits(bo.Uint32(d[4*i:])))
		}
	case size == 1:
		for i := range out {
			out[i] = float64(d[i])
		}
	default:
		return nil, fmt.Errorf("binary list: unsupported element size %d", size)
	}
	return out, nil
}

// Labels decodes a label payload into int64s, one allocation.
func (b *BinList) Labels() ([]int64, error) {
	if !b.IsLabel {
		return nil, fmt.Errorf("binary list of %s holds scalars, not labels", b.Elem)
	}
	n := b.Values()
	size := b.elemBytes()
	if size*n > len(b.Data) {
		return nil, fmt.Errorf("binary list: %d labels need %d bytes, have %d", n, size*n, len(b.Data))
	}
	out := make([]int64, n)
	bo := b.order()
	for i := range out {
		if size == 4 {
			out[i] = int64(int32(bo.Uint32(b.Data[4*i:])))
		} else {
			out[i] = int64(bo.Uint64(b.Data[8*i:]))
		}
	}
	return out, nil
}

func (b *BinList) elemBytes() int {
	if b.IsLabel {
		return b.LabelBytes
	}
	return b.ScalarBytes
}
