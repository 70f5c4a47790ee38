package rules

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/output"
)

// LintDir loads a case directory and evaluates every rule on it; the result is in the
// shape every renderer takes (output.Case, its file paths relative to dir). Files that fail to
// parse come back as findings next to the rule findings. An error means the case could
// not be evaluated at all (unreadable directory, policy evaluation failure).
func (e *Engine) LintDir(ctx context.Context, dir string, opts foamcase.Options) (output.Case, error) {
	p, ok := e.takePreload(dir, opts)
	if !ok {
		p.c, p.err = foamcase.Load(dir, opts)
	}
	c, err := p.c, p.err
	if err != nil {
		return output.Case{Dir: dir}, fmt.Errorf("rules: load case %s: %w", dir, err)
	}
	fs, err := e.LintCase(ctx, c)
	if err != nil {
		return output.Case{Dir: dir}, fmt.Errorf("rules: case %s: %w", dir, err)
	}
	addExcerpts(dir, fs)
	return output.Case{Dir: dir, Findings: fs}, nil
}

// LintCase evaluates every rule on a loaded case and adds the case's parse and
// expansion findings, sorted. A language server re-lints the case it keeps loaded.
func (e *Engine) LintCase(ctx context.Context, c *foamcase.Case) ([]finding.Finding, error) {
	doc := c.Document()
	fs, err := e.Evaluate(ctx, doc, c)
	if err != nil {
		return nil, err
	}
	exact := e.judge(doc).exact
	for _, f := range c.Errors {
		if e.disabled[f.ID] {
			continue
		}
		if !exact && f.Severity == finding.Deny && dialectFindings[f.ID] {
			f.Severity = finding.Warn
			f.Detail = strings.TrimSpace(f.Detail + " (a warning: the case's release may have this directive; foamc has no profile of it)")
		}
		fs = append(fs, f)
	}
	fs = e.allrunFindings(c, fs)
	finding.Sort(fs)
	return finding.Cap(fs, MaxFindings), nil
}

// MaxFindings bounds the findings of one case (finding.Cap keeps the denies).
const MaxFindings = 10_000

// addExcerpts fills Excerpt with the source line each finding points at.
func addExcerpts(dir string, fs []finding.Finding) {
	lines := map[string][]string{}
	for i := range fs {
		l := fs[i].Location
		if l.File == "" || l.Line <= 0 || fs[i].Excerpt != "" {
			continue
		}
		src, ok := lines[l.File]
		if !ok {
			src = readLines(filepath.Join(dir, l.File))
			lines[l.File] = src
		}
		if l.Line <= len(src) {
			fs[i].Excerpt = strings.TrimRight(src[l.Line-1], " \t\r")
		}
	}
}

func readLines(path string) []string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

// LintDirs lints several case directories on all CPUs and returns the results in the
// order of dirs; errs[i] is the error of dirs[i] (nil when it was evaluated). progress,
// when not nil, is called after each case with the number done so far.
func (e *Engine) LintDirs(ctx context.Context, dirs []string, opts foamcase.Options, progress func(done int, dir string)) ([]output.Case, []error) {
	results := make([]output.Case, len(dirs))
	errs := make([]error, len(dirs))
	next := make(chan int)
	done := make(chan int)
	workers := min(runtime.GOMAXPROCS(0), len(dirs))
	for w := 0; w < workers; w++ {
		go func() {
			for i := range next {
				results[i], errs[i] = e.LintDir(ctx, dirs[i], opts)
				done <- i
			}
		}()
	}
	go func() {
		for i := range dirs {
			next <- i
		}
		close(next)
	}()
	for n := 1; n <= len(dirs); n++ {
		i := <-done
		if progress != nil {
			progress(n, dirs[i])
		}
	}
	return results, errs
}
