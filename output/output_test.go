package output

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/xeipuuv/gojsonschema"
)

func sample() Report {
	return Report{
		Tool: "foamc",
		Rules: []Rule{
			{ID: "FOAM-BC-001", Severity: finding.Deny, Title: "boundary condition type is registered", Description: "d", Fix: "use a registered type", Provenance: []string{"fvPatchFieldNew.C:131"}},
			{ID: "FOAM-NUM-005", Severity: finding.Warn, Title: "transient solver with steadyState ddt", Fix: "use Euler"},
		},
		Cases: []Case{
			{Dir: "cases/cavity", Findings: []finding.Finding{
				{ID: "FOAM-BC-001", Severity: finding.Deny, Summary: "unknown boundary condition type \"fixedValu\"", Fix: "did you mean \"fixedValue\"?",
					Location: finding.Location{File: "0/U", Line: 23, Column: 9, EndLine: 23, EndColumn: 19, Path: "/files/0~1U/boundaryField/movingWall/type"},
					Related:  []finding.Related{{Location: finding.Location{File: "constant/polyMesh/boundary", Line: 20, Column: 5, Path: "/patches/0"}, Message: "the patch"}},
					Excerpt:  "        type fixedValu;"},
				{ID: "FOAM-NUM-005", Severity: finding.Warn, Summary: "icoFoam is transient, 50% steady", Location: finding.Location{File: "system/fvSchemes", Line: 3}},
				{ID: "FOAM-PARSE-001", Severity: finding.Deny, Summary: "unexpected token", Location: finding.Location{File: "0/p", Line: 1, Column: 1}},
				{ID: "FOAM-STRUCT-002", Severity: finding.Deny, Summary: "no U", Location: finding.Location{Path: "/fields"}},
			}},
			{Dir: "cases/clean"},
		},
	}
}

// TestSARIFSchema validates the SARIF output against the SARIF 2.1.0 schema.
func TestSARIFSchema(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, "sarif", sample()); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	res, err := gojsonschema.Validate(gojsonschema.NewReferenceLoader("file://"+abs), gojsonschema.NewBytesLoader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Errors() {
		t.Errorf("SARIF invalid: %s", e)
	}
	var log sarifLog
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	rs := log.Runs[0].Results
	if len(rs) != 4 {
		t.Fatalf("%d results", len(rs))
	}
	rules := log.Runs[0].Tool.Driver.Rules
	for _, r := range rs {
		if rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("ruleIndex %d of %s points at %s", r.RuleIndex, r.RuleID, rules[r.RuleIndex].ID)
		}
	}
	first := rs[0]
	if first.Level != "error" || first.Locations[0].PhysicalLocation.ArtifactLocation.URI != "cases/cavity/0/U" ||
		first.Locations[0].PhysicalLocation.Region.StartLine != 23 || first.Locations[0].PhysicalLocation.Region.EndColumn != 19 ||
		len(first.RelatedLocations) != 1 || first.RelatedLocations[0].Message == nil || first.RelatedLocations[0].Message.Text != "the patch" {
		t.Errorf("first result %+v", first)
	}
	// A schema violation is caught: negative line.
	bad := strings.Replace(buf.String(), `"startLine": 23`, `"startLine": 0`, 1)
	res, _ = gojsonschema.Validate(gojsonschema.NewReferenceLoader("file://"+abs), gojsonschema.NewStringLoader(bad))
	if res.Valid() {
		t.Error("schema accepted startLine 0")
	}
}

func TestText(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, "text", sample()); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"cases/cavity/0/U:23:9: deny [FOAM-BC-001] unknown boundary condition type \"fixedValu\"\n",
		"    | " + "        type fixedValu;\n",
		"    fix: did you mean \"fixedValue\"?\n",
		"    related: cases/cavity/constant/polyMesh/boundary:20:5: the patch\n",
		"3 deny, 1 warn, 0 info in 2 case(s)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
}

func TestJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, "json", sample()); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Case     string            `json:"case"`
			Findings []finding.Finding `json:"findings"`
		} `json:"cases"`
		Summary map[string]int `json:"summary"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Summary["deny"] != 3 || doc.Summary["warn"] != 1 || len(doc.Cases) != 2 || doc.Cases[1].Findings == nil {
		t.Errorf("json %s", buf.String())
	}
	if doc.Cases[0].Findings[0].Location.Path != "/files/0~1U/boundaryField/movingWall/type" {
		t.Errorf("path lost: %+v", doc.Cases[0].Findings[0].Location)
	}
}

func TestJUnit(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, "junit", sample()); err != nil {
		t.Fatal(err)
	}
	var s junitSuites
	if err := xml.Unmarshal(buf.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	if s.Tests != 5 || s.Failures != 4 || len(s.Suites) != 2 || s.Suites[1].Cases[0].Name != "lint" || s.Suites[1].Cases[0].Failure != nil {
		t.Errorf("junit %s", buf.String())
	}
}

func TestGitHub(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, "github", sample()); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines:\n%s", len(lines), buf.String())
	}
	want := `::error file=cases/cavity/0/U,line=23,col=9,title=FOAM-BC-001::unknown boundary condition type "fixedValu"%0Afix: did you mean "fixedValue"?`
	if lines[0] != want {
		t.Errorf("got  %s\nwant %s", lines[0], want)
	}
	if !strings.HasPrefix(lines[1], "::warning ") || !strings.Contains(lines[1], "50%25 steady") {
		t.Errorf("warning line %s", lines[1])
	}
}

func TestUnknownFormat(t *testing.T) {
	if err := Write(&bytes.Buffer{}, "xml", sample()); err == nil {
		t.Error("unknown format accepted")
	}
}
