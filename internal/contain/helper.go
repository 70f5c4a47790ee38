package contain

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// init makes any binary importing the package (foamc, its test binaries) the helper when
// started with HelperArg: it contains itself and executes the target, never returning.
func init() {
	if len(os.Args) > 1 && os.Args[1] == HelperArg {
		os.Exit(helper(os.Args[2:]))
	}
}

// helper: [-probe] [-landlock] [-lo] [-userns] [-ro PATH]... [-rw PATH]... -- PROGRAM ARGV0 ARGS...
// It exits 125 when it cannot contain as asked, 126/127 when the program cannot be
// executed or is missing (as a shell does).
func helper(args []string) int {
	// Landlock, no_new_privs and the capability changes are per thread: the thread
	// that restricts itself is the one that calls execve.
	runtime.LockOSThread()
	var ro, rw []string
	var probe, landlock, lo, userns bool
	for len(args) > 0 && args[0] != "--" {
		switch a := args[0]; a {
		case "-probe":
			probe = true
		case "-landlock":
			landlock = true
		case "-lo":
			lo = true
		case "-userns":
			userns = true
		case "-ro", "-rw":
			if len(args) < 2 {
				return fail(125, "%s needs a path", a)
			}
			if a == "-ro" {
				ro = append(ro, args[1])
			} else {
				rw = append(rw, args[1])
			}
			args = args[1:]
		default:
			return fail(125, "unknown argument %q", a)
		}
		args = args[1:]
	}
	if lo || probe {
		if err := loopbackUp(); err != nil {
			return fail(125, "bring the loopback interface up: %v", err)
		}
	}
	if err := dropCaps(userns); err != nil {
		return fail(125, "drop capabilities: %v", err)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fail(125, "no_new_privs: %v", err)
	}
	if landlock {
		if err := restrict(ro, rw); err != nil {
			return fail(125, "landlock: %v", err)
		}
	}
	if probe {
		return 0
	}
	if len(args) < 3 {
		return fail(125, "no program given")
	}
	err := syscall.Exec(args[1], args[2:], os.Environ())
	code := 126
	if errors.Is(err, syscall.ENOENT) {
		code = 127
	}
	return fail(code, "%s: %v", args[2], err)
}

func fail(code int, format string, a ...any) int {
	fmt.Fprintf(os.Stderr, "foamc: contain: "+format+"\n", a...)
	return code
}

// loopbackUp sets IFF_UP on lo in the helper's (new) network namespace.
func loopbackUp() error {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	ifr, err := unix.NewIfreq("lo")
	if err != nil {
		return err
	}
	if err := unix.IoctlIfreq(fd, unix.SIOCGIFFLAGS, ifr); err != nil {
		return err
	}
	ifr.SetUint16(ifr.Uint16() | unix.IFF_UP)
	return unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, ifr)
}

// dropCaps clears the ambient set (a non-root target then starts with no capability) and,
// for root outside a user namespace of its own, the bounding set, so a root target keeps
// no capability over the host across execve either. Root inside its user namespace keeps
// its capabilities there: they reach nothing of the host.
func dropCaps(userns bool) error {
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil && !errors.Is(err, unix.EINVAL) {
		return err
	}
	if os.Geteuid() != 0 || userns {
		return nil
	}
	last := unix.CAP_LAST_CAP
	if b, err := os.ReadFile("/proc/sys/kernel/cap_last_cap"); err == nil {
		if n, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
			last = n
		}
	}
	for c := 0; c <= last; c++ {
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil {
			return err
		}
	}
	return nil
}

// Landlock filesystem rights by the ABI that introduced them.
const (
	fsABI1 = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE |
		unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_READ_DIR |
		unix.LANDLOCK_ACCESS_FS_REMOVE_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_FILE |
		unix.LANDLOCK_ACCESS_FS_MAKE_CHAR | unix.LANDLOCK_ACCESS_FS_MAKE_DIR |
		unix.LANDLOCK_ACCESS_FS_MAKE_REG | unix.LANDLOCK_ACCESS_FS_MAKE_SOCK |
		unix.LANDLOCK_ACCESS_FS_MAKE_FIFO | unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK |
		unix.LANDLOCK_ACCESS_FS_MAKE_SYM
	fsRead  = unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_READ_DIR | unix.LANDLOCK_ACCESS_FS_EXECUTE
	fsWrite = unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_READ_DIR |
		unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_TRUNCATE |
		unix.LANDLOCK_ACCESS_FS_REMOVE_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_FILE |
		unix.LANDLOCK_ACCESS_FS_MAKE_DIR | unix.LANDLOCK_ACCESS_FS_MAKE_REG |
		unix.LANDLOCK_ACCESS_FS_MAKE_SOCK | unix.LANDLOCK_ACCESS_FS_MAKE_FIFO |
		unix.LANDLOCK_ACCESS_FS_MAKE_SYM | unix.LANDLOCK_ACCESS_FS_REFER
	// fileRights are the rights a rule on a file (not a directory) may carry.
	fileRights = unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE |
		unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_TRUNCATE | unix.LANDLOCK_ACCESS_FS_IOCTL_DEV
)

// rulesetAttr is struct landlock_ruleset_attr up to ABI 6 (scoped).
type rulesetAttr struct {
	fs, net, scoped uint64
}

// pathBeneath is the packed struct landlock_path_beneath_attr (12 bytes).
type pathBeneath struct {
	allowed uint64
	fd      int32
}

// restrict applies a Landlock ruleset that handles every filesystem right the kernel
// knows (so whatever is not granted is denied) and, from ABI 6, scopes signals and
// abstract UNIX sockets to the domain. Paths that do not exist are skipped.
func restrict(ro, rw []string) error {
	v, _, e := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if e != 0 {
		return e
	}
	abi := int(v)
	handled := uint64(fsABI1)
	if abi >= 2 {
		handled |= unix.LANDLOCK_ACCESS_FS_REFER
	}
	if abi >= 3 {
		handled |= unix.LANDLOCK_ACCESS_FS_TRUNCATE
	}
	if abi >= 5 {
		handled |= unix.LANDLOCK_ACCESS_FS_IOCTL_DEV
	}
	attr := rulesetAttr{fs: handled}
	size := unsafe.Sizeof(attr)
	switch {
	case abi >= 6:
		attr.scoped = unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | unix.LANDLOCK_SCOPE_SIGNAL
	case abi >= 4:
		size = 16
	default:
		size = 8
	}
	rfd, _, e := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), size, 0)
	if e != 0 {
		return fmt.Errorf("create ruleset: %w", e)
	}
	defer unix.Close(int(rfd))
	add := func(path string, rights uint64) error {
		fd, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
		if err != nil {
			if errors.Is(err, unix.ENOENT) {
				return nil
			}
			return fmt.Errorf("%s: %w", path, err)
		}
		defer unix.Close(fd)
		var st unix.Stat_t
		if err := unix.Fstat(fd, &st); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if st.Mode&unix.S_IFMT != unix.S_IFDIR {
			rights &= fileRights
		}
		pb := pathBeneath{allowed: rights & handled, fd: int32(fd)}
		if _, _, e := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, rfd, unix.LANDLOCK_RULE_PATH_BENEATH, uintptr(unsafe.Pointer(&pb)), 0, 0, 0); e != 0 {
			return fmt.Errorf("%s: %w", path, e)
		}
		return nil
	}
	for _, p := range ro {
		if err := add(p, fsRead); err != nil {
			return err
		}
	}
	for _, p := range rw {
		if err := add(p, fsWrite); err != nil {
			return err
		}
	}
	if _, _, e := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, rfd, 0, 0); e != 0 {
		return fmt.Errorf("restrict self: %w", e)
	}
	return nil
}
