package contain

import (
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// contained runs sh -c script under a policy writing only rw, and returns its combined
// output and error.
func contained(t *testing.T, rw, script string) (string, error) {
	t.Helper()
	cmd := exec.Command("/bin/sh", "-c", script)
	s, err := Wrap(cmd, Policy{RW: []string{rw}, Require: true})
	if err != nil {
		t.Fatalf("Wrap: %v (support %+v)", err, s)
	}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestKernelContains: this machine's kernel (the CI's too) gives Landlock and a network
// namespace; a kernel that cannot must be said, not skipped.
func TestKernelContains(t *testing.T) {
	s := Probe()
	if !s.Full() {
		t.Fatalf("containment not available: %s", s.Why)
	}
	t.Logf("landlock ABI %d, network namespace %v, user namespace %v", s.Landlock, s.Net, s.UserNS)
}

// TestWritesOnlyTheSnapshot: a contained shell writes inside its RW directory, not beside
// it, not in /tmp, and cannot execute what it wrote there.
func TestWritesOnlyTheSnapshot(t *testing.T) {
	root := t.TempDir()
	snap := filepath.Join(root, "snap")
	if err := os.Mkdir(snap, 0o700); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(root, "outside")
	tmpX := filepath.Join(os.TempDir(), "foamc-contain-test-"+strconv.Itoa(os.Getpid()))
	defer os.Remove(tmpX)
	out, err := contained(t, snap, "echo in > "+snap+"/in && cat /usr/share/openfoam/etc/controlDict >/dev/null; echo ok")
	if err != nil || !strings.Contains(out, "ok") {
		t.Fatalf("write inside: %v: %s", err, out)
	}
	if b, err := os.ReadFile(filepath.Join(snap, "in")); err != nil || string(b) != "in\n" {
		t.Fatalf("inside file: %q %v", b, err)
	}
	for _, script := range []string{"touch " + outside, "touch " + tmpX, "cat /root/.bashrc /etc/shadow", "printf '#!/bin/sh\\necho ran\\n' > " + snap + "/x && chmod +x " + snap + "/x && " + snap + "/x"} {
		out, err := contained(t, snap, script)
		if err == nil || strings.Contains(out, "ran") {
			t.Errorf("%s: succeeded under containment: %s", script, out)
		}
	}
	for _, p := range []string{outside, tmpX} {
		if _, err := os.Lstat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s was created: %v", p, err)
		}
	}
}

// TestNoNetwork: a listener on the host's loopback cannot be reached from inside.
func TestNoNetwork(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	accepted := make(chan struct{}, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			c.Close()
			accepted <- struct{}{}
		}
	}()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	// bash's /dev/tcp connects without any other tool.
	cmd := exec.Command("/bin/bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/"+port+" && echo connected")
	if _, err := Wrap(cmd, Policy{RW: []string{t.TempDir()}, Require: true}); err != nil {
		t.Fatal(err)
	}
	out, err := cmd.CombinedOutput()
	if err == nil || strings.Contains(string(out), "connected") {
		t.Fatalf("connected to the host's 127.0.0.1:%s from inside: %s", port, out)
	}
	select {
	case <-accepted:
		t.Fatal("the host's listener accepted a connection")
	default:
	}
	t.Logf("connect refused inside: %s", strings.TrimSpace(string(out)))
}

// TestUnprivileged: the same tests as an unprivileged user (nobody), where the network
// namespace needs a user namespace and the helper keeps CAP_NET_ADMIN only to bring lo up.
func TestUnprivileged(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Log("already unprivileged: the other tests ran as this user")
		return
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Fatalf("setpriv (util-linux) is needed to run as nobody: %v", err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// Not t.TempDir: its parent is private to root.
	dir, err := os.MkdirTemp("", "foamc-contain-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "contain.test")
	b, err := os.ReadFile(self)
	if err == nil {
		err = os.WriteFile(bin, b, 0o755)
	}
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", bin,
		"-test.run", "^(TestKernelContains|TestWritesOnlyTheSnapshot|TestNoNetwork)$", "-test.v", "-test.count=1")
	tmp := filepath.Join(dir, "tmp")
	if err := os.Mkdir(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(tmp, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	cmd.Dir, cmd.Env = tmp, []string{"PATH=/usr/bin:/bin", "HOME=" + tmp, "TMPDIR=" + tmp}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "user namespace true") {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
	t.Logf("as nobody:\n%s", out)
}

// TestWithoutKernelSupport: on a kernel without a network namespace, Require refuses to
// start anything (ErrCannotContain); without Require the program starts with Landlock
// alone, and with nothing at all it starts unchanged.
func TestWithoutKernelSupport(t *testing.T) {
	landlockOnly := Support{Landlock: 7, Why: "no network namespace"}
	cmd := exec.Command("/bin/true")
	if _, err := wrap(cmd, Policy{Require: true}, landlockOnly); !errors.Is(err, ErrCannotContain) || cmd.Path != "/bin/true" {
		t.Fatalf("required: %v, path %s", err, cmd.Path)
	}
	if _, err := wrap(cmd, Policy{}, landlockOnly); err != nil || cmd.Args[1] != HelperArg || cmd.SysProcAttr.Cloneflags != 0 {
		t.Fatalf("landlock only: %v %q %+v", err, cmd.Args, cmd.SysProcAttr)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("landlock only: %v %s", err, out)
	}
	bare := exec.Command("/bin/true")
	if _, err := wrap(bare, Policy{}, Support{}); err != nil || bare.Path != "/bin/true" || len(bare.Args) != 1 {
		t.Fatalf("nothing: %v %q", err, bare.Args)
	}
}
