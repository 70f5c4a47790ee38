package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/foamc/foamc/openfoam"
	"github.com/foamc/foamc/runner"
)

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
