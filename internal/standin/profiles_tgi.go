package standin

import (
	"fmt"
	"strings"
)

// ---------------------------------------------------------------- TGI

// TGIOptions describe `text-generation-launcher`: the launcher → one
// `text-generation-server serve` shard per GPU, then text-generation-router.
type TGIOptions struct {
	Model      Model
	Shards     int     // --num-shard; 2
	KVCacheGiB float64 // KV memory of one shard after warmup; 60
	Version    string  // "3.3.6"
	Libs       Libs
	Weights    []string
	QueueSize  int // tgi_queue_size
}

func (o TGIOptions) withDefaults() TGIOptions {
	o.Model = o.Model.withDefaults()
	if o.Shards == 0 {
		o.Shards = 2
	}
	if o.KVCacheGiB == 0 {
		o.KVCacheGiB = 60
	}
	if o.Version == "" {
		o.Version = "3.3.6"
	}
	return o
}

// MaxBatchTotalTokens is "Setting max batch total tokens to N": one shard's
// KV bytes over one token's bytes on a shard, rounded down (estimated; TGI
// rounds to whole blocks of the shards' warmup answer).
func (o TGIOptions) MaxBatchTotalTokens() int64 {
	o = o.withDefaults()
	return int64(o.KVCacheGiB*gib) / o.Model.KVBytesPerToken(o.Shards)
}

// TGI is a `text-generation-launcher` tree.
func TGI(o TGIOptions) Spec {
	o = o.withDefaults()
	m := o.Model
	// Rust tracing's format: "TIME  LEVEL span: target: message fields";
	// the router adds file:line (router/src/logging.rs with_file,
	// with_line_number). The shards' --otlp-service-name is the launcher's
	// own, "text-generation-inference.router" by default (main.rs).
	var kids []Spec
	for r := 0; r < o.Shards; r++ {
		// launcher/src/main.rs shard_manager: shard_args and envs
		kids = append(kids, Spec{
			Argv: []string{"/opt/conda/bin/python3.11", "/opt/conda/bin/text-generation-server", "serve", m.ID,
				"--uds-path", "/tmp/text-generation-server", "--logger-level", "INFO", "--json-output", "--sharded",
				"--otlp-service-name", "text-generation-inference.router", "--max-input-tokens", fmt.Sprint(m.MaxModelLen - 1)},
			Comm: "text-generation", // the script's name, cut to 15 bytes
			Env: []string{fmt.Sprintf("RANK=%d", r), fmt.Sprintf("WORLD_SIZE=%d", o.Shards), "MASTER_ADDR=localhost",
				"MASTER_PORT=29500", "TORCH_NCCL_AVOID_RECORD_STREAMS=1", "CUDA_MEMORY_FRACTION=1", "SAFETENSORS_FAST_GPU=1"},
			Rank: r,
			Map:  append(o.Libs.all(), o.Weights...),
			// The launcher relays shard output and logs in tracing's compact
			// format (launcher/src/main.rs main: fmt().compact()); these
			// lines carry no PID, so which process writes them is not seen.
			Log: []string{
				"{rfc3339}  INFO shard-manager: text_generation_launcher: Starting shard rank={rank}",
				// server/text_generation_server/server.py serve_inner
				"{rfc3339}  INFO text_generation_launcher: Server started at unix:///tmp/text-generation-server-{rank}",
				"{rfc3339}  INFO shard-manager: text_generation_launcher: Shard ready in 9.81s rank={rank}",
			},
		})
	}
	maxTotal := o.MaxBatchTotalTokens()
	labels := ""
	metrics := strings.Join([]string{
		// router/src/server.rs describe_* and backends/v3 gauges (metrics-exporter-prometheus)
		"# TYPE tgi_batch_max_total_tokens gauge",
		fmt.Sprintf("tgi_batch_max_total_tokens%s %d", labels, maxTotal),
		"# TYPE tgi_queue_size gauge",
		fmt.Sprintf("tgi_queue_size %d", o.QueueSize),
		"# TYPE tgi_batch_current_size gauge",
		"tgi_batch_current_size 1",
		"# TYPE tgi_request_count counter",
		"tgi_request_count 12",
	}, "\n") + "\n"
	// router/src/lib.rs Info
	info := fmt.Sprintf(`{"model_id":%q,"model_sha":null,"model_pipeline_tag":"text-generation","max_concurrent_requests":128,"max_best_of":2,"max_stop_sequences":4,"max_input_tokens":%d,"max_total_tokens":%d,"validation_workers":2,"max_client_batch_size":4,"router":"text-generation-router","version":%q,"sha":null,"docker_label":null}`,
		m.ID, m.MaxModelLen-1, m.MaxModelLen, o.Version)
	kids = append(kids, Spec{
		// launcher/src/main.rs spawn_webserver: router_args
		Argv: []string{"text-generation-router", "--max-client-batch-size", "4", "--max-concurrent-requests", "128",
			"--max-best-of", "2", "--max-stop-sequences", "4", "--max-top-n-tokens", "5", "--max-batch-prefill-tokens", fmt.Sprint(m.MaxModelLen),
			"--waiting-served-ratio", "0.3", "--max-waiting-tokens", "20", "--validation-workers", "2",
			"--hostname", "127.0.0.1", "--port", "{port}", "--prometheus-port", "9000",
			"--master-shard-uds-path", "/tmp/text-generation-server-0", "--tokenizer-name", m.ID,
			"--payload-limit", "2000000", "--max-input-tokens", fmt.Sprint(m.MaxModelLen - 1), "--max-total-tokens", fmt.Sprint(m.MaxModelLen),
			"--usage-stats", "on", "--otlp-service-name", "text-generation-inference.router"},
		Comm: "text-generation",
		Routes: map[string]Route{
			"/health":  {ContentType: "text/plain"},
			"/info":    {Body: info},
			"/metrics": {Body: metrics, ContentType: "text/plain"},
		},
		Log: []string{
			"{rfc3339}  INFO text_generation_launcher: Starting Webserver",
			"{rfc3339}  INFO text_generation_router_v3: backends/v3/src/lib.rs:125: Warming up model",
			fmt.Sprintf("{rfc3339}  INFO text_generation_router_v3: backends/v3/src/lib.rs:137: Setting max batch total tokens to %d", maxTotal),
			"{rfc3339}  INFO text_generation_router::server: router/src/server.rs:2302: Connected",
		},
	})
	return Spec{
		Argv: []string{"text-generation-launcher", "--model-id", m.ID, "--num-shard", fmt.Sprint(o.Shards),
			"--hostname", "127.0.0.1", "--port", "{port}"},
		Comm: "text-generation",
		Log: []string{
			// launcher/src/main.rs main and download_convert_model
			fmt.Sprintf("{rfc3339}  INFO text_generation_launcher: Sharding model on %d processes", o.Shards),
			fmt.Sprintf("{rfc3339}  INFO download: text_generation_launcher: Successfully downloaded weights for %s", m.ID),
		},
		Children: kids,
	}
}
