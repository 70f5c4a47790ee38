package runner

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/saferead"
	"github.com/foamc/foamc/openfoam"
)

// CaseEnv is the environment of the OpenFOAM release a case is for: Foundation 12's
// (openfoam.Env12) when its controlDict names foamRun or foamMultiRun, the applications of
// Foundation's solver modules, or its banner says Version 12 (a legacy application such as
// shallowWaterFoam, which both releases have), else Debian's v1912 (openfoam.Env). A Foundation 12 case without a
// Foundation 12 installation is an error that says how to install one: run never lets
// v1912 programs read it.
func CaseEnv(dir string) ([]string, error) {
	if !caseIs12(dir) {
		return openfoam.Env(), nil
	}
	d := openfoam.Dir12()
	if d == "" {
		return nil, fmt.Errorf("runner: %s runs %s, a Foundation OpenFOAM 12 application, and no Foundation 12 is installed: run `make openfoam12` in the foamc repository or set %s to its OpenFOAM-12 directory",
			dir, application(dir), openfoam.Release12Env)
	}
	env, err := openfoam.Env12(d)
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	return env, nil
}

// caseIs12 reports a case for Foundation 12: foamRun, foamMultiRun, or its banner's 12.
func caseIs12(dir string) bool {
	app := application(dir)
	return app == openfoam.Application12 || app == "foamMultiRun" || banner12(dir)
}

// banner12 reports a case whose own banner names Foundation 12 (release detection from the
// case alone: no flag, variable or installation weighed).
func banner12(dir string) bool {
	r := openfoam.DetectRelease(dir, "", func(string) (string, bool) { return "", false })
	return r.ID == openfoam.Release12 && r.Source == "case"
}

// application is controlDict's application word, "" when unreadable (the gate reports it).
func application(dir string) string {
	path := filepath.Join(dir, "system", "controlDict")
	b, err := saferead.ReadFile(path, 1<<20)
	if err != nil {
		return ""
	}
	f, err := grammar.Parse(path, b)
	if err != nil || f.Body == nil {
		return ""
	}
	if e, ok := f.Body.Find("application").(*grammar.PrimitiveEntry); ok && len(e.Value) == 1 {
		if w, ok := e.Value[0].(*grammar.Word); ok {
			return w.Value
		}
	}
	return ""
}

// mpirunPrefix are the options mpirun needs for the release env names: Debian's Open MPI
// puts its prefix's lib, /usr/lib, first on the ranks' LD_LIBRARY_PATH, where Debian's
// v1912 libOpenFOAM and libfiniteVolume live; --noprefix keeps Foundation 12's own first.
func mpirunPrefix(env []string) []string {
	if slices.Contains(env, "WM_PROJECT_VERSION=12") {
		return []string{"--noprefix"}
	}
	return nil
}
