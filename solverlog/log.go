// Package solverlog reads an OpenFOAM solver log: time steps, initial residuals,
// Courant numbers, bounding, continuity errors, phase fractions, FATAL blocks and
// signals. It is a leaf: the runner follows a log live with it, verify and faults
// judge a finished one, and none of them depends on another for it.
package solverlog

import (
	"bufio"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// Step is one solver time step (or SIMPLE iteration) as the log reports it.
type Step struct {
	Time float64 `json:"time"`
	// Residuals holds the first initial residual of each solved component in the
	// step (Ux, Uy, p, k, ...), the quantity OpenFOAM's residuals function object plots.
	Residuals  map[string]float64 `json:"residuals"`
	CourantMax float64            `json:"courantMax,omitempty"`
	// InterfaceCourantMax is a VoF solver's "Interface Courant Number" maximum.
	InterfaceCourantMax float64 `json:"interfaceCourantMax,omitempty"`
	// Bounded holds, per field, the lowest minimum of the step's "bounding F, min: ..."
	// lines: the value OpenFOAM's bound() clipped.
	Bounded map[string]float64 `json:"bounded,omitempty"`
	// ContinuityLocal is the step's last "time step continuity errors : sum local"
	// (one line per pressure corrector: the last is what the step leaves), and
	// ContinuityCumulative its cumulative.
	ContinuityLocal      float64 `json:"continuityLocal,omitempty"`
	ContinuityCumulative float64 `json:"continuityCumulative,omitempty"`
	// Phase holds, per phase fraction, the extremes of the step's MULES report
	// "Min(alpha.water) = ... Max(alpha.water) = ...".
	Phase map[string][2]float64 `json:"phase,omitempty"`
	// PhaseVolume holds, per phase fraction, the step's last "Phase-1 volume fraction"
	// (interFoam: alpha1's volume-weighted mean over the domain).
	PhaseVolume map[string]float64 `json:"phaseVolume,omitempty"`
}

var (
	reTime    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^Time = (\S+)$`) })
	reSolving = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`Solving for (\w+), Initial residual = ([^,]+), Final residual = ([^,]+), No Iterations (\d+)`)
	})
	// rhoCentralFoam prints "Mean and max Courant Numbers = MEAN MAX".
	reCourant = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:(Interface )?Courant Number mean: \S+ max: |Mean and max Courant Numbers = \S+ )(\S+)`)
	})
	reBounding = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^bounding (\S+), min: (\S+)`) })
	reContErr  = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^time step continuity errors : sum local = ([^,]+), global = ([^,]+), cumulative = (\S+)`)
	})
	rePhase = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?:Phase-1 volume fraction = (\S+)\s+)?Min\((\S+)\) = (\S+)\s+Max\((\S+)\) = (\S+)`)
	})
	reExecTime = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^ExecutionTime = (\S+) s`) })
	reRank     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\[\d+\] `) })
)

// Parser follows a solver log line by line. It is fed while the solver runs
// (live progress) and after the fact (Parse).
type Parser struct {
	Steps []Step
	// NaN is set when a residual or Courant number is nan/inf.
	NaN bool
	// ExecutionTime is the last reported CPU time in seconds.
	ExecutionTime float64
	// Ended is set by OpenFOAM's final "End" line.
	Ended bool
	// FPE is set by a trapped floating point exception: the sigFpe::sigHandler
	// frame of the stack trace, or the shell's "Floating point exception". The
	// start-up banner ("sigFpe : Enabling floating point exception trapping",
	// "trapFpe: Floating point exception trapping enabled") is not one.
	FPE bool
	// NaNLine is the first line that set NaN.
	NaNLine string
	// Warning is the message of the first "--> FOAM Warning" (its "From"/"in
	// file" lines skipped), "" when none came before a FATAL error.
	Warning  string
	warnOpen bool
	// fatal collects the FOAM FATAL block and what follows it.
	fatal []string
	tail  []string
}

// Feed consumes one line; it returns true when the line completed a step's
// first residual set (a good moment to report progress).
func (p *Parser) Feed(line string) bool {
	line = strings.TrimRight(line, "\r")
	// A parallel run's ranks prefix their messages with "[rank] ".
	if m := reRank().FindStringIndex(line); m != nil {
		line = line[m[1]:]
	}
	if len(p.tail) == 40 {
		p.tail = p.tail[1:]
	}
	p.tail = append(p.tail, line)
	if isFPE(line) {
		p.FPE = true
	}
	if p.fatal != nil || strings.Contains(line, "FOAM FATAL") {
		if len(p.fatal) < 200 {
			p.fatal = append(p.fatal, line)
		}
		return false
	}
	t := strings.TrimSpace(line)
	if p.Warning == "" && p.readWarning(t) {
		return false
	}
	if m := reTime().FindStringSubmatch(t); m != nil {
		// Foundation 12 writes the time with its unit ("Time = 50s").
		v, _ := strconv.ParseFloat(strings.TrimRightFunc(m[1], unicode.IsLetter), 64)
		p.Steps = append(p.Steps, Step{Time: v, Residuals: map[string]float64{}})
		return false
	}
	if t == "End" {
		p.Ended = true
		return false
	}
	if m := reExecTime().FindStringSubmatch(t); m != nil {
		p.ExecutionTime, _ = strconv.ParseFloat(m[1], 64)
		return len(p.Steps) > 0
	}
	// nan is checked before the first "Time =" too (a solver that fails in its set-up).
	var cur *Step
	if len(p.Steps) > 0 {
		cur = &p.Steps[len(p.Steps)-1]
	}
	if m := reCourant().FindStringSubmatch(t); m != nil {
		v, err := strconv.ParseFloat(m[2], 64)
		if err != nil || isBad(m[2]) {
			p.setNaN(t)
		}
		switch {
		case cur == nil:
		case m[1] != "":
			cur.InterfaceCourantMax = v
		default:
			cur.CourantMax = v
		}
		return false
	}
	if cur != nil && p.feedEvidence(cur, t) {
		return false
	}
	if m := reSolving().FindStringSubmatch(t); m != nil {
		if isBad(m[2]) || isBad(m[3]) {
			p.setNaN(t)
		}
		if cur == nil {
			return false
		}
		if _, seen := cur.Residuals[m[1]]; !seen {
			v, _ := strconv.ParseFloat(m[2], 64)
			cur.Residuals[m[1]] = v
		}
	}
	return false
}

// feedEvidence records the step's bounding, continuity-error and phase-fraction
// lines (foamc verify judges them); it reports whether the line was one.
func (p *Parser) feedEvidence(cur *Step, t string) bool {
	if m := reBounding().FindStringSubmatch(t); m != nil {
		v, _ := strconv.ParseFloat(m[2], 64)
		if cur.Bounded == nil {
			cur.Bounded = map[string]float64{}
		}
		if old, seen := cur.Bounded[m[1]]; !seen || v < old {
			cur.Bounded[m[1]] = v
		}
		return true
	}
	if m := reContErr().FindStringSubmatch(t); m != nil {
		if isBad(m[1]) || isBad(m[3]) {
			p.setNaN(t)
		}
		local, _ := strconv.ParseFloat(m[1], 64)
		cur.ContinuityLocal = local
		cur.ContinuityCumulative, _ = strconv.ParseFloat(m[3], 64)
		return true
	}
	if m := rePhase().FindStringSubmatch(t); m != nil && m[2] == m[4] {
		lo, _ := strconv.ParseFloat(m[3], 64)
		hi, _ := strconv.ParseFloat(m[5], 64)
		if cur.Phase == nil {
			cur.Phase = map[string][2]float64{}
		}
		if old, seen := cur.Phase[m[2]]; seen {
			lo, hi = min(lo, old[0]), max(hi, old[1])
		}
		cur.Phase[m[2]] = [2]float64{lo, hi}
		if v, err := strconv.ParseFloat(m[1], 64); err == nil {
			if cur.PhaseVolume == nil {
				cur.PhaseVolume = map[string]float64{}
			}
			cur.PhaseVolume[m[2]] = v
		}
		return true
	}
	return false
}

func (p *Parser) setNaN(line string) {
	if !p.NaN {
		p.NaN, p.NaNLine = true, line
	}
}

// readWarning follows a "--> FOAM Warning" block until its message line; it
// reports whether it consumed the line.
func (p *Parser) readWarning(t string) bool {
	if rest, ok := strings.CutPrefix(t, "--> FOAM Warning"); ok {
		rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), ":"))
		if rest != "" {
			p.Warning = rest
		} else {
			p.warnOpen = true
		}
		return true
	}
	if !p.warnOpen {
		return false
	}
	if t == "" || strings.HasPrefix(t, "From ") || strings.HasPrefix(t, "in file ") {
		return true
	}
	p.Warning, p.warnOpen = t, false
	return true
}

func isFPE(line string) bool {
	return strings.Contains(line, "sigFpe::sigHandler") ||
		strings.Contains(line, "Floating point exception") && !strings.Contains(line, "trapping")
}

func isBad(s string) bool {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.Contains(s, "nan") || strings.Contains(s, "inf")
}

// Fatal is the FOAM FATAL block, or "" when the log has none.
func (p *Parser) Fatal() string { return strings.Join(p.fatal, "\n") }

// Tail is the last lines of the log (for signals that print no FATAL block).
func (p *Parser) Tail() string { return strings.Join(p.tail, "\n") }

// Fields lists every solved component seen, sorted.
func (p *Parser) Fields() []string {
	seen := map[string]bool{}
	for _, s := range p.Steps {
		for f := range s.Residuals {
			seen[f] = true
		}
	}
	out := make([]string, 0, len(seen))
	for f := range seen {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// Final returns the last step that solved anything, or nil.
func (p *Parser) Final() *Step {
	for i := len(p.Steps) - 1; i >= 0; i-- {
		if len(p.Steps[i].Residuals) > 0 {
			return &p.Steps[i]
		}
	}
	return nil
}

// Parse reads a whole log.
func Parse(r io.Reader) (*Parser, error) {
	p := &Parser{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		p.Feed(sc.Text())
	}
	return p, sc.Err()
}
