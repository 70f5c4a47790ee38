package compiler

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
)

// A block without a cell zone would belong to no region: splitMeshRegions -cellZonesOnly
// stops on it ("all cells must be in a cellZone"), so the compiler refuses it at the mesh.
func TestCHTUnzonedBlock(t *testing.T) {
	bmd, err := os.ReadFile(filepath.Join("testdata", "cht", "blockMeshDict"))
	if err != nil {
		t.Fatal(err)
	}
	spec, err := os.ReadFile(filepath.Join("testdata", "cht", "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	unzoned := strings.Replace(string(bmd), "(3 2 8 9 7 6 10 11) air (20 6 1)", "(3 2 8 9 7 6 10 11) (20 6 1)", 1)
	if unzoned == string(bmd) {
		t.Fatal("the fixture's air block moved")
	}
	if err := os.WriteFile(filepath.Join(dir, "blockMeshDict"), []byte(unzoned), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = CompileBytes(context.Background(), "spec.yaml", spec, dir, Options{})
	var fl finding.List
	if !errors.As(err, &fl) {
		t.Fatalf("want findings, got %v", err)
	}
	for _, f := range fl {
		if f.ID == IDMesh && f.Location.Path == "/mesh/blockMeshDict" && strings.Contains(f.Summary, "1 block(s) of the blockMeshDict name no cell zone") {
			return
		}
	}
	t.Errorf("want the unzoned block refused at /mesh/blockMeshDict, got %v", fl)
}
