package runner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
)

// TestDecompositionRulesAgainstOpenFOAM shows each decomposition rule's mistake failing in
// real OpenFOAM v1912 (decomposePar, or the solver on the wrong rank count) and the rule
// denying it before anything runs (gated as the Allrun that makes the parallel run).
func TestDecompositionRulesAgainstOpenFOAM(t *testing.T) {
	for _, b := range []string{"blockMesh", "decomposePar", "icoFoam", "mpirun"} {
		foamtest.RequireBinary(t, b)
	}
	// Gated as `./Allrun`: its mpirun -parallel reads the decomposition.
	allrunRun := foamcase.RunOf([]string{"./Allrun"})
	lint := realLinterFor(t, &allrunRun)
	const allrun = "#!/bin/sh\nblockMesh\ndecomposePar -force\nmpirun -np %s icoFoam -parallel\n"
	for _, tc := range []struct {
		rule, dict, ranks string
		step              []string // the program that fails without the rule
		fatal             string
	}{
		{"FOAM-PAR-001", "numberOfSubdomains 2;\nmethod scotch;\n", "2", nil,
			"Attempted to use <scotch> without the scotchDecomp library loaded"},
		{"FOAM-PAR-001", "numberOfSubdomains 2;\nmethod ptscotch;\n", "2", nil,
			"Unknown decompositionMethod type ptscotch"},
		{"FOAM-PAR-002", "numberOfSubdomains 2;\nmethod simple;\ncoeffs { n (3 1 1); }\n", "2", nil,
			"Wrong number of domain divisions in geomDecomp"},
		{"FOAM-PAR-003", "numberOfSubdomains 2;\nmethod simple;\ncoeffs { n (2 1 1); }\n", "3",
			[]string{"mpirun", "-np", "3", "icoFoam", "-parallel"},
			"number of processor directories = 2 is not equal to the number of processors = 3"},
	} {
		t.Run(tc.rule+"/"+strings.TrimSuffix(strings.Fields(tc.dict[strings.Index(tc.dict, "method"):])[1], ";"), func(t *testing.T) {
			dir := t.TempDir()
			foamtest.WriteTxtar(t, "../rules/testdata/cases/cavity-clean.txtar", dir)
			write := func(name, text string) {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			write("system/decomposeParDict", foamHeader("dictionary", "decomposeParDict")+tc.dict)
			write("Allrun", strings.Replace(allrun, "%s", tc.ranks, 1))
			fs, err := lint.LintDir(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			var got *finding.Finding
			for i := range fs {
				if fs[i].ID == tc.rule {
					got = &fs[i]
				}
			}
			if got == nil || got.Severity != finding.Deny {
				t.Fatalf("lint: no %s deny: %v", tc.rule, fs)
			}
			// Without the rule: real OpenFOAM.
			ctx := context.Background()
			f := foam{dir: dir, env: append(foamtest.Env(), "OMPI_MCA_rmaps_base_oversubscribe=1")}
			for _, step := range [][]string{{"blockMesh"}, {"decomposePar", "-force"}, tc.step} {
				if step == nil {
					continue
				}
				code, err := f.exec(ctx, step[0], nil, step[0], step[1:]...)
				if err != nil {
					t.Fatal(err)
				}
				if code == 0 {
					continue
				}
				p, err := parseLogFile(filepath.Join(dir, "log."+step[0]))
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(p.Fatal(), tc.fatal) {
					t.Fatalf("%s exit %d without %q:\n%s", step[0], code, tc.fatal, p.Fatal())
				}
				t.Logf("%s: lint %s %s\n    real %s (exit %d): %s", tc.rule, got.Location, got.Summary, strings.Join(step, " "), code, firstLines(p.Fatal(), 4))
				return
			}
			t.Fatalf("every step succeeded: %s did not fail in OpenFOAM", tc.rule)
		})
	}
}

func firstLines(s string, n int) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && len(out) < n {
			out = append(out, l)
		}
	}
	return strings.Join(out, " | ")
}
