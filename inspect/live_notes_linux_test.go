package inspect

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// TestFailingProbeLeavesNote: a server that was asked and gave nothing
// (here Ollama answering 500 on /api/ps) says so in the process's notes,
// with the server's name and address, instead of vanishing silently.
func TestFailingProbeLeavesNote(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"error":"boom"}`, http.StatusInternalServerError)
	}))
	defer srv.Close()
	in := New("/proc", nil)
	in.Live = NewLive("/proc")
	target := Target{PID: os.Getpid(), Start: time.Now(), Name: "ollama", Cmdline: []string{"/usr/bin/ollama", "serve"}}
	f, llm := in.Enrich(context.Background(), target, Finding{Runtimes: []schema.Runtime{}, Models: []schema.Model{}}, nil)
	if llm != nil && llm.Server != nil {
		t.Errorf("no answer must give no API facts: %+v", llm)
	}
	want := "ollama API on " + strings.TrimPrefix(srv.URL, "http://") + ": GET /api/ps: HTTP 500"
	if !hasNote(f.Notes, want) {
		t.Errorf("notes %q, want one starting %q", f.Notes, want)
	}
}

// TestFailingEndpointLeavesNote: a llama-server whose /slots answers
// garbage still gives its other facts; the failure is an API note, bounded
// in number and length, and carries no part of the key sent.
func TestFailingEndpointLeavesNote(t *testing.T) {
	const key = "sekrit-key-0123456789"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+key && r.URL.Path != "/health" {
			http.Error(w, `{"error":{"code":401,"type":"authentication_error"}}`, http.StatusUnauthorized)
			return
		}
		switch r.URL.Path {
		case "/health":
			fmt.Fprint(w, `{"status":"ok"}`)
		case "/props":
			fmt.Fprint(w, `{"default_generation_settings":{"n_ctx":4096},"total_slots":2}`)
		default: // every other endpoint broken, echoing what it was sent
			http.Error(w, strings.Repeat("garbage "+r.Header.Get("Authorization"), 50), http.StatusInternalServerError)
		}
	}))
	defer srv.Close()
	in := New("/proc", nil)
	in.Live = NewLive("/proc")
	target := Target{PID: os.Getpid(), Start: time.Now(), Name: "llama-server", Cmdline: []string{"llama-server", "--api-key", key}}
	f := in.Inspect(target)
	_, llm := in.Enrich(context.Background(), target, f, nil)
	if llm == nil || llm.APIStatus == nil || *llm.APIStatus != "ok" || llm.SlotsTotal == nil || *llm.SlotsTotal != 2 {
		t.Fatalf("the working endpoints must still count: %+v", llm)
	}
	if !hasNote(llm.Notes, "llama-server API: GET /slots: HTTP 500") {
		t.Errorf("notes %q, want one for /slots", llm.Notes)
	}
	n := 0
	for _, s := range llm.Notes {
		if strings.HasPrefix(s, "llama-server API") {
			n++
			if len(s) > 240 || strings.Contains(s, key) || strings.Contains(s, "garbage") {
				t.Errorf("note not bounded or carries the answer: %q", s)
			}
		}
	}
	if n == 0 || n > 3 {
		t.Errorf("%d API notes, want 1 to 3: %q", n, llm.Notes)
	}
}

func hasNote(notes []string, prefix string) bool {
	for _, n := range notes {
		if strings.HasPrefix(n, prefix) {
			return true
		}
	}
	return false
}
