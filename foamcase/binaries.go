package foamcase

import (
	"bytes"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/saferead"
)

// Finding IDs of shipped native code (rules/goids.go). Neither is lifted by
// --allow-code: that flag lets OpenFOAM compile code the user reviewed in the
// dictionaries, never run a binary the case brings.
const (
	// IDShippedBinary is an ELF file (a shared library, an executable) in the case.
	IDShippedBinary = "FOAM-CASE-003"
	// IDDynamicCode is a dynamicCode/ directory in the case.
	IDDynamicCode = "FOAM-CASE-004"
)

var elfMagic = []byte("\x7fELF")

// binaries reports the native code the case ships: every ELF file anywhere in the case
// tree (a library `libs` names by path, or one a case script could run), and every
// dynamicCode/ directory. OpenFOAM first dlopens the library a #codeStream or coded
// entry would build, dynamicCode/platforms/<arch>/lib/lib<name>_<SHA1 of the code>.so,
// when it is there (codeStream.C:126-159; codedBase likewise), and compiles only when
// it is not: under --allow-code a shipped library would run instead of the code the
// user reviewed. Symbolic links to files are followed (the file read is the target);
// links to directories only inside the case.
func (l *loader) binaries() {
	root, err := filepath.EvalSymlinks(l.root)
	if err != nil {
		return
	}
	var out []finding.Finding
	walked := map[string]bool{}
	var walk func(dir, rel string)
	walk = func(dir, rel string) {
		real, err := filepath.EvalSymlinks(dir)
		if err != nil || walked[real] || !within(root, real) {
			return
		}
		walked[real] = true
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range entries {
			p, r := filepath.Join(dir, e.Name()), path.Join(rel, e.Name())
			st, err := os.Stat(p)
			if err != nil {
				continue
			}
			if st.IsDir() {
				if e.Name() == "dynamicCode" {
					out = append(out, finding.Finding{ID: IDDynamicCode, Severity: finding.Deny,
						Summary:  r + "/ holds code OpenFOAM loads instead of compiling what the dictionaries say",
						Detail:   "OpenFOAM dlopens dynamicCode/platforms/<arch>/lib/lib<name>_<SHA1>.so when it is there instead of compiling the #codeStream or coded entry it reads (the SHA1 is of code the case itself holds), so a case that ships it runs that library, not the code a reviewer read; --allow-code does not lift this.",
						Fix:      "remove " + r + "/: OpenFOAM rebuilds it from the dictionaries under --allow-code",
						Location: finding.Location{File: r}})
				}
				walk(p, r)
				continue
			}
			if st.Mode().IsRegular() && isELF(p) {
				out = append(out, finding.Finding{ID: IDShippedBinary, Severity: finding.Deny,
					Summary:  r + " is native code (an ELF file) shipped with the case",
					Detail:   "a library named by path in libs, a dynamicCode library or a program a case script runs executes as the user; foamc never runs a binary the case brings, not even with --allow-code.",
					Fix:      "remove " + r + " and build what the case needs from reviewed source",
					Location: finding.Location{File: r}})
			}
		}
	}
	walk(l.root, "")
	sort.Slice(out, func(i, j int) bool { return out[i].Location.File < out[j].Location.File })
	l.c.Errors = append(l.c.Errors, out...)
}

// isELF reads the first four bytes of a regular file.
func isELF(p string) bool {
	f, _, err := saferead.Open(p, 1<<62)
	if err != nil {
		return false
	}
	defer f.Close()
	var b [4]byte
	if _, err := io.ReadFull(f, b[:]); err != nil {
		return false
	}
	return bytes.Equal(b[:], elfMagic)
}

// within reports whether p is root or below it.
func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && (len(rel) < 3 || rel[:3] != "../")
}
