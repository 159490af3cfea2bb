package netports

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/gputaskman/gtm/internal/procroot"
	"github.com/gputaskman/gtm/internal/safefile"
)

// Listening returns the TCP ports process pid listens on that are
// reachable on loopback (see the package doc), sorted and deduplicated.
// procRoot is where proc is mounted ("" means /proc); tests pass a fake
// tree.
//
// It reads the process's socket inodes from <procRoot>/<pid>/fd, then the
// LISTEN rows of <procRoot>/<pid>/net/tcp and tcp6, which show the
// process's own network namespace. A process that is gone gives an error
// matching fs.ErrNotExist; one the caller may not inspect, fs.ErrPermission.
func Listening(procRoot string, pid int) ([]Port, error) {
	if pid <= 0 {
		return nil, fmt.Errorf("netports: invalid pid %d", pid)
	}
	if procRoot == "" {
		procRoot = "/proc"
	}
	dir := filepath.Join(procRoot, strconv.Itoa(pid))
	inodes, err := socketInodes(filepath.Join(dir, "fd"))
	if err != nil {
		return nil, wrap(err)
	}
	if len(inodes) == 0 {
		return nil, nil
	}
	return readTables(filepath.Join(dir, "net"), inodes)
}

// ownNet is gtm's own network namespace's tables: a test points it at a
// fake tree.
var ownNet = "/proc/self/net"

// Reachable returns where process pid listens (see Reach): its sockets
// that listen in gtm's own network namespace, and, only when there are
// none, those it has in another namespace. Errors are Listening's.
func Reachable(procRoot string, pid int) (Reach, error) {
	if pid <= 0 {
		return Reach{}, fmt.Errorf("netports: invalid pid %d", pid)
	}
	if procRoot == "" {
		procRoot = "/proc"
	}
	dir := filepath.Join(procRoot, strconv.Itoa(pid))
	inodes, err := socketInodes(filepath.Join(dir, "fd"))
	if err != nil || len(inodes) == 0 {
		return Reach{}, wrapNil(err)
	}
	var r Reach
	if r.Reachable, err = readTables(ownNet, inodes); err != nil {
		return Reach{}, err
	}
	if len(r.Reachable) == 0 {
		// An inode listening in gtm's namespace would have matched: any
		// listener found in the process's own tables is elsewhere.
		if r.Elsewhere, err = readTables(filepath.Join(dir, "net"), inodes); err != nil {
			return Reach{}, err
		}
	}
	return r, nil
}

// Held checks, just before gtm connects to ap for process pid, that the
// socket listening there in gtm's own namespace is pid's (ErrNotHeld
// otherwise): a check at the moment of use, since a listener found a
// while ago may have closed and its port been taken by someone else.
func Held(procRoot string, pid int, ap netip.AddrPort) error {
	r, err := Reachable(procRoot, pid)
	if err != nil {
		return err
	}
	if !r.Proves(ap) {
		return fmt.Errorf("netports: %s: %w", ap, ErrNotHeld)
	}
	return nil
}

// readTables reads the tcp and tcp6 tables in dir, keeping the reachable
// listeners whose inode is in inodes, sorted and deduplicated.
func readTables(dir string, inodes map[uint64]struct{}) ([]Port, error) {
	var ports []Port
	var err error
	for _, name := range [...]string{"tcp", "tcp6"} {
		ports, err = readTable(filepath.Join(dir, name), inodes, ports)
		if err != nil {
			if name == "tcp6" && errors.Is(err, fs.ErrNotExist) {
				continue // IPv6 disabled in this kernel
			}
			return nil, wrap(err)
		}
	}
	slices.SortFunc(ports, comparePorts)
	return slices.Compact(ports), nil
}

func wrapNil(err error) error {
	if err == nil {
		return nil
	}
	return wrap(err)
}

// comparePorts orders ports by address, then port number.
func comparePorts(a, b Port) int {
	if c := a.Addr.Compare(b.Addr); c != 0 {
		return c
	}
	if c := int(a.Port) - int(b.Port); c != 0 {
		return c
	}
	return int(int64(a.UID) - int64(b.UID))
}

// wrap prefixes the package name; a process that exits while we read
// gives ESRCH, reported as fs.ErrNotExist like a process already gone.
func wrap(err error) error {
	if errors.Is(err, syscall.ESRCH) {
		return fmt.Errorf("netports: %w: %w", fs.ErrNotExist, err)
	}
	return fmt.Errorf("netports: %w", err)
}

// Test hooks: root reads any fd directory, so tests fake the errors
// another user's process gives; and a table of MaxLines rows is slow to
// write.
var (
	readlink = os.Readlink
	maxLines = MaxLines
)

// maxLineLen bounds one tcp table row; real rows are about 150 bytes.
const maxLineLen = 4096

// socketInodes reads the targets of the fd links and keeps the inodes of
// "socket:[N]".
func socketInodes(fdDir string) (map[uint64]struct{}, error) {
	f, err := procroot.OpenDir(fdDir) // a FIFO under a --proc-root is refused, not waited on
	if err != nil {
		return nil, err
	}
	defer f.Close()
	set := map[uint64]struct{}{}
	for seen := 0; seen < MaxFDs; {
		names, err := f.Readdirnames(min(1024, MaxFDs-seen))
		for _, name := range names {
			target, err := readlink(fdDir + "/" + name)
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					continue // closed since the listing
				}
				return nil, err
			}
			if ino, ok := socketInode(target); ok {
				set[ino] = struct{}{}
			}
		}
		seen += len(names)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	return set, nil
}

// socketInode parses "socket:[12345]".
func socketInode(target string) (uint64, bool) {
	s, ok := strings.CutPrefix(target, "socket:[")
	if !ok {
		return 0, false
	}
	s, ok = strings.CutSuffix(s, "]")
	if !ok {
		return 0, false
	}
	return parseDec([]byte(s))
}

var bufPool = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// readTable appends to out the reachable listeners of one tcp table whose
// inode is in inodes.
func readTable(name string, inodes map[uint64]struct{}, out []Port) ([]Port, error) {
	f, _, err := safefile.Open(name, 0) // never waits on a FIFO under a --proc-root
	if err != nil {
		return out, err
	}
	defer f.Close()
	buf := bufPool.Get().(*[]byte)
	defer bufPool.Put(buf)
	sc := bufio.NewScanner(f)
	// Large reads: the kernel fills the whole buffer per read call.
	sc.Buffer(*buf, max(len(*buf), maxLineLen))
	for lines := 0; lines < maxLines && sc.Scan(); lines++ {
		row, err := parseTCPLine(sc.Bytes())
		if err != nil {
			continue // the header
		}
		if row.State != stateListen {
			// The kernel lists listening sockets first, then the
			// established table, which holds no listeners; kernels
			// before 4.4 print a listener's pending connections
			// (SYN_RECV) right after it. So the first row in
			// another state ends the listeners, and stopping there
			// keeps a host with many connections cheap.
			if row.State == stateSynRecv {
				continue
			}
			break
		}
		if _, ok := inodes[row.Inode]; !ok {
			continue
		}
		a := row.Local.Addr().Unmap()
		if reachable(a) {
			out = append(out, Port{Addr: a, Port: row.Local.Port(), UID: row.UID})
		}
	}
	return out, sc.Err()
}
