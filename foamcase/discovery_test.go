package foamcase

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

// cavity copies the icoFoam cavity tutorial into a temporary directory.
func cavity(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := copyTree(filepath.Join(foamtest.Tutorials(t), "incompressible/icoFoam/cavity/cavity"), dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

func write(t *testing.T, dir, rel, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

const fvOptions = `FoamFile { version 2.0; format ascii; class dictionary; object fvOptions; }
src { type scalarCodedSource; name s; scalarCodedSourceCoeffs { selectionMode all; fields (U); codeAddSup #{ #}; } }
`

// TestNoFileHides: a dictionary is read whatever precedes its header: a comment longer
// than any sniffing window, a NUL byte in a comment (OpenFOAM skips both), and it is
// found through a symbolic link as OpenFOAM finds it.
func TestNoFileHides(t *testing.T) {
	banner := "/*\n" + strings.Repeat("  Licence text that goes on and on and on and on and on.\n", 200) + "*/\n"
	cases := map[string]func(t *testing.T, dir string){
		"long banner": func(t *testing.T, dir string) { write(t, dir, "constant/fvOptions", banner+fvOptions) },
		"NUL in comment": func(t *testing.T, dir string) {
			write(t, dir, "constant/fvOptions", "// licence \x00 text\n"+fvOptions)
		},
		"symbolic link": func(t *testing.T, dir string) {
			write(t, dir, "elsewhere/opts", fvOptions)
			if err := os.Symlink("../elsewhere/opts", filepath.Join(dir, "constant/fvOptions")); err != nil {
				t.Fatal(err)
			}
		},
		"linked directory": func(t *testing.T, dir string) {
			write(t, dir, "elsewhere/opts/fvOptions", fvOptions)
			if err := os.Symlink("../elsewhere/opts", filepath.Join(dir, "constant/extra")); err != nil {
				t.Fatal(err)
			}
		},
	}
	for name, setup := range cases {
		t.Run(name, func(t *testing.T) {
			dir := cavity(t)
			setup(t, dir)
			c, err := Load(dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			rel := "constant/fvOptions"
			if name == "linked directory" {
				rel = "constant/extra/fvOptions"
			}
			body, ok := c.Files[rel].(map[string]any)
			if !ok {
				t.Fatalf("%s not in the document: files %v, errors %v", rel, keys(c.Files), c.Errors)
			}
			src, _ := body["src"].(map[string]any)
			if src["type"] != "scalarCodedSource" {
				t.Errorf("%s src = %v", rel, src)
			}
		})
	}
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestUnreadableFileIsAFinding: a file the run may read and foamc cannot is a located
// deny "cannot read FILE: reason", never silently skipped and never a hang; a file that
// is plainly no dictionary (a data table) is a warning.
func TestUnreadableFileIsAFinding(t *testing.T) {
	dir := cavity(t)
	if err := syscall.Mkfifo(filepath.Join(dir, "constant/fvOptions"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("nowhere", filepath.Join(dir, "system/topoSetDict")); err != nil {
		t.Fatal(err)
	}
	// An #include of a FIFO is refused the same way (grammar reads includes through saferead).
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	write(t, dir, "constant/transportProperties", "FoamFile { object transportProperties; }\n#include \"$FOAM_CASE/pipe\"\nnu 0.01;\n")
	write(t, dir, "system/fvSchemes.bak", "FoamFile { object fvSchemes; }\nddtSchemes { default Euler;\n")
	write(t, dir, "constant/profile.csv", "x, y\n0, 1)\n")
	done := make(chan *Case)
	go func() {
		c, err := Load(dir, Options{})
		if err != nil {
			t.Error(err)
		}
		done <- c
	}()
	var c *Case
	select {
	case c = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Load blocked on a FIFO")
	}
	want := map[string]struct {
		sev    finding.Severity
		prefix string
	}{
		"constant/fvOptions":   {finding.Deny, "cannot read constant/fvOptions: not a regular file (a named pipe)"},
		"system/topoSetDict":   {finding.Deny, "cannot read system/topoSetDict: no such file or directory"},
		"system/fvSchemes.bak": {finding.Deny, "cannot read system/fvSchemes.bak: "},
		"constant/profile.csv": {finding.Warn, "cannot read constant/profile.csv: "},
	}
	got := map[string]finding.Finding{}
	for _, f := range c.Errors {
		got[f.Location.File] = f
	}
	for file, w := range want {
		f, ok := got[file]
		if !ok {
			t.Errorf("no finding for %s (have %v)", file, c.Errors)
			continue
		}
		if f.Severity != w.sev || !strings.HasPrefix(f.Summary, w.prefix) {
			t.Errorf("%s: %s %q, want %s %q…", file, f.Severity, f.Summary, w.sev, w.prefix)
		}
	}
	included := false
	for _, f := range c.Errors {
		included = included || (strings.HasSuffix(f.Location.File, "/pipe") && strings.Contains(f.Summary, "not a regular file (a named pipe)") && f.Severity == finding.Deny)
	}
	if !included {
		t.Errorf("no deny for the included FIFO: %v", c.Errors)
	}
	if f := got["system/fvSchemes.bak"]; f.Location.Line == 0 {
		t.Errorf("a parse error keeps its position: %+v", f.Location)
	}
}

// TestTimeDirectoriesTheRunReads: startFrom latestTime reads the latest time directory,
// processor directories are read (a parallel run reads them instead of the case's), and
// 0.orig is read beside 0 (Allrun restores it).
func TestTimeDirectoriesTheRunReads(t *testing.T) {
	dir := cavity(t)
	ctl, err := os.ReadFile(filepath.Join(dir, "system/controlDict"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, "system/controlDict", strings.Replace(string(ctl), "startFrom       startTime;", "startFrom       latestTime;", 1))
	u, err := os.ReadFile(filepath.Join(dir, "0/U"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"0.1", "0.25", "processor0/0", "processor1/0", "processor0/0.5", "0.orig"} {
		write(t, dir, d+"/U", string(u))
	}
	write(t, dir, "processor1/constant/polyMesh/boundary", "FoamFile { object boundary; }\n0()\n")
	c, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Features.FieldDir != "0.25" || c.Fields["U"] != "0.25/U" {
		t.Errorf("fieldDir %q, U %q; want the latest time 0.25", c.Features.FieldDir, c.Fields["U"])
	}
	for _, f := range []string{"0.25/U", "processor0/0.5/U", "processor1/0/U", "0.orig/U"} {
		if _, ok := c.Files[f]; !ok {
			t.Errorf("%s not read (files %v)", f, keys(c.Files))
		}
	}
	for _, f := range []string{"0/U", "0.1/U", "processor0/0/U"} {
		if _, ok := c.Files[f]; ok {
			t.Errorf("%s read, but the run does not read it", f)
		}
	}
}

// TestLinkLoopsAreWalkedOnce: directory links back into the case (a loop, and several of
// them, which a depth bound alone would multiply) do not loop or repeat the walk.
func TestLinkLoopsAreWalkedOnce(t *testing.T) {
	dir := cavity(t)
	for i := 0; i < 12; i++ {
		if err := os.Symlink(".", filepath.Join(dir, "constant", "loop"+strings.Repeat("x", i))); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("..", filepath.Join(dir, "system", "up")); err != nil {
		t.Fatal(err)
	}
	c, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for f := range c.Files {
		if strings.HasSuffix(f, "transportProperties") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("transportProperties read %d times: %v", n, keys(c.Files))
	}
}

// TestMaxEntries: a dictionary with more entries than a case load reads is a located
// deny finding (the gate fails closed) and the rest of the case still loads.
func TestMaxEntries(t *testing.T) {
	dir := cavity(t)
	var sb strings.Builder
	sb.WriteString("FoamFile { version 2.0; format ascii; class dictionary; object keys; }\n")
	for i := range MaxEntries {
		sb.WriteString("k" + strconv.Itoa(i) + " 1;\n")
	}
	write(t, dir, "constant/keys", sb.String())
	c, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got *finding.Finding
	for i, fd := range c.Errors {
		if fd.Location.File == "constant/keys" {
			got = &c.Errors[i]
		}
	}
	// the header's ';' and '{' count too: the bound is passed on line MaxEntries-3
	if got == nil || got.ID != "FOAM-PARSE-013" || got.Severity != finding.Deny || got.Location.Line != MaxEntries-3 {
		t.Fatalf("finding for the oversized dictionary: %+v", got)
	}
	if c.Files["system/controlDict"] == nil {
		t.Fatal("the rest of the case is not loaded")
	}
}

// TestMaxListItems: a list with more items than a case load reads (a list of words has a
// single ';', which MaxEntries does not see) is a located deny finding too.
func TestMaxListItems(t *testing.T) {
	dir := cavity(t)
	write(t, dir, "constant/words", "FoamFile { version 2.0; format ascii; class dictionary; object words; }\n"+
		"w\n(\n"+strings.Repeat("a\n", MaxListItems+1)+");\n")
	c, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got *finding.Finding
	for i, fd := range c.Errors {
		if fd.Location.File == "constant/words" {
			got = &c.Errors[i]
		}
	}
	// the items start on line 4: the one past the bound is on line MaxListItems+4
	if got == nil || got.ID != "FOAM-PARSE-014" || got.Severity != finding.Deny || got.Location.Line != MaxListItems+4 {
		t.Fatalf("finding for the oversized list: %+v", got)
	}
	if c.Files["system/controlDict"] == nil {
		t.Fatal("the rest of the case is not loaded")
	}
}
