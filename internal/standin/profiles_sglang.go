package standin

import (
	"fmt"
	"strings"
)

// ---------------------------------------------------------------- SGLang

// SGLangOptions describe `python3 -m sglang.launch_server`: the main
// process (HTTP server and tokenizer manager) → sglang::scheduler_TPn per
// GPU and sglang::detokenizer.
type SGLangOptions struct {
	Model             Model
	TP                int     // --tp; 2
	MemFractionStatic float64 // 0.871
	GPUGiB            float64 // each GPU's memory as SGLang sees it; 139.81
	KVCacheGiB        float64 // the KV pool of one rank (K+V); 110
	GraphGiB          float64 // 0.56
	Version           string  // "0.5.4"
	Libs              Libs
	Weights           []string
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
		o.Version = "0.5.4"
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

// KVTokens is "KV Cache is allocated. #tokens: N" (max_total_num_tokens):
// the pool's bytes over one token's K+V bytes on a rank, rounded down.
func (o SGLangOptions) KVTokens() int64 {
	o = o.withDefaults()
	return int64(o.KVCacheGiB*gib) / o.Model.KVBytesPerToken(o.TP)
}

// KSizeGiB is "K size" (and "V size"): half of the pool that KVTokens use.
func (o SGLangOptions) KSizeGiB() float64 {
	o = o.withDefaults()
	return float64(o.KVTokens()*o.Model.KVBytesPerToken(o.TP)/2) / gib
}

// SGLang is a `python3 -m sglang.launch_server` tree.
func SGLang(o SGLangOptions) Spec {
	o = o.withDefaults()
	m := o.Model
	// python/sglang/srt/entrypoints/http_server.py get_model_info
	modelInfo := fmt.Sprintf(`{"model_path":%q,"tokenizer_path":%q,"is_generation":true,"preferred_sampling_params":null,"weight_version":"default","has_image_understanding":false,"has_audio_understanding":false,"model_type":%q,"architectures":[%q]}`,
		m.ID, m.ID, m.ModelType, m.Architecture)
	// http_server.py get_server_info: server_args, scheduler info,
	// internal_states (managers/scheduler.py get_internal_state memory_usage,
	// GB = 2^30) and version
	serverInfo := fmt.Sprintf(`{"model_path":%q,"tokenizer_path":%q,"host":"127.0.0.1","port":{port},"mem_fraction_static":%s,"tp_size":%d,"dp_size":1,"context_length":null,"max_total_tokens":null,"max_total_num_tokens":%d,"max_req_input_len":%d,"internal_states":[{"memory_usage":{"weight":%.2f,"kvcache":%.2f,"token_capacity":%d,"graph":%.2f},"last_gen_throughput":%s}],"version":%q}`,
		m.ID, m.ID, trimFloat(o.MemFractionStatic), o.TP, o.KVTokens(), m.MaxModelLen-5,
		o.WeightsGiB(), 2*o.KSizeGiB(), o.KVTokens(), o.GraphGiB, pyFloat(o.GenThroughput), o.Version)
	models := fmt.Sprintf(`{"object":"list","data":[{"id":%q,"object":"model","created":1764864000,"owned_by":"sglang","root":%q,"max_model_len":%d}]}`, m.ID, m.ID, m.MaxModelLen)
	return Spec{
		Argv: []string{python, "-m", "sglang.launch_server", "--model-path", m.ID, "--tp", fmt.Sprint(o.TP), "--host", "127.0.0.1", "--port", "{port}", "--enable-metrics"},
		Comm: "python3",
		Routes: map[string]Route{
			"/health":          {ContentType: "text/plain"},
			"/get_model_info":  {Body: modelInfo},
			"/model_info":      {Body: modelInfo},
			"/get_server_info": {Body: serverInfo},
			"/server_info":     {Body: serverInfo},
			"/v1/models":       {Body: models},
			"/metrics":         {Body: sglangMetrics(o), ContentType: "text/plain; version=0.0.4; charset=utf-8"},
		},
		Log: []string{
			// python/sglang/srt/entrypoints/engine.py _launch_subprocesses: logger.info(f"{server_args=}")
			fmt.Sprintf("[{datetime}] server_args=ServerArgs(model_path='%s', tokenizer_path='%s', tokenizer_mode='auto', load_format='auto', trust_remote_code=False, dtype='auto', kv_cache_dtype='auto', host='127.0.0.1', port={port}, mem_fraction_static=%s, max_running_requests=None, chunked_prefill_size=8192, tp_size=%d, pp_size=1, dp_size=1, random_seed=0, served_model_name='%s', attention_backend='fa3', disable_cuda_graph=False)",
				m.ID, m.ID, trimFloat(o.MemFractionStatic), o.TP, m.ID),
		},
		LogReady: []string{
			// uvicorn's own line, then http_server.py _wait_and_warmup
			"[{datetime}] INFO:     Uvicorn running on http://127.0.0.1:{port} (Press CTRL+C to quit)",
			"[{datetime}] The server is fired up and ready to roll!",
		},
		Children: sglangChildren(o),
	}
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
	afterKV := afterLoad - 2*o.KSizeGiB()
	for r := 0; r < o.TP; r++ {
		tag := fmt.Sprintf("[{datetime} TP%d] ", r)
		kids = append(kids, Spec{
			// python/sglang/srt/managers/scheduler.py run_scheduler_process:
			// setproctitle(f"sglang::scheduler{prefix.replace(' ', '_')}")
			Argv:      []string{fmt.Sprintf("sglang::scheduler_TP%d", r)},
			SpawnArgv: spawnArgv(python, 6, 20+r),
			Rank:      r,
			Map:       append(o.Libs.all(), o.Weights...),
			Log: []string{
				// python/sglang/srt/model_executor/model_runner.py load_model
				tag + fmt.Sprintf("Load weight begin. avail mem=%.2f GB", o.GPUGiB-0.9),
				tag + fmt.Sprintf("Load weight end. type=%s, dtype=torch.bfloat16, avail mem=%.2f GB, mem usage=%.2f GB.", m.Architecture, afterLoad, o.WeightsGiB()),
				// python/sglang/srt/mem_cache/memory_pool.py MHATokenToKVPool
				tag + fmt.Sprintf("KV Cache is allocated. #tokens: %d, K size: %.2f GB, V size: %.2f GB", o.KVTokens(), o.KSizeGiB(), o.KSizeGiB()),
				// model_runner.py init_device_graphs
				tag + fmt.Sprintf("Capture cuda graph begin. This can take up to several minutes. avail mem=%.2f GB", afterKV),
				tag + fmt.Sprintf("Capture cuda graph end. Time elapsed: 8.31 s. mem usage=%.2f GB. avail mem=%.2f GB.", o.GraphGiB, afterKV-o.GraphGiB),
				// managers/scheduler.py Scheduler.__init__
				tag + fmt.Sprintf("max_total_num_tokens=%d, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=%d, available_gpu_mem=%.2f GB",
					o.KVTokens(), m.MaxModelLen, afterKV-o.GraphGiB),
			},
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
