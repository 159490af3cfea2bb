package ui

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/gputaskman/gtm/app/actions"
	"github.com/gputaskman/gtm/backend/linux"
)

// The real actions against a loopback Ollama stand-in: the unload request
// is sent only after the user confirms, exactly once; cancelling sends
// nothing, and neither does showing the process.
func TestProcessPaneUnloadSendsOnlyAfterConfirmation(t *testing.T) {
	var requests atomic.Int32
	var path atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		path.Store(r.Method + " " + r.URL.Path)
		w.Write([]byte(`{"done":true,"done_reason":"unload"}`))
	}))
	defer srv.Close()

	s := testSnapshot()
	p := &s.Processes[0]
	// The unload goes only to a port the process's own user holds, and only
	// while the PID still names the process shown: this test process plays
	// Ollama, and the stand-in server listens in it.
	pid := os.Getpid()
	p.PID, p.PIDLabel = pid, strconv.Itoa(pid)
	p.StartTime = linux.NewProcFS("/proc").Lookup(pid).StartTime
	p.LLM.Server = ptr("ollama")
	p.LLM.APIAddr = ptr(strings.TrimPrefix(srv.URL, "http://"))
	p.LLM.APIModel = ptr("qwen3:0.6b")
	act := &actions.System{Opener: nil, Unloader: actions.NewUnloader()}
	i, w := newTestPane(t, act)
	i.Show(s, p)
	i.Show(s, p)
	if i.unload.Disabled() || !i.unload.Visible() {
		t.Fatal("unload not offered for an Ollama model")
	}

	test.Tap(i.unload)
	mustContain(t, allText(w.Canvas().Overlays().Top()), "Ask Ollama at "+*p.LLM.APIAddr+" to unload qwen3:0.6b?")
	test.Tap(overlayButtons(t, w)["Cancel"])
	time.Sleep(50 * time.Millisecond)
	if n := requests.Load(); n != 0 {
		t.Fatalf("%d requests after cancel", n)
	}

	test.Tap(i.unload)
	test.Tap(overlayButtons(t, w)["Unload"])
	deadline := time.Now().Add(5 * time.Second)
	for requests.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond)
	if n := requests.Load(); n != 1 || path.Load() != "POST /api/generate" {
		t.Fatalf("%d requests (%v), want one POST /api/generate", n, path.Load())
	}
}

// A llama-server offers no unload: the button is disabled and says why.
func TestProcessPaneUnloadNotOffered(t *testing.T) {
	s := testSnapshot()
	s.Processes[0].LLM.Server = ptr("llama-server")
	i, _ := newTestPane(t, &actions.System{Unloader: actions.NewUnloader()})
	i.Show(s, &s.Processes[0])
	if !i.unload.Disabled() {
		t.Error("unload enabled for llama-server")
	}
	mustContain(t, allText(i.CanvasObject()), "Unload model: llama-server has no unload request")
	// Not an LLM process: no unload button at all.
	p := s.Processes[0]
	p.LLM = nil
	i.Show(s, &p)
	if i.unload.Visible() {
		t.Error("unload shown for a process without a server")
	}
}
