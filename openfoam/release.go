package openfoam

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
)

// Canonical release IDs of the releases foamc has a profile for (kb.Profiles); the spec's
// `target:` uses the same strings.
const (
	ReleaseV1912 = "openfoam-v1912" // ESI v1912, Debian's, foamc's reference release
	ReleaseV2506 = "openfoam-v2506" // ESI v2506
	Release12    = "openfoam-12"    // Foundation 12
)

// ReleaseEnv names the variable that says which release a case is for, when no
// --openfoam flag does.
const ReleaseEnv = "FOAMC_OPENFOAM"

// Release is the OpenFOAM release a case is for and why foamc thinks so.
type Release struct {
	// ID is canonical: openfoam-v<YYMM> for ESI, openfoam-<N> for the Foundation
	// (openfoam-dev, openfoam-2.3.0 as the banner writes them), or "" when the case shows
	// a Foundation layout but no version.
	ID string `json:"id"`
	// Family is "esi" or "foundation".
	Family string `json:"family"`
	// Source says what decided: flag | env | case | installed | default.
	Source string `json:"source"`
	// Evidence lists what was read, each "file: what" or the flag/variable, in the order
	// it was weighed.
	Evidence []string `json:"evidence"`
}

var (
	reESI        = regexp.MustCompile(`^(?i:openfoam[-_]?)?v?(\d{4})(?:\.\w+)?$`)
	reFoundation = regexp.MustCompile(`^(?i:openfoam[-_]?)?(\d{1,2}(?:\.[\dx]+)*|dev)$`)
	reBanner     = regexp.MustCompile(`Version:\s+(\S+)`)
)

// CanonicalRelease maps a release as a user writes it (v2506, 2506, OpenFOAM-v2506,
// openfoam-12, 12, dev) to its canonical ID and family; ok is false for anything else.
// A bare four-digit number is an ESI API (2506); one or two digits a Foundation major.
func CanonicalRelease(s string) (id, family string, ok bool) {
	s = strings.TrimSpace(s)
	if m := reESI.FindStringSubmatch(s); m != nil && (strings.Contains(strings.ToLower(s), "v") || len(s) == 4) {
		return "openfoam-v" + m[1], "esi", true
	}
	if m := reFoundation.FindStringSubmatch(s); m != nil {
		return "openfoam-" + m[1], "foundation", true
	}
	return "", "", false
}

// DetectRelease finds the release of the case in dir, in this order: flag (--openfoam),
// $FOAMC_OPENFOAM, the case itself (the banner's Version: of system/controlDict, else
// the layout only the Foundation releases read: application foamRun,
// momentumTransport, system/functions, fvModels, fvConstraints), the installed OpenFOAM
// ($WM_PROJECT_VERSION), then foamc's reference release v1912. A flag or variable that
// names no release is kept as evidence and skipped. getenv nil is os.LookupEnv.
func DetectRelease(dir, flag string, getenv func(string) (string, bool)) Release {
	if getenv == nil {
		getenv = os.LookupEnv
	}
	var ev []string
	given := func(v, source, what string) (Release, bool) {
		if v == "" {
			return Release{}, false
		}
		if id, fam, ok := CanonicalRelease(v); ok {
			return Release{ID: id, Family: fam, Source: source, Evidence: append(ev, what+" "+v)}, true
		}
		ev = append(ev, what+" "+v+": not a release (ignored)")
		return Release{}, false
	}
	if r, ok := given(flag, "flag", "--openfoam"); ok {
		return r
	}
	if v, _ := getenv(ReleaseEnv); v != "" {
		if r, ok := given(v, "env", "$"+ReleaseEnv); ok {
			return r
		}
	}
	layout := foundationLayout(dir)
	for _, f := range []string{"system/controlDict", "system/fvSolution", "system/fvSchemes"} {
		v, line := bannerVersion(filepath.Join(dir, f))
		if v == "" {
			continue
		}
		id, fam, ok := CanonicalRelease(v)
		if !ok {
			ev = append(ev, f+": banner Version: "+v+" (not a release)")
			break
		}
		what := f + ":" + strconv.Itoa(line) + ": banner Version: " + v
		if fam == "esi" && len(layout) > 0 {
			// a Foundation case keeps an ESI banner it was copied with: the layout decides
			ev = append(ev, what+" (overruled by the Foundation layout)")
			break
		}
		return Release{ID: id, Family: fam, Source: "case", Evidence: append(append(ev, what), layout...)}
	}
	if len(layout) > 0 {
		if v, _ := getenv("WM_PROJECT_VERSION"); v != "" {
			if id, fam, ok := CanonicalRelease(v); ok && fam == "foundation" {
				return Release{ID: id, Family: fam, Source: "installed", Evidence: append(append(ev, layout...), "$WM_PROJECT_VERSION "+v)}
			}
		}
		return Release{Family: "foundation", Source: "case", Evidence: append(ev, layout...)}
	}
	if v, _ := getenv("WM_PROJECT_VERSION"); v != "" {
		if r, ok := given(v, "installed", "$WM_PROJECT_VERSION"); ok {
			return r
		}
	}
	return Release{ID: ReleaseV1912, Family: "esi", Source: "default", Evidence: append(ev, "no banner, flag or installed OpenFOAM names the release: foamc's reference release v1912")}
}

// foundationLayout lists the files and spellings only the Foundation releases read
// (physicalProperties is not one: ESI v2506 electrostaticFoam reads it too).
func foundationLayout(dir string) []string {
	var out []string
	if app := controlDictWord(filepath.Join(dir, "system", "controlDict"), "application"); app == "foamRun" || app == "foamMultiRun" {
		out = append(out, "system/controlDict: application "+app)
	}
	for _, f := range []string{"constant/momentumTransport", "system/functions", "constant/fvModels", "system/fvConstraints"} {
		if exists(filepath.Join(dir, f)) {
			out = append(out, f+" (Foundation layout)")
		}
	}
	return out
}

func exists(p string) bool {
	if _, err := os.Stat(p); err == nil {
		return true
	}
	_, err := os.Stat(p + ".gz")
	return err == nil
}

// openRegular opens p only when it is a regular file: a case's FIFO or device must not
// block or feed detection (the loader reports such files; detection just skips them).
// O_NONBLOCK keeps a FIFO swapped in after the check from blocking the open.
func openRegular(p string) (*os.File, error) {
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s: not a regular file", p)
	}
	return f, nil
}

// headLines returns the first n lines of a regular file (or of its .gz).
func headLines(p string, n int) []string {
	var r io.Reader
	f, err := openRegular(p)
	if err != nil {
		if f, err = openRegular(p + ".gz"); err != nil {
			return nil
		}
		defer f.Close()
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil
		}
		r = zr
	} else {
		defer f.Close()
		r = f
	}
	var out []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for len(out) < n && sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

// bannerVersion is the Version: of the header banner (within the first 10 lines).
func bannerVersion(p string) (string, int) {
	for i, ln := range headLines(p, 10) {
		if m := reBanner.FindStringSubmatch(ln); m != nil {
			return strings.TrimRight(m[1], "|"), i + 1
		}
	}
	return "", 0
}

var reWordEntry = regexp.MustCompile(`^\s*(\w+)\s+"?([\w.:-]+)"?\s*;`)

// controlDictWord is the value of a top-level `key word;` line (a plain read: the
// detection must not depend on the grammar of the release it is detecting).
func controlDictWord(p, key string) string {
	for _, ln := range headLines(p, 200) {
		if m := reWordEntry.FindStringSubmatch(ln); m != nil && m[1] == key {
			return m[2]
		}
	}
	return ""
}
