package snapshot

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/foamc/foamc/finding"
)

func write(t *testing.T, path, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func ids(fs []finding.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.ID+" "+f.Location.File)
	}
	return out
}

// TestRefusesLinksLeavingTheCase: a link to a file outside, an absolute link, a dangling
// link and a link to a directory are refused, each located; a FIFO too.
func TestRefusesLinksLeavingTheCase(t *testing.T) {
	root := t.TempDir()
	c := filepath.Join(root, "case")
	write(t, filepath.Join(c, "system", "controlDict"), "application icoFoam;\n")
	write(t, filepath.Join(root, "secret"), "outside\n")
	for name, target := range map[string]string{"residuals.png": "../secret", "abs": filepath.Join(root, "secret"), "dangling": "nowhere", "sys": "system"} {
		if err := os.Symlink(target, filepath.Join(c, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(c, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, fs, err := Take(c)
	if err != nil || s != nil {
		t.Fatalf("Take: %v %v", s, err)
	}
	got := ids(fs)
	want := []string{"FOAM-RUN-020 abs", "FOAM-RUN-020 dangling", "FOAM-RUN-021 fifo", "FOAM-RUN-020 residuals.png", "FOAM-RUN-020 sys"}
	if len(got) != len(want) {
		t.Fatalf("findings %q, want %q", got, want)
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || g == w
		}
		if !found {
			t.Errorf("missing %s in %q", w, got)
		}
	}
	// refused: the lock is released
	if err := os.Remove(filepath.Join(c, "fifo")); err != nil {
		t.Fatal(err)
	}
}

// TestCopyIsPrivateAndSyncedBack: the copy holds regular files only (a link to a file of
// the case is copied as that file), private to the owner; the run's new, changed and
// removed files go back; a link swapped into the case during the run is replaced, never
// written through; a file the user changed meanwhile is left alone with a warning.
func TestCopyIsPrivateAndSyncedBack(t *testing.T) {
	root := t.TempDir()
	c := filepath.Join(root, "case")
	write(t, filepath.Join(c, "system", "controlDict"), "endTime 1;\n")
	write(t, filepath.Join(c, "0", "U"), "U\n")
	write(t, filepath.Join(c, "log.old"), "old\n")
	write(t, filepath.Join(c, "user"), "mine\n")
	if err := os.Chmod(filepath.Join(c, "0", "U"), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("0/U", filepath.Join(c, "Ulink")); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(root, "bashrc"), "precious\n")
	s, fs, err := Take(c)
	if err != nil || len(fs) > 0 {
		t.Fatalf("Take: %v %v", fs, err)
	}
	defer s.Close()
	if fi, err := os.Lstat(filepath.Join(s.Dir, "Ulink")); err != nil || !fi.Mode().IsRegular() || read(t, filepath.Join(s.Dir, "Ulink")) != "U\n" {
		t.Fatalf("in-case link not copied as a file: %v %v", fi, err)
	}
	if fi, _ := os.Stat(filepath.Join(s.Dir, "0", "U")); fi.Mode().Perm()&0o022 != 0 {
		t.Errorf("copy writable by others: %v", fi.Mode())
	}
	if fi, _ := os.Stat(filepath.Dir(s.Dir)); fi.Mode().Perm() != 0o700 {
		t.Errorf("snapshot root mode %v", fi.Mode())
	}
	// A second run is refused while this one holds the case.
	if s2, fs2, err := Take(c); s2 != nil || err != nil || len(fs2) != 1 || fs2[0].ID != IDLocked {
		t.Fatalf("second Take: %v %v %v", s2, fs2, err)
	}
	// The run: results, an edit, a removal, and an edit of a file the user changes too.
	write(t, filepath.Join(s.Dir, "0.1", "U"), "new\n")
	write(t, filepath.Join(s.Dir, "system", "controlDict"), "endTime 2;\n")
	write(t, filepath.Join(s.Dir, "residuals.png"), "png\n")
	write(t, filepath.Join(s.Dir, "user"), "run's\n")
	if err := os.Remove(filepath.Join(s.Dir, "log.old")); err != nil {
		t.Fatal(err)
	}
	// Meanwhile in the case: a link to an outside file where the run writes, and a user edit.
	if err := os.Symlink(filepath.Join(root, "bashrc"), filepath.Join(c, "residuals.png")); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(c, "user"), "mine, edited\n")
	skipped, err := s.Sync()
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(skipped); len(got) != 2 || got[0] != "FOAM-RUN-023 residuals.png" || got[1] != "FOAM-RUN-023 user" {
		t.Errorf("skipped %q", got)
	}
	if got := read(t, filepath.Join(root, "bashrc")); got != "precious\n" {
		t.Errorf("written through a link: %q", got)
	}
	for p, want := range map[string]string{"0.1/U": "new\n", "system/controlDict": "endTime 2;\n", "user": "mine, edited\n"} {
		if got := read(t, filepath.Join(c, p)); got != want {
			t.Errorf("%s = %q, want %q", p, got, want)
		}
	}
	if _, err := os.Lstat(filepath.Join(c, "log.old")); !os.IsNotExist(err) {
		t.Errorf("log.old not removed: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(s.Dir); !os.IsNotExist(err) {
		t.Errorf("copy left behind: %v", err)
	}
	if err := os.Remove(filepath.Join(c, "residuals.png")); err != nil {
		t.Fatal(err)
	}
	s3, _, err := Take(c)
	if err != nil || s3 == nil {
		t.Fatalf("Take after Close: %v", err)
	}
	s3.Close()
}

// TestStaleCopiesSwept: a copy whose run was killed outright (no lock held, older than a
// minute) is removed by the next Take; a copy a run still holds, and a young one, are kept.
func TestStaleCopiesSwept(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	old := time.Now().Add(-2 * staleAge)
	mk := func(name string, age time.Time) string {
		d := filepath.Join(os.TempDir(), name)
		write(t, filepath.Join(d, "case", "system", "controlDict"), "x")
		if err := os.Chtimes(d, age, age); err != nil {
			t.Fatal(err)
		}
		return d
	}
	stale, young, held := mk("foamc-run-stale", old), mk("foamc-run-young", time.Now()), mk("foamc-run-held", old)
	h, err := os.Open(held)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if err := syscall.Flock(int(h.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	c := t.TempDir()
	write(t, filepath.Join(c, "system", "controlDict"), "application icoFoam;\n")
	s, fs, err := Take(c)
	if err != nil || len(fs) > 0 {
		t.Fatalf("take: %v %v", err, fs)
	}
	defer s.Close()
	for d, want := range map[string]bool{stale: false, young: true, held: true, s.root: true} {
		if _, err := os.Stat(d); (err == nil) != want {
			t.Errorf("%s: present %v, want %v", filepath.Base(d), err == nil, want)
		}
	}
	// The new copy is held: a sweep by another run leaves it.
	os.Chtimes(s.root, old, old)
	sweepStale("foamc-run-")
	if _, err := os.Stat(s.Dir); err != nil {
		t.Fatalf("a live copy was swept: %v", err)
	}
}
