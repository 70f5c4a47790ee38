package compiler

import (
	"context"
	"errors"
	"flag"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/internal/foamtest"
)

var blockMeshCorpus = flag.String("blockmesh-corpus", "sample", "tutorial blockMeshDicts to compare foamc's reading with blockMesh on: sample | all")

// corpusSample is CI's share of the corpus: both patch syntaxes, a collapsed default face,
// a reused default patch, defaultPatch, mergePatchPairs, a boundary list without its `;`.
var corpusSample = []string{
	"compressible/rhoCentralFoam/LadenburgJet60psi",
	"multiphase/interIsoFoam/weirOverflow",
	"mesh/refineMesh/refineFieldDirs",
	"incompressible/pimpleFoam/RAS/TJunction",
	"multiphase/reactingTwoPhaseEulerFoam/RAS/LBend",
	"incompressible/icoFoam/cavity/cavity",
	"discreteMethods/dsmcFoam/supersonicCorner",
}

// TestBlockMeshReaderAgreesOnTutorials compares, for the v1912 tutorial blockMeshDicts,
// the patches of foamc's reading of blockMeshDict (names, types, in order) with those
// blockMesh v1912 writes in the scratch directory. -blockmesh-corpus=all (make matrix)
// reads every system/blockMeshDict of the tutorials and prints the tally.
func TestBlockMeshReaderAgreesOnTutorials(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	tut := foamtest.Tutorials(t)
	var dirs []string
	if *blockMeshCorpus == "all" {
		err := filepath.WalkDir(tut, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Name() == "blockMeshDict" && filepath.Base(filepath.Dir(p)) == "system" {
				rel, _ := filepath.Rel(tut, filepath.Dir(filepath.Dir(p)))
				dirs = append(dirs, rel)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(dirs)
	} else {
		dirs = corpusSample
	}
	var agree, refused, unanswered, emptied int
	var differ []string
	for _, rel := range dirs {
		m, err := readBlockMesh(filepath.Join(tut, rel, "system", "blockMeshDict"))
		if err != nil {
			refused++ // #codeStream, projected vertices, non-hex blocks: not compiled at all
			t.Logf("%s: refused by the reader: %s", rel, firstLine(err.Error()))
			continue
		}
		read := strings.Join(patchList(m), ", ")
		readErr := m.patchErr
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		err = m.askBlockMesh(ctx, nil)
		cancel()
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			unanswered++
			t.Logf("%s: blockMesh took longer than the test's minute", rel)
		case err != nil && readErr != nil:
			agree++ // both refuse
		case err != nil:
			differ = append(differ, rel+": blockMesh refuses, foamc reads "+read+": "+firstLine(err.Error()))
		case m.PatchesFrom != fromBlockMesh:
			unanswered++
			t.Logf("%s: no answer from blockMesh (%s)", rel, m.PatchesWhy)
		case readErr != nil:
			differ = append(differ, rel+": foamc refuses ("+firstLine(readErr.Error())+"), blockMesh writes "+strings.Join(patchList(m), ", "))
		default:
			// Face counts aside: only blockMesh knows faces its point merge removes.
			// mergePatchPairs drops the patches its stitch empties, which only blockMesh knows.
			var kept []string
			for _, p := range strings.Split(read, ", ") {
				name, _, _ := strings.Cut(p, " ")
				if !m.Merged[name] || m.patch(name) != nil {
					kept = append(kept, p)
				} else {
					emptied++
				}
			}
			got := strings.ReplaceAll(strings.Join(patchList(m), ", "), "+0", "")
			if want := strings.ReplaceAll(strings.Join(kept, ", "), "+0", ""); got != want {
				differ = append(differ, rel+":\n  blockMesh "+got+"\n  foamc     "+want)
			} else {
				agree++
			}
		}
	}
	t.Logf("tutorial blockMeshDicts: %d, foamc's reading agrees with blockMesh on %d, differs on %d, refused by the reader before meshing %d, no blockMesh answer %d; merge-pair patches blockMesh removed as emptied: %d",
		len(dirs), agree, len(differ), refused, unanswered, emptied)
	for _, d := range differ {
		t.Errorf("%s", d)
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
