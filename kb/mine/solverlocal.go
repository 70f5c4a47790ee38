package mine

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/foamc/foamc/kb"
)

// Boundary conditions compiled in applications/solvers exist only in the
// solvers that build or link them (maxwellSlipU: rhoCentralFoam and
// rhoCentralDyMFoam). The wmake files say which: Make/files names the target
// (`EXE = $(FOAM_APPBIN)/x` or `LIB = $(FOAM_LIBBIN)/libx`) and Make/options
// the libraries a solver links (`-lx`).

var (
	reMakeTarget = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)^\s*(EXE|LIB)\s*=\s*\$\(FOAM_(?:APPBIN|LIBBIN|USER_APPBIN|USER_LIBBIN)\)/(\w+)`)
	})
	reLinkLib = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`-l(\w+)`) })
)

type wmakeTarget struct {
	dir  string // directory holding Make/
	kind string // EXE | LIB
	name string // solver name, or library name without the lib prefix
	libs []string
}

// solverTargets reads every Make/files (and Make/options) under the solver directories.
func solverTargets(root string) ([]wmakeTarget, error) {
	var out []wmakeTarget
	for _, dir := range solverDirs {
		base := filepath.Join(root, filepath.FromSlash(dir))
		if !isDir(base) {
			continue
		}
		if err := wmakeTargets(root, base, &out); err != nil {
			return nil, err
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].dir < out[j].dir })
	return out, nil
}

func wmakeTargets(root, base string, out *[]wmakeTarget) error {
	return filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() || d.Name() != "Make" {
			return nil
		}
		files, err := os.ReadFile(filepath.Join(p, "files"))
		if err != nil {
			return nil // a Make/ without files is not a target
		}
		m := reMakeTarget().FindSubmatch(files)
		if m == nil {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		if err != nil {
			return err
		}
		t := wmakeTarget{dir: filepath.ToSlash(rel), kind: string(m[1]), name: strings.TrimPrefix(string(m[2]), "lib")}
		if opts, err := os.ReadFile(filepath.Join(p, "options")); err == nil {
			for _, l := range reLinkLib().FindAllSubmatch(opts, -1) {
				t.libs = append(t.libs, string(l[1]))
			}
		}
		*out = append(*out, t)
		return filepath.SkipDir
	})
}

// solversOf names the solvers a BC header under a solver directory is
// available in: the executable its directory builds, or every solver linking
// the library it builds. nil for headers elsewhere (shared libraries).
func solversOf(header string, targets []wmakeTarget) []string {
	if !inSolverDir(header) {
		return nil
	}
	// the nearest enclosing wmake target
	var own *wmakeTarget
	for i := range targets {
		t := &targets[i]
		if strings.HasPrefix(header, t.dir+"/") && (own == nil || len(t.dir) > len(own.dir)) {
			own = t
		}
	}
	if own == nil {
		return nil
	}
	if own.kind == "EXE" {
		return []string{own.name}
	}
	var out []string
	for _, t := range targets {
		if t.kind == "EXE" && slices.Contains(t.libs, own.name) {
			out = append(out, t.name)
		}
	}
	return kb.SortedUnique(out)
}
