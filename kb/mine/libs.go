package mine

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/foamc/foamc/kb"
)

// scanLibs lists the shared libraries a release builds into $FOAM_LIBBIN: the
// `LIB = $(FOAM_LIBBIN)/[<dir>/]libX` line of every Make/files under src and
// applications (wmake's target; <dir> is $(FOAM_MPI) or dummy, whose libraries the
// release's etc/config.sh puts on the library path), as libX.so. A user library
// ($(FOAM_USER_LIBBIN)) or a ParaView plugin is not the release's, nor a library its
// Allwmake builds as an object file (`wmake libo`: OSspecific, linked into libOpenFOAM).
// To these come the libraries the release's etc/caseDicts load (caseDictLibs). built is
// builtLibs(root), which the caller also needs.
func scanLibs(root string, built []string) ([]string, error) {
	etcLibs, err := caseDictLibs(filepath.Join(root, "etc", "caseDicts"))
	if err != nil {
		return nil, err
	}
	return kb.SortedUnique(append(slices.Clone(built), etcLibs...)), nil
}

// builtLibs: the Make/files targets of scanLibs.
func builtLibs(root string) ([]string, error) {
	var out []string
	err := walkMakeFiles(root, func(p string) error {
		if objectOnly(filepath.Dir(filepath.Dir(p))) {
			return nil
		}
		libs, err := makeFilesLibs(p)
		out = append(out, libs...)
		return err
	})
	return out, err
}

// walkMakeFiles calls fn with the path of every Make/files under root/src and
// root/applications (wmake's targets).
func walkMakeFiles(root string, fn func(p string) error) error {
	for _, dir := range []string{"src", "applications"} {
		if !isDir(filepath.Join(root, dir)) {
			continue
		}
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || d.Name() != "files" || filepath.Base(filepath.Dir(p)) != "Make" {
				return nil
			}
			return fn(p)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// caseDictLibs: the libraries the release's own etc/caseDicts load (`libs (...)` of the
// function objects #includeFunc reads). ESI builds some from modules/ git submodules that
// its source tarball leaves empty (runTimePostProcessing in modules/visualization, adios,
// catalyst), so no Make/files names them; the release's dictionaries still load them.
func caseDictLibs(dir string) ([]string, error) {
	if !isDir(dir) {
		return nil, nil
	}
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range reLibsEntry().FindAllSubmatch(data, -1) {
			for _, n := range strings.Fields(strings.ReplaceAll(string(m[1]), `"`, " ")) {
				if !reLibName().MatchString(n) {
					continue
				}
				n = strings.TrimSuffix(n, ".so")
				if !strings.HasPrefix(n, "lib") {
					n = "lib" + n
				}
				out = append(out, n+".so")
			}
		}
		return nil
	})
	return out, err
}

// caseDictFunctionObjects: the function object types the release's etc/caseDicts select
// together with a library no Make/files builds (the `type X;` entry next to its `libs`):
// ESI's runTimePostProcessing, adiosWrite and catalyst, built from modules/ submodules its
// source tarball leaves empty, so no registration of them is in the sources.
func caseDictFunctionObjects(dir string, built []string) ([]string, error) {
	if !isDir(dir) {
		return nil, nil
	}
	have := map[string]bool{}
	for _, l := range built {
		have[l] = true
	}
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range reTypeLibs().FindAllSubmatch(data, -1) {
			typ, libs := m[1], m[2]
			if typ == nil {
				typ, libs = m[4], m[3]
			}
			for _, n := range strings.Fields(strings.ReplaceAll(string(libs), `"`, " ")) {
				n = strings.TrimSuffix(n, ".so")
				if !strings.HasPrefix(n, "lib") {
					n = "lib" + n
				}
				if reLibName().MatchString(n) && !have[n+".so"] {
					out = append(out, string(typ))
					break
				}
			}
		}
		return nil
	})
	return kb.SortedUnique(out), err
}

// reTypeLibs: `type X;` then `libs (...)` as the next entry (blank and // comment lines
// between), or the other way round.
var reTypeLibs = sync.OnceValue(func() *regexp.Regexp {
	sep := `;\s*(?://[^\n]*\n\s*)*`
	return regexp.MustCompile(`(?m)^[ \t]*type[ \t]+(\w+)[ \t]*` + sep + `libs[ \t]*\(([^)]*)\)|^[ \t]*libs[ \t]*\(([^)]*)\)[ \t]*` + sep + `type[ \t]+(\w+)[ \t]*;`)
})

var reLibsEntry = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^\s*libs\s*\(([^)]*)\)`)
})

var reLibName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\w+(\.so)?$`) })

// objectOnly: dir's Allwmake builds it with `wmake libo` (directly or as targetType).
func objectOnly(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, "Allwmake"))
	return err == nil && reLibo().Match(data)
}

var reLibo = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^\s*(?:targetType=libo\b|wmake\s+(?:-\S+\s+)*libo\b)`)
})

var reMakeLib = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*LIB\s*=\s*\$\(FOAM_LIBBIN\)/(?:[^/\s]+/)?(lib\w+)\s*$`)
})

func makeFilesLibs(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := reMakeLib().FindStringSubmatch(strings.TrimRight(sc.Text(), "\r")); m != nil {
			out = append(out, m[1]+".so")
		}
	}
	return out, sc.Err()
}
