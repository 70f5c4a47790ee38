package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestReportCommand: `foamc report` on a v1912 cavity run writes CASE.report.html beside
// the case (exit 0) and, with --markdown, report.md beside its PNGs; a bad --plane or
// --mark is a usage error.
func TestReportCommand(t *testing.T) {
	dir := foamtest.CavityRun(t, 20, 20)
	code, stdout, stderr := runFoamc("report", dir)
	page := dir + ".report.html"
	if code != exitOK || stdout != "report: "+page+" ("+size(t, page)+" bytes, 3 pictures, verdict accept)\n" {
		t.Fatalf("report exit %d\n%s%s", code, stdout, stderr)
	}
	md := filepath.Join(t.TempDir(), "md")
	if code, stdout, stderr := runFoamc("report", dir, "--markdown", md, "--field", "p", "--plane", "z=0.005", "--mark", "0.05,0.05,centre"); code != exitOK || !strings.Contains(stdout, "(2 pictures, verdict accept)") {
		t.Fatalf("report --markdown exit %d\n%s%s", code, stdout, stderr)
	}
	for _, f := range []string{"report.md", "residuals.png", "field-p.png"} {
		if _, err := os.Stat(filepath.Join(md, f)); err != nil {
			t.Error(err)
		}
	}
	for _, bad := range [][]string{{"--plane", "q=1"}, {"--mark", "1,2"}} {
		if code, _, stderr := runFoamc(append([]string{"report", dir, "-o", filepath.Join(t.TempDir(), "x.html")}, bad...)...); code != exitFailure || !strings.Contains(stderr, bad[0]) {
			t.Errorf("report %v: exit %d %s", bad, code, stderr)
		}
	}
}

func size(t *testing.T, p string) string {
	t.Helper()
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return strconv.FormatInt(st.Size(), 10)
}
