package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAllrunDocument: an open Allrun is a shell script, not a dictionary: it shows the
// findings of the Allrun reading on its lines, never a parse error, offers no dictionary
// completion, and its unsaved text is what the case is judged with.
func TestAllrunDocument(t *testing.T) {
	c := start(t)
	dir := copyTutorial(t, "heatTransfer/buoyantSimpleFoam/circuitBoardCooling")
	allrun := filepath.Join(dir, "Allrun")
	text := readText(t, allrun)
	diags := c.open(allrun, "")
	for _, d := range diags {
		if strings.HasPrefix(codeOf(d), "FOAM-PARSE-") {
			t.Fatalf("the Allrun was parsed as a dictionary: %v", summaries(diags))
		}
	}
	if d := find(diags, "FOAM-CASE-011"); d == nil || d.Range.Start.Line != uint32(posOf(t, text, "restore0Dir", 0).Line) {
		t.Fatalf("no FOAM-CASE-011 on the restore0Dir line: %v", summaries(diags))
	}
	if find(diags, "FOAM-CASE-012") == nil {
		t.Fatalf("no FOAM-CASE-012 for createBaffles: %v", summaries(diags))
	}
	if labels := completionLabels(t, c, allrun, posOf(t, text, "restore0Dir", 3)); len(labels) != 0 {
		t.Errorf("completion in a shell script: %v", labels)
	}
	if h := hoverText(t, c, allrun, posOf(t, text, "restore0Dir", 0)); !strings.Contains(h, "FOAM-CASE-011") {
		t.Errorf("hover on restore0Dir: %q", h)
	}

	// unsaved: a script that only meshes makes a meshing case (FOAM-CASE-010), the file
	// on disk unchanged
	meshOnly := "#!/bin/sh\ncd \"${0%/*}\" || exit\n. ${WM_PROJECT_DIR:?}/bin/tools/RunFunctions\nrunApplication blockMesh\n"
	diags = c.change(allrun, meshOnly, 2)
	if d := find(diags, "FOAM-CASE-010"); d == nil || d.Range.Start.Line != 3 || find(diags, "FOAM-CASE-011") != nil {
		t.Fatalf("the unsaved Allrun was not read: %v", summaries(diags))
	}
	if b, err := os.ReadFile(allrun); err != nil || string(b) != text {
		t.Fatalf("the Allrun on disk changed: %v", err)
	}
}

// TestIsScript: what the editor calls a shell script, or a #! first line, is one; a
// dictionary, whatever the editor calls it, is not.
func TestIsScript(t *testing.T) {
	for _, c := range []struct {
		lang, src string
		want      bool
	}{
		{"sh", "runApplication blockMesh\n", true},
		{"bash", "", true},
		{"shellscript", "restore0Dir\n", true},
		{"", "#!/bin/sh\nrunApplication blockMesh\n", true},
		{"foam", "#!/bin/bash\n", true},
		{"foam", "FoamFile { version 2.0; }\n", false},
		{"", "application simpleFoam;\n", false},
	} {
		if got := isScript(c.lang, []byte(c.src)); got != c.want {
			t.Errorf("isScript(%q, %q) = %v, want %v", c.lang, c.src, got, c.want)
		}
	}
}
