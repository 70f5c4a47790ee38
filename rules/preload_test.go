package rules

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
)

// TestPreload: a case loaded while New compiles lints exactly like one loaded by LintDir,
// is used once, and only for the options it was loaded with.
func TestPreload(t *testing.T) {
	dir := filepath.Join(foamtest.Tutorials(t), "incompressible", "simpleFoam", "pitzDaily")
	ctx := context.Background()
	plain, err := New(ctx, Options{KB: fixtureKB(t)})
	if err != nil {
		t.Fatal(err)
	}
	want, err := plain.LintDir(ctx, dir, foamcase.Options{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(ctx, Options{KB: fixtureKB(t), Preload: []string{dir, dir}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := e.takePreload(dir, foamcase.Options{Values: true}); ok {
		t.Error("a preload was used for other options")
	}
	e2, err := New(ctx, Options{KB: fixtureKB(t), Preload: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := e2.LintDir(ctx, dir, foamcase.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("preloaded lint differs:\n got %v\nwant %v", got.Findings, want.Findings)
	}
	if _, ok := e2.takePreload(dir, foamcase.Options{}); ok {
		t.Error("a preload was used twice")
	}
}
