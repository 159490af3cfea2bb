package servers

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/gputaskman/gtm/inspect/torchlog"
)

// NameSGLang is SGLang's server (sgl-project/sglang).
const NameSGLang = "sglang"

// sglang is SGLang: its own /model_info and /server_info and /metrics
// with --enable-metrics. Before those names it had /get_model_info and
// /get_server_info, which newer releases keep as aliases that log a
// warning on every call ("Endpoint '/get_model_info' is deprecated and
// will be removed in a future version. Please use '/model_info' instead.",
// python/sglang/srt/entrypoints/http_server.py get_model_info and
// get_server_info, since 0.5.6: 25acbbc61, #13273; the docs' own notebook
// runs print it).
// gtm asks the old names only of a server that answered 404 for the new
// ones, and remembers which names a server has (sglangMemo).
//
// Never asked: /health, which since 0.4 generates a token unless
// SGLANG_ENABLE_HEALTH_ENDPOINT_GENERATION is off (http_server.py
// health_generate serves both /health and /health_generate), /flush_cache
// (a GET that empties the radix cache), /get_load (deprecated too), and
// anything that tokenizes or generates.
type sglang struct{}

func (sglang) Name() string { return NameSGLang }

// Recognise: `python -m sglang.launch_server` and `sglang serve`
// (python/sglang/cli/main.py) serve. The children SGLang titles with
// setproctitle are workers: "sglang::scheduler", "sglang::scheduler_TP0",
// "sglang::scheduler_DP0_TP0" (python/sglang/srt/managers/scheduler.py),
// "sglang::detokenizer", "sglang::data_parallel_controller"; its HTTP
// worker processes "sglang::tokenizer_worker:<pid>"
// (python/sglang/srt/managers/multi_tokenizer_mixin.py) answer the API.
// A diffusion model's GPU workers (`sglang serve` of an image or video
// model) are "sgl_diffusion::scheduler_TP0" and, by SGLang version,
// "sgl_diffusion::scheduler_0", "sgl_diffusion::scheduler:0", with
// "_U1_R0_C1" for sequence- and CFG-parallel ranks, or
// "sgl_diffusion::partial_0" (python/sglang/multimodal_gen/runtime/
// managers/gpu_worker.py init_device_and_model); comm keeps their first
// 15 bytes, "sgl_diffusion::".
// Client tools (sglang.bench_serving, sglang.check_env) are not servers.
func (sglang) Recognise(p Process) Role {
	args := p.args()
	for _, b := range p.bases() {
		switch {
		case strings.HasPrefix(b, "sglang::tokeniz"): // comm keeps 15 bytes of "sglang::tokenizer_worker:<pid>"
			return API
		case strings.HasPrefix(b, "sglang::"), strings.HasPrefix(b, diffusionTitle):
			return Worker
		case b == "sglang" && firstWord(args) == "serve":
			return API
		case strings.HasPrefix(b, "python") && isSGLangPython(args):
			return API
		}
	}
	return NotServer
}

// schedulerTitle begins a scheduler's title; the rest is its log prefix.
const schedulerTitle = "sglang::scheduler"

// diffusionTitle begins a diffusion worker's title.
const diffusionTitle = "sgl_diffusion::"

// isSGLangPython matches `python -m sglang.launch_server ...` and
// `python .../bin/sglang serve ...`.
func isSGLangPython(args []string) bool {
	for i, a := range args {
		if a == "-m" && i+1 < len(args) {
			return args[i+1] == "sglang.launch_server"
		}
		if strings.HasPrefix(a, "-m") && len(a) > 2 {
			return a[2:] == "sglang.launch_server"
		}
		if !strings.HasPrefix(a, "-") {
			return base(a) == "sglang" && firstWord(args[i+1:]) == "serve"
		}
	}
	return false
}

// sglangFlags: --model-path/--model, --tp-size/--tp/--tensor-parallel-size
// (python/sglang/srt/server_args.py).
var sglangFlags = servedFlags{model: []string{"--model-path", "--model"}, tp: []string{"--tp-size", "--tp", "--tensor-parallel-size"}}

func (sglang) ServedArgs(argv []string) (string, int) { return sglangFlags.read(argv) }

// Rank: a scheduler's title names it, "sglang::scheduler_DP0_TP1" (none
// past the first pipeline stage, "sglang::scheduler_PP1_TP0"); a
// diffusion worker's names its local rank, "sgl_diffusion::scheduler_TP1",
// "sgl_diffusion::scheduler_1", "sgl_diffusion::scheduler:1".
func (sglang) Rank(p Process) (int, bool) {
	if len(p.Argv) > 0 && strings.HasPrefix(p.Argv[0], schedulerTitle+"_") {
		// the log prefix's parts joined by "_" (managers/scheduler.py), so
		// read by the log's own rule: a later pipeline stage's TP index
		// does not name the GPU whose log lines carry that index
		r := torchlog.SGLangRank(strings.ReplaceAll(p.Argv[0][len(schedulerTitle)+1:], "_", " "))
		return r, r >= 0
	}
	if r, ok := titleRank(p); ok {
		return r, true
	}
	if len(p.Argv) == 0 || !strings.HasPrefix(p.Argv[0], diffusionTitle) {
		return 0, false
	}
	t := p.Argv[0][len(diffusionTitle):]
	if i := strings.IndexAny(t, "_:"); i >= 0 {
		return leadingInt(t[i+1:])
	}
	return 0, false
}

func (sglang) LogEngine() string { return torchlog.SGLang }

func (sglang) MemoryFlag() string { return "--mem-fraction-static" }

func (sglang) Checks() []Check {
	modelInfo := func(r Reply) Verdict {
		if r.Err == nil && isSGLangModelInfo(r.Body) {
			return Yes
		}
		return No
	}
	return []Check{
		{Path: "/model_info", Match: modelInfo},
		{Path: "/get_model_info", Fallback: "/model_info", Match: modelInfo}, // SGLang before the rename
		{Path: "/metrics", Shared: true, Match: func(r Reply) Verdict {
			if r.Err == nil && hasMetric(r.Body, "sglang:") {
				return Yes
			}
			return No
		}},
	}
}

func isSGLangModelInfo(body []byte) bool {
	var m struct {
		ModelPath    text `json:"model_path"`
		IsGeneration flag `json:"is_generation"`
	}
	return decodeObject(body, &m) == nil && m.ModelPath != "" && m.IsGeneration.ok
}

func (sglang) Probe(ctx context.Context, req ProbeRequest) (*Facts, error) {
	key := ""
	if req.APIKey != nil {
		key = req.APIKey()
	}
	var known sglangMemo
	if req.Last != nil {
		if m, ok := req.Last.State.(sglangMemo); ok {
			known = m
		}
	}
	s, memo, err := probeSGLang(ctx, req.Getter, req.Port, key, known)
	if err != nil {
		return nil, err
	}
	f := &Facts{Status: status(false, s.NeedsKey), NCtx: s.ContextLength,
		KVUsageRatio: s.TokenUsage, TokensPerSecond: s.GenThroughput,
		RequestsProcessing: floatPtr(s.RequestsRunning), RequestsWaiting: floatPtr(s.RequestsQueued),
		PromptTokens: floatPtr(s.PromptTokens), GenerationTokens: floatPtr(s.GenerationTokens),
		PrefixCacheHitRatio: s.CacheHitRate, MemoryFraction: s.MemFractionStatic,
		TensorParallel: s.TPSize, ModelRoot: s.ModelPath, ModelDType: s.DType,
		Model:            s.ServedModelName,
		KVCapacityTokens: s.MaxTotalNumTokens, KVCapacityFrom: s.MaxTotalNumTokensFrom,
		Notes: endpointNotes(NameSGLang, s.Errors), State: memo}
	return f, nil
}

// sglangNames says which names of its info endpoints a server answers.
type sglangNames int

const (
	namesUnknown sglangNames = iota
	namesNew                 // /model_info and /server_info
	namesOld                 // only /get_model_info and /get_server_info
)

// sglangMemo is SGLang's Facts.State: the names the server answered, so
// a server known to have the new ones is never asked an old one (which
// logs a warning), and an old one is not asked a new name each time.
//
// It also keeps what /model_info and /server_info answered, for the
// process's life: both describe its launch and do not change, and every
// request is a line in SGLang's log (uvicorn's access log, on by default:
// server_args.py uvicorn_access_log_exclude_prefixes defaults to none).
// A probe that has them asks one endpoint: /metrics, or /model_info when
// --enable-metrics is off, to see the server still answers.
type sglangMemo struct {
	names      sglangNames
	info       *SGLangState // nil until both answered
	metricsOff error        // why /metrics is not there (404); nil when it is
}

// SGLangState is what an SGLang server says about itself.
type SGLangState struct {
	Source   string // RuntimeReported
	NeedsKey bool   // an endpoint answered 401/403 (--api-key)

	// From /model_info (or /get_model_info).
	ModelPath    string // --model-path: an HF id or a local folder
	IsGeneration *bool  // false for embedding and reward models

	// From /server_info (or /get_server_info): the server arguments at
	// the top level, with the scheduler's info and per-DP-rank states.
	ServedModelName   string
	Version           string
	DType             string   // --dtype; "" when "auto"
	KVCacheDType      string   // --kv-cache-dtype; "" when "auto"
	ContextLength     *int64   // --context-length; nil when left to the model's config
	TPSize            *int64   // --tp-size
	DPSize            *int64   // --dp-size
	MemFractionStatic *float64 // --mem-fraction-static, 0..1
	// MaxTotalNumTokens is the KV cache pool in tokens, from
	// server_info's max_total_num_tokens (the scheduler's), else the
	// first rank's memory_usage.token_capacity, else the
	// sglang:max_total_num_tokens gauge; MaxTotalNumTokensFrom names which.
	MaxTotalNumTokens     *int64
	MaxTotalNumTokensFrom string
	// MemoryUsage is internal_states[].memory_usage, one per DP rank: the
	// scheduler's own accounting of one GPU of the rank.
	MemoryUsage []SGLangMemory

	// From /metrics (--enable-metrics); names from
	// python/sglang/srt/metrics/collector.py. Several label sets (DP
	// ranks) are summed (counts) or maxed (ratios).
	TokenUsage       *float64 // sglang:token_usage, 0..1 of the KV pool in use
	RequestsRunning  *int64   // sglang:num_running_reqs
	RequestsQueued   *int64   // sglang:num_queue_reqs
	GenThroughput    *float64 // sglang:gen_throughput, tokens/s
	CacheHitRate     *float64 // sglang:cache_hit_rate, 0..1
	PromptTokens     *int64   // sglang:prompt_tokens_total
	GenerationTokens *int64   // sglang:generation_tokens_total

	Errors map[string]error // per endpoint path, as in LlamaState

	names sglangNames // which names of /model_info the server answered
}

// SGLangMemory is one DP rank's memory_usage as SGLang reports it: GiB
// rounded to 2 decimals (weights measured as free memory lost while
// loading; the KV pool's buffers; CUDA graphs), and the pool's tokens.
type SGLangMemory struct {
	WeightGiB     *float64
	KVCacheGiB    *float64
	GraphGiB      *float64
	TokenCapacity *int64
}

// ProbeSGLang reads /model_info, /server_info (each falling back to its
// older /get_ name only when the server answers 404) and /metrics.
func ProbeSGLang(ctx context.Context, g Getter, port int, apiKey string) (SGLangState, error) {
	s, _, err := probeSGLang(ctx, g, port, apiKey, sglangMemo{})
	return s, err
}

// sglangEndpoints are what a probe asks, each by the names it may have,
// given what the server is known to answer.
func sglangEndpoints(known sglangNames) [][]string {
	switch known {
	case namesNew:
		return [][]string{{"/model_info"}, {"/server_info"}, {"/metrics"}}
	case namesOld:
		return [][]string{{"/get_model_info"}, {"/get_server_info"}, {"/metrics"}}
	}
	return [][]string{{"/model_info", "/get_model_info"}, {"/server_info", "/get_server_info"}, {"/metrics"}}
}

func probeSGLang(ctx context.Context, g Getter, port int, apiKey string, memo sglangMemo) (SGLangState, sglangMemo, error) {
	if memo.info != nil {
		return probeSGLangKnown(ctx, g, port, apiKey, memo)
	}
	s := SGLangState{Source: RuntimeReported, names: memo.names}
	hdr := bearer(apiKey)
	reached, infoOK := false, true
	var firstErr error
	for i := range 3 {
		if i == 2 && infoOK { // both answered, so s holds no errors to share
			info := s
			memo.info = &info
		}
		// what /model_info's names said holds for /server_info's
		path, a := getFallback(ctx, g, port, hdr, sglangEndpoints(s.names)[i])
		reached = reached || a.reached
		if i == 0 && a.reached && !errors.Is(a.err, ErrDisabled) {
			// whatever it said, the server has this name
			s.names = map[string]sglangNames{"/model_info": namesNew, "/get_model_info": namesOld}[path]
		}
		if a.err != nil {
			if firstErr == nil {
				firstErr = a.err
			}
			infoOK = infoOK && i == 2
			if i == 2 && errors.Is(a.err, ErrDisabled) {
				memo.metricsOff = a.err
			}
			s.NeedsKey = s.NeedsKey || errors.Is(a.err, ErrNeedsKey)
			setErr(&s.Errors, path, a.err)
			if !a.reached {
				break
			}
			continue
		}
		var err error
		switch i {
		case 0:
			err = s.applyModelInfo(a.body)
		case 1:
			err = s.applyServerInfo(a.body)
		case 2:
			m, _ := ParsePrometheus(a.body)
			s.applyMetrics(metrics(m))
		}
		infoOK = infoOK && err == nil
		setErr(&s.Errors, path, err)
	}
	memo.names = s.names
	if !reached {
		return s, memo, firstErr
	}
	return s, memo, ctx.Err()
}

// probeSGLangKnown asks a server whose launch is known (memo.info) the
// one endpoint that changes, /metrics, or, with metrics off, /model_info
// to see that it answers.
func probeSGLangKnown(ctx context.Context, g Getter, port int, apiKey string, memo sglangMemo) (SGLangState, sglangMemo, error) {
	s := *memo.info
	s.Errors = nil
	path := "/metrics"
	if memo.metricsOff != nil {
		path = sglangEndpoints(memo.names)[0][0]
		setErr(&s.Errors, "/metrics", memo.metricsOff)
	}
	a := get(ctx, g, port, path, bearer(apiKey))
	switch {
	case !a.reached:
		return s, memo, a.err
	case a.err != nil:
		s.NeedsKey = errors.Is(a.err, ErrNeedsKey)
		setErr(&s.Errors, path, a.err)
	case path == "/metrics":
		m, _ := ParsePrometheus(a.body)
		s.applyMetrics(metrics(m))
	}
	return s, memo, ctx.Err()
}

// getFallback asks paths in turn while the server says a path is absent
// (404), for endpoints renamed across versions; it returns the path that
// answered last.
func getFallback(ctx context.Context, g Getter, port int, hdr http.Header, paths []string) (string, answer) {
	var a answer
	for _, p := range paths {
		a = get(ctx, g, port, p, hdr)
		if !errors.Is(a.err, ErrDisabled) {
			return p, a
		}
	}
	return paths[len(paths)-1], a
}

func (s *SGLangState) applyModelInfo(body []byte) error {
	var m struct {
		ModelPath    text `json:"model_path"`
		IsGeneration flag `json:"is_generation"`
	}
	if err := decodeObject(body, &m); err != nil {
		return err
	}
	s.ModelPath = string(m.ModelPath)
	if m.IsGeneration.ok {
		v := m.IsGeneration.v
		s.IsGeneration = &v
	}
	return nil
}

// maxRanks bounds the per-rank states read from one answer.
const maxRanks = 64

func (s *SGLangState) applyServerInfo(body []byte) error {
	var si struct {
		ModelPath         text   `json:"model_path"`
		ServedModelName   text   `json:"served_model_name"`
		Version           text   `json:"version"`
		DType             text   `json:"dtype"`
		KVCacheDType      text   `json:"kv_cache_dtype"`
		ContextLength     number `json:"context_length"`
		TPSize            number `json:"tp_size"`
		DPSize            number `json:"dp_size"`
		MemFractionStatic number `json:"mem_fraction_static"`
		MaxTotalNumTokens number `json:"max_total_num_tokens"`
		InternalStates    list[struct {
			MemoryUsage struct {
				Weight        number `json:"weight"`
				KVCache       number `json:"kvcache"`
				Graph         number `json:"graph"`
				CUDAGraph     number `json:"cuda_graph"` // the older name
				TokenCapacity number `json:"token_capacity"`
			} `json:"memory_usage"`
		}] `json:"internal_states"`
	}
	if err := decodeObject(body, &si); err != nil {
		return err
	}
	if s.ModelPath == "" {
		s.ModelPath = string(si.ModelPath)
	}
	s.ServedModelName, s.Version = string(si.ServedModelName), string(si.Version)
	s.DType, s.KVCacheDType = notAuto(si.DType), notAuto(si.KVCacheDType)
	s.ContextLength = si.ContextLength.atLeast(1)
	s.TPSize, s.DPSize = si.TPSize.atLeast(1), si.DPSize.atLeast(1)
	s.MemFractionStatic = fraction(si.MemFractionStatic)
	if v := si.MaxTotalNumTokens.atLeast(1); v != nil {
		s.MaxTotalNumTokens, s.MaxTotalNumTokensFrom = v, "server_info max_total_num_tokens"
	}
	for i, st := range si.InternalStates {
		if i == maxRanks {
			break
		}
		mu := st.MemoryUsage
		m := SGLangMemory{WeightGiB: nonNegative(mu.Weight), KVCacheGiB: nonNegative(mu.KVCache),
			GraphGiB: nonNegative(mu.Graph), TokenCapacity: mu.TokenCapacity.atLeast(1)}
		if m.GraphGiB == nil {
			m.GraphGiB = nonNegative(mu.CUDAGraph)
		}
		s.MemoryUsage = append(s.MemoryUsage, m)
	}
	if s.MaxTotalNumTokens == nil && len(s.MemoryUsage) > 0 && s.MemoryUsage[0].TokenCapacity != nil {
		s.MaxTotalNumTokens, s.MaxTotalNumTokensFrom = s.MemoryUsage[0].TokenCapacity, "server_info internal_states[0].memory_usage.token_capacity"
	}
	return nil
}

func (s *SGLangState) applyMetrics(m metrics) {
	// Every tensor- and pipeline-parallel rank of one engine reports the
	// same batch (collector.py labels tp_rank and pp_rank): counts are
	// the first rank's, summed only over data-parallel engines.
	m = m.firstRanks()
	s.TokenUsage = ratio(m.max("sglang:token_usage"))
	s.CacheHitRate = ratio(m.max("sglang:cache_hit_rate"))
	s.RequestsRunning = countOf(m.sum("sglang:num_running_reqs"))
	s.RequestsQueued = countOf(m.sum("sglang:num_queue_reqs"))
	if v, ok := m.sum("sglang:gen_throughput"); ok && v >= 0 {
		s.GenThroughput = &v
	}
	s.PromptTokens = countOf(m.sum("sglang:prompt_tokens_total"))
	s.GenerationTokens = countOf(m.sum("sglang:generation_tokens_total"))
	// Per DP rank the pool is the same size; the first rank's is the
	// server's figure, as in server_info.
	if s.MaxTotalNumTokens == nil {
		if v, ok := m.max("sglang:max_total_num_tokens"); ok {
			if n := countOf(v, true); n != nil && *n > 0 {
				s.MaxTotalNumTokens, s.MaxTotalNumTokensFrom = n, "sglang:max_total_num_tokens"
			}
		}
	}
}

// ratio keeps a 0..1 value and drops anything else.
func ratio(v float64, ok bool) *float64 {
	if !ok || v < 0 || v > 1 {
		return nil
	}
	return &v
}

// fraction is a JSON number in (0, 1].
func fraction(n number) *float64 {
	if !n.ok || n.f <= 0 || n.f > 1 {
		return nil
	}
	v := n.f
	return &v
}

func nonNegative(n number) *float64 {
	if !n.ok || n.f < 0 {
		return nil
	}
	v := n.f
	return &v
}

// notAuto drops "auto", which says the server picked and not what.
func notAuto(t text) string {
	if strings.EqualFold(string(t), "auto") {
		return ""
	}
	return string(t)
}
