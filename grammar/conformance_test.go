package grammar

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// Corpus selection rule (also in docs/grammar.md). Under tutorials/, every regular file is
// read (gunzipped when it starts with the gzip magic) and selected when
//  1. its first token is the word FoamFile followed by '{' (a dictionary or field file), or
//  2. it has no header but a selected file names it in #include / #sinclude /
//     #includeIfPresent (resolved against the including file's directory; names containing
//     `$` or `<` are not resolved), i.e. header-less include files such as caseSettings;
//
// except:
//   - *.m4 files: m4 templates (backquote/quote macro syntax) that become dictionaries only
//     after `m4` runs;
//   - *.template files: script templates with placeholders (`nu 1e-XXX;`) that sed replaces;
//     v1912 rejects them as they are (TestTemplatesAreRejected);
//   - IO/dictionary/fatal-*.dict: OpenFOAM's own must-fail fixtures (TestIODictionaryFixtures).
func corpusExcluded(rel string) bool {
	base := filepath.Base(rel)
	return strings.HasSuffix(base, ".m4") || strings.HasSuffix(base, ".template") ||
		strings.HasPrefix(rel, "IO/dictionary/") && strings.HasPrefix(base, "fatal-")
}

// readMaybeGzip returns the file content, gunzipped when it has the gzip magic.
func readMaybeGzip(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		return b, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return b, nil // not really gzip: treat as data
	}
	return io.ReadAll(zr)
}

// hasHeader reports whether the first two tokens are `FoamFile {`.
func hasHeader(src []byte) bool {
	s := newScanner(src[:min(len(src), 8<<10)])
	s.headerOnly = true
	s.run()
	return len(s.toks) >= 2 && s.toks[0].Type == tWord && s.toks[0].Value == "FoamFile" && s.toks[1].Value == "{"
}

type corpusFile struct {
	rel string
	src []byte
}

// tutorialCorpus applies the selection rule.
func tutorialCorpus(t testing.TB) (files []corpusFile, skipped map[string]int) {
	root := foamtest.Tutorials(t)
	skipped = map[string]int{}
	byPath := map[string][]byte{}
	var headerless []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if corpusExcluded(rel) {
			skipped["excluded by name"]++
			return nil
		}
		src, err := readMaybeGzip(p)
		if err != nil {
			return err
		}
		if hasHeader(src) {
			files = append(files, corpusFile{rel, src})
		} else {
			byPath[p] = src
			headerless = append(headerless, p)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walking %s: %v", root, err)
	}
	// header-less files named by an include of a selected file
	included := map[string]bool{}
	for _, f := range files {
		for _, target := range includeTargets(f.src) {
			included[filepath.Join(root, filepath.Dir(f.rel), target)] = true
		}
	}
	for _, p := range headerless {
		if included[p] {
			rel, _ := filepath.Rel(root, p)
			files = append(files, corpusFile{rel, byPath[p]})
		} else {
			skipped["no header, not included"]++
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].rel < files[j].rel })
	return files, skipped
}

// includeTargets lists the literal file names of #include-family directives in src.
func includeTargets(src []byte) []string {
	s := newScanner(src)
	s.run()
	var out []string
	for i := 0; i+1 < len(s.toks); i++ {
		switch s.toks[i].Value {
		case "#include", "#sinclude", "#includeIfPresent":
		default:
			continue
		}
		if s.toks[i].Type != tDirective {
			continue
		}
		v := s.toks[i+1].Value
		if s.toks[i+1].Type == tString {
			v = unquote(v)
		}
		if v != "" && !strings.ContainsAny(v, "$<") {
			out = append(out, v)
		}
	}
	return out
}

// forEachParallel runs fn over files on all CPUs (the corpus test must stay a few seconds).
func forEachParallel(files []corpusFile, fn func(corpusFile)) {
	var wg sync.WaitGroup
	ch := make(chan corpusFile)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range ch {
				fn(f)
			}
		}()
	}
	for _, f := range files {
		ch <- f
	}
	close(ch)
	wg.Wait()
}

// TestTutorialCorpus: every selected tutorial file parses with zero errors, and both printers
// round-trip: parse -> Print -> parse and parse -> Format -> parse give the same AST; Format is
// idempotent.
func TestTutorialCorpus(t *testing.T) {
	files, skipped := tutorialCorpus(t)
	if len(files) < 6000 {
		t.Fatalf("selected only %d tutorial files; the v1912 corpus has about 6,700", len(files))
	}
	var mu sync.Mutex
	var failed []string
	headerless, lists, printIdentical := 0, 0, 0
	forEachParallel(files, func(cf corpusFile) {
		f, err := Parse(cf.rel, cf.src)
		report := func(msg string) {
			mu.Lock()
			failed = append(failed, msg)
			mu.Unlock()
		}
		if err != nil {
			report("parse: " + err.Error())
			return
		}
		if pure, err := parseWhole(cf.rel, cf.src, bounds{}); err != nil || !reflect.DeepEqual(pure, f) {
			report(fmt.Sprintf("%s: plain entries from tokens differ from the grammar's (grammar error %v)", cf.rel, err))
		}
		want := dumpAST(f)
		var buf bytes.Buffer
		if err := Print(&buf, f); err != nil {
			report(cf.rel + ": print: " + err.Error())
			return
		}
		// identical bytes parse to the identical AST, so only changed output is re-parsed
		identical := bytes.Equal(buf.Bytes(), cf.src)
		if !identical {
			if g, err := Parse(cf.rel, buf.Bytes()); err != nil {
				report(cf.rel + ": reparse after Print: " + err.Error())
			} else if got := dumpAST(g); got != want {
				report(cf.rel + ": Print round trip changed the AST: " + firstDiff(want, got))
			}
		}
		out := Format(f)
		var streamed bytes.Buffer
		if err := FormatTo(&streamed, f); err != nil || !bytes.Equal(streamed.Bytes(), out) {
			report(fmt.Sprintf("%s: FormatTo differs from Format (%v)", cf.rel, err))
		}
		if bytes.Equal(out, cf.src) {
			// already canonical: re-parsing gives f again, so Format is idempotent here
		} else if g, err := Parse(cf.rel, out); err != nil {
			report(cf.rel + ": reparse after Format: " + err.Error())
		} else if got := dumpAST(g); got != want {
			report(cf.rel + ": Format round trip changed the AST: " + firstDiff(want, got))
		} else if again := Format(g); !bytes.Equal(again, out) {
			report(cf.rel + ": Format is not idempotent: " + firstDiff(string(out), string(again)))
		}
		mu.Lock()
		if identical {
			printIdentical++
		}
		if f.Header == nil {
			headerless++
		}
		if f.IsList() {
			lists++
		}
		mu.Unlock()
	})
	sort.Strings(failed)
	for i, m := range failed {
		if i == 20 {
			t.Errorf("… and %d more", len(failed)-20)
			break
		}
		t.Error(m)
	}
	t.Logf("selected %d files (%d header-less includes, %d top-level lists); skipped %v; Print byte-identical to the source: %d; failures %d",
		len(files), headerless, lists, skipped, printIdentical, len(failed))
}

func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-80)
	return "\n  want …" + a[from:min(len(a), i+80)] + "\n  got  …" + b[from:min(len(b), i+80)]
}
