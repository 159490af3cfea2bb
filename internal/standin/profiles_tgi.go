package standin

import (
	"encoding/json"
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
	// JSONOutput is --json-output: the launcher logs JSON events and
	// passes the flag to its router and shards (see tgiLog).
	JSONOutput bool
	Libs       Libs
	Weights    []string
	QueueSize  int // tgi_queue_size
}

// tgiEvent is one tracing event a TGI process logs. Places are
// huggingface/text-generation-inference's at v3.3.6.
type tgiEvent struct {
	target string // "text_generation_launcher", "text_generation_router_v3"
	span   string // "shard-manager", "download"; "" none
	rank   bool   // the span has the shard's rank field
	file   string // the router's events: "backends/v3/src/lib.rs"
	line   int
	msg    string
}

// tgiLog writes e as TGI does, text or --json-output. The launcher logs
// compact text or unflattened JSON (launcher/src/main.rs:2058-2067:
// fmt().json() or fmt().compact()), the message under "fields", and so
// re-emits its shards' Python lines (log_lines, main.rs:1340). The router
// logs full text with file and line, or flattened JSON with "message" at
// the top level (router/src/logging.rs:76-84: with_file, with_line_number,
// json().flatten_event(true)); the launcher prints its lines unchanged
// (spawn_webserver, main.rs:2002).
func tgiLog(json bool, e tgiEvent) string {
	span, fields := "", ""
	if e.span != "" {
		span = e.span + ": "
		if e.rank {
			fields = " rank={rank}"
		}
	}
	if !json {
		if e.file != "" {
			return fmt.Sprintf("{rfc3339}  INFO %s: %s:%d: %s", e.target, e.file, e.line, e.msg)
		}
		return fmt.Sprintf("{rfc3339}  INFO %s%s: %s%s", span, e.target, e.msg, fields)
	}
	msg := jsonString(e.msg)
	if e.file != "" {
		return fmt.Sprintf(`{"timestamp":"{rfc3339}","level":"INFO","message":%s,"target":%q,"filename":%q,"line_number":%d}`, msg, e.target, e.file, e.line)
	}
	l := fmt.Sprintf(`{"timestamp":"{rfc3339}","level":"INFO","fields":{"message":%s},"target":%q`, msg, e.target)
	if e.span != "" {
		sp := fmt.Sprintf(`{"name":%q}`, e.span)
		if e.rank {
			sp = fmt.Sprintf(`{"rank":{rank},"name":%q}`, e.span)
		}
		l += `,"span":` + sp + `,"spans":[` + sp + `]`
	}
	return l + "}"
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
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
	// Lines: tgiLog. The shards' --otlp-service-name is the launcher's
	// own, "text-generation-inference.router" by default (main.rs).
	kids := tgiShards(o)
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
			tgiLog(o.JSONOutput, tgiEvent{target: "text_generation_launcher", msg: "Starting Webserver"}), // main.rs:1838
			tgiLog(o.JSONOutput, tgiEvent{target: "text_generation_router_v3", file: "backends/v3/src/lib.rs", line: 125, msg: "Warming up model"}),
			tgiLog(o.JSONOutput, tgiEvent{target: "text_generation_router_v3", file: "backends/v3/src/lib.rs", line: 137, msg: fmt.Sprintf("Setting max batch total tokens to %d", maxTotal)}),
			tgiLog(o.JSONOutput, tgiEvent{target: "text_generation_router::server", file: "router/src/server.rs", line: 2298, msg: "Connected"}),
		},
	})
	argv := []string{"text-generation-launcher", "--model-id", m.ID, "--num-shard", fmt.Sprint(o.Shards), "--hostname", "127.0.0.1"}
	if o.JSONOutput {
		argv = append(argv, "--json-output")
		kids[len(kids)-1].Argv = append(kids[len(kids)-1].Argv, "--json-output") // main.rs:1922
	}
	return Spec{
		Argv:     append(argv, "--port", "{port}"),
		Comm:     "text-generation",
		Log:      tgiLauncherLog(o),
		Children: kids,
	}
}

// tgiLauncherLog is the launcher's own start: its arguments
// (main.rs:2075, tracing::info!("{:#?}", args)), then main.rs:2093 and
// download_convert_model (main.rs:1546).
func tgiLauncherLog(o TGIOptions) []string {
	m := o.Model
	l := "text_generation_launcher"
	args := fmt.Sprintf("Args {\n    model_id: %q,\n    revision: None,\n    num_shard: Some(\n        %d,\n    ),\n}", m.ID, o.Shards)
	var out []string
	if o.JSONOutput {
		out = append(out, tgiLog(true, tgiEvent{target: l, msg: args}))
	} else {
		// the pretty-printed Args continues on lines of its own
		lines := strings.Split(args, "\n")
		out = append(out, tgiLog(false, tgiEvent{target: l, msg: lines[0]}))
		out = append(out, lines[1:]...)
	}
	return append(out,
		tgiLog(o.JSONOutput, tgiEvent{target: l, msg: fmt.Sprintf("Sharding model on %d processes", o.Shards)}),
		tgiLog(o.JSONOutput, tgiEvent{target: l, span: "download", msg: "Successfully downloaded weights for " + m.ID}))
}

// tgiShards are the launcher's `text-generation-server serve` shards, one
// per GPU.
func tgiShards(o TGIOptions) []Spec {
	m := o.Model
	var kids []Spec
	maxTotal := o.MaxBatchTotalTokens()
	for r := 0; r < o.Shards; r++ {
		launcher := "text_generation_launcher"
		log := []string{
			tgiLog(o.JSONOutput, tgiEvent{target: launcher, span: "shard-manager", rank: true, msg: "Starting shard"}), // main.rs:1149
			// server/text_generation_server/server.py:309, re-emitted by
			// log_lines on a thread of its own (main.rs:1181), outside the
			// shard-manager span: no span, no rank
			tgiLog(o.JSONOutput, tgiEvent{target: launcher, msg: "Server started at unix:///tmp/text-generation-server-{rank}"}),
			tgiLog(o.JSONOutput, tgiEvent{target: launcher, span: "shard-manager", rank: true, msg: "Shard ready in 9.81s"}), // main.rs:1240
		}
		if r == 0 {
			// flash_causal_lm.py:1565, at warmup, by rank 0 only
			// (log_master); a block of one token (flashinfer's BLOCK_SIZE);
			// re-emitted outside the span as above
			log = append(log, tgiLog(o.JSONOutput, tgiEvent{target: launcher, msg: fmt.Sprintf("KV-cache blocks: %d, size: 1", maxTotal)}))
		}
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
			// The launcher relays shard output; these lines carry no PID,
			// so which process writes them is not seen.
			Log: log,
		})
	}
	return kids
}
