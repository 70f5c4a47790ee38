package workflow

import (
	"context"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/runner"
	"github.com/foamc/foamc/verify"
)

// RunRequest is one run of a case: the runner's options (Lint, Verify and Retriever are
// set here), on this machine or, with Slurm, as the case's job.slurm.
type RunRequest struct {
	runner.Options
	// Slurm submits job.slurm and follows the job; NoPreflight skips its checks.
	Slurm, NoPreflight bool
	// Verify, when set, judges the finished run (foamc verify); a reject fails it.
	Verify *verify.Options
	// Tutorials are the OpenFOAM tutorials repairs consult for what the kb cannot
	// answer ("": openfoam's default places).
	Tutorials string
}

// Run gates, meshes and solves dir (runner.Run, or runner.RunSlurm). The gate lints for
// the run at hand, as `foamc gate` does for its command: foamc run --parallel N
// decomposes the case; a Slurm job runs job.slurm, whose launches say whether it is
// parallel. Repairs retrieve from the session's kb.
func (s *Session) Run(ctx context.Context, dir string, req RunRequest) (*runner.Result, error) {
	opt := req.Options
	launch := foamcase.Run{Command: "foamc run", Parallel: opt.Parallel > 1, Ranks: opt.Parallel}
	if req.Slurm {
		launch = foamcase.Run{Command: "sbatch", Script: runner.JobScript}
	}
	// The engine is built before anything runs: a rule set that does not build is the
	// caller's error, not a refusal of the case.
	if _, err := s.Engine(ctx); err != nil {
		return nil, err
	}
	opt.Lint = s.Linter(&launch)
	if req.Verify != nil {
		opt.Verify = runner.Judge(*req.Verify)
	}
	if req.Slurm {
		return runner.RunSlurm(ctx, dir, runner.SlurmOptions{Lint: opt.Lint, Log: opt.Log, Timeout: opt.Timeout, Steps: opt.Steps,
			Verify: opt.Verify, NoPreflight: req.NoPreflight, AllowCode: s.Options().AllowCode, Progress: opt.Progress, Env: opt.Env})
	}
	if opt.Repair > 0 {
		k, err := s.KB()
		if err != nil {
			return nil, err
		}
		opt.Retriever = runner.DefaultRetriever(k, req.Tutorials)
	}
	return runner.Run(ctx, dir, opt)
}
