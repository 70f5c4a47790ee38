package verify

import (
	"bufio"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/foamcase"
)

// series is the time series a function object writes under postProcessing/<object>/:
// surfaceFieldValue.dat, fieldValueDelta.dat, coefficient.dat, a probes file. Each
// row is a time and one value per column, a value being 1 (scalar) or 3 (vector)
// numbers. A restarted run writes a new <start time>/ directory (and OpenFOAM names a
// second file of the same directory <name>_<time>.dat): rows of every file are merged
// in time order, a later file winning at equal times.
type series struct {
	files   []string // case-relative, in reading order
	columns []string // after Time
	rows    []seriesRow
}

type seriesRow struct {
	t    float64
	vals [][]float64
}

// vgreat is the value OpenFOAM's probes write for a location outside the mesh (-VGREAT).
const vgreat = 1e300

// readSeries reads postProcessing/<object>/*/<base>[_*][.dat]. A missing directory or
// file is an error naming what was looked for.
func readSeries(dir, object, base string) (*series, error) {
	rel := path.Join("postProcessing", object)
	starts := foamcase.TimeDirs(filepath.Join(dir, filepath.FromSlash(rel)))
	if len(starts) == 0 {
		return nil, fmt.Errorf("no output: %s/<time>/ does not exist", rel)
	}
	s := &series{}
	byTime := map[float64]seriesRow{}
	for _, st := range starts {
		names, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(rel), st, base+"*"))
		sort.Strings(names)
		for _, n := range names {
			b := filepath.Base(n)
			if b != base && b != base+".dat" && !strings.HasPrefix(b, base+"_") {
				continue
			}
			f := path.Join(rel, st, b)
			if err := s.read(dir, f, byTime); err != nil {
				return nil, err
			}
			s.files = append(s.files, f)
		}
	}
	if len(s.files) == 0 {
		return nil, fmt.Errorf("no output: no %s file under %s/<time>/", base, rel)
	}
	for _, r := range byTime {
		s.rows = append(s.rows, r)
	}
	sort.Slice(s.rows, func(i, j int) bool { return s.rows[i].t < s.rows[j].t })
	if len(s.rows) == 0 {
		return nil, fmt.Errorf("no output: %s holds no data row", strings.Join(s.files, ", "))
	}
	return s, nil
}

func (s *series) read(dir, rel string, byTime map[float64]seriesRow) error {
	fh, err := os.Open(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		return err
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "#") {
			// The column header: "# Time <tab> Cd <tab> Cs ...", or probes' "# Time".
			if f := strings.Fields(strings.TrimPrefix(line, "#")); len(f) > 0 && f[0] == "Time" {
				s.columns = f[1:]
			}
			continue
		}
		vals, err := rowValues(line)
		if err != nil || len(vals) < 2 || len(vals[0]) != 1 {
			return fmt.Errorf("%s:%d: not a time and values: %q", rel, ln, line)
		}
		byTime[vals[0][0]] = seriesRow{t: vals[0][0], vals: vals[1:]}
	}
	return sc.Err()
}

// rowValues splits a data row into values: numbers and parenthesised vectors.
func rowValues(line string) ([][]float64, error) {
	var out [][]float64
	for line = strings.TrimSpace(line); line != ""; line = strings.TrimSpace(line) {
		var tok string
		if line[0] == '(' {
			end := strings.IndexByte(line, ')')
			if end < 0 {
				return nil, fmt.Errorf("unclosed (")
			}
			tok, line = line[1:end], line[end+1:]
		} else {
			end := strings.IndexAny(line, " \t")
			if end < 0 {
				end = len(line)
			}
			tok, line = line[:end], line[end:]
		}
		var v []float64
		for _, f := range strings.Fields(tok) {
			x, err := strconv.ParseFloat(f, 64)
			if err != nil {
				return nil, err
			}
			v = append(v, x)
		}
		out = append(out, v)
	}
	return out, nil
}

// column is the index of a named column.
func (s *series) column(name string) (int, error) {
	for i, c := range s.columns {
		if c == name {
			return i, nil
		}
	}
	return 0, fmt.Errorf("%s has no column %q (columns: %s)", strings.Join(s.files, ", "), name, strings.Join(s.columns, " "))
}

// window is the rows judged: the last one, or every row at time >= from.
func (s *series) window(from *float64) []seriesRow {
	if from == nil {
		return s.rows[len(s.rows)-1:]
	}
	var out []seriesRow
	for _, r := range s.rows {
		if r.t >= *from {
			out = append(out, r)
		}
	}
	return out
}

// profile is a sampled line of a sets function object: the points and the values
// (1 or 3 numbers) at each, in file order.
type profile struct {
	file   string
	points [][3]float64
	vals   [][]float64
}

// readProfiles reads postProcessing/<object>/<time>/<set>_<field>.xy (setFormat raw,
// axis xyz: x y z then the value's components), or Foundation 12's <set>.xy, of every
// written time, in time order.
func readProfiles(dir, object, set, field string) ([]float64, []profile, error) {
	rel := path.Join("postProcessing", object)
	var times []float64
	var out []profile
	for _, t := range foamcase.TimeDirs(filepath.Join(dir, filepath.FromSlash(rel))) {
		f := path.Join(rel, t, set+"_"+field+".xy")
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			// Foundation 12's raw writer puts every field of a set in <set>.xy: the same
			// columns when the object samples one field, as foamc's expect objects do.
			f = path.Join(rel, t, set+".xy")
			if data, err = os.ReadFile(filepath.Join(dir, filepath.FromSlash(f))); err != nil {
				continue
			}
		}
		p := profile{file: f}
		for i, line := range strings.Split(string(data), "\n") {
			fs := strings.Fields(line)
			if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
				continue
			}
			nums := make([]float64, len(fs))
			for j, x := range fs {
				if nums[j], err = strconv.ParseFloat(x, 64); err != nil {
					return nil, nil, fmt.Errorf("%s:%d: %q is not a number", f, i+1, x)
				}
			}
			if len(nums) < 4 {
				return nil, nil, fmt.Errorf("%s:%d: want x y z and a value, found %d numbers", f, i+1, len(nums))
			}
			p.points = append(p.points, [3]float64{nums[0], nums[1], nums[2]})
			p.vals = append(p.vals, nums[3:])
		}
		tv, _ := strconv.ParseFloat(t, 64)
		times = append(times, tv)
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, nil, fmt.Errorf("no output: no %s/<time>/%s_%s.xy", rel, set, field)
	}
	return times, out, nil
}
