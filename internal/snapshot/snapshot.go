// Package snapshot gives a run its own copy of a case: the gate judges the copy and the
// programs run on it, so a file swapped in the case after the check is never read, and a
// symbolic link the case ships is never written through. The copy is private (a 0700
// directory under $TMPDIR), holds regular files and directories only, and nothing in it is
// writable by others. When the run ends, what it created, changed or removed is synced
// back into the case without following links (each file is written beside its target and
// renamed over it, inside an os.Root of the case). A lock on the case directory refuses a
// second run of the same case while one holds it.
package snapshot

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/foamc/foamc/finding"
)

// Finding IDs of the snapshot (catalogued in rules/goids.go).
const (
	// IDLink: a symbolic link the copy does not take (it leaves the case, dangles, or
	// names a directory).
	IDLink = "FOAM-RUN-020"
	// IDNotRegular: a FIFO, socket or device in the case.
	IDNotRegular = "FOAM-RUN-021"
	// IDLocked: another foamc run or gate holds the case.
	IDLocked = "FOAM-RUN-022"
	// IDNotSynced: a result not written back, because the case's file changed during the
	// run or its place in the case is taken by something else.
	IDNotSynced = "FOAM-RUN-023"
)

// stamp identifies a file's content as the copy or the sync saw it.
type stamp struct {
	size, mtime int64 // mtime in nanoseconds
}

func stampOf(fi fs.FileInfo) stamp { return stamp{fi.Size(), fi.ModTime().UnixNano()} }

// entry is one file or directory copied: its stamps in the case and in the copy.
type entry struct {
	dir        bool
	inCase, in stamp
}

// Snapshot is a locked case and its private copy.
type Snapshot struct {
	// Case is the case directory (absolute, the links of its path resolved).
	Case string
	// Dir is the copy the gate judges and the programs run on; Tmp is a private
	// temporary directory beside it (TMPDIR of contained programs: Open MPI's session).
	Dir, Tmp string
	root     string
	lock     *os.File
	held     *os.File         // the copy's own lock
	copied   map[string]entry // by slash-separated path relative to the case
}

// Take locks dir and copies it. Refusals are deny findings (a link or special file in
// the case, the case locked by another run): then the snapshot is nil and nothing is
// held. err is set when the copy could not be made at all.
func Take(dir string) (*Snapshot, []finding.Finding, error) {
	return take(dir, false)
}

// TakeBeside is Take with the copy in a hidden directory beside the case instead of
// $TMPDIR: on the case's own filesystem, which a batch job on another node of a cluster
// reads (a node's /tmp is its own).
func TakeBeside(dir string) (*Snapshot, []finding.Finding, error) {
	return take(dir, true)
}

func take(dir string, beside bool) (*Snapshot, []finding.Finding, error) {
	abs, err := filepath.Abs(dir)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("snapshot: %w", err)
	}
	lock, err := os.Open(abs)
	if err != nil {
		return nil, nil, fmt.Errorf("snapshot: %w", err)
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		lock.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, []finding.Finding{{ID: IDLocked, Severity: finding.Deny, Location: finding.Location{File: "."},
				Summary: "another foamc run or gate is running on this case",
				Fix:     "wait until it ends (or stop it), then run again; two runs on one case would overwrite each other's results"}}, nil
		}
		return nil, nil, fmt.Errorf("snapshot: lock %s: %w", abs, err)
	}
	s := &Snapshot{Case: abs, lock: lock, copied: map[string]entry{}}
	fail := func(err error) (*Snapshot, []finding.Finding, error) {
		s.Close()
		return nil, nil, err
	}
	parent, pattern := "", "foamc-run-"
	if beside {
		parent, pattern = filepath.Dir(abs), "."+filepath.Base(abs)+".foamc-run-"
	}
	if !beside {
		sweepStale(pattern)
	}
	if s.root, err = os.MkdirTemp(parent, pattern); err != nil {
		return fail(fmt.Errorf("snapshot: %w", err))
	}
	// The copy is held by a lock of its own while it lives, so that a later run can tell
	// it from one whose foamc was killed outright (SIGKILL: no Close ran).
	if s.held, err = os.Open(s.root); err == nil {
		err = syscall.Flock(int(s.held.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	}
	if err != nil {
		return fail(fmt.Errorf("snapshot: %w", err))
	}
	s.Dir, s.Tmp = filepath.Join(s.root, "case"), filepath.Join(s.root, "tmp")
	for _, d := range []string{s.Dir, s.Tmp} {
		if err := os.Mkdir(d, 0o700); err != nil {
			return fail(fmt.Errorf("snapshot: %w", err))
		}
	}
	src, err := os.OpenRoot(abs)
	if err != nil {
		return fail(fmt.Errorf("snapshot: %w", err))
	}
	defer src.Close()
	var refused []finding.Finding
	if err := s.copyDir(src, ".", &refused); err != nil {
		return fail(err)
	}
	if len(refused) > 0 {
		s.Close()
		finding.Sort(refused)
		return nil, refused, nil
	}
	return s, nil, nil
}

// copyDir copies the directory rel of the case (entries in name order).
func (s *Snapshot) copyDir(src *os.Root, rel string, refused *[]finding.Finding) error {
	f, err := src.Open(rel)
	if err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	ents, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	slices.SortFunc(ents, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	for _, e := range ents {
		p := path.Join(rel, e.Name())
		fi, err := src.Lstat(p)
		if err != nil {
			return fmt.Errorf("snapshot: %w", err)
		}
		dst := filepath.Join(s.Dir, filepath.FromSlash(p))
		switch m := fi.Mode(); {
		case m.IsDir():
			if err := os.Mkdir(dst, 0o700); err != nil {
				return fmt.Errorf("snapshot: %w", err)
			}
			s.copied[p] = entry{dir: true, inCase: stampOf(fi)}
			if err := s.copyDir(src, p, refused); err != nil {
				return err
			}
		case m.IsRegular():
			if err := s.copyFile(src, p, fi, dst, syscall.O_NOFOLLOW); err != nil {
				return err
			}
		case m&fs.ModeSymlink != 0:
			// A link to a file of the case is copied as that file; os.Root refuses one
			// that leaves the case (or is absolute).
			target, _ := src.Readlink(p)
			tfi, err := src.Stat(p)
			switch {
			case err != nil:
				*refused = append(*refused, linkFinding(p, target, "leaves the case or points at nothing"))
			case tfi.IsDir():
				*refused = append(*refused, linkFinding(p, target, "names a directory"))
			case !tfi.Mode().IsRegular():
				*refused = append(*refused, linkFinding(p, target, "names a file that is not a regular file"))
			default:
				if err := s.copyFile(src, p, fi, dst, 0); err != nil {
					return err
				}
			}
		default:
			*refused = append(*refused, finding.Finding{ID: IDNotRegular, Severity: finding.Deny, Location: finding.Location{File: p},
				Summary: fmt.Sprintf("%s is a %s, not a regular file: foamc neither copies nor runs a case holding one", p, kind(m)),
				Fix:     "remove it from the case"})
		}
	}
	return nil
}

func linkFinding(p, target, why string) finding.Finding {
	return finding.Finding{ID: IDLink, Severity: finding.Deny, Location: finding.Location{File: p},
		Summary: fmt.Sprintf("%s is a symbolic link to %q that %s: foamc runs a copy of the case and neither follows nor writes through such a link", p, target, why),
		Fix:     "replace the link with a copy of what it names (cp --remove-destination TARGET " + p + ")"}
}

func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "FIFO"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeDevice != 0:
		return "device"
	}
	return "special file"
}

// copyFile copies the case's file p into dst, owner-writable and writable by no one else,
// and records both stamps. lstat is the case entry as listed (a link's own stamp, so the
// sync sees a link replaced).
func (s *Snapshot) copyFile(src *os.Root, p string, lstat fs.FileInfo, dst string, nofollow int) error {
	in, err := src.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK|nofollow, 0)
	if err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	if !fi.Mode().IsRegular() {
		// swapped after the listing
		return fmt.Errorf("snapshot: %s changed while it was copied", p)
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm()&0o755|0o600)
	if err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	_, err = io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("snapshot: copy %s: %w", p, err)
	}
	got, err := os.Lstat(dst)
	if err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	s.copied[p] = entry{inCase: stampOf(lstat), in: stampOf(got)}
	return nil
}

// Sync writes back into the case what the run created or changed in the copy and removes
// what it removed. A file of the case that changed while the run went on (or whose place
// is now a directory, or a link the copy never took) is left alone, with a warn finding.
// Files are written beside their target and renamed over it, inside an os.Root of the
// case: a link in the case is replaced, never written through, and nothing outside the
// case is reached.
func (s *Snapshot) Sync() ([]finding.Finding, error) {
	dst, err := os.OpenRoot(s.Case)
	if err != nil {
		return nil, fmt.Errorf("snapshot: sync: %w", err)
	}
	defer dst.Close()
	var skipped []finding.Finding
	skip := func(p, why string) {
		skipped = append(skipped, finding.Finding{ID: IDNotSynced, Severity: finding.Warn, Location: finding.Location{File: p},
			Summary: fmt.Sprintf("the run's %s was not written back: %s", p, why),
			Fix:     "the run's own copy is gone; run again once nothing else changes the case"})
	}
	// unchanged reports that the case's p is as the copy found it.
	unchanged := func(p string, e entry) bool {
		fi, err := dst.Lstat(p)
		return err == nil && (e.dir && fi.IsDir() || !e.dir && fi.Mode().IsRegular() && stampOf(fi) == e.inCase)
	}
	seen := map[string]bool{}
	err = filepath.WalkDir(s.Dir, func(full string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(s.Dir, full)
		if err != nil || rel == "." {
			return err
		}
		p := filepath.ToSlash(rel)
		seen[p] = true
		e, known := s.copied[p]
		if d.IsDir() {
			fi, err := dst.Lstat(p)
			switch {
			case err == nil && fi.IsDir():
				return nil
			case err == nil:
				skip(p, "the case now has a file or link in its place")
				return filepath.SkipDir
			}
			if err := dst.Mkdir(p, 0o755); err != nil {
				return err
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil // programs' sockets and FIFOs stay in the copy
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		if known && !e.dir && stampOf(fi) == e.in {
			return nil
		}
		if _, err := dst.Lstat(p); err == nil && (!known || !unchanged(p, e)) {
			skip(p, "the case's file changed during the run")
			return nil
		}
		return writeBack(dst, p, full, fi.Mode().Perm()&0o755|0o600)
	})
	if err != nil {
		return skipped, fmt.Errorf("snapshot: sync: %w", err)
	}
	// Removed by the run: files first, then the directories, deepest first.
	var gone []string
	for p := range s.copied {
		if !seen[p] {
			gone = append(gone, p)
		}
	}
	slices.Sort(gone)
	slices.Reverse(gone)
	for _, p := range gone {
		e := s.copied[p]
		if !unchanged(p, e) {
			continue
		}
		if err := dst.Remove(p); err != nil && !e.dir {
			skip(p, "removing it: "+err.Error())
		}
	}
	finding.Sort(skipped)
	return skipped, nil
}

// writeBack writes the copy's file full to the case's p: a new file beside it, renamed over it.
func writeBack(dst *os.Root, p, full string, mode fs.FileMode) error {
	in, err := os.Open(full)
	if err != nil {
		return err
	}
	defer in.Close()
	tmp := path.Join(path.Dir(p), fmt.Sprintf(".foamc-sync-%d-%s", os.Getpid(), path.Base(p)))
	out, err := dst.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, mode)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = dst.Rename(tmp, p)
	}
	if err != nil {
		dst.Remove(tmp)
	}
	return err
}

// Close removes the copy and releases the lock.
func (s *Snapshot) Close() error {
	var err error
	if s.root != "" {
		err = os.RemoveAll(s.root)
		s.root = ""
	}
	if s.held != nil {
		s.held.Close()
		s.held = nil
	}
	if s.lock != nil {
		s.lock.Close()
		s.lock = nil
	}
	return err
}

// staleAge is how old an unlocked copy must be before sweepStale removes it: a copy is
// locked right after it is made, and a younger one may be between the two.
const staleAge = time.Minute

// sweepStale removes the copies in $TMPDIR that no foamc holds any more (their run was
// killed outright), the user's own and older than staleAge. Flock locks die with their
// process, so an unlocked copy has no run left. Copies beside a case (run --slurm) are
// left: a job may still run in one after its foamc has gone.
func sweepStale(pattern string) {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), pattern+"*"))
	for _, d := range dirs {
		fi, err := os.Lstat(d)
		if err != nil || !fi.IsDir() || time.Since(fi.ModTime()) < staleAge {
			continue
		}
		if st, ok := fi.Sys().(*syscall.Stat_t); !ok || int(st.Uid) != os.Getuid() {
			continue
		}
		f, err := os.Open(d)
		if err != nil {
			continue
		}
		if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			os.RemoveAll(d)
		}
		f.Close()
	}
}
