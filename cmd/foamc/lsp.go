package main

import (
	"errors"
	"os"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/lsp"
)

func newLSPCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "lsp",
		Short: "language server for case dictionaries (Language Server Protocol on stdin/stdout)",
		Long:  "lsp serves the Language Server Protocol on stdin/stdout; an editor starts it (README, Editors).",
		Args:  argsBetween(0, 0, "no arguments"),
	}
	ef := addEngineFlags(cmd.Flags())
	maxDoc := cmd.Flags().Int("max-document-bytes", 16<<20, "largest open document the server parses and lints")
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		srv := lsp.New(lsp.Options{
			MaxDocumentBytes: *maxDoc,
			Session:          ef.session().Session,
			Log:              cmd.ErrOrStderr(),
		})
		if !srv.Serve(cmd.Context(), stdio{}) {
			return errors.New("the connection ended without shutdown")
		}
		return nil
	}
	return cmd
}

// stdio is the editor's connection: requests on stdin, answers on stdout.
type stdio struct{}

func (stdio) Read(p []byte) (int, error)  { return os.Stdin.Read(p) }
func (stdio) Write(p []byte) (int, error) { return os.Stdout.Write(p) }
func (stdio) Close() error                { return os.Stdin.Close() }
