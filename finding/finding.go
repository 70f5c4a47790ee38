// Package finding holds the one shape foamc reports every user-facing problem in:
// parse errors, schema errors and rule violations alike (see docs/architecture.md, "Contracts").
package finding

import (
	"fmt"
	"sort"
	"strings"
)

// Severity orders findings; deny stops compile and gate.
type Severity string

const (
	Deny Severity = "deny"
	Warn Severity = "warn"
	Info Severity = "info"
)

// Rank gives deny > warn > info for sorting and exit codes.
func (s Severity) Rank() int {
	switch s {
	case Deny:
		return 3
	case Warn:
		return 2
	case Info:
		return 1
	}
	return 0
}

// Location points into a case file or a spec. Path is the JSON path inside the
// normalised document (RFC 6901 pointer, e.g. "/files/0~1U/boundaryField/inlet/type").
// EndLine/EndColumn, when set, close the range that starts at Line/Column
// (the end is exclusive: the column just past the last character).
type Location struct {
	File      string `json:"file,omitempty"`
	Line      int    `json:"line,omitempty"`
	Column    int    `json:"column,omitempty"`
	Path      string `json:"path,omitempty"`
	EndLine   int    `json:"endLine,omitempty"`
	EndColumn int    `json:"endColumn,omitempty"`
}

// Related is a second location a finding points at, with what it is
// ("first defined here", "included from here").
type Related struct {
	Location
	Message string `json:"message,omitempty"`
}

// Edit is one machine-applicable change to a case file. Op is one of the
// Edit* constants; Pointer is an RFC 6901 pointer inside the file's dictionary
// ("/PISO/pRefCell"); Value is OpenFOAM text: the entry's value for add and
// set, the whole file for create-file.
type Edit struct {
	Op      string `json:"op"`
	File    string `json:"file"`
	Pointer string `json:"pointer,omitempty"`
	Value   string `json:"value,omitempty"`
}

// The edit operations.
const (
	EditAdd        = "add"
	EditSet        = "set"
	EditRemove     = "remove"
	EditCreateFile = "create-file"
)

// Suggestion is a misspelt word and the words it may have meant to be.
type Suggestion struct {
	Word       string   `json:"word"`
	Candidates []string `json:"candidates,omitempty"`
}

// Repair is a finding's fix as data, beside the prose Finding.Fix: tools
// (the runner's repair, the language server, SARIF consumers) apply it
// without reading text.
type Repair struct {
	Suggest *Suggestion `json:"suggest,omitempty"`
	Edits   []Edit      `json:"edits,omitempty"`
}

func (l Location) String() string {
	var b strings.Builder
	b.WriteString(l.File)
	if l.Line > 0 {
		fmt.Fprintf(&b, ":%d", l.Line)
		if l.Column > 0 {
			fmt.Fprintf(&b, ":%d", l.Column)
		}
	}
	return b.String()
}

// Finding is one located problem with its fix and the evidence it rests on.
type Finding struct {
	ID         string    `json:"id"`
	Severity   Severity  `json:"severity"`
	Summary    string    `json:"summary"`
	Detail     string    `json:"detail,omitempty"`
	Fix        string    `json:"fix,omitempty"`
	Location   Location  `json:"location"`
	Related    []Related `json:"related,omitempty"`
	Provenance []string  `json:"provenance,omitempty"`
	Repair     *Repair   `json:"repair,omitempty"`
	// Measure is what a post-run check measured against what it allows, as numbers
	// (foamc verify's expectations), so reports and tables never read them back from prose.
	Measure *Measure `json:"measure,omitempty"`
	// Excerpt is the source line(s) around Location, for text output.
	Excerpt string `json:"excerpt,omitempty"`
}

func (f Finding) String() string {
	loc := f.Location.String()
	if loc == "" {
		loc = "<case>"
	}
	return fmt.Sprintf("%s: %s [%s] %s", loc, f.Severity, f.ID, f.Summary)
}

// Error lets a single finding travel as a Go error (parse failures).
func (f Finding) Error() string { return f.String() }

// Sort orders findings deterministically: file, line, column, id, path, summary.
func Sort(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Location.File != b.Location.File {
			return a.Location.File < b.Location.File
		}
		if a.Location.Line != b.Location.Line {
			return a.Location.Line < b.Location.Line
		}
		if a.Location.Column != b.Location.Column {
			return a.Location.Column < b.Location.Column
		}
		if a.ID != b.ID {
			return a.ID < b.ID
		}
		if a.Location.Path != b.Location.Path {
			return a.Location.Path < b.Location.Path
		}
		return a.Summary < b.Summary
	})
}

// Max returns the highest severity present, or "" for none.
func Max(fs []Finding) Severity {
	var m Severity
	for _, f := range fs {
		if f.Severity.Rank() > m.Rank() {
			m = f.Severity
		}
	}
	return m
}

// List is a set of findings that is also an error, for APIs that fail with
// several located problems at once (schema validation, unsatisfiable specs).
type List []Finding

func (l List) Error() string {
	var b strings.Builder
	for i, f := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(f.String())
	}
	return b.String()
}

// Measure is one judged measurement: Value against Reference, |Value - Reference| = Deviation
// allowed up to Tolerance. At names the worst point of a profile ("y=0.96"); empty for a scalar.
type Measure struct {
	Value     float64 `json:"value"`
	Reference float64 `json:"reference"`
	Deviation float64 `json:"deviation"`
	Tolerance float64 `json:"tolerance"`
	At        string  `json:"at,omitempty"`
	// Kind is what the value is when it is not the measured quantity itself: "drift",
	// its change across the judged window (verify's settled check).
	Kind string `json:"kind,omitempty"`
}

// IDTruncated is the finding Cap adds in place of the findings it leaves out.
const IDTruncated = "FOAM-LINT-001"

// Cap bounds a sorted list of findings to max (a case can be written to raise
// millions: one per cell of a malformed field, per patch, per entry). It keeps the most
// severe first — every deny before any warning — so a capped list is never judged
// milder than the whole, in its sorted order, and ends with one finding counting what it
// left out.
func Cap(fs []Finding, max int) []Finding {
	if len(fs) <= max {
		return fs
	}
	rank := map[Severity]int{Deny: 0, Warn: 1, Info: 2}
	kept := make([]bool, len(fs))
	n := 0
	for r := 0; r <= 2 && n < max; r++ {
		for i, f := range fs {
			if n < max && rank[f.Severity] == r {
				kept[i], n = true, n+1
			}
		}
	}
	out := make([]Finding, 0, max+1)
	left := map[Severity]int{}
	for i, f := range fs {
		if kept[i] {
			out = append(out, f)
		} else {
			left[f.Severity]++
		}
	}
	return append(out, Finding{ID: IDTruncated, Severity: Info,
		Summary: fmt.Sprintf("%d more findings not shown (%d deny, %d warn, %d info): at most %d are reported", len(fs)-max, left[Deny], left[Warn], left[Info], max),
		Fix:     "fix the findings shown and lint again"})
}
