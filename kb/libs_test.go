package kb

import (
	"encoding/json"
	"os/exec"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestV1912LibsCoverDebian: v1912's library list, mined from its Make/files, has every
// shared library Debian's libopenfoam package installs, so FOAM-SEC-004 denies none of them.
func TestV1912LibsCoverDebian(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	out, err := exec.Command(foamtest.RequireTool(t, "dpkg-query"), "-L", "libopenfoam").Output()
	if err != nil {
		t.Fatalf("dpkg-query -L libopenfoam: %v", err)
	}
	var doc struct {
		Vocab struct {
			Libs []string `json:"libs"`
		} `json:"vocab"`
	}
	data, err := DefaultRulesJSON()
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range strings.Fields(string(out)) {
		if !strings.HasPrefix(f, "/usr/lib/") || !strings.HasSuffix(f, ".so") {
			continue
		}
		n++
		if !slices.Contains(doc.Vocab.Libs, path.Base(f)) {
			t.Errorf("%s: not in v1912's vocab.libs", f)
		}
	}
	if n < 100 {
		t.Fatalf("libopenfoam lists %d shared libraries, want the package's ~127", n)
	}
}
