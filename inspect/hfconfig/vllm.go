package hfconfig

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// vLLM's KV cache arithmetic, as its V1 engine does it (every rule below
// names the vllm-project/vllm file and function it follows; the commit
// read is 001cabc1 of 2026, and docs/engine-accuracy.md says what changed
// when):
//
//   - each layer has a spec with a page: the bytes of one block of
//     block_size tokens (vllm/v1/kv_cache_interface.py, *Spec.page_size_bytes);
//   - layers with the same spec form groups of equal size, and one block
//     of the shared pool holds one page for every layer of one group
//     (vllm/v1/core/kv_cache_utils.py, _get_kv_cache_groups_uniform_page_size,
//     get_kv_cache_config_from_groups): a token slot costs one group of
//     layers, not all of them;
//   - a request reserves, per group, the blocks its spec's
//     max_memory_usage_bytes names (full: its length; sliding window:
//     min(W−1+max_num_batched_tokens, L) plus one block; Mamba: one state).

// VLLMRules names the vLLM whose rules this file follows.
const VLLMRules = "vLLM V1 as of 2026-05 (vllm-project/vllm main)"

// DefaultBlockSize is vLLM's CacheConfig.DEFAULT_BLOCK_SIZE (vllm/config/
// cache.py; 16 since V1's first release).
const DefaultBlockSize = 16

// kernelBlockAlignment is FlashAttention's kernel block size, the unit
// vLLM rounds a hybrid Mamba model's attention block to (vllm/platforms/
// interface.py _align_hybrid_block_size, earlier vllm/model_executor/
// models/config.py HybridAttentionMambaModelConfig: max(the backend's
// smallest kernel block, block_size) = 16 with the default block size).
const kernelBlockAlignment = 16

// FP8DSMLABytes is one token's latent in one layer under --kv-cache-dtype
// fp8_ds_mla (vllm/v1/kv_cache_interface.py MLAAttentionSpec.
// real_page_size_bytes: block_size × 656; the layout is in vllm/v1/
// attention/backends/mla/flashmla_sparse.py).
const FP8DSMLABytes = 656

// VLLMOptions are the vLLM settings that size the KV cache.
type VLLMOptions struct {
	// KVCacheDType is --kv-cache-dtype resolved: "auto" must already be
	// the model's torch_dtype. fp8_ds_mla applies to MLA models only.
	KVCacheDType string
	TP           int // --tensor-parallel-size; 0 is 1
	BlockSize    int // --block-size; 0 is DefaultBlockSize
}

// Spec kinds, as vLLM's spec classes.
const (
	SpecFull    = "full"    // FullAttentionSpec
	SpecSliding = "sliding" // SlidingWindowSpec
	SpecMLA     = "mla"     // MLAAttentionSpec
	SpecMamba   = "mamba"   // MambaSpec (Mamba, gated delta net, linear attention)
)

// KVGroup is one KV cache group: Layers layers of one spec on one rank.
type KVGroup struct {
	Kind      string
	Window    int    // sliding window in tokens; 0 otherwise
	Layers    int    // real layers (the group may be padded to the group size)
	BlockSize int    // tokens per block (a Mamba group: one state per block)
	PageBytes uint64 // one layer's block, after vLLM made the pages equal
}

// KVLayout is how vLLM lays out one rank's KV cache for a model.
type KVLayout struct {
	Groups []KVGroup
	// Slots is how many layers one block of the pool holds a page for:
	// the group size for a hybrid model, every layer otherwise.
	Slots int
	// Hybrid: several groups share one pool of equal pages (a block is
	// one page of each of Slots layers of ONE group). Otherwise one
	// group holds every layer and a block is a page of each.
	Hybrid bool
	Notes  []string
}

// spec is one layer's KV cache spec before grouping.
type spec struct {
	kind      string
	window    int
	tokBytes  uint64 // attention: bytes per token; 0 for Mamba
	pageBytes uint64 // Mamba: the state's bytes
	blockSize int
}

func (s spec) page() uint64 {
	if s.kind == SpecMamba {
		return s.pageBytes
	}
	return s.tokBytes * uint64(s.blockSize)
}

// VLLMLayout lays out the KV cache of one of o.TP ranks as vLLM does.
func (c *Config) VLLMLayout(o VLLMOptions) (*KVLayout, error) {
	if o.TP < 1 {
		o.TP = 1
	}
	if o.BlockSize <= 0 {
		o.BlockSize = DefaultBlockSize
	}
	specs, notes, err := c.rankSpecs(o)
	if err != nil {
		return nil, err
	}
	if len(specs) == 0 {
		return nil, errors.New("no layer keeps a KV cache or state")
	}
	for _, s := range specs {
		if s.page() == 0 || s.page() > maxPageBytes {
			return nil, fmt.Errorf("a layer's page of %d bytes is not a size vLLM could allocate", s.page())
		}
	}
	l := group(specs)
	l.Notes = append(notes, l.Notes...)
	return l, nil
}

// rankSpecs lists one spec per cached layer on one rank, with a hybrid
// Mamba model's attention block widened to hold a Mamba state.
func (c *Config) rankSpecs(o VLLMOptions) ([]spec, []string, error) {
	var notes []string
	elem, ok := DTypeBytes(o.KVCacheDType)
	dsmla := o.KVCacheDType == "fp8_ds_mla"
	switch {
	case dsmla && c.MLA == nil:
		return nil, nil, errors.New("kv cache dtype fp8_ds_mla is for MLA models only")
	case !ok && !dsmla:
		return nil, nil, fmt.Errorf("kv cache dtype %q: size unknown", o.KVCacheDType)
	}
	full, fullKVH, fullHD, slidKVH, slidHD := c.FullLayers(), c.KVHeads, c.HeadDim, c.KVHeads, c.HeadDim
	if c.GlobalHeadDim > 0 {
		fullHD = c.GlobalHeadDim
	}
	if c.GlobalKVHeads > 0 {
		fullKVH = c.GlobalKVHeads
	}
	attn := func(kvh, hd int) uint64 {
		if c.MLA != nil { // one latent, not split over the ranks
			if dsmla {
				return FP8DSMLABytes
			}
			return uint64(float64(c.MLA.KVLoraRank+c.MLA.QKRopeHeadDim) * elem)
		}
		return uint64(2 * float64(kvHeadsPerRank(kvh, o.TP)*hd) * elem)
	}
	var specs []spec
	kind := SpecFull
	if c.MLA != nil {
		kind = SpecMLA
	}
	if c.AttentionLayers > 0 && (c.MLA == nil && (c.KVHeads <= 0 || c.HeadDim <= 0) || c.MLA != nil && c.MLA.KVLoraRank+c.MLA.QKRopeHeadDim <= 0) {
		return nil, nil, errors.New("config.json does not give the attention shape")
	}
	for range full {
		specs = append(specs, spec{kind: kind, tokBytes: attn(fullKVH, fullHD), blockSize: o.BlockSize})
	}
	for range c.SlidingLayers {
		specs = append(specs, spec{kind: SpecSliding, window: c.SlidingWindow, tokBytes: attn(slidKVH, slidHD), blockSize: o.BlockSize})
	}
	if c.MambaLayers > 0 {
		ms, err := c.mambaSpec(o)
		if err != nil {
			return nil, nil, err
		}
		for range c.MambaLayers {
			specs = append(specs, ms)
		}
		specs, notes = alignMamba(specs, notes)
	}
	return specs, notes, nil
}

// kvHeadsPerRank is vLLM's ModelConfig.get_num_kv_heads: the KV heads are
// split over the ranks, and replicated when there are fewer heads than
// ranks (vllm/config/model.py: max(1, total_num_kv_heads // tp)).
func kvHeadsPerRank(kvh, tp int) int {
	return max(1, kvh/tp)
}

// mambaSpec is one Mamba layer's state on one rank: the conv state and
// the SSM (temporal) state, both at the model's dtype (vLLM's
// mamba_cache_dtype auto: vllm/model_executor/layers/mamba/mamba_utils.py
// MambaStateDtypeCalculator), their split dimension divided over the ranks
// (MambaStateShapeCalculator.mamba1_state_shape, gated_delta_net_state_shape).
func (c *Config) mambaSpec(o VLLMOptions) (spec, error) {
	m := c.Mamba
	if m == nil {
		return spec{}, errors.New("the Mamba/linear-attention state shape is not in config.json: KV layout unknown")
	}
	elem, ok := DTypeBytes(c.TorchDType)
	if !ok {
		return spec{}, errors.New("the model's torch_dtype is unknown: the Mamba state size is unknown")
	}
	if m.ConvDim%o.TP != 0 || m.SSMSplit%o.TP != 0 {
		return spec{}, fmt.Errorf("the Mamba state does not divide over %d ranks (vLLM refuses it)", o.TP)
	}
	elems := m.ConvDim/o.TP*m.ConvWidth + m.SSMSplit/o.TP*m.SSMRest
	return spec{kind: SpecMamba, pageBytes: uint64(float64(elems) * elem), blockSize: 0}, nil
}

// alignMamba widens the attention block until one attention page holds a
// Mamba state, then pads the state to that page (vllm/platforms/
// interface.py _align_hybrid_block_size, mamba_cache_mode none/align:
// attn_block_size = 16 × cdiv(mamba_page, 16 × attention bytes per token);
// mamba_page_size_padded = the attention page).
func alignMamba(specs []spec, notes []string) ([]spec, []string) {
	var mamba, tok uint64
	for _, s := range specs {
		if s.kind == SpecMamba {
			mamba = max(mamba, s.pageBytes)
		} else {
			tok = max(tok, s.tokBytes)
		}
	}
	if tok == 0 {
		return specs, notes // Mamba only: every page is a state
	}
	bs := kernelBlockAlignment * int(cdiv(mamba, kernelBlockAlignment*tok))
	for i := range specs {
		if specs[i].kind == SpecMamba {
			continue
		}
		if specs[i].blockSize < bs {
			specs[i].blockSize = bs
		}
		bs = max(bs, specs[i].blockSize)
	}
	page := tok * uint64(bs)
	for i := range specs {
		if specs[i].kind == SpecMamba {
			specs[i].pageBytes, specs[i].blockSize = page, bs
		}
	}
	notes = append(notes, fmt.Sprintf("hybrid Mamba model: vLLM widens the attention block to %d tokens so a page holds one Mamba state (%d bytes, padded to %d); a request keeps one state (mamba_cache_mode none; with prefix caching's align mode vLLM keeps two)", bs, mamba, page))
	return specs, notes
}

// maxPageBytes bounds one layer's block (real ones are at most a few
// MiB): a hostile config.json cannot wrap the sums.
const maxPageBytes = 1 << 32

// mulSat is a × b, saturating at the uint64 maximum.
func mulSat(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

func cdiv(a, b uint64) uint64 {
	if b == 0 {
		return 0
	}
	return (a + b - 1) / b
}

// group forms vLLM's KV cache groups (vllm/v1/core/kv_cache_utils.py
// get_kv_cache_groups): one group when every layer has the same spec, or
// the same kind (UniformTypeKVCacheSpecs); otherwise the pages are made
// equal (unify_kv_cache_spec_page_size: a smaller page's block grows by
// the ratio) and each kind is split into groups of group_size layers:
// the fewest layers of a kind, or the most when that is under 1.5× the
// fewest (_get_kv_cache_groups_uniform_page_size).
func group(specs []spec) *KVLayout {
	kinds := map[spec]int{}
	var order []spec
	for _, s := range specs {
		if kinds[s] == 0 {
			order = append(order, s)
		}
		kinds[s]++
	}
	if len(order) == 1 || uniformType(order) {
		l := &KVLayout{Slots: len(specs)}
		for _, s := range order {
			l.Groups = append(l.Groups, KVGroup{Kind: s.kind, Window: s.window, Layers: kinds[s], BlockSize: s.blockSize, PageBytes: s.page()})
		}
		return l
	}
	var maxPage uint64
	for _, s := range order {
		maxPage = max(maxPage, s.page())
	}
	minN, maxN := len(specs), 0
	for _, n := range kinds {
		minN, maxN = min(minN, n), max(maxN, n)
	}
	size := minN
	if float64(maxN) < 1.5*float64(minN) {
		size = maxN
	}
	l := &KVLayout{Slots: size, Hybrid: true}
	for _, s := range order {
		bs := s.blockSize
		if p := s.page(); p != maxPage && s.kind != SpecMamba && p > 0 {
			if maxPage%p != 0 {
				l.Notes = append(l.Notes, "the layers' pages do not divide each other: vLLM refuses this model")
			}
			bs *= int(maxPage / p)
		}
		n := kinds[s]
		for g := 0; n > 0; g++ {
			l.Groups = append(l.Groups, KVGroup{Kind: s.kind, Window: s.window, Layers: min(size, n), BlockSize: bs, PageBytes: maxPage})
			n -= size
		}
	}
	if pad := len(l.Groups)*size - len(specs); pad > 0 {
		l.Notes = append(l.Notes, fmt.Sprintf("vLLM pads the groups with %d empty layers", pad))
	}
	return l
}

// uniformType is UniformTypeKVCacheSpecs.is_uniform_type: every layer
// needs the same token slots (all full attention, all one window, all
// Mamba) at one block size.
func uniformType(order []spec) bool {
	k := order[0]
	for _, s := range order[1:] {
		full := func(x spec) bool { return x.kind == SpecFull || x.kind == SpecMLA }
		same := full(k) && full(s) || k.kind == s.kind && k.window == s.window
		if !same || s.blockSize != k.blockSize {
			return false
		}
	}
	return true
}

// BlockBytes is what one block of the pool costs: a page for each of
// Slots layers (get_kv_cache_config_from_groups: num_blocks =
// available // page_size // group_size; one group: // the pages' sum).
func (l *KVLayout) BlockBytes() uint64 {
	if !l.Hybrid {
		var b uint64
		for _, g := range l.Groups {
			b += g.PageBytes * uint64(g.Layers)
		}
		return b
	}
	return l.Groups[0].PageBytes * uint64(l.Slots)
}

// MinBlockSize is the smallest attention block size, vLLM's unit for the
// tokens it logs (_report_kv_cache_config's min_block_size).
func (l *KVLayout) MinBlockSize() int {
	bs := 0
	for _, g := range l.Groups {
		if g.Kind != SpecMamba && (bs == 0 || g.BlockSize < bs) {
			bs = g.BlockSize
		}
	}
	if bs == 0 {
		bs = l.Groups[0].BlockSize
	}
	return max(bs, 1)
}

// BytesPerToken is what one token slot of the pool costs: a block's
// bytes over the tokens a block holds. For a hybrid model that is one
// group of layers, not every layer.
func (l *KVLayout) BytesPerToken() uint64 {
	return l.BlockBytes() / uint64(l.MinBlockSize())
}

// groupBlocks is the blocks one request of ctx tokens reserves in g:
// its spec's max_memory_usage_bytes over its page (kv_cache_interface.py:
// FullAttentionSpec cdiv(max_model_len, block_size); SlidingWindowSpec
// cdiv(min(sliding_window−1+max_num_batched_tokens, max_model_len),
// block_size)+1; MambaSpec one state with mamba_cache_mode none).
func (g KVGroup) blocks(ctx, batched uint64) uint64 {
	bs := uint64(max(g.BlockSize, 1))
	switch g.Kind {
	case SpecSliding:
		return cdiv(min(uint64(g.Window)-1+batched, ctx), bs) + 1
	case SpecMamba:
		return 1
	}
	return cdiv(ctx, bs)
}

// BlocksPerRequest is the blocks one request of ctx tokens reserves
// (get_max_concurrency_for_kv_cache_config's num_block_per_request:
// summed over the groups of a hybrid model; the most any layer needs
// otherwise). batched is --max-num-batched-tokens.
func (l *KVLayout) BlocksPerRequest(ctx, batched uint64) uint64 {
	var n uint64
	for _, g := range l.Groups {
		if l.Hybrid {
			n += g.blocks(ctx, batched)
		} else {
			n = max(n, g.blocks(ctx, batched))
		}
	}
	return n
}

// RequestBytes is the KV cache one request of ctx tokens reserves on this
// rank (what vLLM's start-up check needs free for one request at
// max_model_len: _max_memory_usage_bytes_from_groups).
func (l *KVLayout) RequestBytes(ctx, batched uint64) uint64 {
	if !l.Hybrid {
		var b uint64
		for _, g := range l.Groups {
			b += mulSat(g.blocks(ctx, batched), g.PageBytes*uint64(g.Layers))
		}
		return b
	}
	return mulSat(l.BlocksPerRequest(ctx, batched), l.BlockBytes())
}

// Capacity is what vLLM makes of a KV budget on one rank.
type Capacity struct {
	Blocks uint64 // num_blocks: budget // BlockBytes
	// MaxConcurrency is how many requests of ctx tokens fit at once.
	MaxConcurrency float64
	// TokensLogged is "GPU KV cache size: N tokens" as current vLLM logs
	// it (since 2026-04-28: max_concurrency × max_model_len).
	TokensLogged uint64
	// TokensLoggedBefore is the same line before that change:
	// num_blocks // len(groups) × the smallest block size.
	TokensLoggedBefore uint64
}

// Fit is the capacity budget bytes of KV cache give, for requests of ctx
// tokens (vllm/v1/core/kv_cache_utils.py get_num_blocks,
// get_max_concurrency_for_kv_cache_config, _report_kv_cache_config).
func (l *KVLayout) Fit(budget, ctx, batched uint64) Capacity {
	c := Capacity{Blocks: budget / l.BlockBytes()}
	c.TokensLoggedBefore = mulSat(c.Blocks/uint64(l.groupCount()), uint64(l.MinBlockSize()))
	if bpr := l.BlocksPerRequest(ctx, batched); bpr > 0 {
		c.MaxConcurrency = float64(c.Blocks) / float64(bpr)
		c.TokensLogged = uint64(c.MaxConcurrency * float64(ctx))
	}
	return c
}

// RankBytesFromConcurrency is the KV cache one rank holds when vLLM
// logged that conc requests of ctx tokens fit: every rank holds the same
// number of blocks (get_kv_cache_configs gives all ranks the smallest
// num_blocks), here conc × the blocks one request reserves.
func (l *KVLayout) RankBytesFromConcurrency(conc float64, ctx, batched uint64) uint64 {
	blocks := conc * float64(l.BlocksPerRequest(ctx, batched))
	return mulSat(uint64(blocks+0.5), l.BlockBytes())
}

// RankBytesFromTokens is the KV cache one rank holds when vLLM logged
// "GPU KV cache size: tokens" in its form before 2026-04-28
// (num_blocks // len(groups) × the smallest block size): within one
// block per group of the truth.
func (l *KVLayout) RankBytesFromTokens(tokens uint64) uint64 {
	return mulSat(tokens/uint64(l.MinBlockSize())*uint64(l.groupCount()), l.BlockBytes())
}

// RankBytesFromBlocks is the KV cache one rank holds with blocks blocks
// (vLLM's /metrics vllm:cache_config_info num_gpu_blocks).
func (l *KVLayout) RankBytesFromBlocks(blocks uint64) uint64 {
	return mulSat(blocks, l.BlockBytes())
}

// Kinds lists the groups' kinds, for notes ("2 full, 10 sliding").
func (l *KVLayout) Kinds() string {
	count := map[string]int{}
	var order []string
	for _, g := range l.Groups {
		if count[g.Kind] == 0 {
			order = append(order, g.Kind)
		}
		count[g.Kind]++
	}
	slices.Sort(order)
	s := ""
	for i, k := range order {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%d %s", count[k], k)
	}
	return s
}

// RankKV is the KV cache one rank holds, from what vLLM logged, and how
// it was worked out.
type RankKV struct {
	Bytes  uint64
	Method string
}

// RankBytes is the KV cache one rank holds when vLLM logged "GPU KV cache
// size: tokens" and, if conc > 0, "Maximum concurrency for ctx tokens per
// request: conc x". Every rank holds the same number of blocks
// (get_kv_cache_configs gives all ranks the smallest num_blocks), so the
// blocks follow from either line:
//   - before 2026-04-28 tokens was num_blocks // len(groups) × the
//     smallest block size;
//   - since then it is int(max_concurrency × max_model_len), and
//     num_blocks = max_concurrency × the blocks one request reserves
//     (batched, --max-num-batched-tokens, sizes a sliding window's share).
//
// The two forms agree for full attention; for windowed and hybrid models
// the line's tokens are told apart by whether they equal conc × ctx.
func (l *KVLayout) RankBytes(tokens uint64, conc float64, ctx, batched uint64) RankKV {
	if conc > 0 && ctx > 0 {
		exact := float64(tokens) / float64(ctx)
		if tokens == 0 || math.Abs(exact-conc) <= 0.006 { // the log rounds conc to 0.01
			if tokens > 0 {
				conc = exact
			}
			return RankKV{l.RankBytesFromConcurrency(conc, ctx, batched), fmt.Sprintf(
				"the logged concurrency × the %d blocks one request of %d tokens reserves × %d bytes a block", l.BlocksPerRequest(ctx, batched), ctx, l.BlockBytes())}
		}
	}
	return RankKV{l.RankBytesFromTokens(tokens), fmt.Sprintf(
		"the logged tokens ÷ %d tokens a block × %d groups × %d bytes a block (the line's form before 2026-04-28)", l.MinBlockSize(), l.groupCount(), l.BlockBytes())}
}

func (l *KVLayout) groupCount() int {
	if l.Hybrid {
		return len(l.Groups)
	}
	return 1
}

// HasWindow reports whether a group's per-request blocks depend on
// --max-num-batched-tokens.
func (l *KVLayout) HasWindow() bool {
	for _, g := range l.Groups {
		if g.Kind == SpecSliding {
			return true
		}
	}
	return false
}
