package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestGateDecompositionByRun: windAroundBuildings's Allrun-parallel decomposes with scotch, a stub in
// Debian's v1912. Only a parallel run reads decomposeParDict, so the gate lets a serial
// simpleFoam run (FOAM-PAR-001 is a warning) and refuses a -parallel one.
func TestGateDecompositionByRun(t *testing.T) {
	foamtest.RequireBinary(t, "simpleFoam")
	src := filepath.Join(foamtest.Tutorials(t), "incompressible", "simpleFoam", "windAroundBuildings")
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	code, stderr := gateIn(t, dir, []string{"simpleFoam", "-help"}, "--format", "text")
	if code != 0 || !strings.Contains(stderr, "FOAM-PAR-001") {
		t.Errorf("serial gate: exit %d, want 0 with a FOAM-PAR-001 warning\n%s", code, stderr)
	}
	for _, argv := range [][]string{
		{"mpirun", "-np", "5", "simpleFoam", "-parallel"},
		{"simpleFoam", "-parallel"},
		{"decomposePar"},
		{"./Allrun-parallel"}, // runParallel simpleFoam
	} {
		code, stderr := gateIn(t, dir, argv, "--format", "text")
		if code != exitGateDenied || !strings.Contains(stderr, "deny") || !strings.Contains(stderr, "FOAM-PAR-001") {
			t.Errorf("gate -- %s: exit %d, want %d with a FOAM-PAR-001 deny\n%s", strings.Join(argv, " "), code, exitGateDenied, stderr)
		}
	}
}
