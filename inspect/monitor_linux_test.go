package inspect

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/probe"
	"github.com/gputaskman/gtm/internal/schema"
	"github.com/gputaskman/gtm/internal/standin"
)

// A monitor does not disturb: every request gtm's live probing makes of
// a server (Live, through the real loopback client) is a GET of a
// read-only endpoint that logs nothing, allocates nothing and changes no
// state: no deprecated SGLang /get_ name on a server that has the new
// ones, no /health (SGLang's and TGI's generate a token), no tokenizing,
// no generating, no POST; and once a server has told what does not
// change, it is not asked again each refresh (each request is a line in
// SGLang's access log). Each stand-in records the requests it receives.

// monitorCase is a stand-in server and the only requests gtm may send it.
type monitorCase struct {
	name    string
	spec    standin.Spec
	allowed []string // "GET /path"
}

func monitorCases(t *testing.T) []monitorCase {
	libs := standin.FakeLibs(t)
	return []monitorCase{
		// inspect/servers/vllm.go ProbeVLLM; the stand-in as its file has it
		{"vLLM", standin.VLLM(standin.VLLMOptions{Libs: libs}), []string{"GET /v1/models", "GET /metrics"}},
		{"SGLang, current", standin.SGLang(standin.SGLangOptions{Libs: libs}), []string{"GET /model_info", "GET /server_info", "GET /metrics"}},
		// an old server is asked the new name once, and answers 404
		{"SGLang, before the rename", standin.SGLang(standin.SGLangOptions{Libs: libs, Format: standin.SGLangBefore}),
			[]string{"GET /model_info", "GET /get_model_info", "GET /get_server_info", "GET /metrics"}},
		{"TGI, text", standin.TGI(standin.TGIOptions{Libs: libs}), []string{"GET /info", "GET /metrics"}},
		{"TGI, --json-output", standin.TGI(standin.TGIOptions{Libs: libs, JSONOutput: true}), []string{"GET /info", "GET /metrics"}},
	}
}

// monitorTargets are the processes of a stand-in tree as gtm's caller
// lists them.
func monitorTargets(root *standin.Proc) []Target {
	var out []Target
	var walk func(p *standin.Proc, ppid int)
	walk = func(p *standin.Proc, ppid int) {
		out = append(out, Target{PID: p.PID, PPID: ppid, Name: p.Spec.CommName(), Cmdline: p.Spec.Argv, Start: time.Now()})
		for _, c := range p.Children {
			walk(c, p.PID)
		}
	}
	walk(root, os.Getpid())
	return out
}

// refreshAll is one refresh of every target, the API asked anew (as
// after the API cache's age).
func refreshAll(in *Inspector, targets []Target) {
	in.Live.mu.Lock()
	for _, st := range in.Live.state {
		st.apiAt = time.Time{}
	}
	in.Live.mu.Unlock()
	in.Live.Client.Tracker().Forget(func(probe.Key) bool { return false })
	vram := uint64(100 << 30)
	found := in.Refresh(context.Background(), targets)
	for _, t := range targets {
		if f, ok := found[t.PID]; ok {
			in.Enrich(context.Background(), t, f, &vram)
		}
	}
}

func TestMonitorDoesNotDisturb(t *testing.T) {
	for _, c := range monitorCases(t) {
		t.Run(c.name, func(t *testing.T) {
			logPath := filepath.Join(t.TempDir(), "server.log")
			root := standin.Start(t, c.spec, logPath)
			before := readFile(t, logPath)
			in := New("/proc", nil)
			in.Live = NewLive("/proc")
			targets := monitorTargets(root)
			refreshAll(in, targets)
			first := readFile(t, logPath)
			for range 2 {
				refreshAll(in, targets)
			}
			// SGLang writes an access line for every request (uvicorn's,
			// on by default): once it has told its launch, a refresh asks
			// it only what changes
			if later := readFile(t, logPath)[len(first):]; strings.HasPrefix(c.name, "SGLang") {
				if n := strings.Count(later, `HTTP/1.1"`); n == 0 || n != strings.Count(later, `"GET /metrics HTTP/1.1"`) {
					t.Errorf("later refreshes asked more than /metrics:\n%s", later)
				}
				// one answer per refresh for the whole tree: the workers
				// share their API's, however many processes ask
				if n := strings.Count(later, `"GET /metrics HTTP/1.1"`); n != 2 {
					t.Errorf("two refreshes of %d processes asked /metrics %d times, want 2:\n%s", len(targets), n, later)
				}
			}
			// a process no server claims, holding a model: its ports are
			// told by Identify (every server's own paths) before it is asked
			for _, p := range targets {
				if p.PID == root.PID || len(root.Children) > 0 && p.PID == root.Children[len(root.Children)-1].PID {
					anon := Target{PID: p.PID, Start: p.Start.Add(time.Second), Name: "python3", Cmdline: []string{"python3", "app.py"}}
					in.Live.Gather(context.Background(), anon, Finding{Models: []schema.Model{{Path: "/models/m.safetensors"}}})
				}
			}
			reqs := root.Requests(t)
			asked := 0
			for _, r := range reqs {
				if r.Method != "GET" {
					t.Errorf("%s: not a GET", r)
				}
				if c.name == "SGLang, current" && strings.HasPrefix(r.Target, "/get_") {
					t.Errorf("%s: a deprecated name of a server that has the new one", r)
				}
				if slices.Contains(c.allowed, r.String()) {
					asked++
				} else if !identifyOnly(r) {
					t.Errorf("%s: not one of %q", r, c.allowed)
				}
			}
			if asked == 0 {
				t.Errorf("gtm asked nothing: %q", reqs)
			}
			if after := readFile(t, logPath)[len(before):]; strings.Contains(after, "deprecated") || strings.Contains(strings.ToUpper(after), "WARN") {
				t.Errorf("the server logged while gtm probed:\n%s", after)
			}
		})
	}
}

// identifyOnly: a path Identify asks of a port it does not know, each
// another server's read-only endpoint, answered 404 by this one.
func identifyOnly(r standin.Request) bool {
	switch r.Target {
	case "/props", "/api/version", "/system_stats", "/api/v0/models", "/api/v1/models", "/model_info", "/info",
		"/get_model_info": // asked only after /model_info answered 404
		return r.Method == "GET"
	}
	return false
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
