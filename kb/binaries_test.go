package kb

import (
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// reFoamList matches a named OpenFOAM list as the -list* options print it:
// `scalarBCs\n119\n(\nname\n...\n)` or `functionObjects6(a b c)`.
var reFoamList = regexp.MustCompile(`(?s)([A-Za-z][\w ]*?)\s*(\d+)\s*\(([^()]*)\)`)

// foamList runs `solver option` and returns the named lists it printed.
func foamList(t *testing.T, solver, option string) map[string][]string {
	t.Helper()
	bin := foamtest.RequireBinary(t, solver)
	cmd := exec.Command(bin, option)
	cmd.Env = foamtest.Env()
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", solver, option, err, out)
	}
	body := string(out)
	if i := strings.LastIndex(body, "// * * *"); i >= 0 {
		body = body[i:]
	}
	lists := map[string][]string{}
	for _, m := range reFoamList.FindAllStringSubmatch(body, -1) {
		lists[strings.TrimSpace(m[1])] = strings.Fields(m[3])
	}
	if len(lists) == 0 {
		t.Fatalf("%s %s printed no list:\n%s", solver, option, body)
	}
	return lists
}

// TestVocabCoversBinaries cross-checks the mined vocabularies with what the
// installed v1912 solvers list at run time (each solver lists what its linked
// libraries register, so each list must be a subset of the vocabulary).
func TestVocabCoversBinaries(t *testing.T) {
	k := embeddedKB(t)
	v := k.Vocab
	check := func(what string, got, vocab []string) {
		t.Helper()
		if len(got) == 0 {
			t.Errorf("%s: the binary listed nothing", what)
		}
		for _, n := range got {
			if !slices.Contains(vocab, n) {
				t.Errorf("%s: %s is registered in the binary but not in the kb vocabulary", what, n)
			}
		}
	}
	for _, solver := range []string{"simpleFoam", "rhoSimpleFoam", "interFoam", "buoyantPimpleFoam"} {
		check(solver+" scalar BCs", foamList(t, solver, "-listScalarBCs")["scalarBCs"], v.BCTypes["scalar"])
		check(solver+" vector BCs", foamList(t, solver, "-listVectorBCs")["vectorBCs"], v.BCTypes["vector"])
	}
	for solver, class := range map[string]string{"simpleFoam": "incompressible", "rhoSimpleFoam": "compressible"} {
		lists := foamList(t, solver, "-listTurbulenceModels")
		check(solver+" RAS models", lists["RAS models"], v.RASModels[class])
		check(solver+" LES models", lists["LES models"], v.LESModels[class])
	}
	check("rhoSimpleFoam function objects", foamList(t, "rhoSimpleFoam", "-listFunctionObjects")["functionObjects"], v.FunctionObjects)
}
