package llamacpplog

import (
	"bufio"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Kind is what a buffer holds.
type Kind string

const (
	KindWeights   Kind = "weights"   // "model buffer": the model's tensors
	KindAdapter   Kind = "adapter"   // "LoRA buffer"
	KindKV        Kind = "kv"        // "KV buffer": attention KV cache
	KindRecurrent Kind = "recurrent" // "RS buffer": recurrent state (Mamba, RWKV, hybrid models)
	KindCompute   Kind = "compute"   // "compute buffer": the scheduler's graph memory
	KindOutput    Kind = "output"    // "output buffer": logits/embeddings
	KindInput     Kind = "input"     // "input buffer": older llama.cpp only
)

// SourceOllama marks buffers from Ollama's own memory summary ("model
// weights", "kv cache", "compute graph"). For Ollama's llama engine that
// summary is Ollama's estimate; for its own engine it is what the runner
// allocated. llama.cpp's lines, when a block has them, are preferred.
const SourceOllama = "ollama"

// Buffer is one reported allocation.
type Buffer struct {
	Kind        Kind
	Backend     string // as written: CUDA0, CUDA_Host, CPU_Mapped, Vulkan0, MTL0, ...
	Device      bool   // accelerator (GPU) memory
	Host        bool   // host memory, pinned or not; neither flag: unknown backend
	DeviceIndex *int   // from the backend name, when it has one
	Bytes       uint64 // reported, rounded to what the log prints (0.01 MiB)
	Source      string // the line's prefix: load_tensors, llama_kv_cache, sched_reserve, ollama, ...
}

// KVCache is one "size = ... (cells, layers, seqs), K (type): ..., V (type): ..."
// summary. A sliding-window model logs two, one per cache.
type KVCache struct {
	Bytes          uint64
	Cells, Layers  int // 0 when the older "KV self size" form was logged
	SeqMax, Stream int // "%u/%u seqs" (n_seq_max/n_stream); Stream 0 when not printed
	TypeK, TypeV   string
	KBytes, VBytes uint64
	SWA            string // "swa" or "non-swa" for an interleaved-SWA model, else ""
	Source         string
}

// Context holds llama_context's parameter lines; 0 or "" when not seen.
type Context struct {
	NCtx, NCtxSeq, NBatch, NUBatch, NSeqMax int    // NCtxSeq: n_ctx_seq, formerly n_ctx_per_seq
	FlashAttn                               string // "enabled"/"disabled"/"auto", or "1"/"0" in older builds
	KVUnified                               string
}

// Block is one model load: from its first marker (Ollama's "starting llama
// server", llama.cpp's "build:", "using device", "loaded meta data",
// "loading model") or its first model buffer line, to the next load.
type Block struct {
	Offset  int64 // byte offset of the block's first line in the file
	Session int   // numbers the processes in the text read: it goes up at each process start recognised

	ModelPath, ModelName string
	FileType, Params     string // as printed: "Q8_0", "596.05 M"
	FileBytes            uint64 // the loader's reported file size
	Buffers              []Buffer
	KV                   []KVCache
	Context              Context
	Ready                bool   // the runtime logged that the load finished
	OllamaTotal          uint64 // Ollama's "total memory", when logged

	// First and Last are wall-clock times written on the block's lines
	// (Ollama's time=, a leading RFC 3339 stamp); zero when none carried one.
	First, Last time.Time
	// FirstElapsed and LastElapsed come from llama.cpp's --log-timestamps:
	// time since that process's log started, not a wall clock.
	FirstElapsed, LastElapsed time.Duration
	HasElapsed                bool

	after                          time.Time // newest wall time on any line before the block: a lower bound
	hasContent, hasNonW, vocabOnly bool
}

// Bounds on what one parse keeps.
const (
	MaxLine    = 64 << 10 // longer lines are skipped
	maxBlocks  = 64       // newest kept
	maxBuffers = 128
	maxKV      = 16
	maxPath    = 4096
	maxName    = 256
)

// Parse reads llama.cpp or Ollama log text and returns its load blocks,
// oldest first. Offsets are relative to r's start.
func Parse(r io.Reader) []Block {
	p := &parser{}
	scanLines(r, 0, false, false, p.line)
	return p.finish()
}

// ScanLines calls fn with each line of r and its offset, skipping lines
// longer than MaxLine; it returns how many it skipped. Memory stays
// bounded by MaxLine whatever r holds.
func ScanLines(r io.Reader, fn func(line []byte, off int64)) (skipped int) {
	return scanLines(r, 0, false, false, fn)
}

// scanLines calls fn for each line of r, skipping lines longer than
// MaxLine and returning how many it skipped. off is the offset of r's
// first byte. dropFirst drops the first line (a partial one, when reading
// starts mid-file); dropOpen drops a last line with no newline (one being
// written).
func scanLines(r io.Reader, off int64, dropFirst, dropOpen bool, fn func(b []byte, off int64)) (skipped int) {
	br := readers.Get().(*bufio.Reader)
	br.Reset(r)
	defer func() { br.Reset(nil); readers.Put(br) }()
	drop, long := dropFirst, false
	for {
		b, err := br.ReadSlice('\n')
		full := err == bufio.ErrBufferFull
		switch {
		case drop:
			drop = full
		case full:
			if !long {
				skipped++
			}
			long = true
		case long:
			long = false // the end of an overlong line
		case len(b) > 0 && (err == nil || !dropOpen):
			fn(b, off)
		}
		off += int64(len(b))
		if err != nil && !full {
			return skipped
		}
	}
}

// readers reuses line readers: each holds a MaxLine buffer.
var readers = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, MaxLine) }}

type parser struct {
	blocks      []Block
	session     int
	lastWall    time.Time
	lastElapsed time.Duration
	haveElapsed bool
	pendingSWA  string
}

func (p *parser) cur() *Block {
	if len(p.blocks) == 0 {
		return nil
	}
	return &p.blocks[len(p.blocks)-1]
}

// start opens a new block at off.
func (p *parser) start(off int64) *Block {
	if len(p.blocks) == maxBlocks {
		copy(p.blocks, p.blocks[1:])
		p.blocks = p.blocks[:maxBlocks-1]
	}
	p.blocks = append(p.blocks, Block{Offset: off, Session: p.session, after: p.lastWall})
	p.pendingSWA = ""
	return p.cur()
}

// marker starts a block unless the current one has nothing but markers
// yet: "using device", "loaded meta data" and "print_info" lines of one
// load all belong together.
func (p *parser) marker(off int64) *Block {
	if b := p.cur(); b != nil && !b.hasContent {
		return b
	}
	return p.start(off)
}

// orStart returns the current block, starting one if there is none.
func (p *parser) orStart(off int64) *Block {
	if b := p.cur(); b != nil {
		return b
	}
	return p.start(off)
}

func (p *parser) line(raw []byte, off int64) {
	l := splitLine(raw)
	if l.hasElapsed {
		if p.haveElapsed && l.elapsed < p.lastElapsed {
			p.session++ // the stamp went back: a new process writes here
			p.start(off)
		}
		p.lastElapsed, p.haveElapsed = l.elapsed, true
	}
	var b *Block
	if l.slog {
		b = p.ollama(l, off)
	} else {
		b = p.llama(l.payload, off)
	}
	if b != nil {
		if !l.wall.IsZero() {
			if b.First.IsZero() {
				b.First = l.wall
			}
			b.Last = l.wall
		}
		if l.hasElapsed {
			if !b.HasElapsed {
				b.FirstElapsed, b.HasElapsed = l.elapsed, true
			}
			b.LastElapsed = l.elapsed
		}
	}
	if !l.wall.IsZero() {
		p.lastWall = l.wall
	}
}

// ollama handles Ollama's own slog lines (llm/server.go, ml/backend.go).
func (p *parser) ollama(l line, off int64) *Block {
	msg := l.payload
	switch {
	case msg == "starting llama server", msg == "starting runner":
		// A runner process for a model; newer Ollama also starts runners
		// without --model to discover GPUs, which load nothing.
		cmd, _ := attr(l.raw, "cmd")
		model := flagValue(cmd, "--model")
		if model == "" {
			return nil
		}
		p.session++
		b := p.start(off)
		b.ModelPath = clip(model, maxPath)
		return b
	case strings.HasPrefix(msg, "llama runner started in "):
		if b := p.cur(); b != nil {
			b.Ready = true
			return b
		}
	case msg == "model weights", msg == "kv cache", msg == "compute graph":
		dev, _ := attr(l.raw, "device")
		sz, _ := attr(l.raw, "size")
		n, _, ok := parseSize(sz)
		if !ok || dev == "" {
			return nil
		}
		b := p.orStart(off)
		b.add(newBuffer(ollamaKinds[msg], clip(dev, maxName), n, SourceOllama), true)
		return b
	case msg == "total memory":
		sz, _ := attr(l.raw, "size")
		if n, _, ok := parseSize(sz); ok {
			b := p.orStart(off)
			b.OllamaTotal = n
			return b
		}
	}
	return nil
}

var ollamaKinds = map[string]Kind{"model weights": KindWeights, "kv cache": KindKV, "compute graph": KindCompute}

// flagValue finds "--flag value" in a command line.
func flagValue(cmd, flag string) string {
	f := strings.Fields(cmd)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == flag {
			return f[i+1]
		}
	}
	return ""
}

var ctxPrefixes = map[string]bool{"llama_context": true, "llama_new_context_with_model": true, "llama_init_from_model": true}

// llama handles a raw llama.cpp line.
func (p *parser) llama(s string, off int64) *Block {
	prefix, rest, ok := strings.Cut(s, ": ")
	if !ok || len(prefix) > 64 {
		return nil
	}
	prefix = strings.TrimSpace(prefix)
	if i := strings.LastIndexByte(prefix, ' '); i >= 0 {
		prefix = prefix[i+1:] // "srv    load_model"
	}
	switch {
	case strings.Contains(rest, "buffer size ="):
		return p.buffer(prefix, rest, off)
	case prefix == "build" && rest != "" && rest[0] >= '0' && rest[0] <= '9',
		prefix == "main" && strings.HasPrefix(rest, "build = "):
		p.session++ // common_init's banner: a program starts
		return p.start(off)
	case prefix == "llama_model_loader" && strings.HasPrefix(rest, "loaded meta data with "):
		b := p.marker(off)
		if _, path, ok := strings.Cut(rest, " tensors from "); ok {
			if i := strings.LastIndex(path, " (version "); i >= 0 {
				path = path[:i]
			}
			b.ModelPath = clip(path, maxPath)
		}
		return b
	case strings.HasPrefix(rest, "using device ") && strings.HasPrefix(prefix, "llama_"),
		prefix == "main" && rest == "loading model":
		return p.marker(off)
	case prefix == "load_model" && strings.HasPrefix(rest, "loading model '"):
		b := p.marker(off)
		b.ModelPath = clip(strings.TrimSuffix(strings.TrimPrefix(rest, "loading model '"), "'"), maxPath)
		return b
	case prefix == "llama_model_load" && strings.HasPrefix(rest, "vocab only"):
		if b := p.cur(); b != nil {
			b.vocabOnly = true // Ollama's server loads the tokenizer alone: no buffers
		}
	case prefix == "main" && rest == "model loaded":
		if b := p.cur(); b != nil {
			b.Ready = true
			return b
		}
	case prefix == "print_info" || prefix == "llm_load_print_meta":
		return p.meta(rest, off)
	case (strings.Contains(prefix, "kv_cache") || prefix == "llama_new_context_with_model") && strings.Contains(rest, "K ("):
		return p.kvSummary(prefix, rest, off)
	case ctxPrefixes[prefix]:
		return p.context(rest, off)
	case strings.HasPrefix(rest, "creating non-SWA KV cache"):
		p.pendingSWA = "non-swa"
	case strings.HasPrefix(rest, "creating ") && strings.HasPrefix(strings.TrimLeft(rest[len("creating "):], " "), "SWA KV cache"):
		p.pendingSWA = "swa"
	}
	return nil
}

// bufferKinds maps the word before "buffer size" to a kind.
var bufferKinds = map[string]Kind{"model": KindWeights, "LoRA": KindAdapter, "KV": KindKV, "RS": KindRecurrent,
	"compute": KindCompute, "output": KindOutput, "input": KindInput}

// buffer reads "%12s model buffer size = %8.2f MiB" and its kin; the older
// model line had no kind word: "llm_load_tensors: %10s buffer size = ...".
func (p *parser) buffer(prefix, rest string, off int64) *Block {
	head, tail, _ := strings.Cut(rest, "buffer size =")
	n, after, ok := parseSize(tail)
	if !ok || strings.Contains(after, "(projected)") {
		return nil
	}
	f := strings.Fields(head)
	var kind Kind
	switch {
	case len(f) == 2:
		kind = bufferKinds[f[1]]
	case len(f) == 1 && strings.HasSuffix(prefix, "load_tensors"):
		kind = KindWeights
	}
	if kind == "" {
		return nil
	}
	b := p.cur()
	if b == nil || kind == KindWeights && b.hasNonW {
		b = p.start(off) // weights after a context: the next load, its markers not in the tail
	}
	b.add(newBuffer(kind, clip(f[0], maxName), n, prefix), false)
	return b
}

func newBuffer(kind Kind, backend string, n uint64, source string) Buffer {
	dev, host, idx := Classify(backend)
	return Buffer{Kind: kind, Backend: backend, Device: dev, Host: host, DeviceIndex: idx, Bytes: n, Source: source}
}

// add records a buffer. A compute, output or input buffer logged again
// for the same backend replaces the earlier size (the scheduler reserves
// again); weights, KV and state buffers add up (split files, two caches).
// Ollama's summary is logged at each load stage, so it always replaces.
func (b *Block) add(nb Buffer, replace bool) {
	if replace || nb.Kind == KindCompute || nb.Kind == KindOutput || nb.Kind == KindInput {
		for i := range b.Buffers {
			o := &b.Buffers[i]
			if o.Kind == nb.Kind && o.Backend == nb.Backend && o.Source == nb.Source {
				o.Bytes = nb.Bytes
				return
			}
		}
	}
	if len(b.Buffers) < maxBuffers {
		b.Buffers = append(b.Buffers, nb)
	}
	b.hasContent = true
	if nb.Kind != KindWeights {
		b.hasNonW = true
	}
}

// meta reads print_info / llm_load_print_meta "key = value" lines.
func (p *parser) meta(rest string, off int64) *Block {
	k, v, ok := strings.Cut(rest, "=")
	if !ok {
		return nil
	}
	k, v = strings.TrimSpace(k), strings.TrimSpace(v)
	var set func(b *Block)
	switch k {
	case "file type", "model ftype":
		set = func(b *Block) { b.FileType = clip(v, maxName) }
	case "model params":
		set = func(b *Block) { b.Params = clip(v, maxName) }
	case "general.name":
		set = func(b *Block) { b.ModelName = clip(v, maxName) }
	case "file size", "model size":
		n, _, ok := parseSize(v)
		if !ok {
			return nil
		}
		set = func(b *Block) { b.FileBytes = n }
	default:
		return nil
	}
	b := p.marker(off) // printed before the tensors load: a load's header
	set(b)
	return b
}

// context reads llama_context's "key = value" parameter lines.
func (p *parser) context(rest string, off int64) *Block {
	k, v, ok := strings.Cut(rest, "=")
	if !ok {
		return nil
	}
	k, v = strings.TrimSpace(k), strings.TrimSpace(v)
	num := func() int {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return 0
		}
		return n
	}
	var c Context
	switch k {
	case "n_ctx":
		c.NCtx = num()
	case "n_ctx_seq", "n_ctx_per_seq":
		c.NCtxSeq = num()
	case "n_batch":
		c.NBatch = num()
	case "n_ubatch":
		c.NUBatch = num()
	case "n_seq_max":
		c.NSeqMax = num()
	case "flash_attn":
		c.FlashAttn = clip(v, 16)
	case "kv_unified":
		c.KVUnified = clip(v, 16)
	default:
		return nil
	}
	b := p.orStart(off)
	b.Context.merge(c)
	b.hasContent, b.hasNonW = true, true
	return b
}

func (c *Context) merge(o Context) {
	for _, f := range []struct{ dst, src *int }{{&c.NCtx, &o.NCtx}, {&c.NCtxSeq, &o.NCtxSeq},
		{&c.NBatch, &o.NBatch}, {&c.NUBatch, &o.NUBatch}, {&c.NSeqMax, &o.NSeqMax}} {
		if *f.src != 0 {
			*f.dst = *f.src
		}
	}
	if o.FlashAttn != "" {
		c.FlashAttn = o.FlashAttn
	}
	if o.KVUnified != "" {
		c.KVUnified = o.KVUnified
	}
}

// kvRe matches the KV summary in its forms: "KV self size  = X MiB, K ..."
// (to b5400), "size = X MiB (N cells, L layers, S seqs), K ..." (b5600),
// "S/T seqs" (b5950 on).
var kvRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:KV self size|size)\s*=\s*([0-9.]+ [KMGT]?i?B)` +
		`(?:\s*\(\s*(\d+) cells,\s*(\d+) layers,\s*(\d+)(?:/\s*(\d+))? seqs\))?` +
		`,\s*K \(([^)]{1,32})\):\s*([0-9.]+ [KMGT]?i?B),\s*V \(([^)]{1,32})\):\s*([0-9.]+ [KMGT]?i?B)`)
})

func (p *parser) kvSummary(prefix, rest string, off int64) *Block {
	m := kvRe().FindStringSubmatch(rest)
	if m == nil {
		return nil
	}
	atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
	size := func(s string) uint64 { n, _, _ := parseSize(s); return n }
	kv := KVCache{Bytes: size(m[1]), Cells: atoi(m[2]), Layers: atoi(m[3]), SeqMax: atoi(m[4]), Stream: atoi(m[5]),
		TypeK: m[6], TypeV: m[8], KBytes: size(m[7]), VBytes: size(m[9]), SWA: p.pendingSWA, Source: prefix}
	p.pendingSWA = ""
	if kv.Bytes == 0 && kv.Layers == 0 && m[3] != "" {
		return nil // a cache with no layers (the other half of some split caches)
	}
	b := p.orStart(off)
	if len(b.KV) < maxKV {
		b.KV = append(b.KV, kv)
	}
	b.hasContent, b.hasNonW = true, true
	return b
}

// finish drops blocks that hold nothing but markers, and vocabulary-only
// loads.
func (p *parser) finish() []Block {
	out := p.blocks[:0]
	for _, b := range p.blocks {
		if b.hasContent || !b.vocabOnly && (b.ModelPath != "" || b.Ready || b.OllamaTotal > 0 || b.FileType != "") {
			out = append(out, b)
		}
	}
	return out
}
