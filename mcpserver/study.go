package mcpserver

import (
	"context"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/foamc/foamc/study"
)

// StudyInput is run_study's input.
type StudyInput struct {
	StudyPath      string `json:"study_path" jsonschema:"a study file under a granted root (docs/study.md): a base spec and its variations, or a grid refinement"`
	OutputDir      string `json:"output_dir" jsonschema:"the study directory under a granted root; give the same one again to resume"`
	Steps          int    `json:"steps" jsonschema:"solver time steps of every variant (1 to the server's limit)"`
	TimeoutSeconds int    `json:"timeout_seconds,omitempty" jsonschema:"wall-time limit of each variant (default and maximum: the server's limit)"`
	Redo           bool   `json:"redo,omitempty" jsonschema:"run again the finished variants whose inputs changed"`
}

// StudyOutput is run_study's output: every variant's outcome, the results files and
// the grid convergence per quantity.
type StudyOutput struct {
	Study *study.Result `json:"study,omitempty"`
	Report
}

// runStudy runs a study as `foamc study` does, one variant at a time in one of the
// server's run slots, each bounded like run_case; a cancelled request stops the running
// solver and leaves the record resumable.
func (s *Server) runStudy(ctx context.Context, req *mcp.CallToolRequest, in StudyInput) (*StudyOutput, failure) {
	if in.Steps < 1 || in.Steps > s.opts.MaxSteps {
		return nil, fail(IDLimit, fmt.Sprintf("steps must be between 1 and %d, not %d", s.opts.MaxSteps, in.Steps), "", "")
	}
	limit := s.opts.MaxRunTime
	if in.TimeoutSeconds < 0 || time.Duration(in.TimeoutSeconds)*time.Second > limit {
		return nil, fail(IDLimit, fmt.Sprintf("timeout_seconds must be between 1 and %d", int(limit/time.Second)), "", "")
	}
	if in.TimeoutSeconds > 0 {
		limit = time.Duration(in.TimeoutSeconds) * time.Second
	}
	path, f := s.resolve(ctx, "study_path", in.StudyPath)
	if f != nil {
		return nil, f
	}
	out, f := s.resolve(ctx, "output_dir", in.OutputDir)
	if f != nil {
		return nil, f
	}
	sf, err := study.Load(path)
	if err != nil {
		return nil, findings(err, "reading "+path)
	}
	if _, f := s.resolve(ctx, "the study's base spec", sf.Base); f != nil {
		return nil, f
	}
	select {
	case s.runs <- struct{}{}:
		defer func() { <-s.runs }()
	default:
		return nil, fail(IDLimit, fmt.Sprintf("%d runs are already running, the server's limit", s.opts.MaxRuns), "",
			"wait for a run to end, or start foamc mcp with a higher --max-runs")
	}
	opt := study.Options{Out: out, Concurrency: 1, Redo: in.Redo, Steps: in.Steps, Timeout: limit}
	res, err := s.wf.Study(ctx, sf, opt)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fail(IDLimit, "study cancelled", err.Error(), "")
		}
		return nil, findings(err, "running study "+path)
	}
	return &StudyOutput{Study: res, Report: Report{res.Findings}}, nil
}
