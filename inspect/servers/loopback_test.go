package servers

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"testing"
	"time"
)

// serve starts a real HTTP server on loopback answering from routes, with
// LM Studio's or llama-server's habits, and returns its port.
func serve(t *testing.T, routes map[string]reply, key string, public map[string]bool, notFound *reply) int {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if key != "" && !public[r.URL.Path] && r.Header.Get("Authorization") != "Bearer "+key {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			w.Write([]byte(`{"error":{"code":401,"message":"Invalid API Key","type":"authentication_error"}}`))
			return
		}
		rep, ok := routes[r.URL.Path]
		if !ok {
			if notFound == nil {
				http.NotFound(w, r)
				return
			}
			rep = *notFound
		}
		w.WriteHeader(rep.status)
		w.Write([]byte(rep.body))
	}))
	t.Cleanup(srv.Close)
	u, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	_, p, _ := net.SplitHostPort(u.Host)
	port, err := strconv.Atoi(p)
	if err != nil {
		t.Fatal(err)
	}
	return port
}

// loopback is a context that bounds a test's requests, and a Getter
// that makes them over the network.
func loopback(t *testing.T) (context.Context, netGetter) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx, netGetter{}
}

// wantIdentified checks that the server on port is recognised as name.
func wantIdentified(t *testing.T, ctx context.Context, port int, name string) {
	t.Helper()
	if k, err := Identify(ctx, netGetter{}, port); nameOf(k) != name || err != nil {
		t.Errorf("Identify = %q %v, want %s", nameOf(k), err, name)
	}
}

// TestLoopback: the probes of their own over a real socket.
func TestLoopback(t *testing.T) {
	ctx, g := loopback(t)
	t.Run("llama-server with a key", func(t *testing.T) {
		port := serve(t, llamaRoutes(t), "s3cret", llamaPublic, nil)
		wantIdentified(t, ctx, port, NameLlamaServer)
		s, err := ProbeLlamaServer(ctx, g, port, "", nil)
		if err != nil || !s.NeedsKey || !errors.Is(s.Errors["/props"], ErrNeedsKey) {
			t.Errorf("no key: err %v needsKey %v errors %v", err, s.NeedsKey, s.Errors)
		}
		s, err = ProbeLlamaServer(ctx, g, port, "s3cret", nil)
		if err != nil || s.NeedsKey || len(s.Errors) != 0 {
			t.Fatalf("with key: err %v needsKey %v errors %v", err, s.NeedsKey, s.Errors)
		}
		checkInt(t, "NCtx", s.NCtx, i64(32768))
		checkInt(t, "BusySlots", s.BusySlots, i64(2))
		checkFloat(t, "TokensPerSecond", s.TokensPerSecond, f64(52.6163))
		if !slices.Equal(s.ModelIDs, []string{"Qwen3-8B-Q4_K_M.gguf"}) {
			t.Errorf("ModelIDs %q", s.ModelIDs)
		}
	})

	t.Run("llama-server loading", func(t *testing.T) {
		port := serve(t, map[string]reply{"/health": replyFile(t, 503, ls, "health_loading.json")}, "", nil, nil)
		if s, err := ProbeLlamaServer(ctx, g, port, "", nil); err != nil || !s.Loading {
			t.Errorf("err %v loading %v", err, s.Loading)
		}
	})

	t.Run("ollama", func(t *testing.T) {
		port := serve(t, map[string]reply{"/api/version": file(t, "ollama", "version.json"), "/api/ps": file(t, "ollama", "ps.json")}, "", nil, nil)
		wantIdentified(t, ctx, port, NameOllama)
		s, err := ProbeOllama(ctx, g, port)
		if err != nil || len(s.Models) != 2 {
			t.Fatalf("err %v models %+v", err, s.Models)
		}
		checkInt(t, "ContextLength", s.Models[0].ContextLength, i64(8192))
	})

	t.Run("lm studio", func(t *testing.T) {
		unknown := reply{status: 200, body: `{"error":"Unexpected endpoint or method."}`}
		port := serve(t, map[string]reply{"/api/v0/models": file(t, "lmstudio", "v0_models.json")}, "", nil, &unknown)
		wantIdentified(t, ctx, port, NameLMStudio)
		s, err := ProbeLMStudio(ctx, g, port)
		if err != nil || s.API != "/api/v0/models" || len(s.Loaded) != 1 {
			t.Fatalf("err %v state %+v", err, s)
		}
		checkInt(t, "ContextLength", s.Loaded[0].ContextLength, i64(8192))
	})

	t.Run("vllm", func(t *testing.T) {
		port := serve(t, map[string]reply{"/v1/models": file(t, "vllm", "models.json"), "/metrics": file(t, "vllm", "metrics.txt")}, "", nil, nil)
		wantIdentified(t, ctx, port, NameVLLM)
		s, err := ProbeVLLM(ctx, g, port)
		if err != nil || len(s.Errors) != 0 {
			t.Fatalf("err %v errors %v", err, s.Errors)
		}
		checkFloat(t, "KVUsageRatio", s.KVUsageRatio, f64(0.4215))
		checkInt(t, "NumGPUBlocks", s.NumGPUBlocks, i64(27264))
	})
}

// TestLoopbackRegistry: servers the registry probes, over a real socket.
func TestLoopbackRegistry(t *testing.T) {
	ctx, g := loopback(t)
	t.Run("sglang", func(t *testing.T) {
		port := serve(t, sglangRoutes(t), "", nil, nil)
		wantIdentified(t, ctx, port, NameSGLang)
		f, err := Lookup(NameSGLang).Probe(ctx, ProbeRequest{Getter: g, Port: port})
		if err != nil || len(f.Notes) != 0 {
			t.Fatalf("err %v facts %+v", err, f)
		}
		checkInt(t, "KVCapacityTokens", f.KVCapacityTokens, i64(1204321))
		checkFloat(t, "KVUsageRatio", f.KVUsageRatio, f64(0.04))
	})

	t.Run("tgi, /metrics failing", func(t *testing.T) {
		port := serve(t, map[string]reply{"/info": file(t, "tgi", "info_v2.json"), "/metrics": {status: 500, body: "boom"}}, "", nil, nil)
		wantIdentified(t, ctx, port, NameTGI)
		f, err := Lookup(NameTGI).Probe(ctx, ProbeRequest{Getter: g, Port: port})
		if err != nil || len(f.Notes) != 1 || f.Notes[0] != "tgi API: GET /metrics: HTTP 500" {
			t.Fatalf("err %v notes %q", err, f.Notes)
		}
		checkInt(t, "KVCapacityTokens", f.KVCapacityTokens, i64(134560))
		checkFloat(t, "RequestsWaiting", f.RequestsWaiting, nil)
	})

	t.Run("comfyui", func(t *testing.T) {
		port := serve(t, map[string]reply{"/system_stats": file(t, cu, "system_stats.json"), "/queue": file(t, cu, "queue.json")}, "", nil, nil)
		wantIdentified(t, ctx, port, NameComfyUI)
		f, err := Lookup(NameComfyUI).Probe(ctx, ProbeRequest{Getter: g, Port: port})
		if err != nil || len(f.Devices) != 1 || len(f.LoadedModels) != 6 {
			t.Fatalf("err %v facts %+v", err, f)
		}
		checkFloat(t, "RequestsProcessing", f.RequestsProcessing, f64(1))
	})
}

// TestLoopbackNothingListening: a closed port is an error, never a server.
func TestLoopbackNothingListening(t *testing.T) {
	ctx, g := loopback(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	if _, err := ProbeLlamaServer(ctx, g, port, "", nil); err == nil {
		t.Error("no error for a closed port")
	}
	for _, name := range []string{NameSGLang, NameTGI, NameComfyUI} {
		if f, err := Lookup(name).Probe(ctx, ProbeRequest{Getter: g, Port: port}); err == nil || f != nil {
			t.Errorf("%s: no error for a closed port", name)
		}
	}
	if k, err := Identify(ctx, g, port); nameOf(k) != "" || err == nil {
		t.Errorf("Identify = %q %v", nameOf(k), err)
	}
}
