package standin

import (
	"fmt"
	"math"
	"strings"
)

// ---------------------------------------------------------------- SGLang
//
// SGLang's repository is read file by file (it is too large to mirror),
// so a string's place is given as file, function and the commit read,
// not a line. Paths are under python/sglang/srt/.

// SGLangFormat is which of SGLang's load-line and endpoint forms a
// stand-in has.
type SGLangFormat int

const (
	// SGLangCurrent is SGLang 0.5.13 and later: "Load weight end.
	// elapsed=..., type=..., avail mem=..., mem usage=..." (no dtype
	// there: model_executor/model_runner.py load_model, since f7897def9,
	// 2026-03-03, #18651, first in 0.5.10), "KV Cache is allocated. dtype:
	// torch.bfloat16, #tokens: ..." (mem_cache/memory_pool.py
	// KVCache._finalize_allocation_log, since 93fa577bb, 2026-05-24,
	// #26205, first in 0.5.13: 0.5.12 was out by 2026-05-18), /model_info
	// and /server_info, and the old /get_model_info and /get_server_info
	// kept as aliases that log a warning on every call
	// (entrypoints/http_server.py get_model_info, get_server_info, since
	// 25acbbc61, 2025-11-17, #13273, first in 0.5.6).
	SGLangCurrent SGLangFormat = iota
	// SGLangBefore is SGLang 0.5.0 to 0.5.5: "Load weight end.
	// type=..., dtype=torch.bfloat16, avail mem=..., mem usage=..."
	// (model_runner.py load_model, 22352d47a, 2025-06-29, to 0.5.8;
	// 0.5.9 put "elapsed=... s, " first), "KV Cache is allocated.
	// #tokens: ..., K size: ..., V size: ..." (memory_pool.py
	// MHATokenToKVPool @000ccdba, to 0.5.12), and only /get_model_info
	// and /get_server_info (the rename came in 0.5.6).
	SGLangBefore
)

// sglangVersions is a release that writes each format, the stand-in's
// default version.
var sglangVersions = map[SGLangFormat]string{SGLangCurrent: "0.5.13", SGLangBefore: "0.5.4"}

// SGLangPool is one more KV pool a rank allocates, logged as "KV Cache is
// allocated" with K and V of KGiB each (printed %.2f).
type SGLangPool struct {
	Tokens int64
	KGiB   float64
}

// SGLangMamba is a hybrid model's Mamba pool on a rank, in GiB as
// printed (memory_pool.py MambaPool); the intermediate caches are set
// only with speculative decoding.
type SGLangMamba struct {
	Slots                                              int
	ConvGiB, SSMGiB, IntermediateSSM, IntermediateConv float64
}

// SGLangOptions describe `python3 -m sglang.launch_server`: the main
// process (HTTP server and tokenizer manager) → sglang::scheduler_TPn per
// GPU and sglang::detokenizer.
type SGLangOptions struct {
	Model             Model
	TP                int     // --tp; 2
	MemFractionStatic float64 // 0.871
	GPUGiB            float64 // each GPU's memory as SGLang sees it; 139.81
	KVCacheGiB        float64 // the target's (full-attention) pool on one rank (K+V); 110
	GraphGiB          float64 // 0.56
	Version           string  // by Format: "0.5.13", "0.5.4"
	Format            SGLangFormat
	// SlidingWindow, when set, is a sliding-window model's second pool:
	// SWAKVPool logs it, then the full-attention pool, then its summary
	// (mem_cache/swa_memory_pool.py SWAKVPool.__init__ @00381c02).
	SlidingWindow *SGLangPool
	// Draft, when set, is an EAGLE draft model's pool, logged after the
	// target's (server_args speculative_algorithm='EAGLE').
	Draft   *SGLangPool
	Mamba   *SGLangMamba
	Libs    Libs
	Weights []string
	// /metrics values
	Running, Queued      int
	TokenUsage, CacheHit float64 // 0..1
	GenThroughput        float64 // tokens/s
}

func (o SGLangOptions) withDefaults() SGLangOptions {
	o.Model = o.Model.withDefaults()
	if o.TP == 0 {
		o.TP = 2
	}
	if o.MemFractionStatic == 0 {
		o.MemFractionStatic = 0.871
	}
	if o.GPUGiB == 0 {
		o.GPUGiB = 139.81
	}
	if o.KVCacheGiB == 0 {
		o.KVCacheGiB = 110
	}
	if o.GraphGiB == 0 {
		o.GraphGiB = 0.56
	}
	if o.Version == "" {
		o.Version = sglangVersions[o.Format]
	}
	if o.GenThroughput == 0 {
		o.GenThroughput = 42.5
	}
	return o
}

// WeightsGiB is each rank's "mem usage" at "Load weight end": weights per
// rank / 2^30 (estimated).
func (o SGLangOptions) WeightsGiB() float64 {
	o = o.withDefaults()
	return float64(o.Model.WeightBytesPerRank(o.TP)) / gib
}

// KVTokens is "KV Cache is allocated. #tokens: N" of the target's pool
// (max_total_num_tokens): the pool's bytes over one token's K+V bytes on
// a rank, rounded down.
func (o SGLangOptions) KVTokens() int64 {
	o = o.withDefaults()
	return int64(o.KVCacheGiB*gib) / o.Model.KVBytesPerToken(o.TP)
}

// KSizeGiB is the target pool's "K size" (and "V size"): half of the pool
// that KVTokens use.
func (o SGLangOptions) KSizeGiB() float64 {
	o = o.withDefaults()
	return float64(o.KVTokens()*o.Model.KVBytesPerToken(o.TP)/2) / gib
}

// printed is a GiB figure as SGLang prints it (%.2f), in bytes, as a
// reader of the log gets it.
func printed(v float64) uint64 { return uint64(math.Round(math.Round(v*100) / 100 * gib)) }

// RankKVBytes is every pool one rank logged, as a reader adds the
// printed figures: the target's K and V, the sliding-window and draft
// pools' K and V, and the Mamba state with its intermediate caches.
func (o SGLangOptions) RankKVBytes() uint64 {
	o = o.withDefaults()
	n := 2 * printed(o.KSizeGiB())
	for _, p := range []*SGLangPool{o.SlidingWindow, o.Draft} {
		if p != nil {
			n += 2 * printed(p.KGiB)
		}
	}
	if m := o.Mamba; m != nil {
		n += printed(m.ConvGiB) + printed(m.SSMGiB) + printed(m.IntermediateSSM) + printed(m.IntermediateConv)
	}
	return n
}

// sglangDeprecated is what SGLang logs for each call of an old name
// (http_server.py get_model_info, get_server_info @78043d44).
func sglangDeprecated(old, now string) []string {
	return []string{fmt.Sprintf("[{datetime}] Endpoint '%s' is deprecated and will be removed in a future version. Please use '%s' instead.", old, now)}
}

// sglangRoutes are the main process's endpoints in o's format.
func sglangRoutes(o SGLangOptions) map[string]Route {
	m := o.Model
	// http_server.py model_info (get_model_info before the rename)
	modelInfo := fmt.Sprintf(`{"model_path":%q,"tokenizer_path":%q,"is_generation":true,"preferred_sampling_params":null,"weight_version":"default","has_image_understanding":false,"has_audio_understanding":false,"model_type":%q,"architectures":[%q]}`,
		m.ID, m.ID, m.ModelType, m.Architecture)
	// http_server.py server_info: server_args, scheduler info,
	// internal_states (managers/scheduler.py get_internal_state memory_usage,
	// GB = 2^30) and version
	serverInfo := fmt.Sprintf(`{"model_path":%q,"tokenizer_path":%q,"host":"127.0.0.1","port":{port},"mem_fraction_static":%s,"tp_size":%d,"dp_size":1,"context_length":null,"max_total_tokens":null,"max_total_num_tokens":%d,"max_req_input_len":%d,"internal_states":[{"memory_usage":{"weight":%.2f,"kvcache":%.2f,"token_capacity":%d,"graph":%.2f},"last_gen_throughput":%s}],"version":%q}`,
		m.ID, m.ID, trimFloat(o.MemFractionStatic), o.TP, o.KVTokens(), m.MaxModelLen-5,
		o.WeightsGiB(), 2*o.KSizeGiB(), o.KVTokens(), o.GraphGiB, pyFloat(o.GenThroughput), o.Version)
	models := fmt.Sprintf(`{"object":"list","data":[{"id":%q,"object":"model","created":1764864000,"owned_by":"sglang","root":%q,"max_model_len":%d}]}`, m.ID, m.ID, m.MaxModelLen)
	r := map[string]Route{
		"/health":    {ContentType: "text/plain"},
		"/v1/models": {Body: models},
		"/metrics":   {Body: sglangMetrics(o), ContentType: "text/plain; version=0.0.4; charset=utf-8"},
	}
	if o.Format == SGLangBefore {
		r["/get_model_info"] = Route{Body: modelInfo}
		r["/get_server_info"] = Route{Body: serverInfo}
		return r
	}
	r["/model_info"] = Route{Body: modelInfo}
	r["/server_info"] = Route{Body: serverInfo}
	r["/get_model_info"] = Route{Body: modelInfo, Log: sglangDeprecated("/get_model_info", "/model_info")}
	r["/get_server_info"] = Route{Body: serverInfo, Log: sglangDeprecated("/get_server_info", "/server_info")}
	return r
}

// SGLang is a `python3 -m sglang.launch_server` tree.
func SGLang(o SGLangOptions) Spec {
	o = o.withDefaults()
	m := o.Model
	spec := "None"
	if o.Draft != nil {
		spec = "'EAGLE'"
	}
	return Spec{
		Argv:   []string{python, "-m", "sglang.launch_server", "--model-path", m.ID, "--tp", fmt.Sprint(o.TP), "--host", "127.0.0.1", "--port", "{port}", "--enable-metrics"},
		Comm:   "python3",
		Routes: sglangRoutes(o),
		// uvicorn's access log, on for every request by default
		// (server_args.py uvicorn_access_log_exclude_prefixes defaults to
		// none), in SGLang's format (utils/common.py
		// set_uvicorn_logging_configs @65d3b47f6)
		AccessLog: `[{datetime}] INFO:     {client} - "{request}" {status}`,
		Log: []string{
			// python/sglang/srt/entrypoints/engine.py _launch_subprocesses: logger.info(f"{server_args=}")
			fmt.Sprintf("[{datetime}] server_args=ServerArgs(model_path='%s', tokenizer_path='%s', tokenizer_mode='auto', load_format='auto', trust_remote_code=False, dtype='auto', kv_cache_dtype='auto', host='127.0.0.1', port={port}, mem_fraction_static=%s, max_running_requests=None, chunked_prefill_size=8192, tp_size=%d, pp_size=1, dp_size=1, random_seed=0, served_model_name='%s', attention_backend='fa3', disable_cuda_graph=False, speculative_algorithm=%s)",
				m.ID, m.ID, trimFloat(o.MemFractionStatic), o.TP, m.ID, spec),
		},
		LogReady: []string{
			// uvicorn's own line, then http_server.py _wait_and_warmup
			"[{datetime}] INFO:     Uvicorn running on http://127.0.0.1:{port} (Press CTRL+C to quit)",
			"[{datetime}] The server is fired up and ready to roll!",
		},
		Children: sglangChildren(o),
	}
}

// sglangKVLine is one pool's "KV Cache is allocated" line in o's format
// (memory_pool.py MHATokenToKVPool; "dtype: " first since 0.5.13).
func sglangKVLine(o SGLangOptions, tokens int64, k float64) string {
	dtype := ""
	if o.Format == SGLangCurrent {
		dtype = "dtype: torch.bfloat16, "
	}
	return fmt.Sprintf("KV Cache is allocated. %s#tokens: %d, K size: %.2f GB, V size: %.2f GB", dtype, tokens, k, k)
}

// sglangLoadLine is "Load weight end." in o's format (model_runner.py
// load_model).
func sglangLoadLine(o SGLangOptions, arch string, avail, usage float64) string {
	if o.Format == SGLangCurrent {
		return fmt.Sprintf("Load weight end. elapsed=5.52 s, type=%s, avail mem=%.2f GB, mem usage=%.2f GB.", arch, avail, usage)
	}
	return fmt.Sprintf("Load weight end. type=%s, dtype=torch.bfloat16, avail mem=%.2f GB, mem usage=%.2f GB.", arch, avail, usage)
}

// sglangPoolLines are one rank's pool lines, in the order SGLang
// allocates them: the Mamba pool of a hybrid model, the target's pools
// (SWAKVPool's sliding-window pool, full-attention pool and summary),
// then the draft model's.
func sglangPoolLines(o SGLangOptions) []string {
	var out []string
	if mb := o.Mamba; mb != nil {
		l := fmt.Sprintf("Mamba Cache is allocated. max_mamba_cache_size: %d, conv_state size: %.2fGB, ssm_state size: %.2fGB ", mb.Slots, mb.ConvGiB, mb.SSMGiB)
		if mb.IntermediateSSM != 0 || mb.IntermediateConv != 0 {
			l += fmt.Sprintf("intermediate_ssm_state_cache size: %.2fGB intermediate_conv_window_cache size: %.2fGB ", mb.IntermediateSSM, mb.IntermediateConv)
		}
		out = append(out, l)
	}
	if sw := o.SlidingWindow; sw != nil {
		out = append(out, sglangKVLine(o, sw.Tokens, sw.KGiB), sglangKVLine(o, o.KVTokens(), o.KSizeGiB()),
			fmt.Sprintf("SWAKVPool mem usage: %.2f GB, swa size: %d, full size: %d", 2*sw.KGiB+2*o.KSizeGiB(), sw.Tokens, o.KVTokens()))
	} else {
		out = append(out, sglangKVLine(o, o.KVTokens(), o.KSizeGiB()))
	}
	if d := o.Draft; d != nil {
		out = append(out, sglangLoadLine(o, "LlamaForCausalLMEagle", 20, 0.48), sglangKVLine(o, d.Tokens, d.KGiB))
	}
	return out
}

// sglangChildren are the main process's children: sglang::scheduler_TPn
// per GPU, then sglang::detokenizer.
func sglangChildren(o SGLangOptions) []Spec {
	m := o.Model
	// Log format: python/sglang/srt/utils.py configure_logger,
	// "[%(asctime)s{prefix}] %(message)s" with datefmt "%Y-%m-%d %H:%M:%S";
	// a scheduler's prefix is " TP{rank}" (managers/scheduler.py).
	var kids []Spec
	afterLoad := o.GPUGiB - o.WeightsGiB() - 0.9
	afterKV := afterLoad - float64(o.RankKVBytes())/gib
	for r := 0; r < o.TP; r++ {
		tag := fmt.Sprintf("[{datetime} TP%d] ", r)
		lines := []string{
			// python/sglang/srt/model_executor/model_runner.py load_model
			fmt.Sprintf("Load weight begin. avail mem=%.2f GB", o.GPUGiB-0.9),
			sglangLoadLine(o, m.Architecture, afterLoad, o.WeightsGiB()),
		}
		lines = append(lines, sglangPoolLines(o)...)
		lines = append(lines,
			// model_runner.py init_device_graphs
			fmt.Sprintf("Capture cuda graph begin. This can take up to several minutes. avail mem=%.2f GB", afterKV),
			fmt.Sprintf("Capture cuda graph end. Time elapsed: 8.31 s. mem usage=%.2f GB. avail mem=%.2f GB.", o.GraphGiB, afterKV-o.GraphGiB),
			// managers/scheduler.py Scheduler.__init__
			fmt.Sprintf("max_total_num_tokens=%d, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=%d, available_gpu_mem=%.2f GB",
				o.KVTokens(), m.MaxModelLen, afterKV-o.GraphGiB))
		for i := range lines {
			lines[i] = tag + lines[i]
		}
		kids = append(kids, Spec{
			// python/sglang/srt/managers/scheduler.py run_scheduler_process:
			// setproctitle(f"sglang::scheduler{prefix.replace(' ', '_')}")
			Argv:      []string{fmt.Sprintf("sglang::scheduler_TP%d", r)},
			SpawnArgv: spawnArgv(python, 6, 20+r),
			Rank:      r,
			Map:       append(o.Libs.all(), o.Weights...),
			Log:       lines,
		})
	}
	// python/sglang/srt/managers/detokenizer_manager.py run_detokenizer_process
	kids = append(kids, Spec{Argv: []string{"sglang::detokenizer"}, SpawnArgv: spawnArgv(python, 6, 26)})
	return kids
}

// sglangMetrics is /metrics with one series per rank for each gauge.
func sglangMetrics(o SGLangOptions) string {
	m := o.Model
	// python/sglang/srt/metrics/collector.py SchedulerMetricsCollector
	// (names, help); managers/scheduler.py gives each rank's collector the
	// labels model_name, engine_type, tp_rank, pp_rank. Served only with
	// --enable-metrics, which SGLang's argv has.
	gauge := func(name, help string, v func(rank int) string) []string {
		out := []string{"# HELP " + name + " " + help, "# TYPE " + name + " gauge"}
		for r := 0; r < o.TP; r++ {
			out = append(out, fmt.Sprintf(`%s{model_name=%q,engine_type="unified",tp_rank="%d",pp_rank="0"} %s`, name, m.ID, r, v(r)))
		}
		return out
	}
	var lines []string
	lines = append(lines, gauge("sglang:num_running_reqs", "The number of running requests.", func(int) string { return pyFloat(float64(o.Running)) })...)
	lines = append(lines, gauge("sglang:token_usage", "The token usage.", func(int) string { return pyFloat(o.TokenUsage) })...)
	lines = append(lines, gauge("sglang:gen_throughput", "The generation throughput (token/s).", func(int) string { return pyFloat(o.GenThroughput) })...)
	lines = append(lines, gauge("sglang:num_queue_reqs", "The number of requests in the waiting queue.", func(int) string { return pyFloat(float64(o.Queued)) })...)
	lines = append(lines, gauge("sglang:cache_hit_rate", "The prefix cache hit rate.", func(int) string { return pyFloat(o.CacheHit) })...)
	return strings.Join(lines, "\n") + "\n"
}
