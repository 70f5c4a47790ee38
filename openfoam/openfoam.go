// Package openfoam is the one place that knows where OpenFOAM lives on this machine: the
// environment its binaries need, binary lookup, and the tutorials and source package. The
// v1912 layout is Debian's (apt-get install openfoam openfoam-examples; apt-get source
// openfoam); Foundation 12's is release12.go.
package openfoam

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Defaults of the Debian v1912 installation.
const (
	ProjectDir = "/usr/share/openfoam"
	EtcDir     = ProjectDir + "/etc"
	// DebianExamples is where openfoam-examples installs the tutorials (large files gzipped).
	DebianExamples = "/usr/share/doc/openfoam-examples/examples"
	// SourceEnv names the unpacked v1912 source package (headers and uncompressed tutorials).
	SourceEnv = "FOAMC_OPENFOAM_SRC"
)

// Env is the environment OpenFOAM binaries need: the process environment plus
// WM_PROJECT_DIR and FOAM_ETC (Debian layout) when unset and, because mpirun
// refuses to run as root without them, Open MPI's explicit opt-in.
//
// LD_LIBRARY_PATH keeps only its absolute elements: an empty or relative element is
// searched relative to the working directory, the case, so `libs (evil);` would dlopen
// a library the case ships (dlopen's search, ld.so(8)).
func Env() []string {
	env := make([]string, 0, len(os.Environ())+4)
	for _, kv := range os.Environ() {
		if v, ok := strings.CutPrefix(kv, "LD_LIBRARY_PATH="); ok {
			if v = AbsoluteLibraryPath(v); v == "" {
				continue
			}
			kv = "LD_LIBRARY_PATH=" + v
		}
		env = append(env, kv)
	}
	if os.Getenv("WM_PROJECT_DIR") == "" {
		env = append(env, "WM_PROJECT_DIR="+ProjectDir)
	}
	if os.Getenv("FOAM_ETC") == "" {
		env = append(env, "FOAM_ETC="+EtcDir)
	}
	return append(env, "OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1")
}

// AbsoluteLibraryPath is a colon-separated search path with its empty and relative
// elements removed.
func AbsoluteLibraryPath(p string) string {
	var keep []string
	for _, d := range strings.Split(p, ":") {
		if filepath.IsAbs(d) {
			keep = append(keep, d)
		}
	}
	return strings.Join(keep, ":")
}

// LookPath returns the path of an OpenFOAM binary (blockMesh, simpleFoam, mpirun...),
// with an error that says how to install it.
func LookPath(name string) (string, error) {
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("OpenFOAM program %s is not installed (run `make deps`): %w", name, err)
	}
	return p, nil
}

// SourceDir returns the unpacked v1912 source package: $FOAMC_OPENFOAM_SRC, else
// .cache/src/openfoam-* in the working directory or the nearest ancestor holding one;
// "" when absent. Only a directory with tutorials/ counts.
func SourceDir() string {
	if d := os.Getenv(SourceEnv); d != "" && isDir(filepath.Join(d, "tutorials")) {
		return filepath.Clean(d)
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for d := wd; ; d = filepath.Dir(d) {
		if s := cachedSource(d); s != "" {
			return s
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// SourceDirUnder returns the source package cached under root (root/.cache/src/openfoam-*), "" when absent.
func SourceDirUnder(root string) string { return cachedSource(root) }

func cachedSource(root string) string {
	matches, _ := filepath.Glob(filepath.Join(root, ".cache", "src", "openfoam-*", "tutorials"))
	for _, m := range matches {
		if isDir(m) {
			return filepath.Dir(m)
		}
	}
	return ""
}

// Tutorials locates a tutorials directory: $FOAMC_OPENFOAM_SRC/tutorials, $FOAM_TUTORIALS,
// the cached source package (SourceDir), then Debian's installed examples; "" when none.
// The Debian examples gzip large files (OpenFOAM reads name.gz for name).
func Tutorials() string {
	if d := os.Getenv(SourceEnv); d != "" && isDir(filepath.Join(d, "tutorials")) {
		return filepath.Join(d, "tutorials")
	}
	if d := os.Getenv("FOAM_TUTORIALS"); d != "" && isDir(d) {
		return d
	}
	if s := SourceDir(); s != "" {
		return filepath.Join(s, "tutorials")
	}
	if isDir(DebianExamples) {
		return DebianExamples
	}
	return ""
}

// TutorialsHelp describes the search order of Tutorials, for flag help texts.
func TutorialsHelp() string {
	return strings.Join([]string{"$" + SourceEnv + "/tutorials", "$FOAM_TUTORIALS", ".cache/src/openfoam-*/tutorials", DebianExamples}, ", ")
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// Etc is OpenFOAM's etc directory: $FOAM_ETC, else the Debian default. The parser takes it
// from its caller (grammar.ExpandOptions.EtcDir) and knows nothing of the machine.
func Etc() string {
	if d := os.Getenv("FOAM_ETC"); d != "" {
		return d
	}
	return EtcDir
}
