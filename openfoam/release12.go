package openfoam

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Foundation OpenFOAM 12 (openfoam.org) beside Debian's v1912: `make openfoam12` unpacks the
// prebuilt minimal tree of ../shared/openfoam (or builds it from the source tarball) into
// .cache/of12/OpenFOAM-12; FOAMC_OPENFOAM_12_DIR names another installation (its
// WM_PROJECT_DIR, the directory holding etc/bashrc).
const (
	Release12Env = "FOAMC_OPENFOAM_12_DIR"
	// Release12Cache is the install path `make openfoam12` uses, relative to the repository.
	Release12Cache = ".cache/of12/OpenFOAM-12"
	// Application12 is the one solver application of Foundation 12: the solver module is
	// the controlDict's `solver` entry.
	Application12 = "foamRun"
)

// Dir12 returns the Foundation 12 installation: $FOAMC_OPENFOAM_12_DIR, else
// .cache/of12/OpenFOAM-12 in the working directory or its nearest ancestor holding one; ""
// when absent. Only a directory with etc/bashrc counts.
func Dir12() string {
	if d := os.Getenv(Release12Env); d != "" {
		if isFile(filepath.Join(d, "etc", "bashrc")) {
			return filepath.Clean(d)
		}
		return ""
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for d := wd; ; d = filepath.Dir(d) {
		if s := Dir12Under(d); s != "" {
			return s
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// Dir12Under returns root/.cache/of12/OpenFOAM-12 when it is an installation, else "".
func Dir12Under(root string) string {
	d := filepath.Join(root, filepath.FromSlash(Release12Cache))
	if isFile(filepath.Join(d, "etc", "bashrc")) {
		return d
	}
	return ""
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

var env12 struct {
	sync.Mutex
	cache map[string][]string
}

// Env12 is the environment Foundation 12's programs need: what its etc/bashrc sets when
// sourced in a clean shell (WM_PROJECT_DIR, FOAM_ETC, PATH, LD_LIBRARY_PATH, ...), over the
// process environment without v1912's WM_* and FOAM_* variables. The bashrc runs once per
// installation; it is the installation's own script, not a case's.
func Env12(dir string) ([]string, error) {
	env12.Lock()
	defer env12.Unlock()
	if e, ok := env12.cache[dir]; ok {
		return slices.Clone(e), nil
	}
	home, _ := os.UserHomeDir()
	cmd := exec.Command("bash", "--noprofile", "--norc", "-c", `source "$1/etc/bashrc" >/dev/null 2>&1; env -0`, "bash", dir)
	cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin"}
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("sourcing %s/etc/bashrc: %w", dir, err)
	}
	set := map[string]string{}
	for _, kv := range bytes.Split(out, []byte{0}) {
		if k, v, ok := strings.Cut(string(kv), "="); ok && k != "_" && k != "PWD" && k != "SHLVL" && k != "HOME" {
			set[k] = v
		}
	}
	if set["WM_PROJECT_VERSION"] != "12" {
		return nil, fmt.Errorf("%s/etc/bashrc sets WM_PROJECT_VERSION %q, not 12", dir, set["WM_PROJECT_VERSION"])
	}
	// The bashrc's PATH ends with the clean shell's /usr/bin:/bin; the process's own PATH
	// (mpirun, bash, the rest of the machine) follows its OpenFOAM directories.
	var path []string
	for _, p := range filepath.SplitList(set["PATH"]) {
		if p != "/usr/bin" && p != "/bin" {
			path = append(path, p)
		}
	}
	path = append(path, filepath.SplitList(os.Getenv("PATH"))...)
	set["PATH"] = strings.Join(path, ":")
	set["LD_LIBRARY_PATH"] = AbsoluteLibraryPath(set["LD_LIBRARY_PATH"])
	var e []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if _, over := set[k]; over || strings.HasPrefix(k, "WM_") || strings.HasPrefix(k, "FOAM_") || k == "LD_LIBRARY_PATH" {
			continue
		}
		e = append(e, kv)
	}
	for _, k := range slices.Sorted(maps.Keys(set)) {
		e = append(e, k+"="+set[k])
	}
	e = append(e, "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")
	if env12.cache == nil {
		env12.cache = map[string][]string{}
	}
	env12.cache[dir] = e
	return slices.Clone(e), nil
}

// Solver modules of Foundation 12 (applications/modules/*) and their traits; steadiness
// is the case's (fvSchemes ddtSchemes steadyState), not the module's.
var modules12 = map[string]Solver{
	"incompressibleFluid": {Algorithm: "PIMPLE"},
	"fluid":               {Compressible: true, Algorithm: "PIMPLE"},
	"isothermalFluid":     {Compressible: true, Algorithm: "PIMPLE"},
	"shockFluid":          {Compressible: true},
	"incompressibleVoF":   {Algorithm: "PIMPLE", Multiphase: true},
	// functions solves only its function objects (a passive scalar) over the flow its
	// subSolver reads.
	"functions":           {Algorithm: "PIMPLE"},
	"multicomponentFluid": {Compressible: true, Algorithm: "PIMPLE"},
}

// LookupModule returns the traits of a Foundation 12 solver module (foamRun's `solver`).
func LookupModule(name string) (Solver, bool) {
	s, ok := modules12[name]
	return s, ok
}

// HasModule12 reports whether the Foundation 12 installation dir holds the solver module's
// library (lib<module>.so, which foamRun loads): the prebuilt minimal tree lacks shockFluid
// until `make openfoam12-modules` builds it.
func HasModule12(dir, module string) bool {
	libs, _ := filepath.Glob(filepath.Join(dir, "platforms", "*", "lib", "lib"+module+".so"))
	return len(libs) > 0
}
