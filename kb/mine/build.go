package mine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/openfoam"
)

// DocumentLoader turns a case directory into a case document
// (docs/case-document.md). The default is foamcase.Load.
type DocumentLoader func(dir string) (map[string]any, error)

// BuildOptions selects the OpenFOAM sources a KB is built from. Empty fields
// are detected (Detect).
type BuildOptions struct {
	Tutorials string // tutorials directory (uncompressed source tree or Debian gzipped examples)
	Src       string // source package root (holding src/) or its src/ directory
	// Load reads one tutorial case; nil uses foamcase.
	Load DocumentLoader
	// Progress, when set, is called after each unit of work of a phase.
	Progress func(phase string, done, total int)
	// Workers bounds parallel case loading (default GOMAXPROCS).
	Workers int
}

// Sources is where a build reads from, after detection.
type Sources struct {
	Tutorials       string
	TutorialsLayout string // source | examples | installation | flag
	Root            string // directory holding src/
	RootLayout      string
}

// Detect fills missing source locations from the flags, $FOAM_TUTORIALS,
// $FOAM_SRC, $WM_PROJECT_DIR, $FOAMC_OPENFOAM_SRC, the unpacked Debian source
// package under .cache/src, and the installed Debian examples.
func Detect(o BuildOptions) (Sources, error) {
	var s Sources
	if o.Src != "" {
		root, ok := srcRoot(o.Src)
		if !ok {
			return s, fmt.Errorf("kb: --src %s: no src/ with OpenFOAM sources", o.Src)
		}
		s.Root, s.RootLayout = root, "flag"
	}
	var candidates []string
	if d := os.Getenv("FOAM_SRC"); d != "" {
		candidates = append(candidates, d)
	}
	for _, env := range []string{"WM_PROJECT_DIR", "FOAMC_OPENFOAM_SRC"} {
		if d := os.Getenv(env); d != "" {
			candidates = append(candidates, d)
		}
	}
	if d := openfoam.SourceDir(); d != "" {
		candidates = append(candidates, d)
	}
	if s.Root == "" {
		for _, c := range candidates {
			if root, ok := srcRoot(c); ok {
				s.Root, s.RootLayout = root, "source"
				break
			}
		}
	}
	switch {
	case o.Tutorials != "":
		s.Tutorials, s.TutorialsLayout = o.Tutorials, "flag"
	case os.Getenv("FOAM_TUTORIALS") != "":
		s.Tutorials, s.TutorialsLayout = os.Getenv("FOAM_TUTORIALS"), "installation"
	case s.Root != "" && isDir(filepath.Join(s.Root, "tutorials")):
		s.Tutorials, s.TutorialsLayout = filepath.Join(s.Root, "tutorials"), "source"
	case isDir(openfoam.DebianExamples):
		s.Tutorials, s.TutorialsLayout = openfoam.DebianExamples, "examples"
	}
	var missing []string
	if s.Root == "" {
		missing = append(missing, "OpenFOAM sources (--src, $FOAM_SRC, $WM_PROJECT_DIR or `make deps`)")
	}
	if s.Tutorials == "" || !isDir(s.Tutorials) {
		missing = append(missing, "tutorials (--tutorials, $FOAM_TUTORIALS or `make deps`)")
	}
	if len(missing) > 0 {
		return s, fmt.Errorf("kb: cannot find %s", strings.Join(missing, " and "))
	}
	return s, nil
}

// srcRoot accepts a source package root or its src/ directory.
func srcRoot(d string) (string, bool) {
	if isDir(filepath.Join(d, "src", "finiteVolume")) {
		return filepath.Clean(d), true
	}
	if filepath.Base(filepath.Clean(d)) == "src" && isDir(filepath.Join(d, "finiteVolume")) {
		return filepath.Dir(filepath.Clean(d)), true
	}
	return "", false
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// versionOf is the release's own version: META-INFO/api-info (api=1912 -> v1912, the
// ESI releases), else WM_PROJECT_VERSION in etc/bashrc (12, the Foundation releases,
// which have no META-INFO).
func versionOf(root string) string {
	data, err := os.ReadFile(filepath.Join(root, "META-INFO", "api-info"))
	if err == nil {
		for _, ln := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(ln), "api="); ok && v != "" {
				return "v" + v
			}
		}
	}
	if data, err := os.ReadFile(filepath.Join(root, "etc", "bashrc")); err == nil {
		if m := reBashrcVersion().FindSubmatch(data); m != nil {
			return string(m[1])
		}
	}
	return "v1912"
}

var reBashrcVersion = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^\s*export\s+WM_PROJECT_VERSION=(\w[\w.-]*)`)
})

// Build mines a KB: BC contracts and vocabularies from the C++ sources, case
// records from every tutorial case. The result is deterministic for given sources.
func Build(o BuildOptions) (*kb.KB, error) {
	src, err := Detect(o)
	if err != nil {
		return nil, err
	}
	if o.Load == nil {
		o.Load = loadWithFoamcase
	}
	files, err := sourceFiles(src.Root)
	if err != nil {
		return nil, fmt.Errorf("kb: list sources: %w", err)
	}
	cases, err := findCases(src.Tutorials)
	if err != nil {
		return nil, fmt.Errorf("kb: list tutorials: %w", err)
	}
	// The sources scan and the case loading run concurrently; one bar counts
	// both (2 source passes + one unit per case).
	var pmu sync.Mutex
	doneBy := map[string]int{}
	progress := func(phase string, done, _ int) {
		if o.Progress != nil {
			pmu.Lock()
			defer pmu.Unlock()
			doneBy[phase] = done
			o.Progress("kb build", doneBy["sources"]+doneBy["tutorials"], 2+len(cases))
		}
	}

	var (
		wg         sync.WaitGroup
		contracts  map[string]*kb.Contract
		vocab      kb.Vocab
		nHeaders   int
		cErr, vErr error
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		progress("sources", 0, 2)
		contracts, nHeaders, cErr = scanContracts(src.Root, files)
		progress("sources", 1, 2)
		vocab, vErr = scanVocab(src.Root, files)
		progress("sources", 2, 2)
	}()
	records, nFiles, rErr := loadRecords(src.Tutorials, cases, o, progress)
	wg.Wait()
	if err := errors.Join(cErr, vErr, rErr); err != nil {
		return nil, err
	}
	vocab.BCTypes = map[string][]string{}
	for _, c := range contracts {
		if c.Abstract {
			continue
		}
		for _, r := range c.Ranks {
			vocab.BCTypes[r] = append(vocab.BCTypes[r], c.Type)
		}
	}
	built, err := builtLibs(src.Root)
	if err != nil {
		return nil, fmt.Errorf("kb: list libraries: %w", err)
	}
	if vocab.Libs, err = scanLibs(src.Root, built); err != nil {
		return nil, fmt.Errorf("kb: list libraries: %w", err)
	}
	etcFOs, err := caseDictFunctionObjects(filepath.Join(src.Root, "etc", "caseDicts"), built)
	if err != nil {
		return nil, fmt.Errorf("kb: list etc/caseDicts function objects: %w", err)
	}
	vocab.FunctionObjects = append(vocab.FunctionObjects, etcFOs...)
	k := kb.New(versionOf(src.Root), records, contracts, vocab)
	k.Source = kb.SourceInfo{Tutorials: src.TutorialsLayout, Src: src.RootLayout, Files: nFiles, Headers: nHeaders}
	if k.Source.Tutorials == "flag" || k.Source.Src == "flag" {
		// flags name the same layouts; keep the stamp independent of how they were given
		k.Source.Tutorials = layoutOf(src.Tutorials)
		k.Source.Src = "source"
	}
	return k, nil
}

func layoutOf(tutorials string) string {
	if strings.HasPrefix(filepath.Clean(tutorials), "/usr/share/doc/openfoam-examples") {
		return "examples"
	}
	return "source"
}

// findCases lists tutorial case directories (a system/controlDict, possibly
// gzipped), relative to root, sorted. Region sub-directories are part of their case.
func findCases(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		switch d.Name() {
		case "system", "constant", "0", "0.orig", "polyMesh":
			if p != root {
				return filepath.SkipDir
			}
		}
		for _, n := range []string{"controlDict", "controlDict.gz"} {
			if st, err := os.Stat(filepath.Join(p, "system", n)); err == nil && !st.IsDir() {
				rel, err := filepath.Rel(root, p)
				if err != nil {
					return err
				}
				out = append(out, filepath.ToSlash(rel))
				break
			}
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// loadRecords reads every case in parallel; results keep the sorted case order.
func loadRecords(root string, cases []string, o BuildOptions, progress func(string, int, int)) ([]*kb.CaseRecord, int, error) {
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	recs := make([]*kb.CaseRecord, len(cases))
	errs := make([]error, len(cases))
	jobs := make(chan int)
	var done int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				doc, err := safeLoad(o.Load, filepath.Join(root, cases[i]))
				if err == nil {
					recs[i], err = kb.RecordFromDocument(cases[i], doc)
				}
				if err != nil {
					errs[i] = fmt.Errorf("kb: tutorial %s: %w", cases[i], err)
				}
				mu.Lock()
				done++
				progress("tutorials", done, len(cases))
				mu.Unlock()
			}
		}()
	}
	for i := range cases {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	var out []*kb.CaseRecord
	nFiles := 0
	for i, r := range recs {
		if errs[i] != nil {
			return nil, 0, errs[i]
		}
		out = append(out, r)
		nFiles += len(r.Files)
	}
	return out, nFiles, nil
}

// safeLoad turns a panic of the loader into an error naming the case, so one bad
// tutorial fails the build with a message instead of crashing it.
func safeLoad(load DocumentLoader, dir string) (doc map[string]any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("loader panicked: %v", r)
		}
	}()
	return load(dir)
}
