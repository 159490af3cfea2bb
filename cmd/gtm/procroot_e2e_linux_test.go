package main

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
	"github.com/gputaskman/gtm/internal/procroot"
	"github.com/gputaskman/gtm/internal/schema"
)

// untrustedTree writes a proc tree owned by nobody (not procfs) whose
// process 4242 is a llama-server that claims uid 0 and "/" for its root,
// names keyFile as its --api-key-file, and listens (its fd and net/tcp
// say) on port by the socket inode ino: a real listener's, so that the
// tree, trusted, proves the port is the fake process's.
func untrustedTree(t *testing.T, keyFile string, port int, ino uint64) string {
	t.Helper()
	root := t.TempDir()
	must(t, os.WriteFile(filepath.Join(root, "stat"), []byte("cpu  1 2 3 4\nbtime 1764662400\n"), 0o644))
	fakeProc(t, root, 2, "kthreadd", 1, []string{}, "") // the host's PID namespace
	fakeProc(t, root, 4242, "llama-server", 100_000,
		[]string{"llama-server", "-m", "/srv/model.gguf", "--api-key-file", keyFile, "--port", fmt.Sprint(port)}, "")
	dir := filepath.Join(root, "4242")
	must(t, os.MkdirAll(filepath.Join(dir, "net"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "net", "tcp"), []byte(
		"  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"+
			fmt.Sprintf("   0: 0100007F:%04X 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 %d 1 0000000000000000 100 0 0 10 0\n", port, ino)), 0o644))
	must(t, os.MkdirAll(filepath.Join(dir, "fd"), 0o755))
	must(t, os.Symlink(fmt.Sprintf("socket:[%d]", ino), filepath.Join(dir, "fd", "3")))
	must(t, os.Symlink("/", filepath.Join(dir, "root")))
	must(t, filepath.Walk(root, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, 65534, 65534)
	}))
	return root
}

// TestE2EUntrustedProcRoot: root gtm inspect over a tree nobody wrote
// sends no request at all to the port the tree names (least of all the
// root-only key file's first line as a Bearer key), says once on stderr
// and in the process's notes why, and still shows the tree's data. With
// --trust-proc-root the tree is believed: the key goes out, as before.
func TestE2EUntrustedProcRoot(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: the confused deputy is a root gtm reading a root-only file")
	}
	keyFile := filepath.Join(t.TempDir(), "shadow")
	const secret = "root:$6$not-a-real-hash:19000:0:99999:7:::"
	must(t, os.WriteFile(keyFile, []byte(secret+"\n"), 0o600))
	var mu sync.Mutex
	var auths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		auths = append(auths, r.Header.Get("Authorization"))
		mu.Unlock()
		w.WriteHeader(http.StatusUnauthorized)
	}))
	defer srv.Close()
	got := func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), auths...)
	}
	root := untrustedTree(t, keyFile, srv.Listener.Addr().(*net.TCPAddr).Port, socketInode(t, srv.Listener.(*net.TCPListener)))
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{h100(fakenvml.Process{PID: 4242, UsedMemory: 8 << 30})}})

	code, stdout, stderr := m.run("inspect", "4242", "--json", "--proc-root", root)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if lines := strings.Split(strings.TrimSpace(stderr), "\n"); len(lines) != 1 || !strings.Contains(lines[0], "is not a procfs mount") || !strings.Contains(lines[0], "--trust-proc-root") {
		t.Errorf("stderr = %q, want one line saying the proc root is not trusted", stderr)
	}
	if a := got(); len(a) != 0 {
		t.Errorf("gtm sent %d requests to the port an untrusted tree names: %q", len(a), a)
	}
	var p schema.Process
	must(t, json.Unmarshal([]byte(stdout), &p))
	if p.Name == nil || *p.Name != "llama-server" || p.VRAMBytes == nil || *p.VRAMBytes != 8<<30 {
		t.Errorf("the tree's data must still be shown and joined: %s", stdout)
	}
	notes := 0
	for _, n := range p.Notes {
		if n == procroot.Note {
			notes++
		}
	}
	if notes != 1 || strings.Contains(stdout, secret) {
		t.Errorf("notes %q, want %q once", p.Notes, procroot.Note)
	}

	code, _, stderr = m.run("inspect", "4242", "--json", "--proc-root", root, "--trust-proc-root")
	if code != exitOK || stderr != "" {
		t.Fatalf("trusted: exit %d, stderr %q", code, stderr)
	}
	if a := got(); len(a) == 0 || a[0] != "Bearer "+secret {
		t.Errorf("trusted: the server got %q, want the key (what --trust-proc-root restores)", a)
	}
}

// socketInode is the inode of a listener's socket.
func socketInode(t *testing.T, l *net.TCPListener) uint64 {
	t.Helper()
	f, err := l.File() // a duplicate: the same socket
	must(t, err)
	defer f.Close()
	fi, err := f.Stat()
	must(t, err)
	return fi.Sys().(*syscall.Stat_t).Ino
}
