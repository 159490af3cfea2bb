package servers

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/inspect/torchlog"
)

// NameVLLM is vLLM's OpenAI-compatible server.
const NameVLLM = "vllm"

// vllm is vLLM: /v1/models and /metrics.
type vllm struct{}

func (vllm) Name() string { return NameVLLM }

// Recognise: `vllm serve` and `python -m vllm.entrypoints...` serve; the
// children vLLM titles with setproctitle are workers, except its extra API
// server processes. Titles are "<prefix>::<name>[_<suffix>]" with the
// prefix VLLM_PROCESS_NAME_PREFIX, "VLLM" by default (vllm-project/vllm
// vllm/utils/system_utils.py set_process_title): "VLLM::EngineCore",
// "VLLM::EngineCore_DP0" (vllm/v1/engine/core.py), "VLLM::Worker",
// "VLLM::Worker_TP0", "VLLM::Worker_DP0_PP1_TP2"
// (vllm/v1/executor/multiproc_executor.py), "VLLM::DPCoordinator"
// (vllm/v1/engine/coordinator.py) and "VLLM::APIServer_0"
// (vllm/entrypoints/cli/serve.py, --api-server-count). EngineCore is the
// API process's child and the TP workers EngineCore's, so a worker's API
// is its nearest vLLM ancestor in the API role. A title with another
// prefix is vLLM's when the process's VLLM_PROCESS_NAME_PREFIX is that
// prefix (the children inherit it from the API process).
func (vllm) Recognise(p Process) Role {
	args := p.args()
	for _, b := range p.bases() {
		switch {
		case strings.HasPrefix(b, "vllm::apiserver"): // comm keeps "VLLM::APIServer" (15 bytes)
			return API
		case strings.HasPrefix(b, "vllm::"):
			return Worker
		case b == "vllm" && firstWord(args) == "serve":
			return API
		case strings.HasPrefix(b, "python") && isVLLMPython(args):
			return API
		}
	}
	return renamedVLLM(p)
}

// vllmTitleNames begin the names vLLM's set_process_title gives its
// processes after "<prefix>::" (see Recognise).
var vllmTitleNames = []string{"EngineCore", "Worker", "APIServer", "DPCoordinator"}

// renamedVLLM recognises a title "<prefix>::<name>" whose name is one of
// vLLM's and whose prefix the process's VLLM_PROCESS_NAME_PREFIX names
// (vllm/envs.py, "VLLM" by default; vllm/utils/system_utils.py
// set_process_title: f"{prefix}::{name}"). The full title is argv[0];
// comm keeps its first 15 bytes.
func renamedVLLM(p Process) Role {
	if p.Env == nil {
		return NotServer
	}
	titles := []string{p.Name}
	if len(p.Argv) > 0 {
		titles = []string{p.Argv[0], p.Name}
	}
	for _, title := range titles {
		prefix, name, ok := strings.Cut(title, "::")
		if !ok || prefix == "" || strings.EqualFold(prefix, "vllm") || !hasAnyPrefix(name, vllmTitleNames) {
			continue
		}
		if p.Env("VLLM_PROCESS_NAME_PREFIX") != prefix {
			return NotServer
		}
		if strings.HasPrefix(name, "APIServer") {
			return API
		}
		return Worker
	}
	return NotServer
}

// hasAnyPrefix: s begins with one of prefixes.
func hasAnyPrefix(s string, prefixes []string) bool {
	for _, x := range prefixes {
		if strings.HasPrefix(s, x) {
			return true
		}
	}
	return false
}

// vllmFlags: `vllm serve MODEL`, --model, --tensor-parallel-size/-tp
// (vllm/engine/arg_utils.py).
var vllmFlags = servedFlags{model: []string{"--model"}, tp: []string{"--tensor-parallel-size", "-tp"},
	modelAfter: func(argv []string, i int) bool { return argv[i] == "serve" && isServeCommand(argv[:i]) }}

func (vllm) ServedArgs(argv []string) (string, int) { return vllmFlags.read(argv) }

// isServeCommand: the word before "serve" is the vllm program itself
// (`vllm serve`, `python …/bin/vllm serve`), not an argument value.
func isServeCommand(before []string) bool {
	return len(before) > 0 && base(before[len(before)-1]) == "vllm"
}

// Rank: a worker's title names it, "VLLM::Worker_TP1".
func (vllm) Rank(p Process) (int, bool) { return titleRank(p) }

func (vllm) LogEngine() string { return torchlog.VLLM }

func (vllm) MemoryFlag() string { return "--gpu-memory-utilization" }

func (vllm) Checks() []Check {
	return []Check{{Path: "/metrics", Shared: true, Match: func(r Reply) Verdict {
		if r.Err == nil && hasMetric(r.Body, "vllm:") {
			return Yes
		}
		return No
	}}}
}

func (vllm) Probe(ctx context.Context, req ProbeRequest) (*Facts, error) {
	s, err := ProbeVLLM(ctx, req.Getter, req.Port)
	if err != nil {
		return nil, err
	}
	f := &Facts{Status: status(false, s.NeedsKey), KVUsageRatio: s.KVUsageRatio,
		PrefixCacheHitRatio: s.PrefixCacheHitRatio, MemoryFraction: s.GPUMemoryUtilization,
		RequestsProcessing: floatPtr(s.RequestsRunning), RequestsWaiting: floatPtr(s.RequestsWaiting),
		PromptTokens: floatPtr(s.PromptTokens), GenerationTokens: floatPtr(s.GenerationTokens),
		Preemptions: floatPtr(s.Preemptions), Notes: endpointNotes(NameVLLM, s.Errors)}
	if s.NumGPUBlocks != nil && s.BlockSize != nil && *s.NumGPUBlocks <= maxKVTokens / *s.BlockSize {
		v := *s.NumGPUBlocks * *s.BlockSize
		f.KVCapacityTokens, f.KVCapacityFrom = &v, "vllm:cache_config_info num_gpu_blocks×block_size"
	}
	for _, m := range s.Models {
		if m.Parent != "" {
			continue // a LoRA adapter: the base model is what holds memory
		}
		if f.NCtx == nil {
			f.NCtx = m.MaxModelLen
		}
		if f.ModelRoot == "" {
			f.ModelRoot, f.Model = m.Root, m.ID
		}
	}
	return f, nil
}

// maxKVTokens bounds a KV capacity computed from reported numbers: no
// server holds 2^40 tokens, so more is a bad value, not a big cache.
const maxKVTokens = 1 << 40

// floatPtr is a count as the float Facts carries.
func floatPtr(v *int64) *float64 {
	if v == nil {
		return nil
	}
	f := float64(*v)
	return &f
}

// isVLLMPython matches `python -m vllm.entrypoints...` and
// `python .../bin/vllm serve ...`.
func isVLLMPython(args []string) bool {
	for i, a := range args {
		if a == "-m" && i+1 < len(args) {
			m := args[i+1]
			return m == "vllm" || strings.HasPrefix(m, "vllm.")
		}
		if strings.HasPrefix(a, "-m") && len(a) > 2 { // -mvllm.entrypoints...
			m := a[2:]
			return m == "vllm" || strings.HasPrefix(m, "vllm.")
		}
		if !strings.HasPrefix(a, "-") {
			return base(a) == "vllm" && firstWord(args[i+1:]) == "serve"
		}
	}
	return false
}

// VLLMState is what a vLLM OpenAI-compatible server says about itself.
type VLLMState struct {
	Source   string // RuntimeReported
	NeedsKey bool   // /v1/models answered 401/403 (--api-key)
	Models   []VLLMModel
	ModelIDs []string

	// From /metrics. Several engines or models are summed (counts) or
	// maxed (the usage ratio).
	KVUsageRatio     *float64 // 0..1 despite the "_perc" in its name
	KVUsageMetric    string   // vllm:kv_cache_usage_perc (V1) or vllm:gpu_cache_usage_perc (V0)
	RequestsRunning  *int64
	RequestsWaiting  *int64
	Preemptions      *int64 // vllm:num_preemptions_total
	PromptTokens     *int64 // vllm:prompt_tokens_total
	GenerationTokens *int64 // vllm:generation_tokens_total
	// PrefixCacheHitRatio is vllm:prefix_cache_hits_total over
	// vllm:prefix_cache_queries_total (V1 0.9.2 and later, tokens since
	// start; unknown before the first query), the same of
	// vllm:gpu_prefix_cache_* (V1 0.7.3 to 0.9.1), or
	// vllm:gpu_prefix_cache_hit_rate (V0, blocks); PrefixCacheMetric names which.
	PrefixCacheHitRatio *float64
	PrefixCacheMetric   string
	// From vllm:cache_config_info labels.
	NumGPUBlocks         *int64
	BlockSize            *int64
	GPUMemoryUtilization *float64 // the --gpu-memory-utilization fraction

	Errors map[string]error // per endpoint path, as in LlamaState
}

// VLLMModel is one entry of /v1/models.
type VLLMModel struct {
	ID          string // the served name
	Root        string // the model it was loaded from
	Parent      string // set for LoRA adapters
	MaxModelLen *int64
}

// ProbeVLLM reads /v1/models and /metrics.
func ProbeVLLM(ctx context.Context, g Getter, port int) (VLLMState, error) {
	s := VLLMState{Source: RuntimeReported}
	reached := false
	var firstErr error
	for _, path := range []string{"/v1/models", "/metrics"} {
		a := get(ctx, g, port, path, nil)
		reached = reached || a.reached
		if a.err != nil {
			if firstErr == nil {
				firstErr = a.err
			}
			s.NeedsKey = s.NeedsKey || errors.Is(a.err, ErrNeedsKey)
			setErr(&s.Errors, path, a.err)
			if !a.reached {
				break
			}
			continue
		}
		if path == "/metrics" {
			m, _ := ParsePrometheus(a.body)
			s.applyMetrics(metrics(m))
			continue
		}
		ms, err := parseVLLMModels(a.body)
		setErr(&s.Errors, path, err)
		s.Models = ms
		for _, m := range ms {
			s.ModelIDs = append(s.ModelIDs, m.ID)
		}
	}
	if !reached {
		return s, firstErr
	}
	return s, ctx.Err()
}

func parseVLLMModels(body []byte) ([]VLLMModel, error) {
	var raw struct {
		Data list[struct {
			ID          text   `json:"id"`
			Root        text   `json:"root"`
			Parent      text   `json:"parent"`
			MaxModelLen number `json:"max_model_len"`
		}] `json:"data"`
	}
	if err := decodeObject(body, &raw); err != nil {
		return nil, err
	}
	var ms []VLLMModel
	for _, d := range raw.Data {
		if d.ID == "" {
			continue
		}
		ms = append(ms, VLLMModel{ID: string(d.ID), Root: string(d.Root), Parent: string(d.Parent), MaxModelLen: d.MaxModelLen.atLeast(1)})
	}
	return ms, nil
}

func (s *VLLMState) applyMetrics(m metrics) {
	for _, name := range []string{"vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc"} {
		if v, ok := m.max(name); ok {
			s.KVUsageRatio, s.KVUsageMetric = &v, name
			break
		}
	}
	s.RequestsRunning = countOf(m.sum("vllm:num_requests_running"))
	s.RequestsWaiting = countOf(m.sum("vllm:num_requests_waiting"))
	s.Preemptions = countOf(m.sum("vllm:num_preemptions_total"))
	s.PromptTokens = countOf(m.sum("vllm:prompt_tokens_total"))
	s.GenerationTokens = countOf(m.sum("vllm:generation_tokens_total"))
	s.applyPrefixCache(m)
	for _, smp := range m {
		if smp.Name != "vllm:cache_config_info" {
			continue
		}
		// Labels are strings; "None" (unset) fails to parse and stays nil.
		if s.NumGPUBlocks == nil {
			s.NumGPUBlocks = labelInt(smp.Labels["num_gpu_blocks"])
		}
		if s.BlockSize == nil {
			s.BlockSize = labelInt(smp.Labels["block_size"])
		}
		if s.GPUMemoryUtilization == nil {
			if f, err := strconv.ParseFloat(smp.Labels["gpu_memory_utilization"], 64); err == nil && f > 0 && f <= 1 {
				s.GPUMemoryUtilization = &f
			}
		}
	}
}

// vllmPrefixCounters are V1's prefix-cache counters, newest first, as
// /metrics exposes them (prometheus_client adds _total) in
// vllm/v1/metrics/loggers.py PrometheusStatLogger: vllm:prefix_cache_hits
// and vllm:prefix_cache_queries (tokens; 0.9.2 and later), which renamed
// vllm:gpu_prefix_cache_hits and vllm:gpu_prefix_cache_queries (0.7.3 to
// 0.9.1: blocks at first, then tokens; hidden after 0.9.2 unless
// --show-hidden-metrics-for-version, marked to be removed in 0.12). Either way hits
// over queries is the share served from the cache.
var vllmPrefixCounters = [][2]string{
	{"vllm:prefix_cache_hits_total", "vllm:prefix_cache_queries_total"},
	{"vllm:gpu_prefix_cache_hits_total", "vllm:gpu_prefix_cache_queries_total"},
}

// applyPrefixCache reads the prefix-cache hit ratio: V1's counters, else
// V0's gauge of blocks (vllm/engine/metrics.py vllm:gpu_prefix_cache_hit_rate).
func (s *VLLMState) applyPrefixCache(m metrics) {
	for _, c := range vllmPrefixCounters {
		hits, hok := m.sum(c[0])
		queries, qok := m.sum(c[1])
		if hok && qok && queries > 0 && hits >= 0 && hits <= queries {
			r := hits / queries
			s.PrefixCacheHitRatio, s.PrefixCacheMetric = &r, c[0]+"/"+c[1]
			return
		}
	}
	if r, ok := m.max("vllm:gpu_prefix_cache_hit_rate"); ok && r >= 0 && r <= 1 {
		s.PrefixCacheHitRatio, s.PrefixCacheMetric = &r, "vllm:gpu_prefix_cache_hit_rate"
	}
}

func labelInt(v string) *int64 {
	if n, err := strconv.ParseInt(v, 10, 64); err == nil && n > 0 {
		return &n
	}
	return nil
}
