package torchlog

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gputaskman/gtm/inspect/llamacpplog"
)

// The engines whose logs are read.
const (
	VLLM   = "vllm"
	SGLang = "sglang"
	TGI    = "tgi"
)

// Report is the newest load block of one engine's log: every byte figure is
// reported (what the engine printed when it loaded, rounded as printed),
// never measured. A nil pointer is a figure the block did not log.
type Report struct {
	Engine string
	Path   string
	// Ranks has one entry per worker that logged memory figures, ordered by
	// rank (a single-GPU server: one, Rank 0); workers whose rank the lines
	// do not name (-1) come last.
	Ranks []Rank
	// KVTokens is the engine-wide KV capacity in tokens, as reported: vLLM
	// "GPU KV cache size", SGLang max_total_num_tokens (else the KV pool's
	// "#tokens"), TGI "max batch total tokens".
	KVTokens *uint64
	// MaxConcurrency is vLLM's reported "Maximum concurrency": how many
	// requests of ConcurrencyTokens tokens each fit in the KV cache at once.
	MaxConcurrency    *float64
	ConcurrencyTokens *uint64
	// MaxNumBatchedTokens is vLLM's scheduler budget a step, as its
	// "Chunked prefill is enabled with max_num_batched_tokens=N." says:
	// what a sliding-window layer reserves per request depends on it.
	MaxNumBatchedTokens *uint64
	// GPUBlocks is the reported count of KV-cache blocks in GPU memory: vLLM
	// V0 "# GPU blocks" (or "# cuda blocks"), TGI "KV-cache blocks".
	GPUBlocks *uint64
	// CPUBlocks is vLLM V0's "# CPU blocks": swap space in host memory.
	CPUBlocks *uint64
	// BlockSize is TGI's reported tokens per KV-cache block ("size: N").
	BlockSize *uint64
	// KVTokensMeaning says what vLLM's KVTokens counts: KVTokensBlocks or
	// KVTokensConcurrency; "" when it cannot be told (or not vLLM).
	KVTokensMeaning string
	// KVSameOnEveryRank: the engine gives every rank the same KV cache
	// (vLLM), so a rank that logged none holds what another rank reports.
	KVSameOnEveryRank bool
	// Model is what the block's start marker names (vLLM's model='...',
	// SGLang's model_path, TGI's model_id); "" unknown.
	Model string
	// Version is the engine's version as its start lines name it (vLLM's
	// "vLLM server version 0.20.0", "V1 LLM engine (v0.11.0)"); "" unknown.
	Version string
	// Started and Last are the block's first and newest timestamps; zero
	// when its lines carry none. Year-less and date-less stamps are placed
	// nearest before the file's modification time.
	Started, Last time.Time
	// Dated says how the block was placed after the process start
	// (llamacpplog.DatedByTimestamps or llamacpplog.DatedByMtime); "" from Parse.
	Dated string
	// Ready: the engine logged that it is serving (vLLM "Starting vLLM API
	// server", SGLang "fired up and ready to roll", TGI router "Connected").
	Ready bool
	Notes []string // at most maxNotes caveats: dropped values, failed profiling
}

// Rank is one worker's memory, as that worker logged it.
type Rank struct {
	Rank int // -1 when the lines name none
	PID  int // 0 when the lines name none (vLLM's "(VllmWorker rank=1 pid=4242)" and similar prefixes)
	// Worker is the worker's tag as written: "VllmWorker rank=1",
	// "Worker_TP1", "EngineCore_DP0", SGLang's "DP0 TP1 EP1"; "" untagged.
	Worker string
	// Bytes in that worker's GPU memory, as logged, rounded as printed.
	// Weights: vLLM "Model loading took" / "weights memory"; SGLang "Load
	// weight end ... mem usage" (summed over distinct model types, e.g. a
	// speculative draft). KVCache: vLLM "Available KV cache memory" / V0
	// "reserved for KV Cache"; SGLang every pool's K+V or KV size and the
	// Mamba state (KVPools). Activations: vLLM's
	// torch activation peak. CUDAGraphs: vLLM "Graph capturing finished ...
	// took"; SGLang "Capture ... graph end ... mem usage" (summed over
	// distinct captures). NonTorch: vLLM's non-torch memory (NCCL, CUDA
	// context growth). Recurrent: SGLang's Mamba state (conv + ssm, and
	// the intermediate caches speculative decoding adds), also counted in
	// KVCache: both are what the rank set aside for requests' state.
	Weights, KVCache, Activations, CUDAGraphs, NonTorch, Recurrent *uint64
	// KVPools are the pools KVCache adds, as logged, in the order they
	// were allocated (SGLang: one per "KV Cache is allocated" line, and
	// the Mamba state); nil for an engine that logs one figure.
	KVPools []KVPool
}

// KVPool is one cache a rank allocated for requests' state.
type KVPool struct {
	// Name says which pool: the model it serves ("target", "draft" of a
	// speculative decoder) and its kind ("sliding-window", "full-attention",
	// "Mamba state").
	Name   string
	Bytes  uint64
	Tokens *uint64 // the pool's #tokens as logged; nil when not logged
}

// Bounds on what one parse keeps.
const (
	maxBlocks   = 16
	maxRanks    = 64
	maxNotes    = 3
	maxLabels   = 8 // distinct weight/graph/KV labels per rank
	maxModel    = 1024
	maxVersion  = 64
	maxWorker   = 64
	maxBytes    = 1 << 50 // 1 PiB: any single reported figure above is garbage
	maxTokens   = 1 << 40
	maxBlockLen = 1 << 20
)

// Parse returns the newest load block in r written by engine (VLLM,
// SGLang or TGI), or nil when r holds none or engine is unknown. Year-less
// timestamps are placed before now.
func Parse(engine string, r io.Reader) *Report {
	return ParseAt(engine, r, time.Now())
}

// ParseAt is Parse placing year-less and date-less timestamps nearest
// before ref (a file's modification time).
func ParseAt(engine string, r io.Reader, ref time.Time) *Report {
	p := newParser(engine)
	if p == nil {
		return nil
	}
	llamacpplog.ScanLines(r, p.line)
	for i := len(p.blocks) - 1; i >= 0; i-- {
		if !p.blocks[i].empty() {
			return p.blocks[i].report(engine, ref)
		}
	}
	return nil
}

// Detect says which engine wrote the log text in r ("" none), from the
// first llamacpplog.MaxTail bytes.
func Detect(r io.Reader) string {
	var score [3]int
	llamacpplog.ScanLines(io.LimitReader(r, llamacpplog.MaxTail), func(b []byte, _ int64) {
		for i, keys := range detectKeys {
			for _, k := range keys {
				if bytes.Contains(b, []byte(k)) {
					score[i]++
				}
			}
		}
	})
	best, engine := 0, ""
	for i, e := range []string{VLLM, SGLang, TGI} {
		if score[i] > best {
			best, engine = score[i], e
		}
	}
	return engine
}

// detectKeys are strings only one engine's log holds, in engine order.
var detectKeys = [3][]string{
	{"vLLM API server version", "LLM engine (v", "Available KV cache memory:", "GPU KV cache size:",
		"Model loading took", "(VllmWorker", "(EngineCore_DP", "(EngineCore pid=", "[gpu_model_runner.py:", "executor_base.py:",
		"vLLM server version ", "Starting vLLM server on "},
	{"server_args=ServerArgs(", "server_args={'", "Load weight begin. avail mem=", "Load weight end.", "KV Cache is allocated.",
		"max_total_num_tokens=", "fired up and ready to roll"},
	{"text_generation_launcher", "text_generation_router", "text-generation-launcher"},
}

// block is one load being read.
type block struct {
	first, last stamp
	markers     map[string]bool // marker kind + "\x00" + worker tag
	hasFigures  bool
	ranks       map[string]*rankAcc
	order       []string // rank keys in first-seen order
	rep         Report   // engine-wide fields
	kvPool      *uint64  // SGLang's per-rank "#tokens", when max_total_num_tokens is missing
	// batchedLate: vLLM's max_num_batched_tokens came after this block's
	// figures, so it is the next load's (vllmBatched).
	batchedLate bool
	speculative string // SGLang's speculative_algorithm ("EAGLE"), "" none
}

// rankAcc gathers one worker's figures; labelled ones (a model type, a
// graph capture's name) add across labels and replace within one.
type rankAcc struct {
	r                      Rank
	weights, graphs, kv    labels
	acts, nonTorch, recurr *uint64
	pools                  []KVPool // in kv's order (SGLang)
	groups                 int      // models whose pools were seen (SGLang)
}

type labels struct {
	keys []string
	vals []uint64
}

func (l *labels) set(k string, v uint64) {
	for i, x := range l.keys {
		if x == k {
			l.vals[i] = v
			return
		}
	}
	if len(l.keys) < maxLabels {
		l.keys = append(l.keys, k)
		l.vals = append(l.vals, v)
	}
}

func (l *labels) sum() *uint64 {
	if len(l.vals) == 0 {
		return nil
	}
	var s uint64
	for _, v := range l.vals {
		s += v // each is below maxBytes, so maxLabels of them cannot overflow
	}
	return &s
}

// parser reads one engine's lines into blocks, oldest first.
type parser struct {
	engine string
	blocks []*block
	line   func(b []byte, off int64)
	inArgs bool // TGI: inside the launcher's pretty-printed "Args {" ... "}"
}

func newParser(engine string) *parser {
	p := &parser{engine: engine}
	switch engine {
	case VLLM:
		p.line = p.vllm
	case SGLang:
		p.line = p.sglang
	case TGI:
		p.line = p.tgi
	default:
		return nil
	}
	return p
}

// clean strips colours, the line end and a leading RFC 3339 stamp: TGI's
// own, or docker --timestamps', which being dated and UTC is preferred over
// an engine's naive local one.
func clean(b []byte) (string, stamp) {
	if bytes.IndexByte(b, 0x1b) >= 0 {
		b = llamacpplog.StripANSI(b)
	}
	b = bytes.TrimRight(b, "\r\n")
	s := string(b)
	var st stamp
	if t, rest, ok := llamacpplog.CutRFC3339(s); ok {
		st, s = stamp{kind: stampFull, t: t}, rest
	}
	return s, st
}

// cur returns the block being read, starting one if there is none.
func (p *parser) cur() *block {
	if len(p.blocks) == 0 {
		return p.push()
	}
	return p.blocks[len(p.blocks)-1]
}

func (p *parser) push() *block {
	if len(p.blocks) == maxBlocks {
		copy(p.blocks, p.blocks[1:])
		p.blocks = p.blocks[:maxBlocks-1]
	}
	b := &block{markers: map[string]bool{}, ranks: map[string]*rankAcc{}}
	p.blocks = append(p.blocks, b)
	return b
}

// marker handles a start marker of kind from the worker tagged tag. A new
// block begins when this block already saw the same marker from the same
// process (a restart), when it holds figures but no marker at all (the
// tail began mid-load), or when a top-level marker (the server's first
// line) follows figures.
func (p *parser) marker(kind, tag string, top bool, st stamp) *block {
	b := p.cur()
	key := kind + "\x00" + tag
	switch {
	case b.markers[key] || b.hasFigures && (len(b.markers) == 0 || top):
		old := b
		b = p.push()
		if old.batchedLate {
			b.rep.MaxNumBatchedTokens = old.rep.MaxNumBatchedTokens
		}
	case len(b.markers) == 0 && !b.hasFigures:
		// Only lines of no account so far (an earlier process's request
		// noise): the load starts here, not with them. vLLM's scheduler
		// budget, logged as its config is built, may come before the
		// engine's first marker (an offline LLM has no API server line).
		batched := b.rep.MaxNumBatchedTokens
		*b = block{markers: map[string]bool{}, ranks: map[string]*rankAcc{}}
		b.rep.MaxNumBatchedTokens = batched
	}
	b.markers[key] = true
	b.touch(st)
	return b
}

// empty: neither a start marker nor a figure, only other lines (request
// noise at the head of a tail): not a load.
func (b *block) empty() bool { return len(b.markers) == 0 && !b.hasFigures }

func (b *block) touch(st stamp) {
	if st.kind == stampNone {
		return
	}
	if b.first.kind == stampNone {
		b.first = st
	}
	b.last = st
}

// rank returns the accumulator for the worker tagged tag.
func (b *block) rank(tag string, rank, pid int) *rankAcc {
	key := tag + "\x00" + strconv.Itoa(pid)
	if a := b.ranks[key]; a != nil {
		return a
	}
	if len(b.ranks) >= maxRanks {
		b.note(fmt.Sprintf("more than %d workers logged memory; the rest are left out", maxRanks))
		return nil
	}
	a := &rankAcc{r: Rank{Rank: rank, PID: pid, Worker: clip(tag, maxWorker)}}
	b.ranks[key] = a
	b.order = append(b.order, key)
	return a
}

func (b *block) note(s string) {
	for _, n := range b.rep.Notes {
		if n == s {
			return
		}
	}
	if len(b.rep.Notes) < maxNotes {
		b.rep.Notes = append(b.rep.Notes, s)
	}
}

// report builds the Report, completing partial timestamps against ref.
func (b *block) report(engine string, ref time.Time) *Report {
	r := b.rep
	r.Engine = engine
	r.Notes = append([]string(nil), b.rep.Notes...)
	if r.KVTokens == nil && b.kvPool != nil {
		v := *b.kvPool
		r.KVTokens = &v
	}
	r.Started, r.Last = b.first.resolve(ref), b.last.resolve(ref)
	if engine == VLLM {
		vllmFinish(&r)
	}
	for _, k := range b.order {
		a := b.ranks[k]
		x := a.r
		x.Weights, x.CUDAGraphs, x.KVCache = a.weights.sum(), a.graphs.sum(), a.kv.sum()
		x.Activations, x.NonTorch, x.Recurrent = a.acts, a.nonTorch, a.recurr
		x.KVPools = append([]KVPool(nil), a.pools...)
		if len(x.KVPools) == 0 {
			x.KVPools = nil
		}
		if x.Weights == nil && x.KVCache == nil && x.Activations == nil && x.CUDAGraphs == nil &&
			x.NonTorch == nil && x.Recurrent == nil {
			continue
		}
		r.Ranks = append(r.Ranks, x)
		r.notePools(x.KVPools)
	}
	sort.SliceStable(r.Ranks, func(i, j int) bool {
		a, b := r.Ranks[i].Rank, r.Ranks[j].Rank
		if (a < 0) != (b < 0) {
			return b < 0
		}
		return a < b
	})
	return &r
}

// notePools says, once for ranks alike, which pools a rank's KV cache
// adds when it adds more than one.
func (r *Report) notePools(pools []KVPool) {
	if len(pools) < 2 {
		return
	}
	names := make([]string, len(pools))
	for i, p := range pools {
		names[i] = p.Name
	}
	n := fmt.Sprintf("the KV cache adds the %d pools the rank logged: %s", len(pools), strings.Join(names, ", "))
	for _, x := range r.Notes {
		if x == n {
			return
		}
	}
	if len(r.Notes) < maxNotes {
		r.Notes = append(r.Notes, n)
	}
}

// size reads a reported figure "12.34 GiB", "12.34GiB" or "12.34 GB" at
// the start of s. Both units are 2^30 bytes: see the package comment.
// A negative figure (vLLM's "Available KV cache memory: -0.41 GiB" when
// the model does not fit) comes back with neg set.
func size(s string) (n uint64, neg, ok bool) {
	s = strings.TrimLeft(s, " ")
	if strings.HasPrefix(s, "-") {
		neg, s = true, s[1:]
	}
	i := 0
	for i < len(s) && i < 24 && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 {
		return 0, false, false
	}
	v, err := strconv.ParseFloat(s[:i], 64)
	rest := strings.TrimLeft(s[i:], " ")
	if err != nil || !(strings.HasPrefix(rest, "GiB") || strings.HasPrefix(rest, "GB")) {
		return 0, false, false
	}
	b := v * (1 << 30)
	if math.IsNaN(b) || b >= maxBytes {
		return 0, neg, false
	}
	return uint64(math.Round(b)), neg, true
}

// count reads a non-negative integer with optional thousands commas
// ("450,816") at the start of s.
func count(s string) (uint64, bool) {
	s = strings.TrimLeft(s, " ")
	var v uint64
	n := 0
	for i := 0; i < len(s) && i < 32; i++ {
		c := s[i]
		if c == ',' && n > 0 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		v = v*10 + uint64(c-'0')
		n++
		if n > 15 {
			return 0, false
		}
	}
	return v, n > 0
}

// after returns what follows the first key in s.
func after(s, key string) (string, bool) {
	i := strings.Index(s, key)
	if i < 0 {
		return "", false
	}
	return s[i+len(key):], true
}

// sizeAfter reads the figure after key, dropping it (with a note) when it
// is out of range.
func (b *block) sizeAfter(s, key, what string) *uint64 {
	return b.sizeAfterOr(s, key, what, negNoRoom)
}

// negNoRoom is why a memory figure an engine logged negative is unknown.
const negNoRoom = "the engine found no room for it"

// sizeAfterOr is sizeAfter saying why, when the figure is negative, it is
// unknown.
func (b *block) sizeAfterOr(s, key, what, whyNegative string) *uint64 {
	rest, ok := after(s, key)
	if !ok {
		return nil
	}
	n, neg, ok := size(rest)
	if neg {
		b.note(what + " was reported negative: " + whyNegative)
		return nil
	}
	if !ok {
		if t := strings.TrimLeft(rest, " -"); t != "" && t[0] >= '0' && t[0] <= '9' {
			b.note(what + " is out of range or in an unknown unit; dropped")
		}
		return nil
	}
	return &n
}

// tokensAfter reads a count after key, range-checked.
func (b *block) tokensAfter(s, key string, limit uint64) *uint64 {
	rest, ok := after(s, key)
	if !ok {
		return nil
	}
	n, ok := count(rest)
	if !ok || n > limit {
		if ok {
			b.note(fmt.Sprintf("a reported count (%d) is out of range; dropped", n))
		}
		return nil
	}
	return &n
}

// quoted returns the text after key up to the closing quote q.
func quoted(s, key string, q byte) string {
	rest, ok := after(s, key)
	if !ok {
		return ""
	}
	if i := strings.IndexByte(rest, q); i >= 0 {
		rest = rest[:i]
	}
	return clip(rest, maxModel)
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
