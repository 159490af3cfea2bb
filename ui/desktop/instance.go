package desktop

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/gputaskman/gtm/internal/safewrite"
)

// One gtm window per user: the first launch listens on a unix socket in
// the user's runtime directory; a later launch asks it to show its window
// and exits. A socket left by a gtm that crashed is noticed (nobody
// answers) and replaced.

const instanceSocketName = "io.github.gputaskman.gtm.sock"

// instanceMessages are the one-line requests a later launch may send.
const (
	msgShow = "show"
	msgPing = "ping" // a launch that only wants to know (gtm --tray at login)
)

// instanceDir is where the socket lives: $XDG_RUNTIME_DIR when it is
// private to this user (an inherited one, kept by su, belongs to someone
// who could plant a socket there), else a private directory under the temp
// dir.
func instanceDir() (string, error) {
	if d := safewrite.RuntimeDir(); d != "" {
		return d, nil
	}
	return privateDir(safewrite.TempDir())
}

// printIgnoredEnv says once which inherited directories (another user's
// $XDG_RUNTIME_DIR, and as root their $HOME or $XDG_CONFIG_HOME, where the
// autostart entry goes) this gtm does not use.
func printIgnoredEnv(w io.Writer) {
	_, _ = safewrite.ConfigDir()
	for _, n := range safewrite.TakeNotes() {
		fmt.Fprintln(w, n)
	}
}

// privateDir is parent/gtm-<euid>, made 0700 if missing, and refused when
// it is not ours alone.
func privateDir(parent string) (string, error) {
	d := filepath.Join(parent, fmt.Sprintf("gtm-%d", os.Geteuid()))
	if err := os.Mkdir(d, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return "", err
	}
	if err := safewrite.CheckPrivateDir(d); err != nil {
		return "", err
	}
	return d, nil
}

// maxSocketPath is the longest unix socket path the kernel takes
// (sun_path is 108 bytes with its NUL; macOS allows 104).
const maxSocketPath = 100

// SocketPath is the instance socket for the runtime directory dir: the
// socket in dir, or — when that path is too long for a
// unix socket (a deep runtime or temp directory) — a short one in a private
// directory under /tmp named after dir, so every launch still finds it.
func SocketPath(dir string) (string, error) {
	path := filepath.Join(dir, instanceSocketName)
	if len(path) <= maxSocketPath {
		return path, nil
	}
	short, err := privateDir("/tmp")
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(dir))
	return filepath.Join(short, hex.EncodeToString(sum[:8])+".sock"), nil
}

// instance is the first launch's listener.
type instance struct {
	ln   net.Listener
	path string
}

// claimInstance makes this process the running gtm, or — when another one
// answers on the socket — sends it msg and reports running=true. onMsg is
// called (on the listener's goroutine) for each request the first
// instance receives.
func claimInstance(dir, msg string, onMsg func(string)) (inst *instance, running bool, err error) {
	path, err := SocketPath(dir)
	if err != nil {
		return nil, false, err
	}
	for attempt := 0; attempt < 2; attempt++ {
		ln, lerr := net.Listen("unix", path)
		if lerr == nil {
			inst = &instance{ln: ln, path: path}
			go inst.serve(onMsg)
			return inst, false, nil
		}
		if !errors.Is(lerr, syscall.EADDRINUSE) {
			return nil, false, lerr
		}
		if err := sendInstance(path, msg); err == nil {
			return nil, true, nil
		}
		// Nobody answers: a stale socket from a gtm that died. Replace
		// it, unless it is not a socket at all.
		if fi, serr := os.Lstat(path); serr == nil && fi.Mode()&os.ModeSocket == 0 {
			return nil, false, fmt.Errorf("%s exists and is not a socket", path)
		}
		if rerr := os.Remove(path); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
			return nil, false, rerr
		}
	}
	return nil, false, fmt.Errorf("could not listen on %s", path)
}

// sendInstance delivers one request and waits for the running gtm's "ok".
func sendInstance(path, msg string) error {
	c, err := net.DialTimeout("unix", path, time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	// Only a gtm of this user is told anything, or believed.
	if err := checkPeer(c); err != nil {
		return err
	}
	_ = c.SetDeadline(time.Now().Add(3 * time.Second))
	if _, err := fmt.Fprintf(c, "%s\n", msg); err != nil {
		return err
	}
	reply, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return err
	}
	if strings.TrimSpace(reply) != "ok" {
		return fmt.Errorf("unexpected reply %q", reply)
	}
	return nil
}

func (in *instance) serve(onMsg func(string)) {
	for {
		c, err := in.ln.Accept()
		if err != nil {
			return // closed
		}
		go func() {
			defer c.Close()
			if checkPeer(c) != nil {
				return // another user: no answer
			}
			_ = c.SetDeadline(time.Now().Add(3 * time.Second))
			line, err := bufio.NewReader(io.LimitReader(c, 64)).ReadString('\n')
			if err != nil {
				return
			}
			msg := strings.TrimSpace(line)
			if msg != msgShow && msg != msgPing {
				fmt.Fprintln(c, "unknown request")
				return
			}
			fmt.Fprintln(c, "ok")
			if onMsg != nil {
				onMsg(msg)
			}
		}()
	}
}

// checkPeer refuses a connection whose other end runs as another user,
// where the system can tell (SO_PEERCRED, LOCAL_PEERCRED).
func checkPeer(c net.Conn) error {
	uc, ok := c.(*net.UnixConn)
	if !ok {
		return errors.New("not a unix socket")
	}
	uid, err := peerUID(uc)
	if err != nil {
		return err
	}
	if uid >= 0 && uid != os.Geteuid() {
		return fmt.Errorf("the socket's other end runs as uid %d, not as this user (uid %d)", uid, os.Geteuid())
	}
	return nil
}

// Close stops listening and removes the socket.
func (in *instance) Close() error { return in.ln.Close() }
