package hostile

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

var (
	record    = flag.Bool("record", false, "rewrite outcomes.json from this run (review the diff)")
	tablePath = flag.String("table", "", "write the outcome table to this file")
	only      = flag.String("attack", "", "run only the attacks whose name matches this regexp")
)

const outcomesFile = "outcomes.json"

// harness holds what every attack shares: a world-readable scratch root, the meshed
// base case, the foamc binary and the payload's source.
type harness struct {
	root, base, bin, gcc, libSrc string
}

// outcome is one attack's recorded result. Live, Root and User are compared with
// outcomes.json; the runs' decisions, deny IDs and changes are recorded to read.
type outcome struct {
	Kind  string `json:"kind"`
	Entry string `json:"entry"`
	// Live: the same commands run directly as the user, without foamc, left the
	// attack's trace (yes), did not (no: a dud), or the attack targets foamc's own
	// writes (n/a).
	Live    string `json:"live"`
	Root    string `json:"root"` // blocked | through | not run
	User    string `json:"user"`
	RootRun *run   `json:"root_run,omitempty"`
	UserRun *run   `json:"user_run,omitempty"`
}

// TestHostile runs every attack of corpus/ through the built foamc, as root and as an
// unprivileged user, and compares blocked/through with outcomes.json.
func TestHostile(t *testing.T) {
	for _, b := range []string{"blockMesh", "icoFoam", "decomposePar", "mpirun", "moveDynamicMesh"} {
		foamtest.RequireBinary(t, b)
	}
	gcc := foamtest.RequireTool(t, "gcc")
	attacks, err := LoadCorpus("corpus")
	if err != nil {
		t.Fatal(err)
	}
	if len(attacks) < 60 && *only == "" {
		t.Fatalf("%d attacks in corpus/, want at least 60", len(attacks))
	}
	if *only != "" {
		re := regexp.MustCompile(*only)
		var keep []*Attack
		for _, a := range attacks {
			if re.MatchString(a.Name) {
				keep = append(keep, a)
			}
		}
		attacks = keep
	}
	user := probeUser(t)
	ids := []identity{user}
	if os.Geteuid() == 0 {
		ids = []identity{{name: "root"}, user}
	} else if os.Getenv("CI") == "true" {
		t.Fatal("the hostile corpus runs as root (and as the foamc-probe user it creates) under CI=true")
	} else {
		t.Log("not root: only the unprivileged column is measured")
	}
	h := newHarness(t, gcc, user)

	var mu sync.Mutex
	got := map[string]*outcome{}
	t.Run("attacks", func(t *testing.T) {
		for _, a := range attacks {
			t.Run(a.Name, func(t *testing.T) {
				t.Parallel()
				o := h.attack(t, a, ids, user)
				mu.Lock()
				got[a.Name] = o
				mu.Unlock()
			})
		}
	})
	table := renderTable(attacks, got)
	t.Log("\n" + table)
	if *tablePath != "" {
		must(t, os.WriteFile(*tablePath, []byte(table), 0o644))
	}
	if t.Failed() {
		return
	}
	for _, a := range attacks {
		if got[a.Name].Live == "no" {
			t.Errorf("%s is a dud: run directly without foamc it left no trace, so blocking it proves nothing", a.Name)
		}
	}
	compare(t, attacks, got)
}

// compare checks the outcomes against outcomes.json, or rewrites it with -record.
func compare(t *testing.T, attacks []*Attack, got map[string]*outcome) {
	want := map[string]*outcome{}
	if b, err := os.ReadFile(outcomesFile); err == nil {
		must(t, json.Unmarshal(b, &want))
	} else if !*record {
		t.Fatalf("%v: record it with go test ./hostile -run TestHostile -record", err)
	}
	if *record {
		if os.Geteuid() != 0 {
			t.Fatal("-record needs root: both columns are recorded")
		}
		if *only == "" {
			want = map[string]*outcome{}
		}
		for k, v := range got {
			want[k] = v
		}
		b, err := json.MarshalIndent(want, "", "  ")
		must(t, err)
		must(t, os.WriteFile(outcomesFile, append(b, '\n'), 0o644))
		return
	}
	for _, a := range attacks {
		g, w := got[a.Name], want[a.Name]
		if w == nil {
			t.Errorf("%s is not in %s: record it (-record)", a.Name, outcomesFile)
			continue
		}
		// Not root (outside CI): the root column was not measured.
		root := w.Root
		if g.Root == "not run" {
			root = g.Root
		}
		if g.Live != w.Live || g.Root != root || g.User != w.User {
			t.Errorf("%s: live %s, root %s, user %s; %s records live %s, root %s, user %s (re-record with -record after review)",
				a.Name, g.Live, g.Root, g.User, outcomesFile, w.Live, w.Root, w.User)
		}
	}
	if *only == "" && len(want) != len(attacks) {
		t.Errorf("%s has %d attacks, the corpus %d: re-record", outcomesFile, len(want), len(attacks))
	}
}

func newHarness(t *testing.T, gcc string, user identity) *harness {
	t.Helper()
	root, err := os.MkdirTemp("", "foamc-hostile-")
	must(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(root) })
	must(t, os.Chmod(root, 0o755)) // the probe user reaches its work directories through it
	h := &harness{root: root, base: filepath.Join(root, "base"), bin: filepath.Join(root, "foamc"), gcc: gcc,
		libSrc: filepath.Join(root, "hostile.c")}
	build := exec.Command("go", "build", "-o", h.bin, "./cmd/foamc")
	build.Dir = foamtest.RepoRoot()
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/foamc: %v\n%s", err, b)
	}
	must(t, os.WriteFile(h.libSrc, []byte(libSource), 0o644))

	// The base: the v1912 icoFoam cavity cut to two steps written each step, with a
	// decomposeParDict for the parallel entry, meshed.
	cp(t, filepath.Join(foamtest.Tutorials(t), "incompressible/icoFoam/cavity/cavity"), h.base)
	ctl := filepath.Join(h.base, "system/controlDict")
	b, err := os.ReadFile(ctl)
	must(t, err)
	s := strings.Replace(string(b), "endTime         0.5;", "endTime         0.01;", 1)
	s = strings.Replace(s, "writeInterval   20;", "writeInterval   1;", 1)
	if s == string(b) {
		t.Fatal("the cavity's controlDict changed: endTime/writeInterval not found")
	}
	must(t, os.WriteFile(ctl, []byte(s), 0o644))
	must(t, os.WriteFile(filepath.Join(h.base, "system/decomposeParDict"), []byte(decomposeParDict), 0o644))
	mesh := exec.Command("blockMesh")
	mesh.Dir, mesh.Env = h.base, baseEnv(root)
	if b, err := mesh.CombinedOutput(); err != nil {
		t.Fatalf("blockMesh on the base: %v\n%s", err, b)
	}
	return h
}

const decomposeParDict = `FoamFile
{
    version     2.0;
    format      ascii;
    class       dictionary;
    object      decomposeParDict;
}

numberOfSubdomains 2;

method          simple;

coeffs
{
    n           (2 1 1);
}
`

// attack runs one attack: the probe (when it ships a coded library), the control, then
// foamc as each identity.
func (h *harness) attack(t *testing.T, a *Attack, ids []identity, user identity) *outcome {
	codedLib := ""
	for _, f := range a.Files {
		if strings.HasSuffix(f.Name, " @coded") {
			codedLib = h.probe(t, a, user)
		}
	}
	o := &outcome{Kind: a.Kind, Entry: a.Entry, Live: "n/a", Root: "not run", User: "not run"}
	if a.Control != "none" {
		work := filepath.Join(h.root, a.Name+".control")
		h.materialize(t, a, work, user, codedLib)
		r := h.control(t, a, work, user)
		o.Live = "no"
		if r.through() {
			o.Live = "yes"
		} else {
			t.Logf("%s: the control run left no trace:\n%s", a.Name, tail(r.Output))
		}
	}
	for _, id := range ids {
		work := filepath.Join(h.root, a.Name+"."+id.name)
		h.materialize(t, a, work, id, codedLib)
		r := h.foamc(t, a, work, id)
		verdict := "blocked"
		if r.through() {
			verdict = "through"
		}
		if testing.Verbose() {
			t.Logf("%s as %s: %s (%s) %v\n%s", a.Name, id.name, verdict, r.Decision, r.Changed, tail(r.Output))
		}
		if id.name == "root" {
			o.Root, o.RootRun = verdict, &r
		} else {
			o.User, o.UserRun = verdict, &r
		}
	}
	return o
}

// renderTable is the corpus's table: one row per attack, then the counts per kind.
func renderTable(attacks []*Attack, got map[string]*outcome) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-34s %-4s %-42s %-4s %-8s %-8s %s\n", "attack", "kind", "entry", "live", "root", "user", "what changed (root | user)")
	type count struct{ n, root, user int }
	perKind := map[string]*count{}
	total := &count{}
	for _, a := range attacks {
		o := got[a.Name]
		if o == nil {
			continue
		}
		changed := func(r *run) string {
			if r == nil {
				return "-"
			}
			if len(r.Changed) == 0 {
				return "nothing (" + r.Decision + ")"
			}
			return strings.Join(r.Changed, ", ") + " (" + r.Decision + ")"
		}
		fmt.Fprintf(&b, "%-34s %-4s %-42s %-4s %-8s %-8s %s | %s\n", a.Name, a.Kind, a.Entry, o.Live, o.Root, o.User,
			changed(o.RootRun), changed(o.UserRun))
		c := perKind[a.Kind]
		if c == nil {
			c = &count{}
			perKind[a.Kind] = c
		}
		for _, x := range []*count{c, total} {
			x.n++
			if o.Root == "through" {
				x.root++
			}
			if o.User == "through" {
				x.user++
			}
		}
	}
	var ks []string
	for k := range perKind {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		a, _ := strconv.Atoi(ks[i])
		c, _ := strconv.Atoi(ks[j])
		return a < c
	})
	fmt.Fprintf(&b, "\n%-4s %-44s %7s %12s %12s\n", "kind", "", "attacks", "root through", "user through")
	for _, k := range ks {
		c := perKind[k]
		fmt.Fprintf(&b, "%-4s %-44s %7d %12d %12d\n", k, kinds[k], c.n, c.root, c.user)
	}
	fmt.Fprintf(&b, "%-4s %-44s %7d %12d %12d\n", "all", "", total.n, total.root, total.user)
	return b.String()
}
