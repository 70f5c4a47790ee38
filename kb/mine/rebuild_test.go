package mine

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

// committed is the snapshot kb embeds, as committed.
func committed(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(foamtest.RepoRoot(), "kb", "snapshot", "v1912.json.gz"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var (
	buildOnce  sync.Once
	builtBytes []byte
	buildErr   error
)

// rebuilt builds the KB from the v1912 source package once per test binary.
func rebuilt(t *testing.T) []byte {
	t.Helper()
	src := foamtest.SourceDir(t)
	buildOnce.Do(func() {
		k, err := Build(BuildOptions{Src: src, Tutorials: src + "/tutorials"})
		if err != nil {
			buildErr = err
			return
		}
		var buf bytes.Buffer
		buildErr = k.Encode(&buf)
		builtBytes = buf.Bytes()
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBytes
}

func TestSnapshotMatchesRebuild(t *testing.T) {
	got := rebuilt(t)
	if !bytes.Equal(got, committed(t)) {
		k, err := kb.Decode(bytes.NewReader(got))
		if err != nil {
			t.Fatal(err)
		}
		t.Fatalf("the embedded snapshot differs from a rebuild (%d vs %d bytes; rebuilt: %+v): run `make kb` and commit kb/snapshot/v1912.json.gz",
			len(committed(t)), len(got), k.Stats())
	}
}

func TestRebuildDeterministic(t *testing.T) {
	first := rebuilt(t)
	src := foamtest.SourceDir(t)
	k, err := Build(BuildOptions{Src: src, Tutorials: src + "/tutorials", Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := k.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, buf.Bytes()) {
		t.Fatal("two builds from the same sources (parallel and sequential) differ")
	}
}
