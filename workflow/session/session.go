// Package session assembles, once per process, what every front end lints with: the
// knowledge base, the rule engine with its data.kb, and the linter of a case for the run
// it guards. The CLI and the MCP server reach it through package workflow, which adds
// compile, run, gate and verify; the language server, which neither compiles nor runs,
// takes a Session directly. None of them assembles the kb or the engine on its own.
package session

import (
	"context"
	"sync"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/openfoam"
	"github.com/foamc/foamc/output"
	"github.com/foamc/foamc/rules"
)

// Options configure a Session: which kb, which rules.
type Options struct {
	// KBPath is a kb snapshot file; "" is the embedded v1912 snapshot.
	KBPath string
	// PolicyDirs are directories of extra Rego rules.
	PolicyDirs []string
	// Disabled are rule IDs to skip; an ID no rule has is an *UnknownRuleError.
	Disabled []string
	// AllowCode lets #codeStream, #calc, coded* and systemCall through (SEC-001..003).
	AllowCode bool
	// Release is the OpenFOAM release the cases are for ("": detected per case,
	// openfoam.DetectRelease); each case is judged with its release's profile.
	Release string
}

// Session holds what the commands of one process share: the kb and the rule engine,
// each loaded once, on first use, and safe for concurrent use.
type Session struct {
	opts Options
	kb   func() (*kb.KB, error)

	engineOnce sync.Once
	engine     *rules.Engine
	engineErr  error
}

// New returns a session; nothing is loaded yet.
func New(opts Options) *Session {
	s := &Session{opts: opts}
	s.kb = sync.OnceValues(func() (*kb.KB, error) {
		if opts.KBPath == "" {
			return kb.Default()
		}
		return kb.Load(opts.KBPath)
	})
	return s
}

// Options are the options the session was made with.
func (s *Session) Options() Options { return s.opts }

// KB is the knowledge base, loaded once.
func (s *Session) KB() (*kb.KB, error) { return s.kb() }

// UnknownRuleError is a Disabled ID no rule of the engine has.
type UnknownRuleError struct {
	ID string
	// Known are the engine's rule IDs, for suggestions.
	Known []string
}

func (e *UnknownRuleError) Error() string { return "no rule has the ID " + e.ID }

// Engine is the rule engine, built once; the preload case directories of the first
// call load while the policies compile. data.kb is the precomputed document of the
// embedded snapshot (no full decode), or RulesData of the snapshot at KBPath. The
// engine outlives ctx: a cancelled first caller does not spoil it for the others.
func (s *Session) Engine(ctx context.Context, preload ...string) (*rules.Engine, error) {
	s.engineOnce.Do(func() {
		// only foamc lint preloads: its cases load as Lint loads them (Allrun read).
		opts := rules.Options{Preload: preload, PreloadOptions: s.caseOptions(LoadOptions{}),
			PolicyDirs: s.opts.PolicyDirs, AllowCode: s.opts.AllowCode, Disabled: s.opts.Disabled}
		if s.opts.KBPath == "" {
			// each case is judged with the profile of its release (docs/kb.md "Releases")
			opts.KBJSON = kb.DefaultRulesJSON
			opts.Releases, opts.DefaultRelease, opts.Profiles = kb.ReleaseData, openfoam.ReleaseV1912, kb.Profiles
		} else {
			opts.LoadKB = func() (map[string]any, error) {
				k, err := s.KB()
				if err != nil {
					return nil, err
				}
				return k.RulesData(), nil
			}
		}
		s.engine, s.engineErr = rules.New(context.WithoutCancel(ctx), opts)
		if s.engineErr != nil {
			return
		}
		for _, id := range s.opts.Disabled {
			if _, ok := s.engine.Rule(id); !ok {
				var known []string
				for _, r := range s.engine.Rules() {
					known = append(known, r.ID)
				}
				s.engine, s.engineErr = nil, &UnknownRuleError{ID: id, Known: known}
				return
			}
		}
	})
	return s.engine, s.engineErr
}

// caseOptions and runOptions are the load options of every lint the session makes: the
// one place that decides whether a case's Allrun is read (docs/case-document.md §3).
//
// A lint of a case alone, with no run (foamc lint, the language server, MCP lint_case and
// inspect_case, foamc inspect: Lint, LintCase, LoadCase, CaseLinter), judges it as its Allrun uses it:
// the script read, never run; lo serves the files the caller holds (the language
// server's open buffers), dictionaries and scripts alike.
//
// A lint for a run (Linter: the gate, foamc run, MCP gate_check, the compiler's check of
// the case it wrote) never reads the script: a case must not ship an Allrun that says
// "mesh only" and get its solver run unjudged (foamcase ignores Allrun with a Run, too).
func (s *Session) caseOptions(lo LoadOptions) foamcase.Options {
	return foamcase.Options{Release: s.opts.Release, Parse: lo.Parse, Script: lo.Script, Values: lo.Values,
		AllowOutsideIncludes: lo.AllowOutsideIncludes, Allrun: true}
}

func (s *Session) runOptions(run *foamcase.Run) foamcase.Options {
	return foamcase.Options{Run: run, Release: s.opts.Release}
}

// Linter checks a case directory for the run it guards (rules such as FOAM-PAR-001 deny
// only for a parallel run), its Allrun unread (runOptions); nil is a run not known (MCP
// gate_check, the compiler's check of the case it wrote).
func (s *Session) Linter(run *foamcase.Run) finding.Linter {
	return s.linter(s.runOptions(run))
}

// CaseLinter checks a case directory as `foamc lint` does: alone, as its Allrun uses it
// (caseOptions).
func (s *Session) CaseLinter() finding.Linter {
	return s.linter(s.caseOptions(LoadOptions{}))
}

func (s *Session) linter(opts foamcase.Options) finding.Linter {
	return finding.LintFunc(func(ctx context.Context, dir string) ([]finding.Finding, error) {
		eng, err := s.Engine(ctx)
		if err != nil {
			return nil, err
		}
		res, err := eng.LintDir(ctx, dir, opts)
		return res.Findings, err
	})
}

// Lint checks case directories (foamc lint); a case that cannot be evaluated carries
// its error. progress, when set, hears each case as it is done.
func (s *Session) Lint(ctx context.Context, dirs []string, progress func(done int, dir string)) ([]output.Case, error) {
	eng, err := s.Engine(ctx)
	if err != nil {
		return nil, err
	}
	cases, errs := eng.LintDirs(ctx, dirs, s.caseOptions(LoadOptions{}), progress)
	for i := range cases {
		if errs[i] != nil {
			cases[i].Error = errs[i].Error()
		}
	}
	return cases, nil
}

// LoadOptions are what a front end adds to the load of a case alone: the files it holds
// in place of those on disk (the language server's open buffers; a nil func, or a file
// it does not serve, is read from disk) and what foamc inspect's flags ask.
type LoadOptions struct {
	// Parse parses a dictionary, top-level or included (foamcase.Options.Parse).
	Parse func(path string) (*grammar.File, error)
	// Script is the content of a run script the Allrun reading follows: the Allrun
	// itself, ./Allrun.pre (foamcase.Options.Script).
	Script func(path string) ([]byte, bool)
	// Values keeps nonuniform field data (foamcase.Options.Values).
	Values bool
	// AllowOutsideIncludes reads includes that leave the case (foamcase.Options).
	AllowOutsideIncludes bool
}

// LoadCase loads the case at root as a lint of it alone sees it (caseOptions).
func (s *Session) LoadCase(root string, lo LoadOptions) (*foamcase.Case, error) {
	return foamcase.Load(root, s.caseOptions(lo))
}

// LintCase loads the case at root (LoadCase) and checks it as `foamc lint` does; the
// language server passes its open documents in lo. The loaded case comes back with
// its findings.
func (s *Session) LintCase(ctx context.Context, root string, lo LoadOptions) (*foamcase.Case, []finding.Finding, error) {
	eng, err := s.Engine(ctx)
	if err != nil {
		return nil, nil, err
	}
	c, err := s.LoadCase(root, lo)
	if err != nil {
		return nil, nil, err
	}
	fs, err := eng.LintCase(ctx, c)
	if err != nil {
		return nil, nil, err
	}
	return c, fs, nil
}
