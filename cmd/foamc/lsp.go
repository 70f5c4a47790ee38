package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/lsp"
	"github.com/foamc/foamc/rules"
)

func init() {
	register("lsp", "language server for case dictionaries (Language Server Protocol on stdin/stdout)", runLSP)
}

func runLSP(args []string, _, stderr io.Writer) int {
	fs := flag.NewFlagSet("foamc lsp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ef := addEngineFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: foamc lsp [--disable ID] [--policy DIR] [--allow-code] [--kb FILE]   (an editor starts it)")
		fs.PrintDefaults()
	}
	if fs.Parse(args) != nil || fs.NArg() > 0 {
		return 1
	}
	srv := lsp.New(lsp.Options{
		Engine: func(ctx context.Context) (*rules.Engine, error) { return ef.engine(ctx) },
		KB:     func() (*kb.KB, error) { return openKB(ef.kbPath) },
		Log:    stderr,
	})
	if !srv.Serve(context.Background(), stdio{}) {
		return 1
	}
	return 0
}

// stdio is the editor's connection: requests on stdin, answers on stdout.
type stdio struct{}

func (stdio) Read(p []byte) (int, error)  { return os.Stdin.Read(p) }
func (stdio) Write(p []byte) (int, error) { return os.Stdout.Write(p) }
func (stdio) Close() error                { return os.Stdin.Close() }
