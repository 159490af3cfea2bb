package servers

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// vllmWant is what a probe of vLLM should report.
type vllmWant struct {
	ids                       []string
	maxLen                    []*int64
	kv                        *float64
	kvMetric                  string
	running, waiting, preempt *int64
	prompt, gen               *int64
	blocks, blockSize         *int64
	util                      *float64
	prefix                    *float64
	prefixMetric              string
	needsKey                  bool
	errs                      []string
}

// vllmCase is a vLLM server's answers and what a probe of it reports.
type vllmCase struct {
	name   string
	routes map[string]reply
	want   vllmWant
}

// check probes c's server and compares the result (a subtest's body).
func (c vllmCase) check(t *testing.T) {
	s, err := ProbeVLLM(context.Background(), &fakeGetter{routes: c.routes}, 8000)
	if err != nil {
		t.Fatal(err)
	}
	w := c.want
	if !slices.Equal(s.ModelIDs, w.ids) || s.NeedsKey != w.needsKey || s.KVUsageMetric != w.kvMetric || s.Source != RuntimeReported {
		t.Errorf("ids %q needsKey %v metric %q", s.ModelIDs, s.NeedsKey, s.KVUsageMetric)
	}
	for i, m := range s.Models {
		if i < len(w.maxLen) {
			checkInt(t, m.ID+" MaxModelLen", m.MaxModelLen, w.maxLen[i])
		}
	}
	checkFloat(t, "KVUsageRatio", s.KVUsageRatio, w.kv)
	checkInt(t, "RequestsRunning", s.RequestsRunning, w.running)
	checkInt(t, "RequestsWaiting", s.RequestsWaiting, w.waiting)
	checkInt(t, "Preemptions", s.Preemptions, w.preempt)
	checkInt(t, "PromptTokens", s.PromptTokens, w.prompt)
	checkInt(t, "GenerationTokens", s.GenerationTokens, w.gen)
	checkInt(t, "NumGPUBlocks", s.NumGPUBlocks, w.blocks)
	checkInt(t, "BlockSize", s.BlockSize, w.blockSize)
	checkFloat(t, "GPUMemoryUtilization", s.GPUMemoryUtilization, w.util)
	checkFloat(t, "PrefixCacheHitRatio", s.PrefixCacheHitRatio, w.prefix)
	if s.PrefixCacheMetric != w.prefixMetric {
		t.Errorf("PrefixCacheMetric = %q", s.PrefixCacheMetric)
	}
	var errPaths []string
	for p := range s.Errors {
		errPaths = append(errPaths, p)
	}
	slices.Sort(errPaths)
	if !slices.Equal(errPaths, w.errs) {
		t.Errorf("Errors = %v, want %q", s.Errors, w.errs)
	}
}

func TestProbeVLLM(t *testing.T) {
	for _, c := range []vllmCase{
		{
			name:   "V1 engine, two data-parallel engines, a LoRA",
			routes: map[string]reply{"/v1/models": file(t, "vllm", "models.json"), "/metrics": file(t, "vllm", "metrics.txt")},
			want: vllmWant{
				ids: []string{"Qwen/Qwen3-0.6B", "sql-lora"}, maxLen: []*int64{i64(40960), nil},
				kv: f64(0.4215), kvMetric: "vllm:kv_cache_usage_perc",
				running: i64(5), waiting: i64(1), preempt: i64(4), prompt: i64(220394), gen: i64(1234505),
				blocks: i64(27264), blockSize: i64(16), util: f64(0.9),
				prefix: f64(0.25), prefixMetric: "vllm:prefix_cache_hits_total/vllm:prefix_cache_queries_total",
			},
		},
		{
			name:   "V0 engine: gpu_cache_usage_perc",
			routes: map[string]reply{"/v1/models": file(t, "vllm", "models.json"), "/metrics": file(t, "vllm", "metrics_v0.txt")},
			want: vllmWant{
				ids: []string{"Qwen/Qwen3-0.6B", "sql-lora"}, maxLen: []*int64{i64(40960), nil},
				kv: f64(0.0123), kvMetric: "vllm:gpu_cache_usage_perc",
				running: i64(1), waiting: i64(0), preempt: i64(0), prompt: i64(2048), gen: i64(512),
				blocks: i64(7281), blockSize: i64(16), util: f64(0.9),
				prefix: f64(0.375), prefixMetric: "vllm:gpu_prefix_cache_hit_rate",
			},
		},
		{
			name:   "--api-key: /v1/models refuses, /metrics is open",
			routes: map[string]reply{"/v1/models": {status: 401, body: `{"error":"Unauthorized"}`}, "/metrics": file(t, "vllm", "metrics_v0.txt")},
			want: vllmWant{
				kv: f64(0.0123), kvMetric: "vllm:gpu_cache_usage_perc",
				running: i64(1), waiting: i64(0), preempt: i64(0), prompt: i64(2048), gen: i64(512),
				blocks: i64(7281), blockSize: i64(16), util: f64(0.9),
				prefix: f64(0.375), prefixMetric: "vllm:gpu_prefix_cache_hit_rate",
				needsKey: true, errs: []string{"/v1/models"},
			},
		},
		{
			// V1 0.8.5 (vllm/v1/metrics/loggers.py): the prefix counters
			// before their 0.9.2 rename, with the V1 usage gauge's old name
			name: "V1 0.7.3-0.9.1: gpu_prefix_cache counters",
			routes: map[string]reply{"/v1/models": {status: 200, body: `{"data":[{"id":"m","max_model_len":8192}]}`},
				"/metrics": {status: 200, body: "# HELP vllm:gpu_cache_usage_perc GPU KV-cache usage. 1 means 100 percent usage.\n" +
					"# TYPE vllm:gpu_cache_usage_perc gauge\n" +
					`vllm:gpu_cache_usage_perc{engine="0",model_name="m"} 0.25` + "\n" +
					"# HELP vllm:gpu_prefix_cache_queries_total GPU prefix cache queries, in terms of number of queried tokens.\n" +
					"# TYPE vllm:gpu_prefix_cache_queries_total counter\n" +
					`vllm:gpu_prefix_cache_queries_total{engine="0",model_name="m"} 8000.0` + "\n" +
					"# HELP vllm:gpu_prefix_cache_hits_total GPU prefix cache hits, in terms of number of cached tokens.\n" +
					"# TYPE vllm:gpu_prefix_cache_hits_total counter\n" +
					`vllm:gpu_prefix_cache_hits_total{engine="0",model_name="m"} 6000.0` + "\n"}},
			want: vllmWant{ids: []string{"m"}, maxLen: []*int64{i64(8192)}, kv: f64(0.25), kvMetric: "vllm:gpu_cache_usage_perc",
				prefix: f64(0.75), prefixMetric: "vllm:gpu_prefix_cache_hits_total/vllm:gpu_prefix_cache_queries_total"},
		},
		{
			name: "/metrics missing, NaN usage, None blocks",
			routes: map[string]reply{
				"/v1/models": {status: 200, body: `{"data":[{"id":"m","max_model_len":"8192"}]}`},
			},
			want: vllmWant{ids: []string{"m"}, maxLen: []*int64{i64(8192)}, errs: []string{"/metrics"}},
		},
		{
			name: "odd metrics",
			routes: map[string]reply{
				"/v1/models": {status: 200, body: `{"data":"nope"}`},
				"/metrics": {status: 200, body: "vllm:kv_cache_usage_perc NaN\nvllm:gpu_cache_usage_perc 0.5\n" +
					"vllm:num_requests_running -1\nvllm:num_requests_waiting +Inf\nvllm:num_preemptions_total 1e300\n" +
					"vllm:prefix_cache_hits_total 5\nvllm:prefix_cache_queries_total 0\nvllm:gpu_prefix_cache_hit_rate 1.5\n" +
					`vllm:cache_config_info{num_gpu_blocks="None",block_size="x",gpu_memory_utilization="2"} 1` + "\n"},
			},
			want: vllmWant{kv: f64(0.5), kvMetric: "vllm:gpu_cache_usage_perc"},
		},
	} {
		t.Run(c.name, c.check)
	}
}

// TestProbeVLLMLoRA: a LoRA adapter's card names its base model and folder.
func TestProbeVLLMLoRA(t *testing.T) {
	if s, _ := ProbeVLLM(context.Background(), &fakeGetter{routes: map[string]reply{"/v1/models": file(t, "vllm", "models.json")}}, 8000); s.Models[1].Parent != "Qwen/Qwen3-0.6B" || s.Models[1].Root != "/adapters/sql-lora" {
		t.Errorf("lora = %+v", s.Models[1])
	}
}

func TestProbeVLLMDown(t *testing.T) {
	d := &downGetter{}
	if _, err := ProbeVLLM(context.Background(), d, 8000); !errors.Is(err, errRefused) || d.calls != 1 {
		t.Errorf("err %v after %d calls", err, d.calls)
	}
}

// TestVLLMFacts: the shared Facts from what ProbeVLLM read; the LoRA
// adapter is not the model's root.
func TestVLLMFacts(t *testing.T) {
	g := &fakeGetter{routes: map[string]reply{"/v1/models": file(t, "vllm", "models.json"), "/metrics": file(t, "vllm", "metrics.txt")}}
	f, err := vllm{}.Probe(context.Background(), ProbeRequest{Getter: g, Port: 8000})
	if err != nil {
		t.Fatal(err)
	}
	if f.ModelRoot != "Qwen/Qwen3-0.6B" || f.Model != "Qwen/Qwen3-0.6B" || f.KVCapacityFrom != "vllm:cache_config_info num_gpu_blocks×block_size" {
		t.Errorf("facts %+v", f)
	}
	checkInt(t, "NCtx", f.NCtx, i64(40960))
	checkInt(t, "KVCapacityTokens", f.KVCapacityTokens, i64(27264*16))
	checkFloat(t, "RequestsWaiting", f.RequestsWaiting, f64(1))
	checkFloat(t, "RequestsProcessing", f.RequestsProcessing, f64(5))
	checkFloat(t, "PromptTokens", f.PromptTokens, f64(220394))
	checkFloat(t, "GenerationTokens", f.GenerationTokens, f64(1234505))
	checkFloat(t, "PrefixCacheHitRatio", f.PrefixCacheHitRatio, f64(0.25))
	checkFloat(t, "MemoryFraction", f.MemoryFraction, f64(0.9))
	checkInt(t, "TensorParallel", f.TensorParallel, nil) // vLLM's API does not say

	// Only a LoRA listed, blocks without a size: no root, no capacity.
	g = &fakeGetter{routes: map[string]reply{
		"/v1/models": {status: 200, body: `{"data":[{"id":"a","root":"/adapters/a","parent":"base"}]}`},
		"/metrics":   {status: 200, body: `vllm:cache_config_info{num_gpu_blocks="100",block_size="None"} 1` + "\n"},
	}}
	f, err = vllm{}.Probe(context.Background(), ProbeRequest{Getter: g, Port: 8000})
	if err != nil || f.ModelRoot != "" || f.KVCapacityTokens != nil || f.KVCapacityFrom != "" {
		t.Errorf("lora only: %v %+v", err, f)
	}
	// A product past the bound is a bad value, not a huge cache.
	g = &fakeGetter{routes: map[string]reply{"/metrics": {status: 200, body: `vllm:cache_config_info{num_gpu_blocks="9223372036854775807",block_size="16"} 1` + "\n"}}}
	if f, _ := (vllm{}).Probe(context.Background(), ProbeRequest{Getter: g, Port: 8000}); f.KVCapacityTokens != nil {
		t.Errorf("overflowing capacity %d", *f.KVCapacityTokens)
	}
}

// TestRecogniseRenamedVLLM: VLLM_PROCESS_NAME_PREFIX renames vLLM's
// titles (vllm/utils/system_utils.py set_process_title); the process's
// environment says whether a title with another prefix is vLLM's. The
// environment is read only for a title that names one of vLLM's processes.
func TestRecogniseRenamedVLLM(t *testing.T) {
	env := func(prefix string, reads *int) func(string) string {
		return func(k string) string {
			*reads++
			if k == "VLLM_PROCESS_NAME_PREFIX" {
				return prefix
			}
			return ""
		}
	}
	for _, c := range []struct {
		name   string
		argv   []string
		prefix string
		want   Role
		reads  int
	}{
		{"MYAPP::EngineCo", []string{"MYAPP::EngineCore", "", ""}, "MYAPP", Worker, 1},
		{"MYAPP::Worker_T", []string{"MYAPP::Worker_TP1", "", ""}, "MYAPP", Worker, 1},
		{"MYAPP::APIServe", []string{"MYAPP::APIServer_1"}, "MYAPP", API, 1},
		{"MYAPP::Worker_T", nil, "MYAPP", Worker, 1},                         // comm only
		{"MYAPP::Worker_T", []string{"MYAPP::Worker_TP1"}, "", NotServer, 1}, // not vLLM's prefix here
		{"MYAPP::Worker_T", []string{"MYAPP::Worker_TP1"}, "OTHER", NotServer, 1},
		{"sglang::schedul", []string{"sglang::scheduler_TP0"}, "sglang", NotServer, 0}, // not a vLLM name: no read
		{"python3", []string{"/usr/bin/python3", "train.py"}, "MYAPP", NotServer, 0},
	} {
		reads := 0
		p := Process{Name: c.name, Argv: c.argv, Env: env(c.prefix, &reads)}
		if got := (vllm{}).Recognise(p); got != c.want || reads != c.reads {
			t.Errorf("%s %q (prefix %q) = %v after %d reads, want %v after %d", c.name, c.argv, c.prefix, got, reads, c.want, c.reads)
		}
	}
	if got := (vllm{}).Recognise(Process{Name: "MYAPP::Worker_T", Argv: []string{"MYAPP::Worker_TP1"}}); got != NotServer {
		t.Errorf("no environment at hand: %v", got)
	}
	if r, ok := (vllm{}).Rank(Process{Name: "MYAPP::Worker_T", Argv: []string{"MYAPP::Worker_TP1"}}); !ok || r != 1 {
		t.Errorf("rank %d %v", r, ok)
	}
}
