package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/foamc/foamc/mcpserver"
)

func init() {
	register("mcp", "serve foamc's tools to agents over MCP (stdio, or --http ADDR)", runMCP)
}

func runMCP(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("foamc mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	httpAddr := fs.String("http", "", "serve streamable HTTP on ADDR (host defaults to 127.0.0.1) instead of stdio")
	allowRemote := fs.Bool("allow-remote", false, "allow --http on a non-loopback address")
	var roots listFlag
	fs.Var(&roots, "root", "directory the tools may read and write (repeatable; besides the roots the client grants)")
	maxRun := fs.Duration("max-run-time", 10*time.Minute, "wall-time limit of run_case")
	maxSteps := fs.Int("max-steps", 1000, "time-step limit of run_case")
	maxCase := fs.Int64("max-case-bytes", 256<<20, "size limit of a case's dictionaries and initial fields")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: foamc mcp [--root DIR]... [--http ADDR [--allow-remote]] [--max-run-time D] [--max-steps N] [--max-case-bytes N]")
		fs.PrintDefaults()
	}
	if fs.Parse(args) != nil || fs.NArg() != 0 {
		fs.Usage()
		return 1
	}
	srv, err := mcpserver.New(mcpserver.Options{Roots: roots, MaxRunTime: *maxRun, MaxSteps: *maxSteps, MaxCaseBytes: *maxCase})
	if err != nil {
		fmt.Fprintln(stderr, "foamc mcp:", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *httpAddr == "" {
		err = srv.ServeStdio(ctx)
	} else {
		addr, aerr := mcpserver.ListenAddr(*httpAddr, *allowRemote)
		if aerr != nil {
			fmt.Fprintln(stderr, "foamc mcp:", aerr)
			return 1
		}
		err = srv.ServeHTTP(ctx, addr, func(a net.Addr) { fmt.Fprintf(stderr, "foamc mcp: listening on http://%s/\n", a) })
	}
	if err != nil && ctx.Err() == nil {
		fmt.Fprintln(stderr, "foamc mcp:", err)
		return 1
	}
	return 0
}
