package servers

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

const ls = "llama-server"

// llamaRoutes is a current llama-server with --metrics.
func llamaRoutes(t *testing.T) map[string]reply {
	return map[string]reply{
		"/health":    file(t, ls, "health_ok.json"),
		"/props":     file(t, ls, "props.json"),
		"/slots":     file(t, ls, "slots.json"),
		"/metrics":   file(t, ls, "metrics.txt"),
		"/v1/models": file(t, ls, "v1_models.json"),
	}
}

// llamaPublic are the paths llama-server serves without a key.
var llamaPublic = map[string]bool{"/health": true, "/v1/health": true, "/models": true, "/v1/models": true}

// llamaWant is what a probe of llama-server should report.
type llamaWant struct {
	nctx                 *int64
	nctxSource           string
	total, busy          *int64
	modelPath, build     string
	modelIDs             []string
	modalities, outMods  []string
	tps, ptps, kv        *float64
	processing, deferred *int64
	kvTokens, decode     *int64
	errs                 map[string]error // path → errors.Is target
	notCalled            []string
}

// llamaCase is a llama-server's answers and what a probe of it reports.
type llamaCase struct {
	name   string
	routes func(t *testing.T) map[string]reply
	want   llamaWant
}

// runLlamaCases probes each case's server in a subtest of its own.
func runLlamaCases(t *testing.T, cases []llamaCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := &fakeGetter{routes: c.routes(t)}
			s, err := ProbeLlamaServer(context.Background(), g, 8080, "", nil)
			if err != nil {
				t.Fatalf("err = %v", err)
			}
			checkLlamaFacts(t, s, c.want)
			checkLlamaErrors(t, s, g, c.want)
		})
	}
}

// checkLlamaFacts checks what the probe read from the server's answers.
func checkLlamaFacts(t *testing.T, s LlamaState, w llamaWant) {
	t.Helper()
	if s.Source != RuntimeReported || s.Loading || s.NeedsKey {
		t.Errorf("source %q loading %v needsKey %v", s.Source, s.Loading, s.NeedsKey)
	}
	checkInt(t, "NCtx", s.NCtx, w.nctx)
	if s.NCtxSource != w.nctxSource {
		t.Errorf("NCtxSource = %q, want %q", s.NCtxSource, w.nctxSource)
	}
	checkInt(t, "TotalSlots", s.TotalSlots, w.total)
	checkInt(t, "BusySlots", s.BusySlots, w.busy)
	if s.ModelPath != w.modelPath || s.Build != w.build {
		t.Errorf("ModelPath %q Build %q, want %q %q", s.ModelPath, s.Build, w.modelPath, w.build)
	}
	if !slices.Equal(s.ModelIDs, w.modelIDs) || !slices.Equal(s.Modalities, w.modalities) || !slices.Equal(s.OutputModalities, w.outMods) {
		t.Errorf("ModelIDs %q Modalities %q OutputModalities %q, want %q %q %q",
			s.ModelIDs, s.Modalities, s.OutputModalities, w.modelIDs, w.modalities, w.outMods)
	}
	checkFloat(t, "TokensPerSecond", s.TokensPerSecond, w.tps)
	checkFloat(t, "PromptTokensPerSecond", s.PromptTokensPerSecond, w.ptps)
	checkFloat(t, "KVUsageRatio", s.KVUsageRatio, w.kv)
	checkInt(t, "RequestsProcessing", s.RequestsProcessing, w.processing)
	checkInt(t, "RequestsDeferred", s.RequestsDeferred, w.deferred)
	checkInt(t, "KVTokens", s.KVTokens, w.kvTokens)
	checkInt(t, "DecodeCalls", s.DecodeCalls, w.decode)
}

// checkLlamaErrors checks the endpoints that failed, and those the probe
// should not have asked.
func checkLlamaErrors(t *testing.T, s LlamaState, g *fakeGetter, w llamaWant) {
	t.Helper()
	if len(s.Errors) != len(w.errs) {
		t.Errorf("Errors = %v, want keys of %v", s.Errors, w.errs)
	}
	for path, target := range w.errs {
		if got := s.Errors[path]; got == nil || target != nil && !errors.Is(got, target) {
			t.Errorf("Errors[%s] = %v, want %v", path, got, target)
		}
	}
	for _, p := range w.notCalled {
		if g.called(p) {
			t.Errorf("%s was requested", p)
		}
	}
}

// TestProbeLlamaServer: builds of llama-server, old and new.
func TestProbeLlamaServer(t *testing.T) {
	runLlamaCases(t, []llamaCase{
		{
			name:   "current build",
			routes: llamaRoutes,
			want: llamaWant{
				nctx: i64(32768), nctxSource: "/props default_generation_settings.n_ctx",
				total: i64(4), busy: i64(2),
				modelPath: "/models/Qwen3-8B-Q4_K_M.gguf", build: "b6123-1a2b3c4d",
				modelIDs: []string{"Qwen3-8B-Q4_K_M.gguf"}, modalities: []string{"vision"}, outMods: []string{"text"},
				tps: f64(52.6163), ptps: f64(140.259), processing: i64(2), deferred: i64(1), decode: i64(8123),
			},
		},
		{
			name: "2024 build: state instead of is_processing, kv metrics, no build_info",
			routes: func(t *testing.T) map[string]reply {
				return map[string]reply{
					"/health":    file(t, ls, "health_ok.json"),
					"/props":     file(t, ls, "props_old.json"),
					"/slots":     file(t, ls, "slots_old.json"),
					"/metrics":   file(t, ls, "metrics_old.txt"),
					"/v1/models": file(t, ls, "v1_models_old.json"),
				}
			},
			want: llamaWant{
				nctx: i64(8192), nctxSource: "/props default_generation_settings.n_ctx",
				total: i64(1), busy: i64(1),
				modelIDs: []string{"models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf"},
				tps:      f64(0.978761), ptps: f64(2.37151), kv: f64(0.254883),
				processing: i64(0), deferred: i64(0), kvTokens: i64(1044), decode: i64(3475),
			},
		},
		{
			name: "n_ctx at the top of /props",
			routes: func(t *testing.T) map[string]reply {
				r := llamaRoutes(t)
				r["/props"] = file(t, ls, "props_toplevel_nctx.json")
				r["/metrics"] = replyFile(t, 501, ls, "metrics_disabled.json")
				return r
			},
			want: llamaWant{
				nctx: i64(16384), nctxSource: "/props n_ctx", total: i64(2), busy: i64(2),
				modelPath: `C:\models\gemma-3-4b-it-Q8_0.gguf`, build: "b5000-abcdef12",
				modelIDs: []string{"Qwen3-8B-Q4_K_M.gguf"}, outMods: []string{"text"},
				errs: map[string]error{"/metrics": ErrDisabled},
			},
		},
		{
			name: "decision model, meta null",
			routes: func(t *testing.T) map[string]reply {
				r := llamaRoutes(t)
				r["/v1/models"] = file(t, ls, "v1_models_decision.json")
				return r
			},
			want: llamaWant{
				nctx: i64(32768), nctxSource: "/props default_generation_settings.n_ctx", total: i64(4), busy: i64(2),
				modelPath: "/models/Qwen3-8B-Q4_K_M.gguf", build: "b6123-1a2b3c4d",
				modelIDs: []string{"laya-decider"}, modalities: []string{"vision"}, outMods: []string{"text", "decisions"},
				tps: f64(52.6163), ptps: f64(140.259), processing: i64(2), deferred: i64(1), decode: i64(8123),
			},
		},
	})
}

// TestProbeLlamaServerDegraded: endpoints disabled, refused or garbled; the
// others still count.
func TestProbeLlamaServerDegraded(t *testing.T) {
	runLlamaCases(t, []llamaCase{
		{
			name: "/slots disabled (--no-slots) and /metrics off",
			routes: func(t *testing.T) map[string]reply {
				r := llamaRoutes(t)
				r["/slots"] = replyFile(t, 501, ls, "slots_disabled.json")
				r["/metrics"] = replyFile(t, 501, ls, "metrics_disabled.json")
				return r
			},
			want: llamaWant{
				nctx: i64(32768), nctxSource: "/props default_generation_settings.n_ctx", total: i64(4),
				modelPath: "/models/Qwen3-8B-Q4_K_M.gguf", build: "b6123-1a2b3c4d",
				modelIDs: []string{"Qwen3-8B-Q4_K_M.gguf"}, modalities: []string{"vision"}, outMods: []string{"text"},
				errs: map[string]error{"/slots": ErrDisabled, "/metrics": ErrDisabled},
			},
		},
		{
			name: "/props says slots and metrics are off: not asked",
			routes: func(t *testing.T) map[string]reply {
				r := llamaRoutes(t)
				r["/props"] = reply{status: 200, body: `{"default_generation_settings":{"n_ctx":4096},"total_slots":1,"endpoint_slots":false,"endpoint_metrics":false}`}
				return r
			},
			want: llamaWant{
				nctx: i64(4096), nctxSource: "/props default_generation_settings.n_ctx", total: i64(1),
				modelIDs: []string{"Qwen3-8B-Q4_K_M.gguf"}, outMods: []string{"text"},
				errs:      map[string]error{"/slots": ErrDisabled, "/metrics": ErrDisabled},
				notCalled: []string{"/slots", "/metrics"},
			},
		},
		{
			name: "/props not JSON: the other endpoints still count",
			routes: func(t *testing.T) map[string]reply {
				r := llamaRoutes(t)
				r["/props"] = reply{status: 200, body: `<html>proxy error</html>`}
				return r
			},
			want: llamaWant{
				nctx: i64(32768), nctxSource: "/slots[0].n_ctx", total: i64(4), busy: i64(2),
				modelIDs: []string{"Qwen3-8B-Q4_K_M.gguf"}, outMods: []string{"text"},
				tps: f64(52.6163), ptps: f64(140.259), processing: i64(2), deferred: i64(1), decode: i64(8123),
				errs: map[string]error{"/props": ErrNotJSON},
			},
		},
		{
			name: "/props and /slots refused: n_ctx from /v1/models meta",
			routes: func(t *testing.T) map[string]reply {
				r := llamaRoutes(t)
				r["/props"] = reply{status: 500, body: `{"error":"boom"}`}
				r["/slots"] = reply{err: errors.New("connection reset")}
				return r
			},
			want: llamaWant{
				nctx: i64(32768), nctxSource: "/v1/models meta.n_ctx",
				modelIDs: []string{"Qwen3-8B-Q4_K_M.gguf"}, outMods: []string{"text"},
				tps: f64(52.6163), ptps: f64(140.259), processing: i64(2), deferred: i64(1), decode: i64(8123),
				errs: map[string]error{"/props": nil, "/slots": nil},
			},
		},
	})
}

func TestProbeLlamaServerModelDetails(t *testing.T) {
	s, err := ProbeLlamaServer(context.Background(), &fakeGetter{routes: llamaRoutes(t)}, 8080, "", nil)
	if err != nil || len(s.Models) != 1 {
		t.Fatalf("err %v models %v", err, s.Models)
	}
	m := s.Models[0]
	checkInt(t, "NCtxTrain", m.NCtxTrain, i64(40960))
	checkInt(t, "NParams", m.NParams, i64(8190735360))
	checkInt(t, "Size", m.Size, i64(5027783680))
	if !slices.Equal(m.InputModalities, []string{"text", "image"}) || !slices.Equal(s.Capabilities, []string{"completion", "multimodal"}) {
		t.Errorf("inputs %q capabilities %q", m.InputModalities, s.Capabilities)
	}
	checkInt(t, "PromptTokensTotal", s.PromptTokensTotal, i64(33065))
	checkInt(t, "PredictedTokensTotal", s.PredictedTokensTotal, i64(7801))
	if s.ModelAlias != "Qwen3-8B-Q4_K_M.gguf" || s.Sleeping {
		t.Errorf("alias %q sleeping %v", s.ModelAlias, s.Sleeping)
	}
}

func TestProbeLlamaServerLoading(t *testing.T) {
	r := llamaRoutes(t)
	r["/health"] = replyFile(t, 503, ls, "health_loading.json")
	g := &fakeGetter{routes: r}
	s, err := ProbeLlamaServer(context.Background(), g, 8080, "", nil)
	if err != nil || !s.Loading {
		t.Fatalf("err %v loading %v", err, s.Loading)
	}
	if !slices.Equal(g.calls, []string{"/health"}) {
		t.Errorf("calls = %q, want /health only", g.calls)
	}
	if s.NCtx != nil || s.TotalSlots != nil || s.ModelIDs != nil {
		t.Errorf("loading state has values: %+v", s)
	}
}

func TestProbeLlamaServerAPIKey(t *testing.T) {
	for _, c := range []struct {
		name, serverKey, sent string
		needsKey, refused     bool
	}{
		{"no key needed", "", "", false, false},
		{"key needed, none sent", "s3cret", "", true, false},
		{"key needed, wrong one sent", "s3cret", "nope", true, true},
		{"key needed and sent", "s3cret", "s3cret", false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := &fakeGetter{routes: llamaRoutes(t), key: c.serverKey, public: llamaPublic}
			s, err := ProbeLlamaServer(context.Background(), g, 8080, c.sent, nil)
			if err != nil {
				t.Fatal(err)
			}
			if s.NeedsKey != c.needsKey {
				t.Errorf("NeedsKey = %v, want %v", s.NeedsKey, c.needsKey)
			}
			for i, a := range g.auth {
				if want := map[bool]string{true: "Bearer " + c.sent, false: ""}[c.sent != ""]; a != want {
					t.Errorf("call %s sent Authorization %q, want %q", g.calls[i], a, want)
				}
			}
			if !c.needsKey {
				if len(s.Errors) != 0 || s.NCtx == nil {
					t.Errorf("errors %v nctx %v", s.Errors, s.NCtx)
				}
				return
			}
			// /props, /slots, /metrics refuse; /health and /v1/models are public.
			for _, p := range []string{"/props", "/slots", "/metrics"} {
				e := s.Errors[p]
				if !errors.Is(e, ErrNeedsKey) {
					t.Errorf("Errors[%s] = %v, want ErrNeedsKey", p, e)
				} else if strings.Contains(e.Error(), "refused") != c.refused {
					t.Errorf("Errors[%s] = %q, refused mention want %v", p, e, c.refused)
				}
			}
			if s.NCtx == nil || s.NCtxSource != "/v1/models meta.n_ctx" || !slices.Equal(s.ModelIDs, []string{"Qwen3-8B-Q4_K_M.gguf"}) {
				t.Errorf("public /v1/models not used: nctx %v from %q, ids %q", showInt(s.NCtx), s.NCtxSource, s.ModelIDs)
			}
			if s.TotalSlots != nil || s.BusySlots != nil || s.TokensPerSecond != nil {
				t.Errorf("refused endpoints gave values")
			}
		})
	}
}

func TestProbeLlamaServerModelsOnlyWhenPathChanges(t *testing.T) {
	routes := llamaRoutes(t)
	g := &fakeGetter{routes: routes}
	first, err := ProbeLlamaServer(context.Background(), g, 8080, "", nil)
	if err != nil || !g.called("/v1/models") {
		t.Fatalf("first probe: err %v calls %q", err, g.calls)
	}

	g = &fakeGetter{routes: routes}
	second, err := ProbeLlamaServer(context.Background(), g, 8080, "", &first)
	if err != nil || g.called("/v1/models") {
		t.Fatalf("same model: err %v calls %q", err, g.calls)
	}
	if !slices.Equal(second.ModelIDs, first.ModelIDs) || len(second.Models) != 1 || !slices.Equal(second.Capabilities, first.Capabilities) {
		t.Errorf("model info not carried over: %q %v", second.ModelIDs, second.Models)
	}

	routes["/props"] = reply{status: 200, body: `{"default_generation_settings":{"n_ctx":2048},"total_slots":1,"model_path":"/models/other.gguf"}`}
	routes["/v1/models"] = file(t, ls, "v1_models_old.json")
	g = &fakeGetter{routes: routes}
	third, err := ProbeLlamaServer(context.Background(), g, 8080, "", &second)
	if err != nil || !g.called("/v1/models") {
		t.Fatalf("new model: err %v calls %q", err, g.calls)
	}
	if !slices.Equal(third.ModelIDs, []string{"models/Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf"}) || third.Capabilities != nil {
		t.Errorf("third = %q %q", third.ModelIDs, third.Capabilities)
	}

	// A failed fetch leaves ModelIDs nil, so the next probe asks again.
	for _, bad := range []reply{{status: 500}, {status: 200, body: "<html>"}} {
		routes["/v1/models"] = bad
		g = &fakeGetter{routes: routes}
		fourth, _ := ProbeLlamaServer(context.Background(), g, 8080, "", nil)
		g = &fakeGetter{routes: routes}
		ProbeLlamaServer(context.Background(), g, 8080, "", &fourth)
		if fourth.ModelIDs != nil || fourth.Errors["/v1/models"] == nil || !g.called("/v1/models") {
			t.Errorf("after a failed fetch (%d): ids %q, asked again %v", bad.status, fourth.ModelIDs, g.called("/v1/models"))
		}
	}
}

func TestProbeLlamaServerDown(t *testing.T) {
	d := &downGetter{}
	_, err := ProbeLlamaServer(context.Background(), d, 8080, "", nil)
	if !errors.Is(err, errRefused) || d.calls != 1 {
		t.Errorf("err %v after %d calls, want refused after 1", err, d.calls)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := &fakeGetter{routes: llamaRoutes(t)}
	if _, err := ProbeLlamaServer(ctx, g, 8080, "", nil); !errors.Is(err, context.Canceled) || len(g.calls) != 0 {
		t.Errorf("cancelled: err %v calls %q", err, g.calls)
	}
}

// Every parser must survive wrong types, huge numbers and junk, leaving
// the odd field unknown (nil), never 0.
func TestParsePropsOddValues(t *testing.T) {
	cases := []struct {
		body    string
		nctx    *int64
		slots   *int64
		path    string
		mods    []string
		wantErr bool
	}{
		{body: `{"default_generation_settings":{"n_ctx":"4096"},"total_slots":"2"}`, nctx: i64(4096), slots: i64(2)},
		{body: `{"default_generation_settings":{"n_ctx":4096.0},"total_slots":1.5}`, nctx: i64(4096)},
		{body: `{"default_generation_settings":{"n_ctx":1e400},"total_slots":99999999999999999999}`},
		{body: `{"default_generation_settings":{"n_ctx":-1},"n_ctx":0,"total_slots":0}`},
		{body: `{"default_generation_settings":"x","n_ctx":[1],"total_slots":{"a":1},"model_path":42,"modalities":"vision"}`},
		{body: `{"default_generation_settings":null,"n_ctx":null,"model_path":null,"modalities":null}`},
		{body: `{"modalities":{"vision":"true","audio":1,"video":"yes"},"model_path":"/m.gguf","extra":{"deep":[1,2,{"x":null}]}}`, path: "/m.gguf", mods: []string{"audio", "vision"}},
		{body: `{"default_generation_settings":{"n_ctx":"NaN"},"total_slots":"Infinity"}`},
		{body: "\ufeff" + `{"total_slots":3}`, slots: i64(3)},
		{body: `{"total_slots":3`, wantErr: true},
		{body: `[{"total_slots":3}]`, wantErr: true},
		{body: ``, wantErr: true},
		{body: `null`, wantErr: true},
	}
	for _, c := range cases {
		p, err := parseProps([]byte(c.body))
		if (err != nil) != c.wantErr {
			t.Errorf("%s: err %v", c.body, err)
			continue
		}
		if c.wantErr {
			if !errors.Is(err, ErrNotJSON) {
				t.Errorf("%s: err %v is not ErrNotJSON", c.body, err)
			}
			continue
		}
		if !eqInt(p.nctx, c.nctx) || !eqInt(p.totalSlots, c.slots) || p.modelPath != c.path || !slices.Equal(p.modalities, c.mods) {
			t.Errorf("%s: nctx %s slots %s path %q mods %q", c.body, showInt(p.nctx), showInt(p.totalSlots), p.modelPath, p.modalities)
		}
	}
}

func TestParseSlotsOddValues(t *testing.T) {
	cases := []struct {
		body        string
		total, busy *int64
		err         bool
	}{
		{body: `[]`},
		{body: `[{"is_processing":true},{"is_processing":"false"},"junk",3,{"state":2},{"state":0}]`, total: i64(4), busy: i64(2)},
		{body: `[{"id":0},{"id":1}]`, total: i64(2)}, // busy unknown, not 0
		{body: `{"error":{"code":501}}`, err: true},
	}
	for _, c := range cases {
		si, err := parseSlots([]byte(c.body))
		if (err != nil) != c.err || !eqInt(si.total, c.total) || !eqInt(si.busy, c.busy) {
			t.Errorf("%s: total %s busy %s err %v", c.body, showInt(si.total), showInt(si.busy), err)
		}
	}
}
