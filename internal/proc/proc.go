// Package proc runs the programs foamc starts (solvers, mpirun, utilities, the gate's
// command) in their own session, so that stopping one stops everything it started:
// mpirun's ranks, a shell's children. A process group is not enough: Open MPI puts every
// rank in a group of its own, but they stay in mpirun's session. The package also turns
// SIGINT and SIGTERM into a cancelled context and the shell's exit code for them.
package proc

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Grace is how long a cancelled session has between SIGTERM and SIGKILL (MPI ranks
// flush their output and mpirun tears the job down in well under this).
const Grace = 5 * time.Second

// Command is exec.CommandContext with the program leading a new session (and process
// group). When ctx ends, every process of the session gets SIGTERM; whatever still runs
// Grace later is killed by Wait. Start it with cmd.Start and wait with Wait, or use Run.
// Without a controlling terminal the session's processes never get SIGTTIN for reading
// the terminal foamc was given as stdin.
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	cmd.Cancel = func() error {
		if signalSession(cmd.Process.Pid, syscall.SIGTERM) == 0 {
			return os.ErrProcessDone
		}
		return nil
	}
	// After Grace, exec kills the leader and stops waiting for output pipes that orphaned
	// group members may hold open.
	cmd.WaitDelay = Grace
	return cmd
}

// Wait waits for a command from Command, then kills what is left of its session: ranks
// a crashed or killed mpirun left behind, children a shell put in the background.
func Wait(cmd *exec.Cmd) error {
	err := cmd.Wait()
	killSession(cmd.Process.Pid)
	return err
}

// killSession SIGKILLs every process of session sid and waits (up to 2 s) until none is
// left alive, so that nothing of it is still dying when foamc exits. The session's id
// stays reserved while any member lives, so the signal reaches only them.
func killSession(sid int) {
	for range 200 {
		if signalSession(sid, syscall.SIGKILL) == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// signalSession sends sig to every process of session sid (from /proc) and returns how
// many of them were alive (zombies, which only wait to be reaped, do not count).
func signalSession(sid int, sig syscall.Signal) int {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		// no /proc: the session leader's group is what can be reached
		if syscall.Kill(-sid, sig) == nil {
			return 1
		}
		return 0
	}
	alive := 0
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp session …; comm may hold spaces and parentheses
		i := bytes.LastIndexByte(stat, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(stat[i+1:]))
		if len(f) < 4 || f[3] != strconv.Itoa(sid) {
			continue
		}
		if syscall.Kill(pid, sig) == nil && f[0] != "Z" {
			alive++
		}
	}
	return alive
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
		killSession(cmd.Process.Pid)
	}
	return out, err
}

// Interrupts returns a context cancelled by the first SIGINT or SIGTERM, and code, which
// reports the exit status a shell gives for that signal (130, 143), 0 while none came.
// stop restores the default handling. Later signals are absorbed: the cancelled work
// stops its sessions within Grace and foamc then exits with code().
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
