package servers

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/inspect/torchlog"
)

// NameTGI is Hugging Face's text-generation-inference.
const NameTGI = "tgi"

// tgi is text-generation-inference: the Rust router answers /info and
// /metrics (huggingface/text-generation-inference router/src/server.rs);
// the launcher starts the router and one Python shard per GPU.
type tgi struct{}

func (tgi) Name() string { return NameTGI }

// Recognise: text-generation-launcher starts the others and answers on no
// port (launcher/src/main.rs spawns "text-generation-router" and, per
// shard, "text-generation-server serve MODEL --uds-path ..."); the router
// serves the API; the shards, Python scripts run as `python
// .../text-generation-server serve ...`, work for it over Unix sockets.
// The three share the comm "text-generation" (15 bytes), so without argv
// none is claimed. `text-generation-server download-weights` is a
// short-lived step, not a shard.
func (tgi) Recognise(p Process) Role {
	args := p.args()
	if len(p.Argv) > 0 {
		switch base(p.Argv[0]) {
		case "text-generation-launcher":
			return Launcher
		case "text-generation-router":
			return API
		case "text-generation-server":
			if firstWord(args) == "serve" {
				return Worker
			}
			return NotServer
		}
	}
	for _, b := range p.bases() {
		if strings.HasPrefix(b, "python") {
			for i, a := range args {
				if strings.HasPrefix(a, "-") {
					continue
				}
				if base(a) == "text-generation-server" && firstWord(args[i+1:]) == "serve" {
					return Worker
				}
				break
			}
		}
	}
	return NotServer
}

// tgiFlags: --model-id, --num-shard (launcher/src/main.rs).
var tgiFlags = servedFlags{model: []string{"--model-id"}, tp: []string{"--num-shard"}}

func (tgi) ServedArgs(argv []string) (string, int) { return tgiFlags.read(argv) }

// Rank: a shard's Unix socket ends in its rank, "--uds-path
// /tmp/text-generation-server-1".
func (tgi) Rank(p Process) (int, bool) {
	argv := p.Argv
	for i, a := range argv {
		v, found := strings.CutPrefix(a, "--uds-path=")
		if !found && a == "--uds-path" && i+1 < len(argv) {
			v, found = argv[i+1], true
		}
		if !found {
			continue
		}
		if j := strings.LastIndexByte(v, '-'); j >= 0 {
			if n, ok := leadingInt(v[j+1:]); ok && j+1+len(strconv.Itoa(n)) == len(v) {
				return n, true
			}
		}
	}
	return 0, false
}

func (tgi) LogEngine() string { return torchlog.TGI }

func (tgi) Checks() []Check {
	return []Check{
		{Path: "/info", Match: func(r Reply) Verdict {
			if r.Err == nil && isTGIInfo(r.Body) {
				return Yes
			}
			return No
		}},
		{Path: "/metrics", Shared: true, Match: func(r Reply) Verdict {
			if r.Err == nil && hasMetric(r.Body, "tgi_") {
				return Yes
			}
			return No
		}},
	}
}

// isTGIInfo: a model_id with the router's name, or with max_total_tokens
// (every Info since the router field; router/src/lib.rs).
func isTGIInfo(body []byte) bool {
	var i struct {
		ModelID        text   `json:"model_id"`
		Router         text   `json:"router"`
		MaxTotalTokens number `json:"max_total_tokens"`
	}
	return decodeObject(body, &i) == nil && i.ModelID != "" &&
		(strings.HasPrefix(string(i.Router), "text-generation-router") || i.MaxTotalTokens.ok)
}

func (tgi) Probe(ctx context.Context, req ProbeRequest) (*Facts, error) {
	key := ""
	if req.APIKey != nil {
		key = req.APIKey()
	}
	s, err := ProbeTGI(ctx, req.Getter, req.Port, key)
	if err != nil {
		return nil, err
	}
	f := &Facts{Status: status(false, s.NeedsKey), NCtx: s.MaxTotalTokens,
		Model: s.ModelID, ModelRoot: s.ModelID, ModelDType: s.ModelDType,
		RequestsWaiting: floatPtr(s.QueueSize), RequestsProcessing: floatPtr(s.BatchSize),
		PromptTokens: floatPtr(s.InputTokens), GenerationTokens: floatPtr(s.GeneratedTokens),
		KVCapacityTokens: s.MaxBatchTotalTokens, KVCapacityFrom: s.MaxBatchTotalTokensFrom,
		Notes: endpointNotes(NameTGI, s.Errors)}
	return f, nil
}

// TGIState is what a text-generation-inference router says about itself.
type TGIState struct {
	Source   string // RuntimeReported
	NeedsKey bool   // an endpoint answered 401/403 (--api-key)

	// From /info (router/src/lib.rs Info).
	ModelID         string // --model-id: an HF id or a local folder
	ModelSHA        string
	ModelDType      string // "torch.float16"; in /info up to 2.2 only
	ModelDeviceType string // "cuda"; in /info up to 2.2 only
	PipelineTag     string
	Router          string // "text-generation-router"
	Version         string
	// MaxTotalTokens is the most tokens (prompt + generated) one request
	// may hold; MaxInputTokens its prompt part (max_input_length before 2.0).
	MaxTotalTokens        *int64
	MaxInputTokens        *int64
	MaxConcurrentRequests *int64
	// MaxBatchTotalTokens is the KV cache in tokens, as the shards sized it
	// at warm-up: /info max_batch_total_tokens (up to 2.2), else the
	// tgi_batch_max_total_tokens gauge; MaxBatchTotalTokensFrom names which.
	MaxBatchTotalTokens     *int64
	MaxBatchTotalTokensFrom string

	// From /metrics (router/src/server.rs, backends/v3/src/*.rs).
	QueueSize             *int64 // tgi_queue_size: requests waiting
	BatchSize             *int64 // tgi_batch_current_size: requests running
	BatchCurrentMaxTokens *int64 // tgi_batch_current_max_tokens: tokens the running batch may reach
	RequestCount          *int64 // tgi_request_count since start
	GeneratedTokens       *int64 // tgi_request_generated_tokens_sum: over finished requests
	InputTokens           *int64 // tgi_request_input_length_sum: over validated requests

	Errors map[string]error // per endpoint path, as in LlamaState
}

// ProbeTGI reads /info and /metrics.
func ProbeTGI(ctx context.Context, g Getter, port int, apiKey string) (TGIState, error) {
	s := TGIState{Source: RuntimeReported}
	hdr := bearer(apiKey)
	reached := false
	var firstErr error
	for _, path := range []string{"/info", "/metrics"} {
		a := get(ctx, g, port, path, hdr)
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
		setErr(&s.Errors, path, s.applyInfo(a.body))
	}
	if !reached {
		return s, firstErr
	}
	return s, ctx.Err()
}

func (s *TGIState) applyInfo(body []byte) error {
	var i struct {
		ModelID               text   `json:"model_id"`
		ModelSHA              text   `json:"model_sha"`
		ModelDType            text   `json:"model_dtype"`
		ModelDeviceType       text   `json:"model_device_type"`
		PipelineTag           text   `json:"model_pipeline_tag"`
		Router                text   `json:"router"`
		Version               text   `json:"version"`
		MaxTotalTokens        number `json:"max_total_tokens"`
		MaxInputTokens        number `json:"max_input_tokens"`
		MaxInputLength        number `json:"max_input_length"`
		MaxConcurrentRequests number `json:"max_concurrent_requests"`
		MaxBatchTotalTokens   number `json:"max_batch_total_tokens"`
	}
	if err := decodeObject(body, &i); err != nil {
		return err
	}
	s.ModelID, s.ModelSHA = string(i.ModelID), string(i.ModelSHA)
	s.ModelDType, s.ModelDeviceType = string(i.ModelDType), string(i.ModelDeviceType)
	s.PipelineTag, s.Router, s.Version = string(i.PipelineTag), string(i.Router), string(i.Version)
	s.MaxTotalTokens = i.MaxTotalTokens.atLeast(1)
	s.MaxInputTokens = i.MaxInputTokens.atLeast(1)
	if s.MaxInputTokens == nil {
		s.MaxInputTokens = i.MaxInputLength.atLeast(1)
	}
	s.MaxConcurrentRequests = i.MaxConcurrentRequests.atLeast(1)
	if v := i.MaxBatchTotalTokens.atLeast(1); v != nil {
		s.MaxBatchTotalTokens, s.MaxBatchTotalTokensFrom = v, "/info max_batch_total_tokens"
	}
	return nil
}

func (s *TGIState) applyMetrics(m metrics) {
	s.QueueSize = countOf(m.sum("tgi_queue_size"))
	s.BatchSize = countOf(m.sum("tgi_batch_current_size"))
	s.BatchCurrentMaxTokens = countOf(m.sum("tgi_batch_current_max_tokens"))
	s.RequestCount = countOf(m.sum("tgi_request_count"))
	s.GeneratedTokens = countOf(m.sum("tgi_request_generated_tokens_sum"))
	s.InputTokens = countOf(m.sum("tgi_request_input_length_sum"))
	if s.MaxBatchTotalTokens == nil {
		if v := countOf(m.max("tgi_batch_max_total_tokens")); v != nil && *v > 0 {
			s.MaxBatchTotalTokens, s.MaxBatchTotalTokensFrom = v, "tgi_batch_max_total_tokens"
		}
	}
}
