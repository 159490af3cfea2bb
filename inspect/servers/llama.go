package servers

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
)

// NameLlamaServer is llama.cpp's server.
const NameLlamaServer = "llama-server"

// llamaServer is llama.cpp's llama-server: /props, /slots, /metrics
// (with --metrics), /v1/models; --api-key guards all but /health.
type llamaServer struct{}

func (llamaServer) Name() string { return NameLlamaServer }

func (llamaServer) Recognise(p Process) Role {
	for _, b := range p.bases() {
		if b == "llama-server" {
			return API
		}
	}
	return NotServer
}

// LlamaCpp: llama-server is llama.cpp itself.
func (llamaServer) LlamaCpp() bool { return true }

func (llamaServer) Checks() []Check {
	return []Check{
		{Path: "/props", Match: func(r Reply) Verdict {
			switch {
			case r.Err == nil && isLlamaProps(r.Body):
				return Yes
			case (r.Status == 401 || r.Status == 403) && isLlamaAuthError(r.Body):
				return Maybe // keyed: unless another server claims the port
			}
			return No
		}},
		{Path: "/metrics", Shared: true, Match: func(r Reply) Verdict {
			if r.Err == nil && hasMetric(r.Body, "llamacpp:") {
				return Yes
			}
			return No
		}},
	}
}

func (llamaServer) Probe(ctx context.Context, req ProbeRequest) (*Facts, error) {
	var prev *LlamaState
	if req.Last != nil {
		prev, _ = req.Last.State.(*LlamaState)
	}
	key := ""
	if req.APIKey != nil {
		key = req.APIKey()
	}
	s, err := ProbeLlamaServer(ctx, req.Getter, req.Port, key, prev)
	if err != nil {
		return nil, err
	}
	f := &Facts{Status: status(s.Loading, s.NeedsKey), NCtx: s.NCtx, NCtxPerSlot: true,
		SlotsTotal: s.TotalSlots, SlotsBusy: s.BusySlots,
		TokensPerSecond: s.TokensPerSecond, KVUsageRatio: s.KVUsageRatio,
		OutputModalities: s.OutputModalities, Notes: endpointNotes(NameLlamaServer, s.Errors), State: &s,
		RequestsDeferred: floatPtr(s.RequestsDeferred)}
	if s.RequestsProcessing != nil {
		v := float64(*s.RequestsProcessing)
		f.RequestsProcessing = &v
	}
	if s.ModelPath != "" {
		f.ModelPaths = []string{s.ModelPath}
	}
	return f, nil
}

func isLlamaProps(body []byte) bool {
	var p struct {
		DGS        *struct{} `json:"default_generation_settings"`
		TotalSlots *number   `json:"total_slots"`
	}
	return decodeObject(body, &p) == nil && (p.DGS != nil || p.TotalSlots != nil && p.TotalSlots.ok)
}

// isLlamaAuthError matches llama-server's OpenAI-style
// {"error":{"code":401,"message":"Invalid API Key","type":"authentication_error"}}.
func isLlamaAuthError(body []byte) bool {
	var e struct {
		Error struct {
			Type text `json:"type"`
		} `json:"error"`
	}
	return decodeObject(body, &e) == nil && e.Error.Type == "authentication_error"
}

// LlamaState is what a llama-server (llama.cpp) says about itself.
type LlamaState struct {
	Source   string // RuntimeReported
	Loading  bool   // /health answered 503: the model is still loading
	Sleeping bool   // /props is_sleeping: idle, model memory released
	NeedsKey bool   // some endpoint answered 401/403: "API needs a key"

	// NCtx is the context of one slot, the most one request can use; with
	// several slots (and no unified KV) the KV cache holds NCtx*TotalSlots.
	NCtx       *int64
	NCtxSource string // where NCtx came from, e.g. "/props default_generation_settings.n_ctx"
	TotalSlots *int64
	BusySlots  *int64 // slots processing a request; nil when /slots is off

	ModelPath  string
	ModelAlias string
	Build      string   // /props build_info, e.g. "b6123-1a2b3c4d"
	Modalities []string // input modalities /props reports as on: "audio", "video", "vision"

	// From /v1/models, fetched only when the model path changed since prev.
	ModelIDs         []string
	Models           []LlamaModel
	OutputModalities []string // union over models: "text", "decisions", ...
	Capabilities     []string // Ollama-style models[].capabilities: "completion", "multimodal"

	// From /metrics (needs --metrics).
	TokensPerSecond       *float64 // llamacpp:predicted_tokens_seconds
	PromptTokensPerSecond *float64 // llamacpp:prompt_tokens_seconds
	RequestsProcessing    *int64
	RequestsDeferred      *int64
	KVUsageRatio          *float64 // llamacpp:kv_cache_usage_ratio (older builds only)
	KVTokens              *int64   // llamacpp:kv_cache_tokens (older builds only)
	DecodeCalls           *int64   // llamacpp:n_decode_total
	PromptTokensTotal     *int64
	PredictedTokensTotal  *int64

	// Errors maps an endpoint path to why it gave nothing; see ErrDisabled,
	// ErrNeedsKey, ErrLoading, ErrNotJSON.
	Errors map[string]error
}

// LlamaModel is one entry of llama-server's /v1/models.
type LlamaModel struct {
	ID               string // the -m path, or the --alias
	Aliases          []string
	NCtx             *int64 // meta.n_ctx (newer builds): the slot context
	NCtxTrain        *int64
	NParams          *int64
	Size             *int64 // bytes of weights
	InputModalities  []string
	OutputModalities []string
}

// ProbeLlamaServer reads /health, /props, /slots, /metrics and, when the
// model path changed since prev (or prev is nil), /v1/models. A refusing
// endpoint is recorded in Errors and leaves its fields unknown; the error
// is non-nil only when the server could not be reached at all or ctx ended.
func ProbeLlamaServer(ctx context.Context, g Getter, port int, apiKey string, prev *LlamaState) (LlamaState, error) {
	s := LlamaState{Source: RuntimeReported}
	hdr := bearer(apiKey)
	reached := false
	var firstErr error
	do := func(path string) ([]byte, bool) {
		a := get(ctx, g, port, path, hdr)
		reached = reached || a.reached
		if a.err != nil && firstErr == nil {
			firstErr = a.err
		}
		if errors.Is(a.err, ErrNeedsKey) {
			s.NeedsKey = true
		}
		setErr(&s.Errors, path, a.err)
		return a.body, a.err == nil
	}

	// /health is public and answers 503 while loading; every other
	// endpoint would only say the same, so stop there.
	if _, ok := do("/health"); !reached {
		return s, firstErr
	} else if !ok && errors.Is(s.Errors["/health"], ErrLoading) {
		s.Loading = true
		return s, nil
	}

	slotsOn, metricsOn := true, true
	if body, ok := do("/props"); ok {
		p, err := parseProps(body)
		setErr(&s.Errors, "/props", err)
		s.apply(p)
		slotsOn, metricsOn = !p.slotsOff, !p.metricsOff
	}

	if slotsOn {
		if body, ok := do("/slots"); ok {
			sl, err := parseSlots(body)
			setErr(&s.Errors, "/slots", err)
			s.BusySlots = sl.busy
			if s.TotalSlots == nil {
				s.TotalSlots = sl.total
			}
			s.nctx(sl.nctx, "/slots[0].n_ctx")
		}
	} else {
		setErr(&s.Errors, "/slots", fmt.Errorf("%w (/props endpoint_slots is false)", ErrDisabled))
	}

	if metricsOn {
		if body, ok := do("/metrics"); ok {
			m, _ := ParsePrometheus(body)
			s.applyMetrics(metrics(m))
		}
	} else {
		setErr(&s.Errors, "/metrics", fmt.Errorf("%w (/props endpoint_metrics is false)", ErrDisabled))
	}

	if prev == nil || prev.ModelPath != s.ModelPath || prev.ModelIDs == nil {
		if body, ok := do("/v1/models"); ok {
			if ms, caps, err := parseLlamaModels(body); err != nil {
				setErr(&s.Errors, "/v1/models", err) // ModelIDs stay nil: ask again next time
			} else {
				s.setModels(ms, caps)
			}
		}
	} else {
		s.ModelIDs, s.Models = prev.ModelIDs, prev.Models
		s.OutputModalities, s.Capabilities = prev.OutputModalities, prev.Capabilities
	}
	if len(s.Models) > 0 {
		s.nctx(s.Models[0].NCtx, "/v1/models meta.n_ctx")
	}

	if !reached {
		return s, firstErr
	}
	return s, ctx.Err()
}

// props is what /props gives, already checked.
type props struct {
	nctx                 *int64
	nctxSource           string
	totalSlots           *int64
	modelPath, alias     string
	build                string
	modalities           []string
	sleeping             bool
	slotsOff, metricsOff bool
}

// parseProps reads /props. Newer builds put n_ctx in
// default_generation_settings; a top-level n_ctx is read as a fallback.
func parseProps(body []byte) (props, error) {
	var raw struct {
		DGS struct {
			NCtx number `json:"n_ctx"`
		} `json:"default_generation_settings"`
		NCtx            number          `json:"n_ctx"`
		TotalSlots      number          `json:"total_slots"`
		ModelPath       text            `json:"model_path"`
		ModelAlias      text            `json:"model_alias"`
		BuildInfo       text            `json:"build_info"`
		Modalities      map[string]flag `json:"modalities"`
		IsSleeping      flag            `json:"is_sleeping"`
		EndpointSlots   flag            `json:"endpoint_slots"`
		EndpointMetrics flag            `json:"endpoint_metrics"`
	}
	if err := decodeObject(body, &raw); err != nil {
		return props{}, err
	}
	p := props{
		totalSlots: raw.TotalSlots.atLeast(1),
		modelPath:  string(raw.ModelPath),
		alias:      string(raw.ModelAlias),
		build:      string(raw.BuildInfo),
		sleeping:   raw.IsSleeping.v,
		slotsOff:   raw.EndpointSlots.ok && !raw.EndpointSlots.v,
		metricsOff: raw.EndpointMetrics.ok && !raw.EndpointMetrics.v,
	}
	if v := raw.DGS.NCtx.atLeast(1); v != nil {
		p.nctx, p.nctxSource = v, "/props default_generation_settings.n_ctx"
	} else if v := raw.NCtx.atLeast(1); v != nil {
		p.nctx, p.nctxSource = v, "/props n_ctx"
	}
	for k, f := range raw.Modalities {
		if f.v {
			p.modalities = append(p.modalities, k)
		}
	}
	sort.Strings(p.modalities)
	return p, nil
}

func (s *LlamaState) apply(p props) {
	s.nctx(p.nctx, p.nctxSource)
	s.TotalSlots = p.totalSlots
	s.ModelPath, s.ModelAlias, s.Build = p.modelPath, p.alias, p.build
	s.Modalities, s.Sleeping = p.modalities, p.sleeping
}

// nctx keeps the first known context size and where it came from.
func (s *LlamaState) nctx(v *int64, source string) {
	if s.NCtx == nil && v != nil {
		s.NCtx, s.NCtxSource = v, source
	}
}

type slotsInfo struct {
	total, busy, nctx *int64
}

// parseSlots reads /slots: is_processing in current builds, state (0 idle)
// in older ones.
func parseSlots(body []byte) (slotsInfo, error) {
	var raw list[struct {
		NCtx         number `json:"n_ctx"`
		IsProcessing flag   `json:"is_processing"`
		State        number `json:"state"`
	}]
	if err := decodeArray(body, &raw); err != nil {
		return slotsInfo{}, err
	}
	var si slotsInfo
	total, busy, known := int64(len(raw)), int64(0), false
	for _, sl := range raw {
		if sl.IsProcessing.ok {
			known = true
			if sl.IsProcessing.v {
				busy++
			}
		} else if st, ok := sl.State.int(); ok {
			known = true
			if st != 0 {
				busy++
			}
		}
	}
	if total > 0 {
		si.total = &total
		si.nctx = raw[0].NCtx.atLeast(1)
	}
	if known {
		si.busy = &busy
	}
	return si, nil
}

func (s *LlamaState) applyMetrics(m metrics) {
	s.TokensPerSecond = floatOf(m.max("llamacpp:predicted_tokens_seconds"))
	s.PromptTokensPerSecond = floatOf(m.max("llamacpp:prompt_tokens_seconds"))
	s.RequestsProcessing = countOf(m.sum("llamacpp:requests_processing"))
	s.RequestsDeferred = countOf(m.sum("llamacpp:requests_deferred"))
	s.KVUsageRatio = floatOf(m.max("llamacpp:kv_cache_usage_ratio"))
	s.KVTokens = countOf(m.sum("llamacpp:kv_cache_tokens"))
	s.DecodeCalls = countOf(m.sum("llamacpp:n_decode_total"))
	s.PromptTokensTotal = countOf(m.sum("llamacpp:prompt_tokens_total"))
	s.PredictedTokensTotal = countOf(m.sum("llamacpp:tokens_predicted_total"))
}

// parseLlamaModels reads /v1/models: OpenAI-style data[] with llama.cpp's
// meta and architecture, plus the Ollama-style models[] of newer builds.
func parseLlamaModels(body []byte) ([]LlamaModel, []string, error) {
	var raw struct {
		Data list[struct {
			ID      text  `json:"id"`
			Aliases texts `json:"aliases"`
			Meta    struct {
				NCtx      number `json:"n_ctx"`
				NCtxTrain number `json:"n_ctx_train"`
				NParams   number `json:"n_params"`
				Size      number `json:"size"`
			} `json:"meta"`
			Architecture struct {
				Input  texts `json:"input_modalities"`
				Output texts `json:"output_modalities"`
			} `json:"architecture"`
		}] `json:"data"`
		Models list[struct {
			Capabilities texts `json:"capabilities"`
		}] `json:"models"`
	}
	if err := decodeObject(body, &raw); err != nil {
		return nil, nil, err
	}
	var ms []LlamaModel
	for _, d := range raw.Data {
		if d.ID == "" {
			continue
		}
		ms = append(ms, LlamaModel{
			ID:               string(d.ID),
			Aliases:          d.Aliases,
			NCtx:             d.Meta.NCtx.atLeast(1),
			NCtxTrain:        d.Meta.NCtxTrain.atLeast(1),
			NParams:          d.Meta.NParams.atLeast(1),
			Size:             d.Meta.Size.atLeast(1),
			InputModalities:  d.Architecture.Input,
			OutputModalities: d.Architecture.Output,
		})
	}
	var caps []string
	for _, m := range raw.Models {
		caps = union(caps, m.Capabilities)
	}
	return ms, caps, nil
}

func (s *LlamaState) setModels(ms []LlamaModel, caps []string) {
	s.Models, s.Capabilities = ms, caps
	s.ModelIDs = []string{} // fetched: non-nil even when empty
	for _, m := range ms {
		s.ModelIDs = append(s.ModelIDs, m.ID)
		s.OutputModalities = union(s.OutputModalities, m.OutputModalities)
	}
}

// union appends the values of add not yet in dst, keeping first-seen order.
func union(dst, add []string) []string {
	for _, v := range add {
		if !slices.Contains(dst, v) {
			dst = append(dst, v)
		}
	}
	return dst
}
