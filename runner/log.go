// Package runner runs OpenFOAM cases with the real binaries: gate (lint), mesh,
// decomposition, solver with live progress and bounded steps, log parsing,
// classification of FOAM FATAL errors, a bounded deterministic repair loop (LLM
// last), a repair log with provenance, a summary and a residual plot.
package runner

import (
	"io"

	"github.com/foamc/foamc/solverlog"
)

// The solver log is read by package solverlog, a leaf that verify and faults read
// too; the runner's API (Progress, Classify) speaks of its types under these names.
type (
	Step      = solverlog.Step
	LogParser = solverlog.Parser
)

// ParseLog reads a whole log (solverlog.Parse).
func ParseLog(r io.Reader) (*LogParser, error) { return solverlog.Parse(r) }
