package grammar

import (
	"math"
	"strconv"
)

// labelMax/labelMin bound the 32-bit label of the Debian v1912 build (WM_LABEL_SIZE=32): an
// all-digit number outside it becomes a scalar (ISstream.C:362-379).
const (
	labelMax = math.MaxInt32
	labelMin = math.MinInt32
)

// isNumByte reports the bytes ISstream takes greedily once a number has started: [0-9+-.eE].
func isNumByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.' || c == 'e' || c == 'E'
}

// classifyNumber applies v1912's rule to a greedy number lexeme: all digits with an optional
// leading '-' is a label when it fits, anything else must be a complete scalar (readScalar),
// otherwise the token is bad. |x| > 1e300 is rejected and |x| < 1e-300 flushed to zero as in
// ScalarRead (primitives/Scalar/Scalar.C:101-121).
func classifyNumber(raw string) (kind NumKind, i int64, f float64, ok bool) {
	if raw == "" {
		return 0, 0, 0, false
	}
	allDigits := raw[0] != '.'
	for k := 1; k < len(raw) && allDigits; k++ {
		allDigits = raw[k] >= '0' && raw[k] <= '9'
	}
	if allDigits && (raw[0] >= '0' && raw[0] <= '9' || raw[0] == '-' && len(raw) > 1) {
		if v, err := strconv.ParseInt(raw, 10, 64); err == nil && v >= labelMin && v <= labelMax {
			return LabelKind, v, float64(v), true
		}
	}
	v, ok := parseScalar(raw)
	if !ok {
		return 0, 0, 0, false
	}
	return ScalarKind, 0, v, true
}

// parseScalar reads a scalar the way readScalar does (whole string, range-limited).
func parseScalar(s string) (float64, bool) {
	v, ok := fastFloat(s)
	if !ok {
		var err error
		v, err = strconv.ParseFloat(s, 64)
		if err != nil && !isRangeErr(err) {
			return 0, false
		}
		// strconv accepts forms ISstream cannot produce (hex, inf, underscores); the lexeme
		// charset already excludes them, but guard for direct callers.
		for k := 0; k < len(s); k++ {
			if !isNumByte(s[k]) {
				return 0, false
			}
		}
	}
	if a := math.Abs(v); a > 1e300 {
		return 0, false
	} else if a < 1e-300 {
		v = 0
	}
	return v, true
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// pow10 holds the powers of ten that float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// fastFloat is Clinger's fast path: a decimal with at most 19 significant digits whose
// mantissa fits 2^53 and whose power of ten is exact converts with one correctly rounded
// multiply or divide, so the result equals strconv.ParseFloat's. ok=false means "use strconv"
// (also for syntax errors, so callers fall back and get strconv's verdict).
func fastFloat(s string) (float64, bool) {
	i := 0
	neg := false
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	var mant uint64
	digits, exp := 0, 0
	sawDigit := false
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		sawDigit = true
		if mant == 0 && s[i] == '0' {
			continue
		}
		if digits >= 19 {
			return 0, false
		}
		mant = mant*10 + uint64(s[i]-'0')
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			sawDigit = true
			if mant == 0 && s[i] == '0' {
				exp--
				continue
			}
			if digits >= 19 {
				return 0, false
			}
			mant = mant*10 + uint64(s[i]-'0')
			digits++
			exp--
		}
	}
	if !sawDigit {
		return 0, false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		eneg := false
		if i < len(s) && (s[i] == '-' || s[i] == '+') {
			eneg = s[i] == '-'
			i++
		}
		if i == len(s) {
			return 0, false
		}
		e := 0
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			if e < 10000 {
				e = e*10 + int(s[i]-'0')
			}
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	if i != len(s) {
		return 0, false
	}
	if mant > 1<<53 {
		return 0, false
	}
	f := float64(mant)
	switch {
	case mant == 0:
		f = 0
	case exp == 0:
	case exp > 0 && exp <= 22:
		f *= pow10[exp]
	case exp < 0 && exp >= -22:
		f /= pow10[-exp]
	default:
		return 0, false
	}
	if neg {
		f = -f
	}
	return f, true
}
