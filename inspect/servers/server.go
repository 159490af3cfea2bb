package servers

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
)

// Server is one kind of inference server: how to recognise its processes,
// how to tell it on a port, and how to ask it what it holds. Each lives in
// its own file and is listed once in registry.go.
//
// What only some servers have (the flags that name the model they serve,
// a worker's rank, which log parser reads their log, an unload request)
// are the optional interfaces in abilities.go, found by a type assertion,
// so a server that lacks one needs no change and no caller names it.
type Server interface {
	// Name is the server's name in snapshots (JSON "server"); it never
	// changes once released.
	Name() string
	// Recognise tells from a process's name and command line whether it
	// is this server, and in which role; NotServer when it is not.
	Recognise(p Process) Role
	// Checks tell this server from others on a port (see Identify).
	Checks() []Check
	// Probe asks the server on req.Port what it holds. The error is
	// non-nil only when it gave nothing (down, refused, unreadable); what
	// one endpoint could not give is in Facts.Notes.
	Probe(ctx context.Context, req ProbeRequest) (*Facts, error)
}

// Process is what Recognise sees of a process. Name may be the 15-byte
// truncated Linux comm; Argv may be nil. A process that called
// setproctitle (vLLM's and SGLang's children) shows its title as argv[0]
// with the other arguments empty strings, and as comm cut to 15 bytes.
type Process struct {
	Name string
	Argv []string
	// Cwd is the process's working directory, "" when unknown. It tells a
	// relative `python main.py` (how comfy-cli starts ComfyUI) from others.
	Cwd string
	// Env reads one variable of the process's environment, "" when unset
	// or unreadable; nil when the environment is not at hand. It reads a
	// file each call: a server asks it only for a title it cannot place
	// otherwise (vLLM's VLLM_PROCESS_NAME_PREFIX).
	Env func(key string) string
}

// bases are the lower-case base names of the process name and argv[0].
func (p Process) bases() []string {
	b := []string{base(p.Name)}
	if len(p.Argv) > 0 {
		b = append(b, base(p.Argv[0]))
	}
	return b
}

// args are the arguments after argv[0].
func (p Process) args() []string {
	if len(p.Argv) > 1 {
		return p.Argv[1:]
	}
	return nil
}

// Role is how a process takes part in a server.
type Role int

const (
	NotServer Role = iota
	// API: the process serves the API on its own ports.
	API
	// Worker: the process does the work for an ancestor that serves the
	// API (an Ollama runner, vLLM's EngineCore and Worker_TP<n>, SGLang's
	// scheduler, TGI's Python shards). Its API is found on its nearest
	// ancestor recognised as the same server; when that ancestor is a
	// Launcher, on the Launcher's children of the same server in the API
	// role (TGI: launcher → router and shards are siblings).
	Worker
	// Launcher: the process starts a server's API and workers but answers
	// on no port itself (TGI's text-generation-launcher, comfy-cli's
	// `comfy launch`). Its API is on its children of the same server.
	Launcher
)

// String names a role in notes and tests.
func (r Role) String() string {
	switch r {
	case API:
		return "api"
	case Worker:
		return "worker"
	case Launcher:
		return "launcher"
	}
	return "none"
}

// Check is one GET that may tell a server by its answer.
type Check struct {
	Path string
	// Shared: other servers answer this path too (/metrics, /v1/models),
	// so it is asked only after every server's own paths.
	Shared bool
	// Fallback, when set, is the newer name of this endpoint: this path
	// is asked only when that one answered 404 (a server too old to have
	// it). Newer servers log a warning for every call of an old name.
	Fallback string
	Match    func(Reply) Verdict
}

// Reply is one GET's answer. Err is nil only for a 2xx; it wraps
// ErrNeedsKey, ErrDisabled or ErrLoading where the status says so.
type Reply struct {
	Status int
	Body   []byte
	Err    error
}

// Verdict is what a Check concludes.
type Verdict int

const (
	No Verdict = iota
	// Maybe: this server unless a later check says Yes for another (a
	// llama-server whose /props wants a key).
	Maybe
	Yes
)

// ProbeRequest is what a Probe may use.
type ProbeRequest struct {
	Getter Getter
	Port   int
	// APIKey reads the key the server was started with, "" for none. It
	// reads files as the process's user could, so call it only to send
	// the key to this server.
	APIKey func() string
	// Models are the model files the process is known to hold (confirmed
	// evidence), for servers whose API lists several models (Ollama).
	Models []ModelRef
	// Last is this server's last answer for the process and LastAt when
	// it came; nil for none. A server may keep a memo in Facts.State.
	Last   *Facts
	LastAt time.Time
}

// ModelRef is a model file a process holds, with its store name if known.
type ModelRef struct {
	Path string
	Name string // e.g. Ollama's "qwen3:8b"; "" when unknown
}

// Status values of Facts.Status, as in the snapshot's api_status.
const (
	StatusOK       = "ok"
	StatusLoading  = "loading"
	StatusNeedsKey = "needs_key"
)

// Facts is what a server's API reported, in the terms every server
// shares. Every value is runtime-reported; nil is unknown. Facts from Ask
// are checked: a number no server could hold was dropped with a note, so
// callers take what is left as it is.
type Facts struct {
	Status string // StatusOK, StatusLoading or StatusNeedsKey
	NCtx   *int64
	// NCtxPerSlot: NCtx is one slot's context (llama-server's /props),
	// not the server's whole context.
	NCtxPerSlot        bool
	SlotsTotal         *int64
	SlotsBusy          *int64
	TokensPerSecond    *float64
	RequestsProcessing *float64
	KVUsageRatio       *float64 // 0..1
	VRAMBytes          *int64   // the model's VRAM as the server counts it (Ollama's size_vram)
	OutputModalities   []string
	Model              string   // the model's name or instance id in that API
	ModelPaths         []string // model files the API names, as the server wrote them

	// RequestsWaiting: requests queued, not yet running
	// (vllm:num_requests_waiting, sglang:num_queue_reqs, tgi_queue_size,
	// ComfyUI's pending prompts).
	RequestsWaiting *float64
	// KVCapacityTokens: the tokens the server's KV cache holds, as the
	// server sizes it (vLLM num_gpu_blocks×block_size, SGLang
	// max_total_num_tokens, TGI max_batch_total_tokens); KVCapacityFrom
	// names the metric or field it came from.
	KVCapacityTokens *int64
	KVCapacityFrom   string
	// PromptTokens and GenerationTokens: counters since the server started.
	PromptTokens     *float64
	GenerationTokens *float64
	// PrefixCacheHitRatio: 0..1, tokens (vLLM V1, SGLang) or blocks (vLLM
	// V0) found in the prefix cache.
	PrefixCacheHitRatio *float64
	// Preemptions counts requests preempted for want of KV cache since the
	// server started (vllm:num_preemptions_total).
	Preemptions *float64
	// RequestsDeferred counts requests deferred because every slot was
	// busy (llamacpp:requests_deferred).
	RequestsDeferred *float64
	// MemoryFraction: the share of GPU memory the server was told to take
	// (vLLM --gpu-memory-utilization, SGLang --mem-fraction-static), 0..1.
	MemoryFraction *float64
	TensorParallel *int64
	// ModelRoot: what the model was loaded from, as the API says (vLLM
	// /v1/models root, SGLang model_path, TGI model_id): an HF id or a path.
	ModelRoot string
	// ModelDType: the weights' dtype as the API says (TGI model_dtype
	// "torch.float16", SGLang dtype); "" when unknown or "auto".
	ModelDType string
	// Devices: the devices the server says it computes on, with their
	// memory as it sees it (ComfyUI /system_stats).
	Devices []DeviceMemory
	// LoadedModels: model names the API says are in use (ComfyUI: the
	// checkpoint, UNet, VAE, LoRA, CLIP and ControlNet names in the running
	// and pending prompts), de-duplicated, at most maxLoadedModels.
	LoadedModels []string
	// Notes say what the server could not give (one endpoint failing),
	// with the server's name; at most maxNotes, each at most maxNoteLen.
	Notes []string
	// At is when Ask had the answer.
	At time.Time
	// State is the server's own memo of this answer, handed back as
	// ProbeRequest.Last next time (llama-server's model list).
	State any
}

// DeviceMemory is one device as the server reports it. Bytes are as the
// server counts them: VRAM* from the driver's view (torch.cuda.mem_get_info),
// TorchVRAM* from PyTorch's caching allocator (reserved, and free within
// it). Nil is unknown.
type DeviceMemory struct {
	Index          *int64 // the device index in the server's process; nil for a CPU
	Name           string // e.g. "cuda:0 NVIDIA GeForce RTX 4090 : cudaMallocAsync"
	Type           string // torch device type: "cuda", "cpu", "mps", "xpu"
	VRAMTotal      *int64
	VRAMFree       *int64
	TorchVRAMTotal *int64
	TorchVRAMFree  *int64
}

func status(loading, needsKey bool) string {
	switch {
	case needsKey:
		return StatusNeedsKey
	case loading:
		return StatusLoading
	}
	return StatusOK
}

// Limits on notes: a hostile server must not fill a snapshot with text.
const (
	maxNotes   = 3
	maxNoteLen = 240
)

// Note says in one bounded line what failed on a server. Errors here name
// paths and statuses, never headers, so no key reaches a note.
func Note(name, where string, err error) string {
	msg := name + " API"
	if where != "" {
		msg += " on " + where
	}
	return bound(msg + ": " + oneLine(err.Error()))
}

// endpointNotes turns a probe's per-endpoint errors into notes, leaving
// out what is a state rather than a fault: a key needed (the status says
// so), a model loading, an endpoint switched off (--no-slots).
func endpointNotes(name string, errs map[string]error) []string {
	paths := make([]string, 0, len(errs))
	for p, err := range errs {
		if !errors.Is(err, ErrNeedsKey) && !errors.Is(err, ErrLoading) && !errors.Is(err, ErrDisabled) {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	var notes []string
	for _, p := range paths {
		if len(notes) == maxNotes {
			break
		}
		err := errs[p]
		if !strings.Contains(err.Error(), p) {
			err = fmt.Errorf("%s: %w", p, err)
		}
		notes = append(notes, Note(name, "", err))
	}
	return notes
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// bound cuts s to maxNoteLen bytes on a rune boundary.
func bound(s string) string {
	if len(s) <= maxNoteLen {
		return s
	}
	cut := maxNoteLen - len("…")
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}
