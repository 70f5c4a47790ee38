package session_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/workflow/session"
)

// TestUnknownDisabledRule: a --disable ID no rule has is an error naming it, with the
// known IDs for a suggestion, and no engine.
func TestUnknownDisabledRule(t *testing.T) {
	s := session.New(session.Options{Disabled: []string{"FOAM-SOL-999"}})
	eng, err := s.Engine(context.Background())
	var unknown *session.UnknownRuleError
	if !errors.As(err, &unknown) || eng != nil || unknown.ID != "FOAM-SOL-999" || len(unknown.Known) == 0 {
		t.Fatalf("engine %v, err %v", eng, err)
	}
	if _, err := s.Linter(nil).LintDir(context.Background(), t.TempDir()); !errors.As(err, &unknown) {
		t.Fatalf("the linter of a session without an engine: %v", err)
	}
}

// TestLintCase: the language server's lint reads the open documents through parse and
// judges the case for the session's release, as foamc lint --openfoam does.
func TestLintCase(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "system"), 0o755); err != nil {
		t.Fatal(err)
	}
	onDisk := "FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }\napplication icoFoam;\n"
	if err := os.WriteFile(filepath.Join(root, "system", "controlDict"), []byte(onDisk), 0o644); err != nil {
		t.Fatal(err)
	}
	open := "FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }\napplication simpleFoam;\nendTime ;\n"
	parse := func(path string) (*grammar.File, error) {
		if filepath.Base(path) == "controlDict" {
			return grammar.Parse(path, []byte(open))
		}
		return grammar.ParseFile(path)
	}
	for _, release := range []string{"", "openfoam-12"} {
		s := session.New(session.Options{Release: release})
		c, fs, err := s.LintCase(context.Background(), root, session.LoadOptions{Parse: parse})
		if err != nil {
			t.Fatal(err)
		}
		cd, _ := c.Files["system/controlDict"].(map[string]any)
		if cd["application"] != "simpleFoam" {
			t.Errorf("the open document was not read: controlDict %v", cd)
		}
		if release != "" && c.Release.ID != release {
			t.Errorf("release %q: the case was judged as %q", release, c.Release.ID)
		}
		if len(fs) == 0 {
			t.Errorf("release %q: no findings for a case without fields and an empty endTime", release)
		}
	}
}
