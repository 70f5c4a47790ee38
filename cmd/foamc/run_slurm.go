package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/foamc/foamc/openfoam"
	"github.com/foamc/foamc/runner"
)

// runSlurm is `foamc run --slurm`: submit, follow, classify. SIGINT and SIGTERM end the
// context, which makes RunSlurm scancel the job and wait until it has left the queue.
func runSlurm(ctx context.Context, dir string, opt runner.SlurmOptions, asJSON bool, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	var done func()
	opt.Progress, done = liveProgress(stderr, asJSON)
	res, err := runner.RunSlurm(ctx, dir, opt)
	done()
	if err != nil {
		fmt.Fprintln(stderr, "foamc run:", err)
		return 1
	}
	return report(res, asJSON, stdout)
}

// cancelSlurm is `foamc run --slurm --cancel CASE`: scancel the job id RunSlurm recorded.
func cancelSlurm(ctx context.Context, dir string, stderr io.Writer) int {
	b, err := os.ReadFile(filepath.Join(dir, runner.JobIDFile))
	if err != nil {
		fmt.Fprintf(stderr, "foamc run: no job was submitted for %s (%v)\n", dir, err)
		return 1
	}
	id := strings.TrimSpace(string(b))
	if err := runner.Cancel(ctx, id, openfoam.Env()); err != nil {
		fmt.Fprintln(stderr, "foamc run:", err)
		return 1
	}
	fmt.Fprintf(stderr, "foamc run: cancelled job %s\n", id)
	return 0
}
