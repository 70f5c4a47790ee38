package report

import (
	"bytes"
	"context"
	"encoding/base64"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/runner"
	"github.com/foamc/foamc/verify"
)

var (
	cavityOnce sync.Once
	cavityDir  string
	cavityErr  string
)

// cavity is examples/cavity compiled by foamc and run by the real icoFoam (20 x 20
// cells, t = 0 .. 0.5, as foamc run runs it): a finished case with its spec and
// provenance. It is made once for the package's tests.
func cavity(t *testing.T) string {
	t.Helper()
	foamtest.RequireBinary(t, "blockMesh")
	foamtest.RequireBinary(t, "icoFoam")
	cavityOnce.Do(func() {
		res, err := compiler.CompileFile(context.Background(), filepath.Join(foamtest.RepoRoot(), "examples", "cavity", "spec.yaml"), compiler.Options{})
		if err != nil {
			cavityErr = err.Error()
			return
		}
		root, err := os.MkdirTemp("", "foamc-report-test-")
		if err != nil {
			cavityErr = err.Error()
			return
		}
		cavityDir = filepath.Join(root, "cavity")
		if err := res.Write(cavityDir, false); err != nil {
			cavityErr = err.Error()
			return
		}
		run, err := runner.Run(context.Background(), cavityDir, runner.Options{Lint: finding.LintFunc(func(context.Context, string) ([]finding.Finding, error) { return nil, nil })})
		if err != nil {
			cavityErr = err.Error()
		} else if run.Status != runner.StatusOK {
			cavityErr = "run " + run.Status
		}
	})
	if cavityErr != "" {
		t.Fatal(cavityErr)
	}
	return cavityDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if cavityDir != "" {
		os.RemoveAll(filepath.Dir(cavityDir))
	}
	os.Exit(code)
}

var (
	dataImg  = regexp.MustCompile(`<img src="data:image/png;base64,([A-Za-z0-9+/=]+)"`)
	external = regexp.MustCompile(`(?i)(src|href)\s*=\s*"(https?:|//)|<script|<link|@import|url\(`)
)

// TestCavityReport: the finished cavity's report is accepted, shows the residual
// history and the pictures of U and p from the case's files, the spec and where each
// compiled value came from; the HTML is one file that fetches nothing and runs
// nothing, every picture inline and decodable; the same case gives the same bytes; the
// Markdown form links each PNG it writes.
func TestCavityReport(t *testing.T) {
	dir := cavity(t)
	r, err := Build(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != verify.Accept || r.Name != "cavity" || r.Solver != "icoFoam" || strings.Join(r.Times, " ") != "0.5" {
		t.Errorf("report %s/%s %s times %v", r.Name, r.Solver, r.Verdict, r.Times)
	}
	if r.Residuals == nil || len(r.Fields) != 2 || r.Fields[0].Name != "field-U.png" || r.Fields[1].Name != "field-p.png" || len(r.FieldErrors) > 0 {
		t.Fatalf("pictures: residuals %v, fields %v, errors %v", r.Residuals != nil, names(r.Fields), r.FieldErrors)
	}
	if !strings.Contains(r.Fields[0].Caption, "|U| [m/s] at t = 0.5 on plane z=0.005") || !strings.Contains(r.Fields[0].Caption, "over 400 cut cells") {
		t.Errorf("U caption %q", r.Fields[0].Caption)
	}
	lid := false
	for _, p := range r.Provenance {
		if p.Slot == "0/U/boundaryField/lid" && p.Value == "movingWallVelocity" && p.Kind == "spec" && strings.Contains(p.Source, "/boundaries/lid/velocity") {
			lid = true
		}
	}
	if !lid || !strings.Contains(r.Spec, `"name": "cavity"`) {
		t.Errorf("provenance (%d rows) lacks the lid's spec origin, or the spec is missing: %q", len(r.Provenance), r.Spec[:min(len(r.Spec), 80)])
	}
	for _, f := range r.Findings {
		if f.ID == verify.IDPicture {
			t.Errorf("a picture finding is listed, not shown: %s", f.Summary)
		}
	}

	page, err := r.HTML()
	if err != nil {
		t.Fatal(err)
	}
	if m := external.Find(page); m != nil {
		t.Errorf("the page refers outside itself: %q", m)
	}
	imgs := dataImg.FindAllSubmatch(page, -1)
	if len(imgs) != len(r.Images()) || len(imgs) != 3 {
		t.Errorf("%d inline pictures, want %d", len(imgs), len(r.Images()))
	}
	for _, m := range imgs {
		b, err := base64.StdEncoding.DecodeString(string(m[1]))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(b)); err != nil {
			t.Errorf("inline picture: %v", err)
		}
	}
	for _, want := range []string{`<meta name="viewport"`, "@media print", "@media (max-width", `class="verdict accept"`, "Provenance", "movingWallVelocity"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("the page lacks %q", want)
		}
	}
	again, err := Build(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if page2, _ := again.HTML(); !bytes.Equal(page, page2) {
		t.Error("the same case gave two different pages")
	}

	md := t.TempDir()
	if err := r.WriteMarkdown(md); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(filepath.Join(md, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, im := range r.Images() {
		if !bytes.Contains(text, []byte("]("+im.Name+")")) {
			t.Errorf("report.md does not link %s", im.Name)
		}
		if b, err := os.ReadFile(filepath.Join(md, im.Name)); err != nil || !bytes.Equal(b, im.PNG) {
			t.Errorf("%s: %v", im.Name, err)
		}
	}
}

func names(ims []Image) []string {
	var out []string
	for _, im := range ims {
		out = append(out, im.Name)
	}
	return out
}

// TestExpectations: an expect: item is shown with the findings that judged it and its
// profile picture; a deny among them makes it missed.
func TestExpectations(t *testing.T) {
	dir := t.TempDir()
	spec := `{"name": "pipe", "expect": [{"name": "dp"}, {"name": "profile"}, {"name": "q"}]}`
	if err := os.WriteFile(filepath.Join(dir, "foamc.spec.json"), []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &Report{Findings: []finding.Finding{
		{ID: verify.IDExpectMissed, Severity: finding.Deny, Summary: "expect dp missed: pressureDrop 0.24"},
		{ID: verify.IDCheckPassed, Severity: finding.Info, Summary: "expect profile met: U along the line", Location: finding.Location{File: "postProcessing/expect_profile/0/line_U.xy"}},
	}}
	pics := map[string]Image{"profile-profile.png": {Name: "profile-profile.png", PNG: []byte{1}}, "monitor-other.png": {Name: "monitor-other.png"}}
	if err := r.readSpec(dir, "", pics); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, e := range r.Expect {
		got[e.Name] = e.Status
	}
	if got["dp"] != "missed" || got["profile"] != "met" || got["q"] != "not judged" || len(r.Expect[1].Images) != 1 || len(pics) != 1 {
		t.Errorf("expectations %v, profile images %d, left %v", got, len(r.Expect[1].Images), pics)
	}
	page, err := r.HTML()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<h3>dp: missed</h3>", "<h3>profile: met</h3>", "<h3>q: not judged</h3>"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("page lacks %q", want)
		}
	}
}

// BenchmarkReport100k: the whole report (verify, the pictures of U and p, the page) of
// the cavity meshed 316 x 316 (99 856 cells) and run 5 time steps by icoFoam.
func BenchmarkReport100k(b *testing.B) {
	dir := foamtest.CavityRun(b, 316, 5)
	for b.Loop() {
		r, err := Build(dir, Options{})
		if err != nil {
			b.Fatal(err)
		}
		page, err := r.HTML()
		if err != nil {
			b.Fatal(err)
		}
		if len(r.Fields) != 2 || !strings.Contains(r.Fields[0].Caption, "over 99856 cut cells") {
			b.Fatalf("fields %v %v", names(r.Fields), r.FieldErrors)
		}
		b.ReportMetric(float64(len(page)), "page-bytes")
	}
}
