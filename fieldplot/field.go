package fieldplot

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/foamc/foamc/grammar"
)

// field is a volume field's cell values on one mesh piece: Comps numbers per cell.
type field struct {
	class string // volScalarField, volVectorField, ...
	comps int
	vals  []float64
	dims  []float64 // SI exponents [kg m s K mol A cd], nil when unreadable
}

// readField reads dir/<t>/name (or name.gz) for a mesh of nCells cells: a uniform value
// is repeated, a nonuniform list (ASCII or binary) decoded by the grammar.
func readField(path string, nCells int) (*field, error) {
	if _, err := os.Stat(path); err != nil {
		if _, gzErr := os.Stat(path + ".gz"); gzErr != nil {
			return nil, err
		}
		path += ".gz"
	}
	f, err := grammar.ParseFile(path)
	if err != nil {
		return nil, err
	}
	x := grammar.Expand(f, path, grammar.ExpandOptions{CaseDir: filepath.Dir(filepath.Dir(path))})
	if x.Dict == nil {
		return nil, fmt.Errorf("%s: no dictionary", path)
	}
	fd := &field{class: f.HeaderWord("class")}
	switch {
	case strings.HasPrefix(fd.class, "volScalar"):
		fd.comps = 1
	case strings.HasPrefix(fd.class, "volVector"):
		fd.comps = 3
	default:
		return nil, fmt.Errorf("%s: class %q is not a volScalarField or volVectorField", path, fd.class)
	}
	if d := x.Dict.Get("dimensions"); d != nil {
		fd.dims = dimensions(d.Value)
	}
	in := x.Dict.Get("internalField")
	if in == nil {
		return nil, fmt.Errorf("%s: no internalField", path)
	}
	if fd.vals, err = cellValues(in.Value, fd.comps, nCells); err != nil {
		return nil, fmt.Errorf("%s: internalField: %w", path, err)
	}
	return fd, nil
}

// cellValues decodes `uniform V` or `nonuniform List<T> N(...)` into nCells*comps numbers.
func cellValues(items []grammar.Item, comps, nCells int) ([]float64, error) {
	var uniform []float64
	for i, it := range items {
		var vals []float64
		var err error
		switch l := it.(type) {
		case *grammar.NumList:
			vals, err = l.Floats()
		case *grammar.BinList:
			if l.IsLabel {
				return nil, fmt.Errorf("a label list")
			}
			vals, err = l.Floats()
		case *grammar.Word:
			if l.Value == "uniform" && i+1 < len(items) {
				uniform = numbers(items[i+1])
			}
			continue
		case *grammar.List:
			if i > 0 {
				if w, ok := items[i-1].(*grammar.Word); ok && w.Value == "uniform" {
					continue
				}
			}
			vals = numbers(l)
		default:
			continue
		}
		if err != nil {
			return nil, err
		}
		if len(vals) != comps*nCells {
			return nil, fmt.Errorf("%d numbers for %d cells of %d components", len(vals), nCells, comps)
		}
		return vals, nil
	}
	if len(uniform) != comps {
		return nil, fmt.Errorf("neither a uniform value of %d components nor a list", comps)
	}
	out := make([]float64, 0, comps*nCells)
	for range nCells {
		out = append(out, uniform...)
	}
	return out, nil
}

// numbers are the numbers of a Number or a small List of Numbers.
func numbers(it grammar.Item) []float64 {
	switch v := it.(type) {
	case *grammar.Number:
		return []float64{v.Float}
	case *grammar.List:
		var out []float64
		for _, x := range v.Items {
			out = append(out, numbers(x)...)
		}
		return out
	case *grammar.NumList:
		out, _ := v.Floats()
		return out
	}
	return nil
}

// dimensions reads a numeric dimension set `[0 1 -1 0 0 0 0]`.
func dimensions(items []grammar.Item) []float64 {
	for _, it := range items {
		if d, ok := it.(*grammar.DimSet); ok {
			var out []float64
			for _, x := range d.Items {
				n, ok := x.(*grammar.Number)
				if !ok {
					return nil
				}
				out = append(out, n.Float)
			}
			return out
		}
	}
	return nil
}

// units writes SI exponents as a unit: the named ones CFD pictures show (Pa, m/s,
// m²/s², K, kg/m³), else the base units with their powers; "1" for dimensionless.
func units(dims []float64) string {
	if dims == nil {
		return "?"
	}
	d := make([]float64, 7)
	copy(d, dims)
	key := fmt.Sprint(d)
	named := map[string]string{
		fmt.Sprint([]float64{0, 0, 0, 0, 0, 0, 0}):    "1",
		fmt.Sprint([]float64{1, -1, -2, 0, 0, 0, 0}):  "Pa",
		fmt.Sprint([]float64{0, 1, -1, 0, 0, 0, 0}):   "m/s",
		fmt.Sprint([]float64{0, 2, -2, 0, 0, 0, 0}):   "m²/s²",
		fmt.Sprint([]float64{0, 0, 0, 1, 0, 0, 0}):    "K",
		fmt.Sprint([]float64{1, -3, 0, 0, 0, 0, 0}):   "kg/m³",
		fmt.Sprint([]float64{0, 2, -1, 0, 0, 0, 0}):   "m²/s",
		fmt.Sprint([]float64{0, 2, -3, 0, 0, 0, 0}):   "m²/s³",
		fmt.Sprint([]float64{0, 0, -1, 0, 0, 0, 0}):   "1/s",
		fmt.Sprint([]float64{1, -1, -1, 0, 0, 0, 0}):  "kg/(m s)",
		fmt.Sprint([]float64{1, -2, -2, 0, 0, 0, 0}):  "Pa/m",
		fmt.Sprint([]float64{0, -1, 0, 0, 0, 0, 0}):   "1/m",
		fmt.Sprint([]float64{0, 1, 0, 0, 0, 0, 0}):    "m",
		fmt.Sprint([]float64{1, -1, -3, 0, 0, 0, 0}):  "W/m³",
		fmt.Sprint([]float64{1, 0, -3, -1, 0, 0, 0}):  "W/(m² K)",
		fmt.Sprint([]float64{-1, 0, 0, 0, 0, 0, 0}):   "1/kg",
		fmt.Sprint([]float64{0, -3, 0, 0, 0, 0, 0}):   "1/m³",
		fmt.Sprint([]float64{1, 0, -2, 0, 0, 0, 0}):   "N/m",
		fmt.Sprint([]float64{0, 2, -2, -1, 0, 0, 0}):  "J/(kg K)",
		fmt.Sprint([]float64{1, -1, -2, -1, 0, 0, 0}): "Pa/K",
	}
	if n, ok := named[key]; ok {
		return n
	}
	base := []string{"kg", "m", "s", "K", "mol", "A", "cd"}
	var parts []string
	for i, e := range d {
		switch {
		case e == 0:
		case e == 1:
			parts = append(parts, base[i])
		default:
			parts = append(parts, base[i]+"^"+strconv.FormatFloat(e, 'g', -1, 64))
		}
	}
	return strings.Join(parts, " ")
}
