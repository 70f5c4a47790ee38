package hostile

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/tools/txtar"
)

// identity is who runs foamc: root, or the unprivileged probe user.
type identity struct {
	name     string
	uid, gid uint32
}

// baseEnv is the environment of foamc and of the control runs: a user who sourced
// OpenFOAM's bashrc (WM_OPTIONS names dynamicCode's platform directory).
func baseEnv(work string) []string {
	return []string{
		"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
		"HOME=" + filepath.Join(work, "home"),
		"USER=probe", "LANG=C.UTF-8",
		"WM_PROJECT_DIR=/usr/share/openfoam", "FOAM_ETC=/usr/share/openfoam/etc",
		"WM_OPTIONS=linux64GccDPInt32Opt",
		"TMPDIR=" + work + ".tmp",
	}
}

// runTimeout bounds one foamc or control run (the cavity runs in a second).
const runTimeout = 90 * time.Second

// materialize builds the attack's work directory: case/ (the meshed base and the overlay),
// home/ (a .bashrc), outside/ (a sentinel), out/ (where a marker would go) and, when the
// overlay names it, other/ (a second copy of the base); owned by id.
func (h *harness) materialize(t *testing.T, a *Attack, work string, id identity, codedLib string) {
	t.Helper()
	for _, d := range []string{"home", "outside", "out"} {
		must(t, os.MkdirAll(filepath.Join(work, d), 0o755))
	}
	must(t, os.MkdirAll(work+".tmp", 0o755))
	cp(t, h.base, filepath.Join(work, "case"))
	must(t, os.WriteFile(filepath.Join(work, "home/.bashrc"), []byte("# the user's shell profile\nexport PS1='$ '\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(work, "outside/sentinel"), []byte("a file outside the case\n"), 0o644))
	for _, f := range a.Files {
		if strings.HasPrefix(f.Name, "other/") {
			if _, err := os.Stat(filepath.Join(work, "other")); err != nil {
				cp(t, h.base, filepath.Join(work, "other"))
			}
		}
	}
	for _, f := range a.Files {
		if strings.HasPrefix(f.Name, "swap:") {
			continue
		}
		h.apply(t, a, work, f, codedLib)
	}
	chownR(t, work, id)
	chownR(t, work+".tmp", id)
}

// apply writes one overlay section; its name is "PATH [OP [ARG]]" with OP one of
// >> (append), edit (lines "old => new"), -> TARGET (symlink), +x (executable),
// rm, cp SRC, run (each line a shell command run in PATH, to prepare), @lib (the marker library), @coded (PATH ignored: the marker library where
// OpenFOAM looks for the case's compiled code, found by the probe run).
func (h *harness) apply(t *testing.T, a *Attack, work string, f txtar.File, codedLib string) {
	t.Helper()
	name := subst(f.Name, work)
	path, op, _ := strings.Cut(name, " ")
	op = strings.TrimSpace(op)
	p := filepath.Join(work, filepath.FromSlash(path))
	data := []byte(subst(string(f.Data), work))
	must(t, os.MkdirAll(filepath.Dir(p), 0o755))
	switch {
	case op == "":
		_ = os.RemoveAll(p)
		must(t, os.WriteFile(p, data, 0o644))
	case op == ">>":
		fh, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
		must(t, err)
		_, err = fh.Write(data)
		must(t, err)
		must(t, fh.Close())
	case op == "edit":
		b, err := os.ReadFile(p)
		must(t, err)
		s := string(b)
		for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
			old, repl, ok := strings.Cut(line, " => ")
			old = strings.ReplaceAll(old, `\n`, "\n")
			if !ok || !strings.Contains(s, old) {
				t.Fatalf("%s: edit %q does not apply to %s", a.Name, line, path)
			}
			s = strings.Replace(s, old, strings.ReplaceAll(repl, `\n`, "\n"), 1)
		}
		must(t, os.WriteFile(p, []byte(s), 0o644))
	case strings.HasPrefix(op, "-> "):
		_ = os.RemoveAll(p)
		must(t, os.Symlink(strings.TrimPrefix(op, "-> "), p))
	case op == "+x":
		_ = os.RemoveAll(p)
		must(t, os.WriteFile(p, data, 0o755))
	case op == "rm":
		must(t, os.RemoveAll(p))
	case strings.HasPrefix(op, "cp "):
		b, err := os.ReadFile(filepath.Join(work, filepath.FromSlash(strings.TrimPrefix(op, "cp "))))
		must(t, err)
		must(t, os.WriteFile(p, b, 0o644))
	case op == "run":
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			cmd := exec.Command("sh", "-c", line)
			cmd.Dir, cmd.Env = p, baseEnv(work)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %s: %v\n%s", a.Name, line, err, tail(string(b)))
			}
		}
	case op == "@lib":
		h.compileLib(t, p, filepath.Join(work, "out/marker"))
	case op == "@coded":
		if codedLib == "" {
			return // the probe run: OpenFOAM names the library it looks for
		}
		lp := filepath.Join(work, filepath.FromSlash(codedLib))
		must(t, os.MkdirAll(filepath.Dir(lp), 0o755))
		h.compileLib(t, lp, filepath.Join(work, "out/marker"))
	default:
		t.Fatalf("%s: section %q: unknown operation %q", a.Name, f.Name, op)
	}
}

// subst replaces the placeholders of the corpus with the work directory's paths.
func subst(s, work string) string {
	return strings.NewReplacer(
		"@WORK@", work,
		"@CASE@", filepath.Join(work, "case"),
		"@HOME@", filepath.Join(work, "home"),
		"@MARKER@", filepath.Join(work, "out/marker"),
	).Replace(s)
}

// libSource is the payload: a shared library whose constructor, run as soon as anything
// dlopens it, leaves the marker.
const libSource = `#include <stdio.h>
__attribute__((constructor)) static void hostile(void) {
	FILE *f = fopen(MARKER, "w");
	if (f) { fputs("case-supplied native code ran\n", f); fclose(f); }
}
`

func (h *harness) compileLib(t *testing.T, dst, marker string) {
	t.Helper()
	cmd := exec.Command(h.gcc, "-shared", "-fPIC", "-DMARKER="+strconv.Quote(marker), "-o", dst, h.libSrc)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, b)
	}
}

// snapshot hashes everything under work outside the case, the marker directory and
// foamc's documented pictures beside the case (CASE.verify).
func snapshot(t *testing.T, work string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(work, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(work, p)
		if rel == "case" || rel == "case.verify" || rel == "out" {
			return filepath.SkipDir
		}
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			l, _ := os.Readlink(p)
			out[rel] = "symlink " + l
		case d.IsDir():
		case d.Type().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			s := sha256.Sum256(b)
			out[rel] = hex.EncodeToString(s[:])
		default:
			out[rel] = d.Type().String()
		}
		return nil
	})
	must(t, err)
	return out
}

// changes lists what differs between two snapshots, plus the marker when it exists.
func changes(work string, before, after map[string]string) []string {
	var out []string
	if _, err := os.Stat(filepath.Join(work, "out/marker")); err == nil {
		out = append(out, "marker")
	}
	seen := map[string]bool{}
	for p, h := range before {
		seen[p] = true
		if a, ok := after[p]; !ok {
			out = append(out, p+" (removed)")
		} else if a != h {
			out = append(out, p)
		}
	}
	var added []string
	for p := range after {
		if !seen[p] {
			added = append(added, p)
		}
	}
	sort.Strings(added)
	// A new tree outside the case counts once, by its first two levels.
	tops := map[string]bool{}
	for _, p := range added {
		top := p
		if parts := strings.SplitN(filepath.ToSlash(p), "/", 3); len(parts) == 3 {
			top = parts[0] + "/" + parts[1] + "/..."
		}
		if !tops[top] {
			tops[top] = true
			out = append(out, top+" (new)")
		}
	}
	sort.Strings(out)
	return out
}

// run is one measured run of foamc (or of the control commands) on a materialized attack.
type run struct {
	Decision string   `json:"decision"`
	Denies   []string `json:"denies,omitempty"`
	Changed  []string `json:"changed,omitempty"`
	// Swapped: the attack's swap trigger appeared and the swap was made.
	Swapped bool   `json:"swapped,omitempty"`
	Output  string `json:"-"`
}

func (r run) through() bool { return len(r.Changed) > 0 }

// command returns a command run as id in dir with env, in its own process group.
func command(ctx context.Context, id identity, dir string, env []string, argv ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir, cmd.Env = dir, env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if uint32(os.Geteuid()) != id.uid {
		cmd.SysProcAttr.Credential = &syscall.Credential{Uid: id.uid, Gid: id.gid, Groups: []uint32{}}
	}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	return cmd
}

var denyRe = regexp.MustCompile(`deny \[(FOAM-[A-Z]+-[0-9]+)\]`)

// foamc runs the attack's entry point as id and measures what it left.
func (h *harness) foamc(t *testing.T, a *Attack, work string, id identity) run {
	t.Helper()
	caseDir := filepath.Join(work, "case")
	env := append(baseEnv(work), substAll(a.Env, work)...)
	before := snapshot(t, work)
	stop := startSwap(a, work)
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	var r run
	args := strings.Fields(subst(a.Entry, work))
	for i, s := range args {
		if s == "CASE" {
			args[i] = caseDir
		}
	}
	if args[0] == "mcp" {
		r = h.mcp(t, ctx, id, work, env, args[1:])
	} else {
		cmd := command(ctx, id, caseDir, env, append([]string{h.bin}, args...)...)
		b, err := cmd.CombinedOutput()
		r.Output = string(b)
		r.Decision = decision(args[0], cmd, err)
		for _, m := range denyRe.FindAllStringSubmatch(r.Output, -1) {
			r.Denies = append(r.Denies, m[1])
		}
	}
	r.Swapped = stop()
	r.Denies = uniq(r.Denies)
	r.Changed = changes(work, before, snapshot(t, work))
	return r
}

func decision(verb string, cmd *exec.Cmd, err error) string {
	if err != nil && !errors.As(err, new(*exec.ExitError)) {
		return "error: " + err.Error()
	}
	code := cmd.ProcessState.ExitCode()
	switch {
	case verb == "gate" && code == 124, verb == "run" && code == 3:
		return "refused"
	case code == 0:
		return "ran"
	case code == -1:
		return "killed"
	}
	return "exit " + strconv.Itoa(code)
}

// control runs the attack's commands directly, without foamc, as id: a live attack
// leaves its trace here, so a blocked one through foamc means foamc blocked it.
func (h *harness) control(t *testing.T, a *Attack, work string, id identity) run {
	t.Helper()
	caseDir := filepath.Join(work, "case")
	env := append(baseEnv(work), substAll(a.Env, work)...)
	before := snapshot(t, work)
	// The swapped file from the start: the control proves its payload live.
	if a.Swap != "" {
		swap(a, work)
	}
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	var out strings.Builder
	for _, c := range strings.Split(h.controlOf(a), ";") {
		argv := strings.Fields(subst(c, work))
		for i, s := range argv {
			if s == "CASE" {
				argv[i] = caseDir
			}
		}
		cmd := command(ctx, id, caseDir, env, argv...)
		b, _ := cmd.CombinedOutput()
		out.Write(b)
	}
	return run{Decision: "direct", Output: out.String(), Changed: changes(work, before, snapshot(t, work))}
}

// controlOf is the direct equivalent of the attack's entry point.
func (h *harness) controlOf(a *Attack) string {
	if a.Control != "" {
		return a.Control
	}
	args := strings.Fields(a.Entry)
	if args[0] == "gate" {
		for i, s := range args {
			if s == "--" {
				return strings.Join(args[i+1:], " ")
			}
		}
	}
	if strings.Contains(a.Entry, "--parallel") {
		return "blockMesh; decomposePar -force; mpirun -np 2 icoFoam -parallel"
	}
	return "blockMesh; icoFoam"
}

var codedLibRe = regexp.MustCompile(`"(/[^"]+/dynamicCode/platforms/[^"]+\.so)"`)

// probe runs the control once without the shipped coded library: OpenFOAM names the
// library (by the SHA1 of the case's code) it would load; the path is returned relative
// to the work directory.
func (h *harness) probe(t *testing.T, a *Attack, id identity) string {
	t.Helper()
	work := filepath.Join(h.root, a.Name+".probe")
	h.materialize(t, a, work, id, "")
	r := h.control(t, a, work, id)
	m := codedLibRe.FindStringSubmatch(r.Output)
	if m == nil {
		t.Fatalf("%s: the probe run named no dynamicCode library:\n%s", a.Name, tail(r.Output))
	}
	rel, err := filepath.Rel(work, m[1])
	if err != nil || strings.HasPrefix(rel, "..") {
		t.Fatalf("%s: the probe's library %s is outside its work directory", a.Name, m[1])
	}
	return filepath.ToSlash(rel)
}

// startSwap starts the attack's swap: when its trigger path appears, each "swap:DST"
// section copies the file its text names over DST (another process with write access
// to the case).
// The returned stop reports whether the swap was made.
func startSwap(a *Attack, work string) func() bool {
	if a.Swap == "" {
		return func() bool { return false }
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	var swapped bool
	wg.Add(1)
	go func() {
		defer wg.Done()
		trigger := filepath.Join(work, filepath.FromSlash(a.Swap))
		for {
			select {
			case <-done:
				return
			default:
			}
			if _, err := os.Lstat(trigger); err == nil {
				swap(a, work)
				swapped = true
				return
			}
			time.Sleep(time.Millisecond)
		}
	}()
	return func() bool { close(done); wg.Wait(); return swapped }
}

// swap copies each "swap:DST" section's source file over DST.
func swap(a *Attack, work string) {
	for _, f := range a.Files {
		if name, ok := strings.CutPrefix(f.Name, "swap:"); ok {
			src := filepath.Join(work, filepath.FromSlash(strings.TrimSpace(string(f.Data))))
			if b, err := os.ReadFile(src); err == nil {
				_ = os.WriteFile(filepath.Join(work, filepath.FromSlash(name)), b, 0o644)
			}
		}
	}
}

// mcp drives `foamc mcp --root CASE` over stdio: initialize, then tools/call run_case.
// Args are the case to run (default CASE) and "grant-root": the client declares roots
// and grants itself file:///.
func (h *harness) mcp(t *testing.T, ctx context.Context, id identity, work string, env, args []string) run {
	t.Helper()
	target, grant := filepath.Join(work, "case"), false
	for _, s := range args {
		switch {
		case s == "grant-root":
			grant = true
		case s != "run_case":
			target = s
		}
	}
	cmd := command(ctx, id, filepath.Join(work, "case"), env, h.bin, "mcp", "--root", filepath.Join(work, "case"))
	stdin, err := cmd.StdinPipe()
	must(t, err)
	stdout, err := cmd.StdoutPipe()
	must(t, err)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	must(t, cmd.Start())
	send := func(v any) {
		b, _ := json.Marshal(v)
		_, _ = stdin.Write(append(b, '\n'))
	}
	caps := map[string]any{}
	if grant {
		caps["roots"] = map[string]any{"listChanged": true}
	}
	send(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{
		"protocolVersion": "2025-06-18", "capabilities": caps, "clientInfo": map[string]any{"name": "hostile", "version": "1"}}})
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	r := run{Decision: "no answer"}
	var transcript strings.Builder
	for sc.Scan() {
		transcript.Write(sc.Bytes())
		transcript.WriteByte('\n')
		var msg struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Result *struct {
				Content []struct {
					Text string `json:"text"`
				} `json:"content"`
				IsError bool `json:"isError"`
			} `json:"result"`
			Error *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal(sc.Bytes(), &msg) != nil {
			continue
		}
		switch {
		case msg.Method == "roots/list" && len(msg.ID) > 0:
			send(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": map[string]any{
				"roots": []map[string]string{{"uri": "file:///", "name": "everything"}}}})
		case string(msg.ID) == "1":
			send(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"})
			send(map[string]any{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": map[string]any{
				"name": "run_case", "arguments": map[string]any{"case_dir": target, "steps": 2}}})
		case string(msg.ID) == "2":
			r.Decision = mcpDecision(msg.Result, msg.Error, &r)
			_ = stdin.Close()
		}
	}
	_ = stdin.Close()
	_ = cmd.Wait()
	r.Output = transcript.String() + stderr.String()
	return r
}

func mcpDecision(res *struct {
	Content []struct {
		Text string `json:"text"`
	} `json:"content"`
	IsError bool `json:"isError"`
}, rpcErr *struct {
	Message string `json:"message"`
}, r *run) string {
	if rpcErr != nil {
		return "error"
	}
	if res == nil || len(res.Content) == 0 {
		return "empty"
	}
	var body struct {
		Findings []struct {
			ID       string `json:"id"`
			Severity string `json:"severity"`
		} `json:"findings"`
		Run *struct {
			Status string `json:"status"`
		} `json:"run"`
	}
	if json.Unmarshal([]byte(res.Content[0].Text), &body) != nil {
		if res.IsError {
			return "tool error"
		}
		return "unreadable"
	}
	for _, f := range body.Findings {
		if f.Severity == "deny" {
			r.Denies = append(r.Denies, f.ID)
		}
	}
	if body.Run == nil {
		return "no run"
	}
	return body.Run.Status
}

func substAll(ss []string, work string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = subst(s, work)
	}
	return out
}

func uniq(ss []string) []string {
	sort.Strings(ss)
	var out []string
	for i, s := range ss {
		if i == 0 || s != ss[i-1] {
			out = append(out, s)
		}
	}
	return out
}

// probeUser returns the unprivileged identity: the foamc-probe system user when running
// as root (created when missing), else the current user.
func probeUser(t *testing.T) identity {
	t.Helper()
	if os.Geteuid() != 0 {
		return identity{name: "user", uid: uint32(os.Geteuid()), gid: uint32(os.Getegid())}
	}
	u, err := user.Lookup("foamc-probe")
	if err != nil {
		if b, err := exec.Command("useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "foamc-probe").CombinedOutput(); err != nil {
			t.Fatalf("useradd foamc-probe: %v %s", err, b)
		}
		if u, err = user.Lookup("foamc-probe"); err != nil {
			t.Fatal(err)
		}
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return identity{name: "user", uid: uint32(uid), gid: uint32(gid)}
}

func chownR(t *testing.T, dir string, id identity) {
	t.Helper()
	if uint32(os.Geteuid()) == id.uid {
		return
	}
	err := filepath.WalkDir(dir, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, int(id.uid), int(id.gid))
	})
	must(t, err)
}

func cp(t *testing.T, src, dst string) {
	t.Helper()
	if b, err := exec.Command("cp", "-a", src, dst).CombinedOutput(); err != nil {
		t.Fatalf("cp %s: %v %s", src, err, b)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func tail(s string) string {
	if len(s) > 3000 {
		return s[len(s)-3000:]
	}
	return s
}
