package trtllm_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/trtllm"
	"github.com/gputaskman/gtm/inspect/trtllm/trtllmgen"
	"github.com/gputaskman/gtm/internal/safefile"
)

// qwen is Qwen2.5-7B's shape, built for two GPUs.
func qwen() trtllmgen.Config {
	return trtllmgen.Config{
		Version: "0.17.0", Architecture: "Qwen2ForCausalLM", DType: "bfloat16",
		Layers: 28, Heads: 28, KVHeads: 4, HeadSize: 128, Hidden: 3584, Vocab: 152064, MaxPositions: 32768,
		TP: 2, PP: 1, MaxBatchSize: 64, MaxInputLen: 4096, MaxSeqLen: 8192, MaxNumTokens: 8192,
		MaxBeamWidth: 1, PagedKV: true, TokensPerBlock: 32, RankBytes: []int64{7_650_000_123, 7_650_000_456},
	}
}

func TestReadDir(t *testing.T) {
	dir := t.TempDir()
	c := qwen()
	if err := c.WriteDir(dir, false); err != nil {
		t.Fatal(err)
	}
	e, err := trtllm.ReadDir(nil, dir)
	if err != nil {
		t.Fatal(err)
	}
	paged := true
	want := &trtllm.Engine{
		Dir: dir, Version: "0.17.0", Layout: "engine", Architecture: "Qwen2ForCausalLM", DType: "bfloat16",
		Layers: 28, Heads: 28, KVHeads: 4, HeadSize: 128, Hidden: 3584, Vocab: 152064, MaxPositions: 32768,
		WorldSize: 2, TPSize: 2, PPSize: 1, MaxBatchSize: 64, MaxInputLen: 4096, MaxSeqLen: 8192,
		MaxNumTokens: 8192, MaxBeamWidth: 1, PagedKV: &paged, TokensPerBlock: 32,
		Ranks: []trtllm.RankFile{
			{Rank: 0, Path: filepath.Join(dir, "rank0.engine"), Bytes: 7_650_000_123},
			{Rank: 1, Path: filepath.Join(dir, "rank1.engine"), Bytes: 7_650_000_456},
		},
	}
	if !reflect.DeepEqual(e, want) {
		t.Errorf("got  %+v\nwant %+v", e, want)
	}
	// 2 × 28 layers × (4 KV heads / 2 ranks) × 128 × 2 bytes
	if kv, ok := e.KVBytesPerToken(); !ok || kv != 2*28*2*128*2 {
		t.Errorf("kv %d %v", kv, ok)
	}
	if !trtllm.IsEngineDir(nil, dir) {
		t.Error("not an engine dir")
	}
}

func TestLegacyLayout(t *testing.T) {
	for _, pp := range []int{1, 2} {
		dir := t.TempDir()
		c := qwen()
		c.Architecture, c.DType, c.PP = "llama", "float16", pp
		c.RankBytes = make([]int64, 2*pp)
		for i := range c.RankBytes {
			c.RankBytes[i] = int64(1000 + i)
		}
		if err := c.WriteDir(dir, true); err != nil {
			t.Fatal(err)
		}
		e, err := trtllm.ReadDir(nil, dir)
		if err != nil {
			t.Fatal(err)
		}
		if e.Layout != "legacy" || e.Architecture != "llama" || e.Layers != 28 || e.KVHeads != 4 ||
			e.TPSize != 2 || e.PPSize != pp || e.WorldSize != 2*pp || e.MaxSeqLen != 8192 || e.PagedKV == nil || !*e.PagedKV {
			t.Errorf("pp %d: %+v", pp, e)
		}
		if len(e.Ranks) != 2*pp || e.Ranks[len(e.Ranks)-1].Bytes != uint64(1000+2*pp-1) ||
			filepath.Base(e.Ranks[0].Path) != c.EngineName(true, 0) {
			t.Errorf("pp %d: ranks %+v", pp, e.Ranks)
		}
		if !trtllm.IsEngineDir(nil, dir) {
			t.Errorf("pp %d: not an engine dir", pp)
		}
	}
}

func TestKVBytesPerToken(t *testing.T) {
	base := trtllm.Engine{DType: "float16", Layers: 32, Heads: 32, KVHeads: 8, HeadSize: 128, Hidden: 4096, TPSize: 1, PPSize: 1}
	cases := []struct {
		name string
		edit func(*trtllm.Engine)
		want uint64
		ok   bool
	}{
		{"fp16", func(*trtllm.Engine) {}, 2 * 32 * 8 * 128 * 2, true},
		{"fp8 kv", func(e *trtllm.Engine) { e.KVCacheQuantAlgo = "FP8" }, 2 * 32 * 8 * 128, true},
		{"int8 kv", func(e *trtllm.Engine) { e.KVCacheQuantAlgo = "INT8" }, 2 * 32 * 8 * 128, true},
		{"nvfp4 kv", func(e *trtllm.Engine) { e.KVCacheQuantAlgo = "NVFP4" }, 0, false},
		{"fp32", func(e *trtllm.Engine) { e.DType = "float32" }, 2 * 32 * 8 * 128 * 4, true},
		{"tp beyond kv heads", func(e *trtllm.Engine) { e.TPSize = 16 }, 2 * 32 * 1 * 128 * 2, true},
		{"pp uneven", func(e *trtllm.Engine) { e.PPSize = 3 }, 2 * 11 * 8 * 128 * 2, true},
		{"head size from hidden", func(e *trtllm.Engine) { e.HeadSize = 0 }, 2 * 32 * 8 * 128 * 2, true},
		{"no head size", func(e *trtllm.Engine) { e.HeadSize, e.Hidden = 0, 0 }, 0, false},
		{"no layers", func(e *trtllm.Engine) { e.Layers = 0 }, 0, false},
		{"unknown dtype", func(e *trtllm.Engine) { e.DType = "int8" }, 0, false},
		{"overflow", func(e *trtllm.Engine) { e.Layers, e.KVHeads, e.HeadSize = 1<<31-1, 1<<31-1, 1<<31-1 }, 0, false},
	}
	for _, c := range cases {
		e := base
		c.edit(&e)
		got, ok := e.KVBytesPerToken()
		if got != c.want || ok != c.ok {
			t.Errorf("%s: %d %v, want %d %v", c.name, got, ok, c.want, c.ok)
		}
	}
}

func TestBadValuesDropped(t *testing.T) {
	cfg := `{"version": "0.9.0", "pretrained_config": {"architecture": "LlamaForCausalLM", "dtype": 7,
		"num_hidden_layers": "many", "num_attention_heads": -4, "num_key_value_heads": 2.5,
		"hidden_size": 1e20, "vocab_size": 32000, "mapping": "tp2", "quantization": null},
		"build_config": {"max_batch_size": 8, "plugin_config": {"paged_kv_cache": "yes", "tokens_per_block": 64}}}`
	e, err := trtllm.ParseConfig([]byte(cfg))
	if err != nil {
		t.Fatal(err)
	}
	if e.Architecture != "LlamaForCausalLM" || e.DType != "" || e.Layers != 0 || e.Heads != 0 || e.KVHeads != 0 ||
		e.Hidden != 0 || e.Vocab != 32000 || e.TPSize != 0 || e.MaxBatchSize != 8 || e.PagedKV != nil || e.TokensPerBlock != 64 {
		t.Errorf("%+v", e)
	}
	if len(e.Notes) != 7 {
		t.Errorf("%d notes: %q", len(e.Notes), e.Notes)
	}
	if _, ok := e.KVBytesPerToken(); ok {
		t.Error("kv computed without layers")
	}
}

func TestNotEngine(t *testing.T) {
	cases := map[string]error{
		`{"architecture": "LlamaForCausalLM", "dtype": "float16", "num_hidden_layers": 2}`: trtllm.ErrNotEngine, // a checkpoint
		`{}`:                     trtllm.ErrNotEngine,
		`[1, 2]`:                 trtllm.ErrInvalid,
		`{"pretrained_config": `: trtllm.ErrInvalid,
		strings.Repeat(" ", trtllm.MaxConfigBytes+1): trtllm.ErrInvalid,
	}
	for cfg, want := range cases {
		if _, err := trtllm.ParseConfig([]byte(cfg)); !errors.Is(err, want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%.40q: %v, want %v", cfg, err, want)
		}
	}
}

func TestRanks(t *testing.T) {
	// world size 4, rank 2 missing
	dir := t.TempDir()
	c := qwen()
	c.TP, c.RankBytes = 4, []int64{10, 11, 12, 13}
	if err := c.WriteDir(dir, false); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "rank2.engine"))
	os.Mkdir(filepath.Join(dir, "rank3.engine.d"), 0o755)
	e, err := trtllm.ReadDir(nil, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Ranks) != 3 || e.Ranks[2].Rank != 3 || !strings.Contains(strings.Join(e.Notes, "|"), "1 of 4 ranks") {
		t.Errorf("%+v %q", e.Ranks, e.Notes)
	}

	// no world size in the config: probe until the first gap
	dir = t.TempDir()
	cfg := `{"pretrained_config": {"architecture": "X"}, "build_config": {}}`
	os.WriteFile(filepath.Join(dir, "config.json"), []byte(cfg), 0o644)
	for _, n := range []string{"rank0.engine", "rank1.engine", "rank3.engine"} {
		os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644)
	}
	e, err = trtllm.ReadDir(nil, dir)
	if err != nil || len(e.Ranks) != 2 {
		t.Errorf("%+v %v", e, err)
	}
}

func TestIsEngineDirNo(t *testing.T) {
	// a TensorRT-LLM checkpoint (convert_checkpoint.py output) is not an engine
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"architecture": "LlamaForCausalLM", "dtype": "float16"}`), 0o644)
	os.WriteFile(filepath.Join(dir, "rank0.safetensors"), []byte("x"), 0o644)
	if trtllm.IsEngineDir(nil, dir) {
		t.Error("checkpoint taken for an engine")
	}
	// an engine config without engine files
	dir = t.TempDir()
	os.WriteFile(filepath.Join(dir, "config.json"), qwen().JSON(), 0o644)
	if trtllm.IsEngineDir(nil, dir) {
		t.Error("no rank0.engine, still an engine")
	}
	if trtllm.IsEngineDir(nil, filepath.Join(dir, "missing")) {
		t.Error("missing dir")
	}
}

// TestLegacyNameStaysInDir: a legacy model name that would lead out of
// the directory is not used to build a file name.
func TestLegacyNameStaysInDir(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "engine")
	os.Mkdir(dir, 0o755)
	c := qwen()
	c.Architecture, c.DType, c.TP, c.PP = "../evil", "float16", 1, 1
	os.WriteFile(filepath.Join(dir, "config.json"), c.LegacyJSON(), 0o644)
	os.WriteFile(filepath.Join(parent, "evil_float16_tp1_rank0.engine"), []byte("x"), 0o644)
	e, err := trtllm.ReadDir(nil, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Ranks) != 0 || trtllm.IsEngineDir(nil, dir) {
		t.Errorf("followed the name out of the dir: %+v", e.Ranks)
	}
}

func TestRefusedAccess(t *testing.T) {
	dir := t.TempDir()
	if err := qwen().WriteDir(dir, false); err != nil {
		t.Fatal(err)
	}
	acc := safefile.Refused(fs.ErrPermission)
	if _, err := trtllm.ReadDir(acc, dir); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("got %v", err)
	}
	if trtllm.IsEngineDir(acc, dir) {
		t.Error("refused access still sees an engine")
	}
}

// TestTruncatedConfig: every prefix of a config is refused as invalid
// JSON, never half read.
func TestTruncatedConfig(t *testing.T) {
	full := qwen().JSON()
	for n := 0; n < len(full); n++ {
		if _, err := trtllm.ParseConfig(full[:n]); !errors.Is(err, trtllm.ErrInvalid) {
			t.Fatalf("prefix %d: %v", n, err)
		}
	}
}

// An object of many members is dropped before it is decoded into a map
// (4 MiB of tiny members cost 64 MiB).
func TestManyMembersRefusedCheaply(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`{"version":"0.9","pretrained_config":{"architecture":"LlamaForCausalLM"`)
	for i := 0; sb.Len() < trtllm.MaxConfigBytes-100; i++ {
		fmt.Fprintf(&sb, `,"%d":1`, i)
	}
	sb.WriteString(`},"build_config":{"max_batch_size":1}}`)
	b := []byte(sb.String())
	var a, z runtime.MemStats
	runtime.ReadMemStats(&a)
	e, err := trtllm.ParseConfig(b)
	runtime.ReadMemStats(&z)
	if err != nil || !strings.Contains(strings.Join(e.Notes, "|"), "keys (limit") {
		t.Fatalf("%v %+v", err, e)
	}
	if got := z.TotalAlloc - a.TotalAlloc; got > 2*uint64(len(b)) { // the top level's raw values: about its size
		t.Fatalf("parsing %d bytes allocated %d", len(b), got)
	}
}
