package main

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/internal/proc"
	"github.com/foamc/foamc/mcpserver"
)

func newMCPCmd() *cobra.Command {
	var opts mcpserver.Options
	var httpAddr string
	var allowRemote, trustClientRoots bool
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "serve foamc's tools to agents over MCP (stdio, or --http ADDR)",
		Long: "mcp serves compile, lint, gate, run, the knowledge base and the parser as Model Context\n" +
			"Protocol tools, over stdio or streamable HTTP (docs/mcp.md). The tools touch files only\n" +
			"under --root directories; without --root, over stdio, under the roots the client grants\n" +
			"(otherwise only with --trust-client-roots). HTTP requests need the bearer token printed at start\n" +
			"(or set with FOAMC_MCP_TOKEN).",
		Args: argsBetween(0, 0, "no arguments"),
	}
	f := cmd.Flags()
	f.StringVar(&httpAddr, "http", "", "serve streamable HTTP on ADDR (host defaults to 127.0.0.1) instead of stdio")
	f.BoolVar(&allowRemote, "allow-remote", false, "allow --http on a non-loopback address")
	f.StringArrayVar(&opts.Roots, "root", nil, "directory the tools may read and write (repeatable; besides the roots a stdio client grants)")
	f.BoolVar(&trustClientRoots, "trust-client-roots", false, "also grant the roots clients declare (over HTTP any local process can connect; with --root, the client could widen it)")
	f.IntVar(&opts.MaxRuns, "max-runs", 2, "run_case calls running at once")
	f.DurationVar(&opts.MaxRunTime, "max-run-time", 10*time.Minute, "wall-time limit of run_case")
	f.IntVar(&opts.MaxSteps, "max-steps", 1000, "time-step limit of run_case")
	f.Int64Var(&opts.MaxCaseBytes, "max-case-bytes", 256<<20, "size limit of a case's dictionaries and initial fields")
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		opts.Version = version()
		// --root is the operator's boundary, which no client widens; without it a stdio
		// client (the program that started this server as the user) grants the roots.
		// Over HTTP any local process can connect: only --trust-client-roots.
		opts.ClientRoots = trustClientRoots || httpAddr == "" && len(opts.Roots) == 0
		if httpAddr != "" {
			if opts.Token = os.Getenv("FOAMC_MCP_TOKEN"); opts.Token == "" {
				b := make([]byte, 32)
				if _, err := rand.Read(b); err != nil {
					return fmt.Errorf("foamc mcp: generating a token: %w", err)
				}
				opts.Token = hex.EncodeToString(b)
			}
		}
		srv, err := mcpserver.New(opts)
		if err != nil {
			return err
		}
		ctx, _, stop := proc.Interrupts(cmd.Context())
		defer stop()
		if httpAddr == "" {
			err = srv.ServeStdio(ctx)
		} else {
			addr, aerr := mcpserver.ListenAddr(httpAddr, allowRemote)
			if aerr != nil {
				return usageErrorf(cmd, "%v", aerr)
			}
			stderr := cmd.ErrOrStderr()
			err = srv.ServeHTTP(ctx, addr, func(a net.Addr) {
				fmt.Fprintf(stderr, "foamc mcp: listening on http://%s/\n", a)
				if os.Getenv("FOAMC_MCP_TOKEN") == "" {
					fmt.Fprintf(stderr, "foamc mcp: token %s (send Authorization: Bearer TOKEN)\n", opts.Token)
				}
			})
		}
		if ctx.Err() != nil {
			return nil // stopped by a signal
		}
		return err
	}
	return cmd
}
