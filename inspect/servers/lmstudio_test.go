package servers

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// lmLoaded is one loaded model instance LM Studio should report.
type lmLoaded struct {
	id, key, quant, arch, format string
	ctx, max                     *int64
}

// lmCase is an LM Studio's answers and what a probe of it reports.
type lmCase struct {
	name     string
	routes   map[string]reply
	api      string
	known    int
	loaded   []lmLoaded
	needsKey bool
	calls    []string
	err      error
}

// check probes c's server and compares the result (a subtest's body).
func (c lmCase) check(t *testing.T) {
	g := &fakeGetter{routes: c.routes}
	s, err := ProbeLMStudio(context.Background(), g, 1234)
	if !slices.Equal(g.calls, c.calls) {
		t.Errorf("calls %q, want %q", g.calls, c.calls)
	}
	if c.err != nil {
		if !errors.Is(err, c.err) {
			t.Fatalf("err = %v, want %v", err, c.err)
		}
		return
	}
	if err != nil || s.NeedsKey != c.needsKey || s.API != c.api || s.Known != c.known || s.Source != RuntimeReported {
		t.Fatalf("err %v needsKey %v api %q known %d", err, s.NeedsKey, s.API, s.Known)
	}
	if len(s.Loaded) != len(c.loaded) {
		t.Fatalf("loaded = %+v", s.Loaded)
	}
	for i, w := range c.loaded {
		m := s.Loaded[i]
		if m.ID != w.id || m.Key != w.key || m.Quantization != w.quant || m.Arch != w.arch || m.Format != w.format {
			t.Errorf("loaded %d = %+v", i, m)
		}
		checkInt(t, m.ID+" ContextLength", m.ContextLength, w.ctx)
		checkInt(t, m.ID+" MaxContextLength", m.MaxContextLength, w.max)
	}
}

func TestProbeLMStudio(t *testing.T) {
	lmErr := func(path string) reply {
		return reply{status: 200, body: `{"error":"Unexpected endpoint or method. (GET ` + path + `)"}`}
	}
	for _, c := range []lmCase{
		{
			name:   "0.4: /api/v1/models, one instance per loaded copy",
			routes: map[string]reply{"/api/v1/models": file(t, "lmstudio", "v1_models.json")},
			api:    "/api/v1/models", known: 2,
			loaded: []lmLoaded{
				{id: "gemma-3-270m-it-qat", key: "gemma-3-270m-it-qat", quant: "Q4_0", arch: "gemma3", format: "gguf", ctx: i64(4096), max: i64(32768)},
				{id: "gemma-3-270m-it-qat:2", key: "gemma-3-270m-it-qat", quant: "Q4_0", arch: "gemma3", format: "gguf", ctx: i64(16384), max: i64(32768)},
			},
			calls: []string{"/api/v1/models"},
		},
		{
			name:   "0.3: v1 unknown (200 with an error), v0 lists state",
			routes: map[string]reply{"/api/v1/models": lmErr("/api/v1/models"), "/api/v0/models": file(t, "lmstudio", "v0_models.json")},
			api:    "/api/v0/models", known: 3,
			loaded: []lmLoaded{{id: "meta-llama-3.1-8b-instruct", key: "meta-llama-3.1-8b-instruct", quant: "Q4_K_M", arch: "llama", format: "gguf", ctx: i64(8192), max: i64(131072)}},
			calls:  []string{"/api/v1/models", "/api/v0/models"},
		},
		{
			name:   "v1 404, v0 with nothing loaded",
			routes: map[string]reply{"/api/v0/models": {status: 200, body: `{"object":"list","data":[{"id":"a","state":"not-loaded","max_context_length":"8192"}]}`}},
			api:    "/api/v0/models", known: 1,
			calls: []string{"/api/v1/models", "/api/v0/models"},
		},
		{
			name:     "authentication on",
			routes:   map[string]reply{"/api/v1/models": {status: 401, body: `{"error":"Invalid token"}`}},
			needsKey: true,
			calls:    []string{"/api/v1/models"},
		},
		{
			name:   "neither answers with models",
			routes: map[string]reply{"/api/v1/models": lmErr("/api/v1/models"), "/api/v0/models": {status: 200, body: `not json`}},
			err:    ErrNotJSON,
			calls:  []string{"/api/v1/models", "/api/v0/models"},
		},
		{
			name: "odd values in v1",
			routes: map[string]reply{"/api/v1/models": {status: 200, body: `{"models":[
				{"key":"k","quantization":"Q8_0","max_context_length":1e999,"loaded_instances":[{"config":{"context_length":"2048"}},{"id":7},"x"]},
				{"key":"j","loaded_instances":{"id":"not-an-array"}},
				5]}`}},
			api: "/api/v1/models", known: 2,
			loaded: []lmLoaded{{id: "k", key: "k", ctx: i64(2048)}, {id: "k", key: "k"}},
			calls:  []string{"/api/v1/models"},
		},
	} {
		t.Run(c.name, c.check)
	}
}

func TestProbeLMStudioDown(t *testing.T) {
	d := &downGetter{}
	if _, err := ProbeLMStudio(context.Background(), d, 1234); !errors.Is(err, errRefused) || d.calls != 1 {
		t.Errorf("err %v after %d calls", err, d.calls)
	}
}
