package inspect

import (
	"context"
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

	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/internal/procroot"
	"github.com/gputaskman/gtm/internal/schema"
)

// keyServer is a loopback server standing in for the fake process's
// port: it records every Authorization header it gets.
type keyServer struct {
	*httptest.Server
	mu    sync.Mutex
	auths []string
}

func newKeyServer(t *testing.T) *keyServer {
	s := &keyServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.auths = append(s.auths, r.Header.Get("Authorization"))
		s.mu.Unlock()
		w.WriteHeader(http.StatusUnauthorized)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *keyServer) got() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.auths...)
}

// fakeRootProc writes a proc tree owned by nobody, not procfs, with one
// process, 4242: a llama-server that claims uid 0, has "/" for its root
// directory, names keyFile as its --api-key-file and model as its model,
// and listens (its fd and net/tcp say) on port, by the socket inode ino:
// that of a real listener of this process, so that the tree, when
// trusted, proves the port is the fake process's (netports.Reachable).
func fakeRootProc(t *testing.T, keyFile, model string, port int, ino uint64) string {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "4242")
	files := map[string]string{
		"stat":    "4242 (llama-server) S 1 4242 4242 0 -1 4194560 0 0 0 0 0 0 0 0 20 0 9 0 100000 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3 0 0 0 0 0 0\n",
		"comm":    "llama-server\n",
		"status":  "Name:\tllama-server\nUid:\t0\t0\t0\t0\nGid:\t0\t0\t0\t0\nGroups:\t\n",
		"cmdline": strings.Join([]string{"llama-server", "-m", model, "--api-key-file", keyFile, "--port", fmt.Sprint(port)}, "\x00") + "\x00",
		"maps":    "7f0000000000-7f0000001000 r--p 00000000 08:01 12345 " + model + "\n",
		"net/tcp": "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n" +
			fmt.Sprintf("   0: 0100007F:%04X 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 %d 1 0000000000000000 100 0 0 10 0\n", port, ino),
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		must(t, os.MkdirAll(filepath.Dir(p), 0o755))
		must(t, os.WriteFile(p, []byte(body), 0o644))
	}
	must(t, os.MkdirAll(filepath.Join(dir, "fd"), 0o755))
	must(t, os.Symlink(fmt.Sprintf("socket:[%d]", ino), filepath.Join(dir, "fd", "3")))
	must(t, os.Symlink("/", filepath.Join(dir, "root")))
	must(t, os.Symlink("/", filepath.Join(dir, "cwd")))
	must(t, filepath.Walk(root, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, 65534, 65534)
	}))
	return root
}

// TestUntrustedProcRootIsNoDeputy: a tree nobody wrote says its process
// runs as root in "/", and names a root-only file as its API key file. A
// root gtm reads nothing on its behalf and sends nothing to its port:
// not the key, not a probe. Trusted on purpose (--trust-proc-root), the
// tree is believed, and the key goes out: what the default prevents.
func TestUntrustedProcRootIsNoDeputy(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: the confused deputy is a root gtm reading a root-only file")
	}
	secretDir := t.TempDir()
	keyFile := filepath.Join(secretDir, "shadow")
	const secret = "root:$6$not-a-real-hash:19000:0:99999:7:::"
	must(t, os.WriteFile(keyFile, []byte(secret+"\n"), 0o600))
	model := filepath.Join(secretDir, "model.gguf")
	must(t, ggufgen.Tiny().MustBuild().WriteFile(model))
	must(t, os.Chmod(model, 0o600))

	srv := newKeyServer(t)
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	root := fakeRootProc(t, keyFile, model, port, socketInode(t, srv.Listener.(*net.TCPListener)))
	if procroot.Untrusted(root) == "" {
		t.Fatal("a temporary folder passed for procfs")
	}
	target := Target{PID: 4242, PPID: 1, Name: "llama-server", Cwd: "/",
		Cmdline: []string{"llama-server", "-m", model, "--api-key-file", keyFile, "--port", fmt.Sprint(port)}}

	inspectOnce := func(in *Inspector) (Finding, *schema.LLM) {
		f := in.Inspect(target)
		return in.Enrich(WithProbeBudget(context.Background()), target, f, nil)
	}

	in := New(root, nil)
	in.Live = NewLive(root)
	if in.Untrusted == "" || in.Live.Untrusted == "" {
		t.Fatalf("a tree that is not procfs is trusted by default: %q %q", in.Untrusted, in.Live.Untrusted)
	}
	f, llm := inspectOnce(in)
	if auths := srv.got(); len(auths) != 0 {
		t.Errorf("untrusted: the fake process's port was asked %d times (authorization %q)", len(auths), auths)
	}
	if len(f.Notes) != 1 || f.Notes[0] != procroot.Note {
		t.Errorf("untrusted: notes = %q, want the one note %q", f.Notes, procroot.Note)
	}
	if f.ListenPorts != nil {
		t.Errorf("untrusted: ports %v read for the probe", f.ListenPorts)
	}
	if len(f.Models) == 0 {
		t.Fatal("untrusted: the command line's model is data and must still be listed")
	}
	for _, m := range f.Models {
		if m.Kind != nil || m.Parameters != nil || m.HeaderError == nil || !strings.Contains(*m.HeaderError, procroot.Note) {
			t.Errorf("untrusted: model %s read (kind %v, header error %v)", m.Path, m.Kind, m.HeaderError)
		}
	}
	if llm != nil && strings.Contains(fmt.Sprint(llm.Notes), "api-key-file") {
		t.Errorf("untrusted: the key file was looked at: %q", llm.Notes)
	}

	// Opted in: the tree is believed (what --trust-proc-root is for).
	in = New(root, nil)
	in.Live = NewLive(root)
	in.TrustProcRoot()
	f, _ = inspectOnce(in)
	if len(f.Notes) != 0 {
		t.Errorf("trusted: notes %q", f.Notes)
	}
	want := "Bearer " + secret
	found := false
	for _, a := range srv.got() {
		found = found || a == want
	}
	if !found {
		t.Errorf("trusted: the server got %q, want the key file's line (the old behaviour the opt-in keeps)", srv.got())
	}
	if len(f.Models) == 0 || f.Models[0].Kind == nil {
		t.Errorf("trusted: the model's header was not read: %+v", f.Models)
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
