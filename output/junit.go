package output

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/foamc/foamc/finding"
)

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Error     *junitFailure `xml:"error,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// writeJUnit makes one suite per case and one test case per finding; deny and warn
// findings fail, info findings pass with their text in system-out, and a clean case is
// one passing "lint" test.
func writeJUnit(w io.Writer, r Report) error {
	out := junitSuites{Name: "foamc lint"}
	for _, c := range r.Cases {
		s := junitSuite{Name: c.Dir}
		if c.Error != "" {
			s.Cases = append(s.Cases, junitCase{Name: "evaluate", Classname: c.Dir, Error: &junitFailure{Message: c.Error, Type: "error"}})
			s.Errors++
		}
		for _, f := range c.Findings {
			tc := junitCase{Name: fmt.Sprintf("%s %s", f.ID, loc(c.Dir, f.Location)), Classname: c.Dir}
			body := strings.TrimSpace(strings.Join([]string{f.Summary, f.Detail, prefix("fix: ", f.Fix), f.Excerpt}, "\n"))
			if f.Severity == finding.Info {
				tc.SystemOut = body
			} else {
				tc.Failure = &junitFailure{Message: f.Summary, Type: string(f.Severity), Text: body}
				s.Failures++
			}
			s.Cases = append(s.Cases, tc)
		}
		if len(s.Cases) == 0 {
			s.Cases = append(s.Cases, junitCase{Name: "lint", Classname: c.Dir})
		}
		s.Tests = len(s.Cases)
		out.Tests += s.Tests
		out.Failures += s.Failures
		out.Errors += s.Errors
		out.Suites = append(out.Suites, s)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func prefix(p, s string) string {
	if s == "" {
		return ""
	}
	return p + s
}
