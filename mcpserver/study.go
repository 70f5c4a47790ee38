package mcpserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/foamc/foamc/study"
)

// StudyInput is run_study's input.
type StudyInput struct {
	StudyPath string `json:"study_path" jsonschema:"a study file under a granted root (docs/study.md): a base spec and its variations, or a grid refinement"`
	OutputDir string `json:"output_dir" jsonschema:"the study directory under a granted root; give the same one again to resume"`
	Redo      bool   `json:"redo,omitempty" jsonschema:"run again the finished variants whose inputs changed"`
	RunLimits
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
	limit, f := s.runLimit(in.RunLimits)
	if f != nil {
		return nil, f
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
	release, f := s.runSlot()
	if f != nil {
		return nil, f
	}
	defer release()
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
