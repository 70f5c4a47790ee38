package output

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar/dictedit"
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

// writeValidSARIF renders r as SARIF, fails the test on every schema violation, and
// returns the text and its decoding.
func writeValidSARIF(t *testing.T, r Report) (*bytes.Buffer, sarifLog) {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, "sarif", r); err != nil {
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
	return &buf, log
}

// TestSARIFSchema validates the SARIF output against the SARIF 2.1.0 schema.
func TestSARIFSchema(t *testing.T) {
	buf, log := writeValidSARIF(t, sample())
	abs, _ := filepath.Abs(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
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
	res, _ := gojsonschema.Validate(gojsonschema.NewReferenceLoader("file://"+abs), gojsonschema.NewStringLoader(bad))
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

// TestSARIFFixes: a finding's edits become SARIF fixes (schema-valid) whose
// replacements, applied to the case file, give what dictedit gives; a new file
// is one insertion; rules carry a helpUri into the catalogue.
func TestSARIFFixes(t *testing.T) {
	dir := t.TempDir()
	schemes := "divSchemes\n{\n    default none;\n}\n"
	if err := os.MkdirAll(filepath.Join(dir, "system"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "system", "fvSchemes"), []byte(schemes), 0o644); err != nil {
		t.Fatal(err)
	}
	add := finding.Edit{Op: finding.EditAdd, File: "system/fvSchemes", Pointer: "/divSchemes/div(phi,U)", Value: "Gauss linear"}
	create := finding.Edit{Op: finding.EditCreateFile, File: "constant/g", Value: "value (0 -9.81 0);\n"}
	r := Report{Tool: "foamc", Rules: []Rule{{ID: "FOAM-NUM-001", Severity: finding.Deny}},
		Cases: []Case{{Dir: dir, Findings: []finding.Finding{{ID: "FOAM-NUM-001", Severity: finding.Deny, Summary: "s", Fix: "add it",
			Location: finding.Location{File: "system/fvSchemes", Line: 2},
			Repair:   &finding.Repair{Edits: []finding.Edit{add, create}}}}}}}
	_, log := writeValidSARIF(t, r)
	if u := log.Runs[0].Tool.Driver.Rules[0].HelpURI; !strings.HasSuffix(u, "CATALOGUE.md#foam-num-001") {
		t.Errorf("helpUri %q", u)
	}
	fixes := log.Runs[0].Results[0].Fixes
	if len(fixes) != 1 || len(fixes[0].ArtifactChanges) != 2 || fixes[0].Description.Text != "add it" {
		t.Fatalf("fixes %+v", fixes)
	}
	ch := fixes[0].ArtifactChanges[0]
	rp := ch.Replacements[0]
	got := schemes[:rp.DeletedRegion.ByteOffset] + rp.InsertedContent.Text + schemes[rp.DeletedRegion.ByteOffset+rp.DeletedRegion.ByteLength:]
	want, _ := dictedit.Apply([]byte(schemes), []finding.Edit{add})
	if !strings.HasSuffix(ch.ArtifactLocation.URI, "system/fvSchemes") || got != string(want) {
		t.Errorf("replacement gives\n%s\nwant\n%s", got, want)
	}
	g := fixes[0].ArtifactChanges[1].Replacements[0]
	if g.DeletedRegion.ByteLength != 0 || g.InsertedContent.Text != create.Value {
		t.Errorf("create-file replacement %+v", g)
	}
}
