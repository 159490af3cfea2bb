// Package trtllm reads a TensorRT-LLM engine directory: the config.json
// trtllm-build writes beside the engines (the model's shape, dtype,
// parallel mapping, quantization and build limits) and the size of each
// rank<N>.engine file, which are stat'ed, never opened.
//
// Field names are NVIDIA/TensorRT-LLM's: EngineConfig.to_dict and
// Engine.save in tensorrt_llm/builder.py write {"version",
// "pretrained_config", "build_config"}; PretrainedConfig.to_dict
// (tensorrt_llm/models/modeling_utils.py) the model fields, mapping and
// quantization; BuildConfig.to_dict and PluginConfig.to_dict
// (tensorrt_llm/plugin/plugin.py, storage names without their leading
// "_") the limits and plugin_config. The older layout of the examples'
// build.py scripts ({"builder_config", "plugin_config"} at the top, engines
// named <name>_<precision>_tp<T>[_pp<P>]_rank<N>.engine, see their
// get_engine_name) is read too.
//
// Every value is checked: a value of the wrong type or out of range is
// dropped with a note, never the whole config.
package trtllm

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/bits"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gputaskman/gtm/inspect/jsonscan"
	"github.com/gputaskman/gtm/internal/safefile"
)

// Limits.
const (
	MaxConfigBytes = 4 << 20
	MaxRanks       = 4096 // engine files probed at most
	maxProbe       = 64   // ranks probed when the config gives no world size
	maxString      = 256
	// maxMembers bounds an object decoded into a map: encoding/json
	// spends ~140 bytes a member, so 4 MiB of tiny members cost 64 MiB.
	// Real engine configs have at most ~100 keys an object.
	maxMembers = 1024
	MaxNotes   = 32
)

var (
	// ErrNotEngine: config.json is not a TensorRT-LLM engine config.
	ErrNotEngine = errors.New("not a TensorRT-LLM engine config")
	// ErrInvalid: config.json is not valid JSON.
	ErrInvalid = errors.New("invalid")
)

// Engine is what a TensorRT-LLM engine directory says. Every figure is
// reported by the config as trtllm-build wrote it; an int field is 0 when
// the config does not give it (none of them can really be 0), a string
// "" likewise.
type Engine struct {
	Dir string
	// Version is the TensorRT-LLM version that built the engine.
	Version string
	// Layout is "engine" (pretrained_config + build_config) or "legacy"
	// (builder_config + plugin_config at the top).
	Layout string

	Architecture string // "LlamaForCausalLM"; the legacy layout's model name ("llama")
	DType        string // "float16", "bfloat16", "float32"
	Layers       int    // num_hidden_layers
	Heads        int    // num_attention_heads
	KVHeads      int    // num_key_value_heads (all ranks together)
	HeadSize     int    // head_size
	Hidden       int    // hidden_size
	Vocab        int    // vocab_size
	MaxPositions int    // max_position_embeddings

	WorldSize, TPSize, PPSize int // mapping

	QuantAlgo        string // quantization.quant_algo ("FP8", "W4A16_AWQ"...), "" for none
	KVCacheQuantAlgo string // quantization.kv_cache_quant_algo ("FP8", "INT8"), "" for none

	MaxBatchSize int
	MaxInputLen  int
	MaxSeqLen    int
	MaxNumTokens int
	MaxBeamWidth int
	// PagedKV is plugin_config.paged_kv_cache (or build_config's
	// kv_cache_type "PAGED"); nil when the config does not say.
	PagedKV        *bool
	TokensPerBlock int // plugin_config.tokens_per_block

	// Ranks are the engine files found, one per rank, in rank order. An
	// engine holds its rank's weights, so Bytes is that rank's exact
	// engine size on disk — a file size, not the GPU memory it will take
	// (activations and the KV cache come on top).
	Ranks []RankFile
	Notes []string

	// kvUnknown: the legacy quant_mode bit flags may quantize the KV
	// cache; they are not decoded.
	kvUnknown bool
}

// RankFile is one rank's engine file.
type RankFile struct {
	Rank  int
	Path  string
	Bytes uint64 // file size (exact)
}

// KVBytesPerToken estimates the KV cache one token costs on one GPU:
// 2 (K and V) × the layers of the pipeline stage holding the most,
// ceil(Layers/PPSize) × the KV heads of one tensor-parallel rank,
// ceil(KVHeads/TPSize) (a head is replicated when there are fewer heads
// than ranks, as TensorRT-LLM's runtime does) × HeadSize (hidden/heads
// when the config gives none) × the KV cache element size: 1 byte for an
// FP8 or INT8 KV cache, else the model dtype's (2 for float16/bfloat16,
// 4 for float32). ok is false when any of these is unknown, or the KV
// cache is quantized some other way (NVFP4: values plus scales).
func (e *Engine) KVBytesPerToken() (uint64, bool) {
	if e.kvUnknown || e.Layers <= 0 || e.KVHeads <= 0 {
		return 0, false
	}
	head := e.HeadSize
	if head <= 0 {
		if e.Heads <= 0 || e.Hidden <= 0 || e.Hidden%e.Heads != 0 {
			return 0, false
		}
		head = e.Hidden / e.Heads
	}
	var elem uint64
	switch strings.ToUpper(e.KVCacheQuantAlgo) {
	case "FP8", "INT8":
		elem = 1
	case "":
		switch strings.ToLower(e.DType) {
		case "float16", "bfloat16", "fp16", "bf16":
			elem = 2
		case "float32", "fp32":
			elem = 4
		default:
			return 0, false
		}
	default:
		return 0, false
	}
	tp, pp := max(e.TPSize, 1), max(e.PPSize, 1)
	v := uint64(2) * elem
	for _, f := range []uint64{uint64((e.Layers + pp - 1) / pp), uint64((e.KVHeads + tp - 1) / tp), uint64(head)} {
		hi, lo := bits.Mul64(v, f)
		if hi != 0 {
			return 0, false
		}
		v = lo
	}
	return v, true
}

func (e *Engine) note(format string, args ...any) {
	if len(e.Notes) < MaxNotes {
		e.Notes = append(e.Notes, fmt.Sprintf(format, args...))
	}
}

// obj is one JSON object whose values are decoded on demand, so one bad
// value costs only itself.
type obj struct {
	m    map[string]json.RawMessage
	path string // "pretrained_config.mapping", for notes
	e    *Engine
}

func (o obj) sub(key string) (obj, bool) {
	raw, ok := o.m[key]
	if !ok || string(raw) == "null" {
		return obj{}, false
	}
	if n, err := jsonscan.Count(raw, 1); err == nil && n > maxMembers {
		o.e.note("%s: %d keys (limit %d); dropped", o.name(key), n, maxMembers)
		return obj{}, false
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		o.e.note("%s: not an object; dropped", o.name(key))
		return obj{}, false
	}
	return obj{m: m, path: o.name(key), e: o.e}, true
}

func (o obj) name(key string) string {
	if o.path == "" {
		return key
	}
	return o.path + "." + key
}

func (o obj) has(key string) bool { _, ok := o.m[key]; return ok }

// count reads a positive integer up to MaxInt32 (Python writes ints; an
// integral float is accepted) into *dst.
func (o obj) count(key string, dst *int) {
	raw, ok := o.m[key]
	if !ok || string(raw) == "null" {
		return
	}
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil || f != math.Trunc(f) || f < 1 || f > math.MaxInt32 {
		o.e.note("%s: %.80q is not a count; dropped", o.name(key), raw)
		return
	}
	*dst = int(f)
}

func (o obj) str(key string, dst *string) {
	raw, ok := o.m[key]
	if !ok || string(raw) == "null" {
		return
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		o.e.note("%s: %.80q is not a string; dropped", o.name(key), raw)
		return
	}
	*dst = clip(s)
}

func (o obj) boolean(key string) *bool {
	raw, ok := o.m[key]
	if !ok || string(raw) == "null" {
		return nil
	}
	var b bool
	if err := json.Unmarshal(raw, &b); err != nil {
		o.e.note("%s: %.80q is not a boolean; dropped", o.name(key), raw)
		return nil
	}
	return &b
}

func clip(s string) string {
	if len(s) > maxString {
		return s[:maxString] + "..."
	}
	return s
}

// ParseConfig reads an engine directory's config.json (at most
// MaxConfigBytes). The Engine has no Dir and no Ranks.
func ParseConfig(b []byte) (*Engine, error) {
	if len(b) > MaxConfigBytes {
		return nil, fmt.Errorf("trtllm: config.json: %w: %d bytes (limit %d)", ErrInvalid, len(b), MaxConfigBytes)
	}
	e := &Engine{}
	if n, err := jsonscan.Count(b, 1); err == nil && n > maxMembers {
		return nil, fmt.Errorf("trtllm: config.json: %w: %d keys (limit %d)", ErrInvalid, n, maxMembers)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		return nil, fmt.Errorf("trtllm: config.json: %w: %s", ErrInvalid, oneLine(err))
	}
	root := obj{m: top, e: e}
	root.str("version", &e.Version)
	switch {
	case root.has("pretrained_config") && root.has("build_config"):
		e.Layout = "engine"
		e.parseEngine(root)
	case root.has("builder_config"):
		e.Layout = "legacy"
		e.parseLegacy(root)
	default:
		return nil, fmt.Errorf("trtllm: config.json: %w: no pretrained_config/build_config or builder_config", ErrNotEngine)
	}
	return e, nil
}

// oneLine keeps an error (which may name a path) on one line.
func oneLine(err error) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, err.Error())
}

func (e *Engine) parseEngine(root obj) {
	if p, ok := root.sub("pretrained_config"); ok {
		p.str("architecture", &e.Architecture)
		p.str("dtype", &e.DType)
		p.count("num_hidden_layers", &e.Layers)
		p.count("num_attention_heads", &e.Heads)
		p.count("num_key_value_heads", &e.KVHeads)
		p.count("head_size", &e.HeadSize)
		p.count("hidden_size", &e.Hidden)
		p.count("vocab_size", &e.Vocab)
		p.count("max_position_embeddings", &e.MaxPositions)
		if m, ok := p.sub("mapping"); ok {
			m.count("world_size", &e.WorldSize)
			m.count("tp_size", &e.TPSize)
			m.count("pp_size", &e.PPSize)
		}
		if q, ok := p.sub("quantization"); ok {
			q.str("quant_algo", &e.QuantAlgo)
			q.str("kv_cache_quant_algo", &e.KVCacheQuantAlgo)
		}
	}
	if b, ok := root.sub("build_config"); ok {
		b.count("max_batch_size", &e.MaxBatchSize)
		b.count("max_input_len", &e.MaxInputLen)
		b.count("max_seq_len", &e.MaxSeqLen)
		b.count("max_num_tokens", &e.MaxNumTokens)
		b.count("max_beam_width", &e.MaxBeamWidth)
		if pc, ok := b.sub("plugin_config"); ok {
			e.PagedKV = pc.boolean("paged_kv_cache")
			pc.count("tokens_per_block", &e.TokensPerBlock)
		}
		if e.PagedKV == nil {
			// BuildConfig.kv_cache_type: KVCacheType's name.
			var t string
			b.str("kv_cache_type", &t)
			switch strings.ToUpper(t) {
			case "PAGED":
				e.PagedKV = ptr(true)
			case "CONTINUOUS", "DISABLED":
				e.PagedKV = ptr(false)
			}
		}
	}
}

func ptr[T any](v T) *T { return &v }

// parseLegacy reads the examples' build.py layout, field names as their
// run.py/read_config read them.
func (e *Engine) parseLegacy(root obj) {
	b, _ := root.sub("builder_config")
	if b.m == nil {
		return
	}
	b.str("name", &e.Architecture)
	b.str("precision", &e.DType)
	b.count("num_layers", &e.Layers)
	b.count("num_heads", &e.Heads)
	b.count("num_kv_heads", &e.KVHeads)
	b.count("head_size", &e.HeadSize)
	b.count("hidden_size", &e.Hidden)
	b.count("vocab_size", &e.Vocab)
	b.count("max_position_embeddings", &e.MaxPositions)
	b.count("tensor_parallel", &e.TPSize)
	b.count("pipeline_parallel", &e.PPSize)
	b.count("max_batch_size", &e.MaxBatchSize)
	b.count("max_input_len", &e.MaxInputLen)
	b.count("max_num_tokens", &e.MaxNumTokens)
	b.count("max_beam_width", &e.MaxBeamWidth)
	var out int
	b.count("max_output_len", &out)
	if e.MaxInputLen > 0 && out > 0 {
		e.MaxSeqLen = e.MaxInputLen + out
		e.note("max_seq_len: max_input_len + max_output_len (%d + %d), as the legacy runtime sizes it", e.MaxInputLen, out)
	}
	if mq := b.boolean("multi_query_mode"); mq != nil && *mq {
		e.KVHeads = 1
		e.note("multi_query_mode: one KV head")
	} else if e.KVHeads == 0 && e.Heads > 0 {
		// read_config: builder_config.get('num_kv_heads', num_heads)
		e.KVHeads = e.Heads
		e.note("num_kv_heads absent: num_heads, as the legacy runtime assumes")
	}
	if e.TPSize > 0 {
		if e.PPSize == 0 {
			e.PPSize = 1
		}
		if w := int64(e.TPSize) * int64(e.PPSize); w <= math.MaxInt32 {
			e.WorldSize = int(w)
		}
	}
	var qm float64
	if raw, ok := b.m["quant_mode"]; ok && json.Unmarshal(raw, &qm) == nil && qm != 0 {
		// QuantMode bit flags; some quantize the KV cache. Not decoded.
		e.kvUnknown = true
		e.note("quant_mode %.80q (bit flags, not decoded): the KV cache element size is unknown", raw)
	}
	// Older builds kept the plugin settings in builder_config.
	e.PagedKV = b.boolean("paged_kv_cache")
	b.count("tokens_per_block", &e.TokensPerBlock)
	if pc, ok := root.sub("plugin_config"); ok {
		if v := pc.boolean("paged_kv_cache"); v != nil {
			e.PagedKV = v
		}
		pc.count("tokens_per_block", &e.TokensPerBlock)
	}
}

// safeName: the legacy model name becomes part of a file name; one that
// could leave the directory is not used.
func safeName(s string) bool {
	return s != "" && !strings.ContainsAny(s, "/\\\x00") && s != "." && s != ".."
}

// rankNames are the file names rank r's engine may have.
func (e *Engine) rankNames(r int) []string {
	if e.Layout == "engine" {
		return []string{"rank" + strconv.Itoa(r) + ".engine"} // Engine.save
	}
	if !safeName(e.Architecture) || !safeName(e.DType) || e.TPSize == 0 {
		return nil
	}
	// get_engine_name in the examples' build.py
	base := fmt.Sprintf("%s_%s_tp%d", e.Architecture, e.DType, e.TPSize)
	if e.PPSize <= 1 {
		return []string{fmt.Sprintf("%s_rank%d.engine", base, r)}
	}
	return []string{fmt.Sprintf("%s_pp%d_rank%d.engine", base, e.PPSize, r)}
}

// ReadDir reads the engine directory dir as acc's process could: its
// config.json and the size of each rank's engine file. acc nil reads with
// gtm's own rights.
func ReadDir(acc *safefile.Access, dir string) (*Engine, error) {
	b, err := acc.ReadFile(filepath.Join(dir, "config.json"), MaxConfigBytes)
	if err != nil {
		return nil, fmt.Errorf("trtllm: %w", err)
	}
	e, err := ParseConfig(b)
	if err != nil {
		return nil, err
	}
	e.Dir = dir
	ranks, known := e.WorldSize, true
	if w := int64(e.TPSize) * int64(e.PPSize); ranks == 0 && w > 0 {
		ranks = int(min(w, MaxRanks+1))
	}
	if ranks == 0 {
		ranks, known = maxProbe, false
	}
	if ranks > MaxRanks {
		e.note("world size %d: only the first %d ranks' engines are looked for", ranks, MaxRanks)
		ranks = MaxRanks
	}
	var missing []int
	for r := 0; r < ranks; r++ {
		rf, ok := e.statRank(acc, dir, r)
		if !ok {
			if !known {
				break // probing: the ranks end at the first gap
			}
			missing = append(missing, r)
			continue
		}
		e.Ranks = append(e.Ranks, rf)
	}
	if len(missing) > 0 {
		e.note("%d of %d ranks' engine files not found (first: rank %d)", len(missing), ranks, missing[0])
	}
	return e, nil
}

func (e *Engine) statRank(acc *safefile.Access, dir string, r int) (RankFile, bool) {
	for _, name := range e.rankNames(r) {
		p := filepath.Join(dir, name)
		fi, err := acc.Stat(p)
		if err != nil {
			if errors.Is(err, fs.ErrPermission) {
				e.note("%q: %s", name, oneLine(err))
			}
			continue
		}
		if !fi.Mode().IsRegular() || fi.Size() < 0 {
			continue
		}
		return RankFile{Rank: r, Path: p, Bytes: uint64(fi.Size())}, true
	}
	return RankFile{}, false
}

// IsEngineDir reports, cheaply, whether dir holds a TensorRT-LLM engine:
// an engine config.json and rank 0's engine file.
func IsEngineDir(acc *safefile.Access, dir string) bool {
	if fi, err := acc.Stat(filepath.Join(dir, "rank0.engine")); err == nil && fi.Mode().IsRegular() {
		b, err := acc.ReadFile(filepath.Join(dir, "config.json"), MaxConfigBytes)
		if err != nil {
			return false
		}
		e, err := ParseConfig(b)
		return err == nil && e.Layout == "engine"
	}
	b, err := acc.ReadFile(filepath.Join(dir, "config.json"), MaxConfigBytes)
	if err != nil {
		return false
	}
	e, err := ParseConfig(b)
	if err != nil || e.Layout != "legacy" {
		return false
	}
	_, ok := e.statRank(acc, dir, 0)
	return ok
}
