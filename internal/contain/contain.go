// Package contain starts the programs foamc runs on a case (the gated command, blockMesh,
// the solver, mpirun and its ranks) so that, whatever they execute, they can write only the
// case snapshot and its private temporary directory, read only the system and the OpenFOAM
// installation, and reach no network.
//
// Two kernel mechanisms do it. Landlock (filesystem rules, and scoping of signals and abstract
// UNIX sockets from ABI 6) is applied by a helper: foamc re-executes itself with a hidden
// first argument (HelperArg); the helper restricts its own thread and executes the target
// from it, so the restriction covers the target and everything it starts, and never foamc.
// Go offers no hook between fork and exec, and go-landlock restricts all threads through
// libcap's psx (cgo link flags) where one thread that then calls execve is enough. The
// network is cut by starting the helper in new user and network namespaces (SysProcAttr):
// the helper maps the caller's own uid, so it works unprivileged where the kernel allows
// user namespaces, and as root without them (a network namespace only). Inside, the helper
// brings the loopback interface up — Open MPI's PMIx server listens on it — and drops every
// capability before the target runs.
package contain

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// HelperArg is the hidden first argument that makes a binary importing this package the
// containment helper (see init).
const HelperArg = "__foamc-contain"

// RequireEnv, set to 1 (or true, yes), makes containment required, as --require-containment does.
const RequireEnv = "FOAMC_REQUIRE_CONTAINMENT"

// Policy is what a contained program may touch.
type Policy struct {
	// RW are the directories it may read and write (not execute from): the snapshot and
	// its private temporary directory.
	RW []string
	// RO are extra files or directories it may read and execute (the OpenFOAM installation
	// when it is not under /usr, the directory of the program itself).
	RO []string
	// Require fails closed: Wrap refuses to start anything the kernel cannot contain.
	Require bool
}

// Support is what the running kernel lets foamc contain.
type Support struct {
	// Landlock is the kernel's Landlock ABI version (0: none).
	Landlock int
	// Net: programs get a network namespace of their own; UserNS: inside a user
	// namespace (otherwise root made the network namespace without one).
	Net, UserNS bool
	// Why says what is missing, "" when containment is full.
	Why string
}

// Full reports filesystem and network containment.
func (s Support) Full() bool { return s.Landlock > 0 && s.Net }

// ErrCannotContain is Wrap's refusal under Policy.Require.
var ErrCannotContain = errors.New("contain: the kernel cannot contain the program")

// Required reports whether the environment requires containment (RequireEnv).
func Required() bool {
	switch strings.ToLower(os.Getenv(RequireEnv)) {
	case "1", "true", "yes":
		return true
	}
	return false
}

var (
	probeOnce sync.Once
	probed    Support
)

// Probe finds out, once per process, what the kernel allows: the Landlock ABI (asked
// directly) and the namespaces (by starting the helper in them).
func Probe() Support {
	probeOnce.Do(func() { probed = probe() })
	return probed
}

func probe() Support {
	var s Support
	var why []string
	abi, _, e := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if e == 0 {
		s.Landlock = int(abi)
	} else {
		why = append(why, "no Landlock ("+e.Error()+"): the filesystem is not contained")
	}
	var errs []string
	for _, userns := range []bool{true, false} {
		if !userns && os.Geteuid() != 0 {
			break
		}
		cmd, err := helperCmd(context.Background(), userns, []string{"-probe"})
		if err == nil {
			var out []byte
			out, err = cmd.CombinedOutput()
			if err != nil {
				err = fmt.Errorf("%w: %s", err, strings.TrimSpace(string(out)))
			}
		}
		if err == nil {
			s.Net, s.UserNS = true, userns
			break
		}
		errs = append(errs, err.Error())
	}
	if !s.Net {
		why = append(why, "no network namespace ("+strings.Join(errs, "; ")+"): the network is not contained")
	}
	s.Why = strings.Join(why, "; ")
	return s
}

// helperCmd is the helper started in new namespaces: user (mapping this process's own uid
// and gid, so files keep their owner) and network, or network only.
func helperCmd(ctx context.Context, userns bool, args []string) (*exec.Cmd, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("contain: %w", err)
	}
	cmd := exec.CommandContext(ctx, self, append([]string{HelperArg}, args...)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{}
	namespaces(cmd.SysProcAttr, userns)
	return cmd, nil
}

func namespaces(a *syscall.SysProcAttr, userns bool) {
	a.Cloneflags |= syscall.CLONE_NEWNET
	if !userns {
		return
	}
	uid, gid := os.Getuid(), os.Getgid()
	a.Cloneflags |= syscall.CLONE_NEWUSER
	if uid == 0 {
		// Root maps every id to itself: a command may still switch users (setpriv,
		// runuser), while root's capabilities hold only inside the namespace.
		a.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: 0, Size: 1<<32 - 1}}
		a.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: 0, Size: 1<<32 - 1}}
		a.GidMappingsEnableSetgroups = true
		return
	}
	a.UidMappings = []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}}
	a.GidMappings = []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}}
	a.GidMappingsEnableSetgroups = false
	// A non-root helper keeps, across its exec, only the capability to bring the
	// namespace's loopback up; it clears it before the target runs.
	a.AmbientCaps = []uintptr{unix.CAP_NET_ADMIN}
}

// systemRead are the system directories and files every contained program may read
// (and, for directories, execute from): programs and libraries, the dynamic linker's
// cache, name-service and Open MPI configuration, /proc and /sys (hwloc's topology).
var systemRead = []string{
	"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
	"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/ld.so.preload",
	"/etc/nsswitch.conf", "/etc/passwd", "/etc/group", "/etc/hosts", "/etc/host.conf",
	"/etc/localtime", "/etc/openmpi", "/etc/openfoam",
	"/proc", "/sys", "/dev/zero", "/dev/urandom", "/dev/random",
}

// systemWrite are the device files every contained program may write: /dev/null.
var systemWrite = []string{"/dev/null"}

// OpenFOAMDirs are the absolute OpenFOAM directories env names (WM_PROJECT_DIR, FOAM_ETC),
// which a contained OpenFOAM program reads besides the system (Policy.RO).
func OpenFOAMDirs(env []string) []string {
	var out []string
	for _, kv := range env {
		for _, k := range []string{"WM_PROJECT_DIR=", "FOAM_ETC="} {
			if v, ok := strings.CutPrefix(kv, k); ok && filepath.IsAbs(v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// Wrap rewrites cmd (not yet started; from exec.Command or proc.Command, whose session
// settings it keeps) to start through the helper under p, and returns what containment
// the kernel gave. Without full support it starts what it can (Landlock alone, or the
// namespace alone) unless p.Require, when it returns ErrCannotContain. A command whose
// program was not found (cmd.Err) is left as it is.
func Wrap(cmd *exec.Cmd, p Policy) (Support, error) {
	return wrap(cmd, p, Probe())
}

func wrap(cmd *exec.Cmd, p Policy, s Support) (Support, error) {
	if p.Require && !s.Full() {
		return s, fmt.Errorf("%w: %s", ErrCannotContain, s.Why)
	}
	if cmd.Err != nil || (s.Landlock == 0 && !s.Net) {
		return s, nil
	}
	self, err := os.Executable()
	if err != nil {
		return s, fmt.Errorf("contain: %w", err)
	}
	args := []string{HelperArg}
	if s.Landlock > 0 {
		args = append(args, "-landlock")
	}
	if s.Net {
		args = append(args, "-lo")
	}
	if s.UserNS {
		args = append(args, "-userns")
	}
	// A relative program is relative to cmd.Dir, as exec.Cmd reads it.
	prog := cmd.Path
	if !filepath.IsAbs(prog) {
		if prog, err = filepath.Abs(filepath.Join(cmd.Dir, prog)); err != nil {
			return s, fmt.Errorf("contain: %w", err)
		}
	}
	// Start reports a program that cannot be executed as it would without the helper
	// (fs.ErrNotExist, fs.ErrPermission), and starts nothing.
	if err := unix.Access(prog, unix.X_OK); err != nil {
		cmd.Err = &os.PathError{Op: "fork/exec", Path: cmd.Path, Err: err}
		return s, nil
	}
	// Relative paths are foamc's (the helper starts in cmd.Dir).
	paths := func(flag string, ps []string) error {
		for _, d := range ps {
			d, err := filepath.Abs(d)
			if err != nil {
				return fmt.Errorf("contain: %w", err)
			}
			args = append(args, flag, d)
		}
		return nil
	}
	if err := paths("-ro", append(append(slices.Clone(systemRead), p.RO...), filepath.Dir(prog))); err != nil {
		return s, err
	}
	if err := paths("-rw", append(slices.Clone(systemWrite), p.RW...)); err != nil {
		return s, err
	}
	args = append(append(args, "--", prog), cmd.Args...)
	cmd.Path, cmd.Args = self, append([]string{self}, args...)
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	if s.Net {
		namespaces(cmd.SysProcAttr, s.UserNS)
	}
	return s, nil
}
