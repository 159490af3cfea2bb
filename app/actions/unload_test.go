package actions

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

func ptr[T any](v T) *T { return &v }

// llmProcess is a snapshot row for a model served at addr: this test
// process, whose user holds the test servers' ports.
func llmProcess(server, addr, model string) *schema.Process {
	l := &schema.LLM{Server: ptr(server), APIAddr: ptr(addr)}
	if model != "" {
		l.APIModel = ptr(model)
	}
	pid := os.Getpid()
	return &schema.Process{PID: pid, PIDLabel: strconv.Itoa(pid), StartTime: selfStart(), LLM: l}
}

// recorder is a loopback server that records what it was sent.
type recorder struct {
	srv    *httptest.Server
	count  atomic.Int32
	method string
	path   string
	body   map[string]any
}

func newRecorder(t *testing.T, status int, answer string) *recorder {
	r := &recorder{}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.count.Add(1)
		r.method, r.path = req.Method, req.URL.Path
		b, _ := io.ReadAll(req.Body)
		r.body = nil
		_ = json.Unmarshal(b, &r.body)
		w.WriteHeader(status)
		io.WriteString(w, answer)
	}))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *recorder) addr() string { return strings.TrimPrefix(r.srv.URL, "http://") }

func TestUnloadOllama(t *testing.T) {
	rec := newRecorder(t, 200, `{"model":"qwen3:8b","done":true,"done_reason":"unload"}`)
	s := &System{Unloader: NewUnloader()}
	p := llmProcess("ollama", rec.addr(), "qwen3:8b")
	what, err := s.CheckUnload(p)
	if err != nil || what != "Ask Ollama at "+rec.addr()+" to unload qwen3:8b" {
		t.Fatalf("CheckUnload = %q, %v", what, err)
	}
	if rec.count.Load() != 0 {
		t.Fatal("CheckUnload sent a request")
	}
	if err := s.Unload(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if rec.count.Load() != 1 || rec.method != "POST" || rec.path != "/api/generate" ||
		rec.body["model"] != "qwen3:8b" || rec.body["keep_alive"] != float64(0) || len(rec.body) != 2 {
		t.Errorf("sent %d: %s %s %v", rec.count.Load(), rec.method, rec.path, rec.body)
	}
}

func TestUnloadLMStudio(t *testing.T) {
	rec := newRecorder(t, 200, `{"instance_id":"qwen/qwen3-4b"}`)
	s := &System{Unloader: NewUnloader()}
	if err := s.Unload(context.Background(), llmProcess("lmstudio", rec.addr(), "qwen/qwen3-4b")); err != nil {
		t.Fatal(err)
	}
	if rec.method != "POST" || rec.path != "/api/v1/models/unload" || rec.body["instance_id"] != "qwen/qwen3-4b" {
		t.Errorf("sent %s %s %v", rec.method, rec.path, rec.body)
	}
}

func TestUnloadServerError(t *testing.T) {
	rec := newRecorder(t, 404, `{"error":"model 'qwen3:8b' not found"}`)
	err := NewUnloader().Send(context.Background(), mustRequest(t, llmProcess("ollama", rec.addr(), "qwen3:8b")))
	if err == nil || !strings.Contains(err.Error(), "404") || !strings.Contains(err.Error(), "model 'qwen3:8b' not found") {
		t.Errorf("err = %v", err)
	}
}

func mustRequest(t *testing.T, p *schema.Process) UnloadRequest {
	t.Helper()
	r, err := UnloadRequestFor(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// What cannot be unloaded says why, and sends nothing.
func TestUnloadRefused(t *testing.T) {
	rec := newRecorder(t, 200, `{}`)
	s := &System{Unloader: NewUnloader()}
	for _, tc := range []struct {
		p    *schema.Process
		want string
	}{
		{&schema.Process{PID: 1, PIDLabel: "1"}, "no local server API"},
		{llmProcess("llama-server", rec.addr(), "x"), "llama-server has no unload request"},
		{llmProcess("vllm", rec.addr(), "x"), "vllm has no unload request; ending the process frees its memory"},
		{llmProcess("some-future-server", rec.addr(), "x"), "some-future-server has no unload request"},
		{llmProcess("ollama", rec.addr(), ""), "did not name the model"},
		{llmProcess("lmstudio", rec.addr(), ""), "one loaded instance"},
		// A replayed snapshot can name any address: only loopback.
		{llmProcess("ollama", "192.0.2.7:11434", "qwen3:8b"), "not a loopback address"},
		{llmProcess("ollama", "localhost:11434", "qwen3:8b"), "not a loopback address"},
		{llmProcess("ollama", "[::1]:0", "qwen3:8b"), "not a loopback address"},
	} {
		if _, err := s.CheckUnload(tc.p); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("CheckUnload(%+v) = %v, want %q", tc.p.LLM, err, tc.want)
		}
		if err := s.Unload(context.Background(), tc.p); err == nil {
			t.Errorf("Unload(%+v) succeeded", tc.p.LLM)
		}
	}
	if n := rec.count.Load(); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}

// The transport refuses anything but loopback even if asked directly, and
// follows no redirect.
func TestUnloaderLoopbackOnly(t *testing.T) {
	u := NewUnloader()
	req, _ := http.NewRequest("POST", "http://192.0.2.7:11434/api/generate", nil)
	if _, err := u.Client.Do(req); err == nil || !strings.Contains(err.Error(), "not loopback") {
		t.Errorf("non-loopback request: %v", err)
	}
	target := newRecorder(t, 200, `{}`)
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target.srv.URL+"/api/generate", http.StatusTemporaryRedirect)
	}))
	defer redirect.Close()
	err := u.Send(context.Background(), mustRequest(t, llmProcess("ollama", strings.TrimPrefix(redirect.URL, "http://"), "m")))
	if err == nil || target.count.Load() != 0 {
		t.Errorf("redirect followed: err %v, target got %d", err, target.count.Load())
	}
}

func TestUnloadTimeout(t *testing.T) {
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer slow.Close()
	defer close(release)
	u := NewUnloader()
	u.Timeout = 100 * time.Millisecond
	start := time.Now()
	err := u.Send(context.Background(), mustRequest(t, llmProcess("ollama", strings.TrimPrefix(slow.URL, "http://"), "m")))
	if err == nil || time.Since(start) > 3*time.Second {
		t.Errorf("err %v after %v", err, time.Since(start))
	}
}
