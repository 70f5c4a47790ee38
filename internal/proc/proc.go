// Package proc runs the programs foamc starts (solvers, mpirun, utilities, the gate's
// command) in their own process group, so that stopping one stops everything it started:
// mpirun's ranks, a shell's children. It also turns SIGINT and SIGTERM into a cancelled
// context and the shell's exit code for them.
package proc

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"time"
)

// Grace is how long a cancelled process group has between SIGTERM and SIGKILL (MPI ranks
// flush their output and mpirun tears the job down in well under this).
const Grace = 5 * time.Second

// Command is exec.CommandContext with the program leading a new process group. When ctx
// ends, the whole group gets SIGTERM; whatever still runs Grace later is killed by Wait.
// Start it with cmd.Start and wait with Wait, or use Run.
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		err := syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		if errors.Is(err, syscall.ESRCH) {
			return os.ErrProcessDone
		}
		return err
	}
	// After Grace, exec kills the leader and stops waiting for output pipes that orphaned
	// group members may hold open.
	cmd.WaitDelay = Grace
	return cmd
}

// Wait waits for a command from Command, then kills what is left of its process group:
// ranks a crashed or killed mpirun left behind, children a shell put in the background.
func Wait(cmd *exec.Cmd) error {
	err := cmd.Wait()
	killGroup(cmd.Process.Pid)
	return err
}

// killGroup SIGKILLs the process group pgid and waits briefly for it to empty, so that
// nothing of it is still dying when foamc exits. The group's id stays reserved while any
// member lives, so the signal reaches only them. Members that are already zombies
// (waiting for a reaper) keep the group alive; the wait gives up after a second.
func killGroup(pgid int) {
	if syscall.Kill(-pgid, syscall.SIGKILL) != nil {
		return // ESRCH: the group is empty, the usual case
	}
	for range 100 {
		if syscall.Kill(-pgid, 0) != nil {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Run starts a command from Command and waits for it with Wait.
func Run(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	return Wait(cmd)
}

// Output is cmd.Output for a command from Command.
func Output(cmd *exec.Cmd) ([]byte, error) {
	out, err := cmd.Output()
	if cmd.Process != nil {
		killGroup(cmd.Process.Pid)
	}
	return out, err
}

// Interrupts returns a context cancelled by the first SIGINT or SIGTERM, and code, which
// reports the exit status a shell gives for that signal (130, 143), 0 while none came.
// stop restores the default handling. Later signals are absorbed: the cancelled work
// stops its process groups within Grace and foamc then exits with code().
func Interrupts(parent context.Context) (ctx context.Context, code func() int, stop func()) {
	ctx, cancel := context.WithCancel(parent)
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	got := make(chan int, 1)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			got <- 128 + int(s.(syscall.Signal))
			cancel()
		case <-done:
		}
	}()
	code = func() int {
		select {
		case c := <-got:
			got <- c
			return c
		default:
			return 0
		}
	}
	stop = func() {
		close(done)
		signal.Stop(ch)
		cancel()
	}
	return ctx, code, stop
}
