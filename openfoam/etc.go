package openfoam

import (
	"os"
	"os/user"
	"path/filepath"
)

// API is foamVersion::api of v1912: it names the versioned user and site etc directories
// (~/.OpenFOAM/1912, not v1912).
const API = "1912"

// EtcDirs is the etc search path of v1912's findEtcEntries (etcFiles.C), in its order,
// as a program foamc starts sees it: #includeEtc, `<etc>` and #includeFunc take the
// first directory that holds the file.
//
//  1. user: $HOME/.OpenFOAM/1912, $HOME/.OpenFOAM, when $HOME/.OpenFOAM is a directory
//     (Foam::home: $HOME when set, even empty, else the password entry);
//  2. site: $WM_PROJECT_SITE/etc/1912 and $WM_PROJECT_SITE/etc when WM_PROJECT_SITE is
//     set and that is a directory, else $WM_PROJECT_DIR/site/etc/1912 and
//     $WM_PROJECT_DIR/site/etc;
//  3. project: $WM_PROJECT_DIR/etc ($FOAM_ETC plays no part; Debian's build configures no
//     fallback, so without WM_PROJECT_DIR there is none).
//
// WM_PROJECT_DIR defaults to ProjectDir as in Env. Relative paths (an empty $HOME gives
// `.OpenFOAM`) are taken from cwd, the directory the program runs in. getenv nil is
// os.LookupEnv.
func EtcDirs(getenv func(string) (string, bool), cwd string) []string {
	if getenv == nil {
		getenv = os.LookupEnv
	}
	abs := func(p string) string {
		if !filepath.IsAbs(p) {
			p = filepath.Join(cwd, p)
		}
		return filepath.Clean(p)
	}
	var out []string
	home, ok := getenv("HOME")
	if !ok {
		if u, err := user.Current(); err == nil {
			home = u.HomeDir
		}
	}
	if d := abs(join(home, ".OpenFOAM")); isDir(d) {
		out = append(out, filepath.Join(d, API), d)
	}
	project, _ := getenv("WM_PROJECT_DIR")
	if project == "" {
		project = ProjectDir
	}
	// groupResourceDir: a set WM_PROJECT_SITE decides alone (its etc or nothing).
	site, _ := getenv("WM_PROJECT_SITE")
	if site != "" {
		if d := abs(join(site, "etc")); isDir(d) {
			out = append(out, filepath.Join(d, API), d)
		}
	} else if d := abs(join(project, "site/etc")); isDir(d) {
		out = append(out, filepath.Join(d, API), d)
	}
	if d := abs(join(project, "etc")); isDir(d) {
		out = append(out, d)
	}
	return out
}

// join is fileName's operator/: an empty side gives the other.
func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "/" + b
}

// TutorialsDir is $FOAM_TUTORIALS as the release's etc/config.sh/settings exports it to
// every program (v1912:192, v2506:197, Foundation 12:187): the variable when set, else
// $WM_PROJECT_DIR/tutorials (WM_PROJECT_DIR defaulting to ProjectDir as in EtcDirs).
// getenv nil is os.LookupEnv.
func TutorialsDir(getenv func(string) (string, bool)) string {
	if getenv == nil {
		getenv = os.LookupEnv
	}
	if d, _ := getenv("FOAM_TUTORIALS"); d != "" {
		return d
	}
	project, _ := getenv("WM_PROJECT_DIR")
	if project == "" {
		project = ProjectDir
	}
	return join(project, "tutorials")
}

// TutorialResources is the release's shared tutorial input, $FOAM_TUTORIALS/resources,
// when it is a directory: Foundation's tutorials `#include "$FOAM_TUTORIALS/resources/…"`
// (blockMesh dictionaries, thermophysical data), so it is part of the installation as etc
// is, and includes read and judge it (grammar.ExpandOptions.ResourceDirs). Relative paths
// are taken from cwd.
func TutorialResources(getenv func(string) (string, bool), cwd string) []string {
	d := join(TutorialsDir(getenv), "resources")
	if !filepath.IsAbs(d) {
		d = filepath.Join(cwd, d)
	}
	if !isDir(d) {
		return nil
	}
	return []string{filepath.Clean(d)}
}
