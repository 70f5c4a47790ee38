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
func runSlurm(ctx context.Context, dir string, opt runner.SlurmOptions, format string, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	var done func()
	opt.Progress, done = liveProgress(stderr, format)
	res, err := runner.RunSlurm(ctx, dir, opt)
	done()
	if err != nil {
		return err
	}
	return reportRun(res, format, stdout)
}

// cancelSlurm is `foamc run --slurm --cancel CASE`: scancel the job id RunSlurm recorded.
func cancelSlurm(ctx context.Context, dir string, stderr io.Writer) error {
	b, err := os.ReadFile(filepath.Join(dir, runner.JobIDFile))
	if err != nil {
		return fmt.Errorf("no job was submitted for %s (%w)", dir, err)
	}
	id := strings.TrimSpace(string(b))
	if err := runner.Cancel(ctx, id, openfoam.Env()); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "foamc run: cancelled job %s\n", id)
	return nil
}
