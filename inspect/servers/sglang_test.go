package servers

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

const sg = "sglang"

func sglangRoutes(t *testing.T) map[string]reply {
	return map[string]reply{
		"/model_info":     file(t, sg, "model_info.json"),
		"/get_model_info": file(t, sg, "model_info.json"), // the deprecated alias answers too
		"/server_info":    file(t, sg, "server_info.json"),
		"/metrics":        file(t, sg, "metrics.txt"),
	}
}

// sglangWant is what a probe of SGLang should report.
type sglangWant struct {
	modelPath, served, dtype, kvFrom string
	ctxLen, tp, kvCap                *int64
	memFrac                          *float64
	usage, hit, gen                  *float64
	running, queued, prompt, genTok  *int64
	isGen                            *bool
	ranks                            int
	errs, calls                      []string
}

// sglangCase is an SGLang server's answers and what a probe of it reports.
type sglangCase struct {
	name   string
	routes map[string]reply
	want   sglangWant
}

// check probes c's server and compares the result (a subtest's body).
func (c sglangCase) check(t *testing.T) {
	g := &fakeGetter{routes: c.routes}
	s, err := ProbeSGLang(context.Background(), g, 30000, "")
	if err != nil {
		t.Fatal(err)
	}
	w := c.want
	if s.ModelPath != w.modelPath || s.ServedModelName != w.served || s.DType != w.dtype || s.MaxTotalNumTokensFrom != w.kvFrom || s.Source != RuntimeReported {
		t.Errorf("model %q served %q dtype %q kvFrom %q", s.ModelPath, s.ServedModelName, s.DType, s.MaxTotalNumTokensFrom)
	}
	if (s.IsGeneration == nil) != (w.isGen == nil) || s.IsGeneration != nil && *s.IsGeneration != *w.isGen {
		t.Errorf("IsGeneration = %v", s.IsGeneration)
	}
	checkInt(t, "ContextLength", s.ContextLength, w.ctxLen)
	checkInt(t, "TPSize", s.TPSize, w.tp)
	checkInt(t, "MaxTotalNumTokens", s.MaxTotalNumTokens, w.kvCap)
	checkFloat(t, "MemFractionStatic", s.MemFractionStatic, w.memFrac)
	checkFloat(t, "TokenUsage", s.TokenUsage, w.usage)
	checkFloat(t, "CacheHitRate", s.CacheHitRate, w.hit)
	checkFloat(t, "GenThroughput", s.GenThroughput, w.gen)
	checkInt(t, "RequestsRunning", s.RequestsRunning, w.running)
	checkInt(t, "RequestsQueued", s.RequestsQueued, w.queued)
	checkInt(t, "PromptTokens", s.PromptTokens, w.prompt)
	checkInt(t, "GenerationTokens", s.GenerationTokens, w.genTok)
	if len(s.MemoryUsage) != w.ranks {
		t.Errorf("%d ranks of memory usage", len(s.MemoryUsage))
	}
	if errPaths := errKeys(s.Errors); !slices.Equal(errPaths, w.errs) {
		t.Errorf("Errors = %v, want %q", s.Errors, w.errs)
	}
	if !slices.Equal(g.calls, w.calls) {
		t.Errorf("calls %q, want %q", g.calls, w.calls)
	}
}

func TestProbeSGLang(t *testing.T) {
	yes, no := true, false
	for _, c := range []sglangCase{
		{
			name:   "0.5: /model_info, /server_info, --enable-metrics",
			routes: sglangRoutes(t),
			want: sglangWant{modelPath: "Qwen/Qwen3-8B", served: "qwen3-8b", dtype: "bfloat16", kvFrom: "server_info max_total_num_tokens",
				ctxLen: i64(32768), tp: i64(2), kvCap: i64(1204321), memFrac: f64(0.871),
				usage: f64(0.04), hit: f64(0.61), gen: f64(412.7), running: i64(3), queued: i64(2), prompt: i64(98231), genTok: i64(455120),
				isGen: &yes, ranks: 1,
				calls: []string{"/model_info", "/server_info", "/metrics"}},
		},
		{
			name: "0.4: only the /get_ names, no metrics",
			routes: map[string]reply{
				"/get_model_info":  file(t, sg, "get_model_info_old.json"),
				"/get_server_info": {status: 200, body: `{"model_path":"/models/Meta-Llama-3.1-8B-Instruct","tp_size":1,"mem_fraction_static":0.88,"context_length":null,"dtype":"auto","max_total_num_tokens":"421345","internal_states":[{"memory_usage":{"kvcache":51.4,"token_capacity":421345,"cuda_graph":0.3}}]}`},
			},
			want: sglangWant{modelPath: "/models/Meta-Llama-3.1-8B-Instruct", kvFrom: "server_info max_total_num_tokens",
				tp: i64(1), kvCap: i64(421345), memFrac: f64(0.88), isGen: &yes, ranks: 1,
				errs:  []string{"/metrics"},
				calls: []string{"/model_info", "/get_model_info", "/get_server_info", "/metrics"}},
		},
		{
			name: "capacity from the metric, then from memory_usage",
			routes: map[string]reply{
				"/model_info":  {status: 200, body: `{"model_path":"m","is_generation":false}`},
				"/server_info": {status: 200, body: `{"mem_fraction_static":1.5,"tp_size":0,"internal_states":[{"memory_usage":{"token_capacity":777}}]}`},
				"/metrics":     {status: 200, body: "sglang:max_total_num_tokens 9000\nsglang:token_usage 1.5\nsglang:cache_hit_rate NaN\n"},
			},
			want: sglangWant{modelPath: "m", isGen: &no, kvCap: i64(777), kvFrom: "server_info internal_states[0].memory_usage.token_capacity", ranks: 1,
				calls: []string{"/model_info", "/server_info", "/metrics"}},
		},
		{
			name: "metric capacity when server_info says nothing",
			routes: map[string]reply{
				"/model_info":  {status: 500, body: "oops"},
				"/server_info": {status: 200, body: `not json`},
				"/metrics":     {status: 200, body: "sglang:max_total_num_tokens 9000\n"},
			},
			want: sglangWant{kvCap: i64(9000), kvFrom: "sglang:max_total_num_tokens",
				errs: []string{"/model_info", "/server_info"}, calls: []string{"/model_info", "/server_info", "/metrics"}},
		},
	} {
		t.Run(c.name, c.check)
	}
}

// TestSGLangMemoryUsage: the scheduler's GiB figures per rank, with the
// older "cuda_graph" key read as the graph's.
func TestSGLangMemoryUsage(t *testing.T) {
	s, _ := ProbeSGLang(context.Background(), &fakeGetter{routes: sglangRoutes(t)}, 1, "")
	if len(s.MemoryUsage) != 1 {
		t.Fatalf("memory usage %+v", s.MemoryUsage)
	}
	m := s.MemoryUsage[0]
	checkFloat(t, "WeightGiB", m.WeightGiB, f64(7.63))
	checkFloat(t, "KVCacheGiB", m.KVCacheGiB, f64(82.71))
	checkFloat(t, "GraphGiB", m.GraphGiB, f64(0.52))
	checkInt(t, "TokenCapacity", m.TokenCapacity, i64(1204321))

	s, _ = ProbeSGLang(context.Background(), &fakeGetter{routes: map[string]reply{
		"/server_info": {status: 200, body: `{"internal_states":[{"memory_usage":{"weight":-1,"cuda_graph":0.3}},{"memory_usage":"x"},7]}`},
	}}, 1, "")
	if len(s.MemoryUsage) != 2 {
		t.Fatalf("memory usage %+v", s.MemoryUsage)
	}
	checkFloat(t, "negative weight", s.MemoryUsage[0].WeightGiB, nil)
	checkFloat(t, "cuda_graph", s.MemoryUsage[0].GraphGiB, f64(0.3))
	checkFloat(t, "no kvcache", s.MemoryUsage[1].KVCacheGiB, nil)
}

// TestSGLangFacts: the shared Facts, and the key in server_info never
// leaves the parser.
func TestSGLangFacts(t *testing.T) {
	f, err := sglang{}.Probe(context.Background(), ProbeRequest{Getter: &fakeGetter{routes: sglangRoutes(t)}, Port: 30000})
	if err != nil {
		t.Fatal(err)
	}
	if f.Status != StatusOK || f.ModelRoot != "Qwen/Qwen3-8B" || f.Model != "qwen3-8b" || f.ModelDType != "bfloat16" || f.KVCapacityFrom == "" || len(f.Notes) != 0 {
		t.Errorf("facts %+v", f)
	}
	checkInt(t, "NCtx", f.NCtx, i64(32768))
	checkInt(t, "KVCapacityTokens", f.KVCapacityTokens, i64(1204321))
	checkInt(t, "TensorParallel", f.TensorParallel, i64(2))
	checkFloat(t, "MemoryFraction", f.MemoryFraction, f64(0.871))
	checkFloat(t, "KVUsageRatio", f.KVUsageRatio, f64(0.04))
	checkFloat(t, "RequestsWaiting", f.RequestsWaiting, f64(2))
	checkFloat(t, "RequestsProcessing", f.RequestsProcessing, f64(3))
	checkFloat(t, "PrefixCacheHitRatio", f.PrefixCacheHitRatio, f64(0.61))
	checkFloat(t, "GenerationTokens", f.GenerationTokens, f64(455120))
	if dump := fmt.Sprintf("%+v", *f); strings.Contains(dump, "sk-do-not-leak") {
		t.Error("the API key from server_info reached the facts")
	}
}

func TestProbeSGLangAPIKey(t *testing.T) {
	g := &fakeGetter{routes: sglangRoutes(t), key: "k"}
	s, err := ProbeSGLang(context.Background(), g, 1, "")
	if err != nil || !s.NeedsKey || len(s.Errors) != 3 {
		t.Fatalf("no key: err %v needsKey %v errors %v", err, s.NeedsKey, s.Errors)
	}
	if f, _ := (sglang{}).Probe(context.Background(), ProbeRequest{Getter: g, Port: 1}); f.Status != StatusNeedsKey || len(f.Notes) != 0 {
		t.Errorf("facts without a key: %+v", f)
	}
	g = &fakeGetter{routes: sglangRoutes(t), key: "k"}
	f, err := (sglang{}).Probe(context.Background(), ProbeRequest{Getter: g, Port: 1, APIKey: func() string { return "k" }})
	if err != nil || f.Status != StatusOK || f.ModelRoot == "" {
		t.Errorf("with key: %v %+v", err, f)
	}
}

func TestProbeSGLangDown(t *testing.T) {
	d := &downGetter{}
	if _, err := ProbeSGLang(context.Background(), d, 1, ""); !errors.Is(err, errRefused) || d.calls != 1 {
		t.Errorf("err %v after %d calls", err, d.calls)
	}
}

func errKeys(m map[string]error) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// TestSGLangNewNamesOnly: a server that answered /model_info, even with
// 401, is never asked a deprecated /get_ name (each logs a warning), on
// this probe or the next; an old server's next probe asks its /get_
// names without the 404 of the new ones first.
func TestSGLangNewNamesOnly(t *testing.T) {
	probeTwice := func(g *fakeGetter, key string) []string {
		req := ProbeRequest{Getter: g, Port: 1, APIKey: func() string { return key }}
		f, err := (sglang{}).Probe(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		req.Last = f
		if _, err := (sglang{}).Probe(context.Background(), req); err != nil {
			t.Fatal(err)
		}
		return g.calls
	}
	// the second probe asks only what changes (TestSGLangAsksLaunchOnce)
	if calls := probeTwice(&fakeGetter{routes: sglangRoutes(t)}, ""); !slices.Equal(calls, []string{"/model_info", "/server_info", "/metrics", "/metrics"}) {
		t.Errorf("new server: %q", calls)
	}
	newer := []string{"/model_info", "/server_info", "/metrics", "/model_info", "/server_info", "/metrics"}
	if calls := probeTwice(&fakeGetter{routes: sglangRoutes(t), key: "k"}, ""); !slices.Equal(calls, newer) {
		t.Errorf("new server wanting a key: %q", calls)
	}
	// Known new, a 404 from /model_info (a proxy, a restart) asks no old name.
	f := &Facts{State: sglangMemo{names: namesNew}}
	g := &fakeGetter{routes: map[string]reply{"/get_model_info": file(t, sg, "get_model_info_old.json")}}
	(sglang{}).Probe(context.Background(), ProbeRequest{Getter: g, Port: 1, Last: f})
	if slices.Contains(g.calls, "/get_model_info") || slices.Contains(g.calls, "/get_server_info") {
		t.Errorf("known new: %q", g.calls)
	}
	// an old server whose /get_server_info is not ready is asked both
	// again, by their old names alone
	old := map[string]reply{
		"/get_model_info":  file(t, sg, "get_model_info_old.json"),
		"/get_server_info": {status: 503, body: `{}`},
	}
	want := []string{"/model_info", "/get_model_info", "/get_server_info", "/metrics", "/get_model_info", "/get_server_info", "/metrics"}
	if calls := probeTwice(&fakeGetter{routes: old}, ""); !slices.Equal(calls, want) {
		t.Errorf("old server: %q", calls)
	}
}

// TestIdentifySGLangNoDeprecated: telling SGLang on a port asks
// /get_model_info only when /model_info is absent.
func TestIdentifySGLangNoDeprecated(t *testing.T) {
	for name, g := range map[string]*fakeGetter{
		"new":            {routes: sglangRoutes(t)},
		"new, key":       {routes: sglangRoutes(t), key: "k", public: map[string]bool{"/metrics": true}},
		"new, not ready": {routes: map[string]reply{"/model_info": {status: 503, body: "{}"}, "/get_model_info": file(t, sg, "model_info.json")}},
	} {
		Identify(context.Background(), g, 1)
		if slices.Contains(g.calls, "/get_model_info") {
			t.Errorf("%s: asked %q", name, g.calls)
		}
	}
}

// TestSGLangDiffusionWorkers: the diffusion runtime's GPU workers are
// SGLang's, with the rank their title names.
func TestSGLangDiffusionWorkers(t *testing.T) {
	for _, c := range []struct {
		argv0 string
		rank  int
	}{
		{"sgl_diffusion::scheduler_TP1", 1}, {"sgl_diffusion::scheduler_TP2_U1_R0_C1", 2},
		{"sgl_diffusion::scheduler_3", 3}, {"sgl_diffusion::scheduler:1", 1}, {"sgl_diffusion::partial_2", 2},
	} {
		p := Process{Name: "sgl_diffusion::", Argv: []string{c.argv0, "", ""}}
		if s, role := RecogniseProcess(p); nameOf(s) != NameSGLang || role != Worker {
			t.Errorf("%s: %q %v", c.argv0, nameOf(s), role)
		}
		if r, ok := (sglang{}).Rank(p); !ok || r != c.rank {
			t.Errorf("%s: rank %d %v, want %d", c.argv0, r, ok, c.rank)
		}
	}
	if s, _ := RecogniseProcess(Process{Name: "sgl_diffusion::"}); nameOf(s) != NameSGLang {
		t.Errorf("comm alone: %q", nameOf(s))
	}
}

// TestSGLangSchedulerRank: a scheduler's title names its rank as its log
// prefix does (managers/scheduler.py: the prefix, spaces turned to "_"),
// and by the same rule: past the first pipeline stage a TP index alone
// names no GPU, so such a scheduler takes no other stage's figures. A
// lone scheduler's title names none (its figures are the log's only ones).
func TestSGLangSchedulerRank(t *testing.T) {
	for _, c := range []struct {
		title string
		rank  int
		ok    bool
	}{
		{"sglang::scheduler", 0, false}, {"sglang::scheduler_TP1", 1, true}, {"sglang::scheduler_DP1_TP3_EP3", 3, true},
		{"sglang::scheduler_PP0_TP1", 1, true}, {"sglang::scheduler_PP1_TP0", 0, false}, {"sglang::scheduler_PP1", 1, true},
		{"sglang::scheduler_DP1", 0, false},
	} {
		r, ok := (sglang{}).Rank(Process{Name: "sglang::schedul", Argv: []string{c.title}})
		if ok != c.ok || ok && r != c.rank {
			t.Errorf("%s: rank %d %v, want %d %v", c.title, r, ok, c.rank, c.ok)
		}
	}
}

// TestSGLangAsksLaunchOnce: /model_info and /server_info describe the
// launch, and each request is an access line in SGLang's log (uvicorn's,
// on by default), so a server that answered both is asked them no more:
// each later probe asks /metrics, or, with metrics off, /model_info alone
// to see the server answers; what the launch said is still reported.
func TestSGLangAsksLaunchOnce(t *testing.T) {
	noMetrics := sglangRoutes(t)
	delete(noMetrics, "/metrics")
	for _, c := range []struct {
		name   string
		routes map[string]reply
		later  string
	}{{"metrics on", sglangRoutes(t), "/metrics"}, {"metrics off", noMetrics, "/model_info"}} {
		g := &fakeGetter{routes: c.routes}
		req := ProbeRequest{Getter: g, Port: 1}
		first, err := (sglang{}).Probe(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		req.Last = first
		for range 3 {
			g.calls = nil
			f, err := (sglang{}).Probe(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(g.calls, []string{c.later}) {
				t.Errorf("%s: asked %q, want only %s", c.name, g.calls, c.later)
			}
			if f.ModelRoot != first.ModelRoot || f.ModelRoot == "" || !sameInt(f.KVCapacityTokens, first.KVCapacityTokens) ||
				!sameInt(f.TensorParallel, first.TensorParallel) || f.Status != StatusOK {
				t.Errorf("%s: %+v, first %+v", c.name, f, first)
			}
			if c.later == "/metrics" && f.KVUsageRatio == nil {
				t.Errorf("%s: no metrics", c.name)
			}
			req.Last = f
		}
	}
}

func sameInt(a, b *int64) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }
