package compiler

import (
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

// Every entry of every written dictionary, read back as the case document, has a
// provenance entry (or lies in a file copied whole, such as the mesh).
func TestEveryEntryHasProvenance(t *testing.T) {
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	root := foamtest.RepoRoot()
	paths, _ := filepath.Glob(filepath.Join(root, "eval", "specmatrix", "s*", "spec.yaml"))
	ex, _ := filepath.Glob(filepath.Join(root, "examples", "*", "spec.yaml"))
	for _, p := range append(paths, ex...) {
		res, err := CompileFile(context.Background(), p, Options{KB: k})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		dir := filepath.Join(t.TempDir(), "case")
		if err := res.Write(dir, false); err != nil {
			t.Fatal(err)
		}
		cs, err := foamcase.Load(dir, foamcase.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var missing []string
		leaves := 0
		for file, v := range cs.Files {
			walkLeaves(v, "/files/"+escape(file), func(ptr string) {
				leaves++
				if !covered(res.Provenance, ptr) {
					missing = append(missing, ptr)
				}
			})
		}
		if leaves < 50 {
			t.Errorf("%s: only %d entries read back", p, leaves)
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s: %d entries without provenance, e.g. %s", filepath.Base(filepath.Dir(p)), len(missing), strings.Join(missing[:min(5, len(missing))], " "))
		}
	}
}

func walkLeaves(v any, ptr string, leaf func(string)) {
	m, ok := v.(map[string]any)
	if !ok || isValueObject(m) {
		leaf(ptr)
		return
	}
	for k, x := range m {
		walkLeaves(x, ptr+"/"+escape(k), leaf)
	}
}

// isValueObject: the case document's typed values ({"$uniform": …}, {"$dims": …}) are leaves.
func isValueObject(m map[string]any) bool {
	for k := range m {
		if strings.HasPrefix(k, "$") {
			return true
		}
	}
	return false
}

func covered(prov map[string]Source, ptr string) bool {
	for p := ptr; p != ""; p = p[:strings.LastIndexByte(p, '/')] {
		if _, ok := prov[p]; ok {
			return true
		}
	}
	return false
}

func TestCoveredNeedsAnAncestor(t *testing.T) {
	prov := map[string]Source{"/files/system~1blockMeshDict": {Kind: KindSpec}, "/files/0~1U/internalField": {Kind: KindSpec}}
	if !covered(prov, "/files/system~1blockMeshDict/vertices") || !covered(prov, "/files/0~1U/internalField") {
		t.Error("covered entries reported missing")
	}
	if covered(prov, "/files/0~1U/dimensions") {
		t.Error("an entry without provenance counted as covered")
	}
}
