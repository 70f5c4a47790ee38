package proc

import (
	"context"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCancelStopsTheSession: cancelling stops a shell and the child it put in the
// background, also when the child is in a process group of its own (as Open MPI puts each
// rank); a shell that ignores SIGTERM is killed after the grace period by Wait.
func TestCancelStopsTheSession(t *testing.T) {
	for name, script := range map[string]string{
		"polite":    "sleep 300 & echo $!; wait",
		"own-group": "set -m; sleep 300 & echo $!; wait",
		"stubborn":  "trap '' TERM; sleep 300 & echo $!; wait; wait",
	} {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cmd := Command(ctx, "sh", "-c", script)
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, 32)
			n, _ := out.Read(buf)
			child, err := strconv.Atoi(strings.TrimSpace(string(buf[:n])))
			if err != nil {
				t.Fatalf("child pid %q: %v", buf[:n], err)
			}
			cancel()
			Wait(cmd)
			if alive(child) {
				t.Errorf("background child %d survived", child)
			}
		})
	}
}

// alive reports a live, non-zombie process.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	i := strings.LastIndexByte(string(stat), ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}

// TestInterruptsCode: the first SIGINT cancels the context and reports 130.
func TestInterruptsCode(t *testing.T) {
	ctx, code, stop := Interrupts(context.Background())
	defer stop()
	if code() != 0 {
		t.Fatal("code before any signal")
	}
	syscall.Kill(os.Getpid(), syscall.SIGINT)
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("SIGINT did not cancel")
	}
	if c := code(); c != 130 {
		t.Fatalf("code %d, want 130", c)
	}
}
