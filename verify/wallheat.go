package verify

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/foamcase"
)

// wallHeat is the heat [W] each wall patch passes into the fluid at one time, as
// OpenFOAM's wallHeatFlux function object writes it: postProcessing/<object>/<start>/
// wallHeatFlux[_<t>].dat, rows "Time patch min max integral" (v1912
// src/functionObjects/field/wallHeatFlux/wallHeatFlux.C, write()). The integral is
// sum(magSf * alphaEff * snGrad(he)), positive when heat flows from the wall into the fluid.
type wallHeat struct {
	q     map[string]float64
	files []string // case-relative, the files the rows came from
}

// readWallHeat collects the rows at time t (equal to 1e-9 relative) from every
// wallHeatFlux object under postProcessing/, a later start directory or file winning
// (a restarted run).
func readWallHeat(dir string, t float64) (wallHeat, error) {
	return readWallHeatIn(filepath.Join(dir, "postProcessing"), "postProcessing", t)
}

// readWallHeatIn is readWallHeat over the objects of one directory (postProcessing, or a
// region's postProcessing/<region>), rel its case-relative name.
func readWallHeatIn(dir, relDir string, t float64) (wallHeat, error) {
	w := wallHeat{q: map[string]float64{}}
	objects, _ := filepath.Glob(filepath.Join(dir, "*"))
	sort.Strings(objects)
	for _, o := range objects {
		rel := path.Join(relDir, filepath.Base(o))
		for _, st := range foamcase.TimeDirs(o) {
			names, _ := filepath.Glob(filepath.Join(o, st, "wallHeatFlux*.dat"))
			sort.Strings(names)
			for _, n := range names {
				f := path.Join(rel, st, filepath.Base(n))
				found, err := w.read(n, f, t)
				if err != nil {
					return w, err
				}
				if found {
					w.files = append(w.files, f)
				}
			}
		}
	}
	return w, nil
}

func (w *wallHeat) read(name, rel string, t float64) (bool, error) {
	fh, err := os.Open(name)
	if err != nil {
		return false, err
	}
	defer fh.Close()
	found := false
	sc := bufio.NewScanner(fh)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		// v1912: Time patch min max integral; Foundation 12 adds the mean q: the heat Q
		// is the fifth column in both.
		if len(f) != 5 && len(f) != 6 {
			return false, fmt.Errorf("%s:%d: not a row of Time patch min max integral: %q", rel, ln, line)
		}
		rt, err1 := strconv.ParseFloat(f[0], 64)
		q, err2 := strconv.ParseFloat(f[4], 64)
		if err1 != nil || err2 != nil {
			return false, fmt.Errorf("%s:%d: not a row of Time patch min max integral: %q", rel, ln, line)
		}
		if math.Abs(rt-t) <= 1e-9*math.Max(1, math.Abs(t)) {
			w.q[f[1]] = q
			found = true
		}
	}
	return found, sc.Err()
}
