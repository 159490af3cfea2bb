package servers

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"sync"
	"testing"

	"github.com/gputaskman/gtm/inspect/probe"
)

// A monitor does not disturb: llama-server and Ollama, told on a port
// and asked twice through gtm's loopback client, get only GETs of their
// read-only endpoints (and 404s for other servers' paths while Identify
// tells them). vLLM, SGLang and TGI are tested against their stand-ins
// (inspect's TestMonitorDoesNotDisturb).

// probeGetter is gtm's own loopback client as a Getter.
type probeGetter struct{ c *probe.Client }

func (g probeGetter) Get(ctx context.Context, port int, path string, hdr http.Header) (int, []byte, error) {
	r := g.c.GetAddr(ctx, netip.AddrPortFrom(netip.MustParseAddr("127.0.0.1"), uint16(port)), path, hdr)
	return r.Status, r.Body, r.Err
}

// recording serves routes on loopback and records every request.
func recording(t *testing.T, routes map[string]reply) (port int, got func() []string) {
	var mu sync.Mutex
	var reqs []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		reqs = append(reqs, r.Method+" "+r.URL.RequestURI())
		mu.Unlock()
		rep, ok := routes[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(rep.status)
		w.Write([]byte(rep.body))
	}))
	t.Cleanup(srv.Close)
	port = srv.Listener.Addr().(*net.TCPAddr).Port
	return port, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(reqs)
	}
}

func TestMonitorDoesNotDisturbLlamaOllama(t *testing.T) {
	identify := []string{"GET /props", "GET /api/version", "GET /model_info", "GET /get_model_info", "GET /info",
		"GET /system_stats", "GET /api/v0/models", "GET /api/v1/models", "GET /metrics"}
	for _, c := range []struct {
		name    string
		routes  map[string]reply
		want    string
		allowed []string
	}{
		// llama.go ProbeLlamaServer: GET /health, /props, /slots, /metrics,
		// and /v1/models when the model changed (POST /props would change
		// the server; GET only reads it)
		{"llama-server", llamaRoutes(t), NameLlamaServer, []string{"GET /health", "GET /props", "GET /slots", "GET /metrics", "GET /v1/models"}},
		// ollama.go ProbeOllama: GET /api/ps lists loaded models, loading none
		{"ollama", map[string]reply{"/api/version": file(t, "ollama", "version.json"), "/api/ps": file(t, "ollama", "ps.json")}, NameOllama,
			[]string{"GET /api/version", "GET /api/ps"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			port, got := recording(t, c.routes)
			ctx := context.Background()
			g := probeGetter{probe.New(probe.Options{})}
			s, err := Identify(ctx, g, port)
			if err != nil || nameOf(s) != c.want {
				t.Fatalf("Identify = %q, %v", nameOf(s), err)
			}
			req := ProbeRequest{Getter: g, Port: port}
			f, err := Ask(ctx, s, req)
			if err != nil {
				t.Fatal(err)
			}
			req.Last = f
			if _, err := Ask(ctx, s, req); err != nil {
				t.Fatal(err)
			}
			for _, r := range got() {
				if !slices.Contains(c.allowed, r) && !slices.Contains(identify, r) {
					t.Errorf("%s: not one of %q", r, c.allowed)
				}
			}
		})
	}
}
