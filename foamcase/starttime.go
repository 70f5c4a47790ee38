package foamcase

import (
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// timeControls are the controlDict entries Time::setControls and Time::readDict (v1912,
// src/OpenFOAM/db/Time/Time.C:145-260, TimeIO.C:315-339) read to find the start time.
type timeControls struct {
	startFrom string // "" when absent: latestTime
	// startTime is the startTime value; known false when absent or not a number.
	startTime float64
	known     bool
	format    string // general (default), fixed, scientific
	precision int    // default 6
}

// instant is a time directory: its name and the value readScalar gives it.
type instant struct {
	name  string
	value float64
}

// small is OpenFOAM's SMALL (double): instants are equal within it (Instant::equal),
// compared as OpenFOAM does: from 16 up, v ± SMALL rounds back to v and no value is
// equal to anything (startTime 16 does not find 16.0/; TestStartTimeAgainstSolver).
const small = 1e-15

// maxPrecision is Time::maxPrecision_, 3 - log10(SMALL).
const maxPrecision = 18

// startTime is where a run of the case in dir starts, as Time::setControls resolves it:
// name is the time name the solver uses, dirs the existing directories it reads fields
// from (the one named so, else those whose value equals the start time, as
// uncollatedFileOperation::filePathInfo searches by value: `10` reads `1e1/`). dirs is
// empty when no directory matches (the solver finds no fields there); ok is false when the
// start cannot be known (startFrom startTime without a numeric startTime, an unknown
// startFrom: the solver stops with a fatal error).
func startTime(dir string, tc timeControls) (name string, dirs []string, ok bool) {
	times := findTimes(dir)
	var t float64
	switch tc.startFrom {
	case "startTime":
		if !tc.known {
			return "", nil, false
		}
		t = tc.startTime
	case "firstTime":
		if len(times) > 1 && times[0].name == "constant" {
			t = times[1].value
		} else if len(times) > 0 {
			t = times[0].value
		}
	case "", "latestTime": // the default is latestTime
		if len(times) > 0 {
			t = times[len(times)-1].value
		}
	default:
		return "", nil, false
	}
	prec := tc.precision
	name = timeName(t, tc.format, prec)
	if !exists(filepath.Join(dir, name)) {
		// Not there: try finer precisions, coarsest that finds a directory wins.
		old, req := name, -1
		for p := maxPrecision; p > prec; p-- {
			n := timeName(t, tc.format, p)
			if n == old {
				break
			}
			old = n
			if exists(filepath.Join(dir, n)) {
				req = p
			}
		}
		if req > 0 {
			name = timeName(t, tc.format, req)
		}
	}
	if isDir(filepath.Join(dir, name)) {
		dirs = []string{name}
	} else {
		// Files are then looked up in the time directories of equal value
		// (Time::findInstancePath(instant(name)), the value std::atof reads from the
		// name), the last of the sorted list first.
		// constant counts as 0 there: with no 0/, fields are read from constant/.
		v := atof(name)
		for i := len(times) - 1; i >= 0; i-- {
			if ti := times[i]; v > ti.value-small && v < ti.value+small {
				dirs = append(dirs, ti.name)
			}
		}
	}
	// A time named nan sorts nowhere in particular (std::sort of NaN): judged too.
	for _, ti := range times {
		if math.IsNaN(ti.value) && (len(dirs) == 0 || dirs[0] != ti.name) {
			dirs = append(dirs, ti.name)
		}
	}
	return name, dirs, true
}

// findTimes is fileOperation::findTimes: the directories of dir whose name readScalar
// reads, sorted by value, after `constant` (value 0) when it exists.
func findTimes(dir string) []instant {
	entries, _ := os.ReadDir(dir)
	var out []instant
	haveConstant := false
	for _, e := range entries {
		name := e.Name()
		if !validFileName(name) || !isDir(filepath.Join(dir, name)) {
			continue
		}
		if name == "constant" {
			haveConstant = true
			continue
		}
		if v, ok := readScalar(name); ok {
			out = append(out, instant{name, v})
		}
	}
	// std::sort on values; ties (1e1 and 10) in name order, so the choice is stable.
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].value != out[j].value {
			return out[i].value < out[j].value
		}
		return out[i].name < out[j].name
	})
	if haveConstant {
		out = append([]instant{{"constant", 0}}, out...)
	}
	return out
}

// validFileName is what readDir lists: not hidden (POSIX directoryIterator), and
// fileName::validate leaving the name unchanged (no quotes, no whitespace).
func validFileName(s string) bool {
	if s == "" || s[0] == '.' {
		return false
	}
	return !strings.ContainsAny(s, "\"' \t\n\r\v\f")
}

// readScalar is Foam::readScalar(const std::string&, scalar&) (doubleScalar.C): strtold
// of the whole name (trailing whitespace allowed), within ±1e300 (VGREAT), underflow to 0.
func readScalar(s string) (float64, bool) {
	v, rest, ok := strtod(s)
	if !ok || strings.TrimLeft(rest, " \t\n\r\v\f") != "" {
		return 0, false
	}
	if v < -1e300 || v > 1e300 {
		return 0, false
	}
	if v >= -1e-300 && v <= 1e-300 { // ScalarVSMALL
		v = 0
	}
	return v, true
}

// atof is std::atof: strtod of the longest number prefix, 0 when none.
func atof(s string) float64 {
	v, _, _ := strtod(s)
	return v
}

// strtod reads the longest prefix of s that C's strtod reads (leading whitespace; decimal
// or hexadecimal, inf, infinity, nan), returning the value and the rest; ok is false
// when nothing is read or the value is out of range (errno ERANGE).
func strtod(s string) (v float64, rest string, ok bool) {
	t := strings.TrimLeft(s, " \t\n\r\v\f")
	// Longest prefix that parses: numbers here are short (directory names).
	for end := len(t); end > 0; end-- {
		p := t[:end]
		if strings.ContainsAny(p, "_") {
			continue
		}
		q := p
		body := strings.TrimLeft(p, "+-")
		if len(p)-len(body) > 1 {
			continue
		}
		lower := strings.ToLower(body)
		if strings.HasPrefix(lower, "0x") {
			if !strings.Contains(lower, "p") {
				q = p + "p0" // C accepts a hexadecimal float without exponent
			}
			if lower == "0x" {
				continue
			}
		} else if strings.HasPrefix(lower, "nan") && lower != "nan" {
			continue // nan(chars) is not a directory name worth reading
		}
		f, err := strconv.ParseFloat(q, 64)
		if err == nil {
			return f, t[end:], true
		}
		if ne, isNum := err.(*strconv.NumError); isNum && ne.Err == strconv.ErrRange {
			return f, t[end:], false
		}
	}
	return 0, s, false
}

// timeName is Time::timeName(t, precision): the value written by a C++ stream in the
// timeFormat (general: %g, fixed: %f, scientific: %e) with the precision.
func timeName(t float64, format string, prec int) string {
	if prec < 0 {
		prec = 6 // printf treats a negative precision as none
	}
	switch format {
	case "fixed":
		return strconv.FormatFloat(t, 'f', prec, 64)
	case "scientific":
		return strconv.FormatFloat(t, 'e', prec, 64)
	}
	return strconv.FormatFloat(t, 'g', prec, 64)
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
