package gguf_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/gguf"
	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
)

// FuzzParse feeds arbitrary bytes to Parse and, when they parse, to
// Estimate: nothing may panic, errors are one "gguf: " line, and a parsed
// file's tensors lie inside it. The seed corpus is in
// testdata/fuzz/FuzzParse (regenerate with GGUF_WRITE_CORPUS=1).
func FuzzParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := gguf.Parse(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			var ge *gguf.Error
			msg := err.Error()
			if file != nil || !errors.As(err, &ge) || !strings.HasPrefix(msg, "gguf: ") || strings.Contains(msg, "\n") {
				t.Fatalf("bad error %q (file %v)", msg, file != nil)
			}
			return
		}
		var total uint64
		for _, tn := range file.Tensors {
			end := uint64(file.DataOffset) + tn.Offset + tn.Bytes
			if end > uint64(len(data)) || tn.Offset%file.Alignment != 0 || len(tn.Dims) > gguf.MaxDims {
				t.Fatalf("tensor %s escapes the file: %+v", tn.Name, tn)
			}
			total += tn.Bytes
		}
		if total != file.TensorBytes || file.Kind == "" {
			t.Fatalf("tensor bytes %d vs %d, kind %q", total, file.TensorBytes, file.Kind)
		}
		for _, kv := range file.Metadata() {
			_ = kv.Value.String()
		}
		ngl := 3
		for _, o := range []gguf.Options{
			{},
			{NCtx: 4096, Parallel: 4},
			{NCtx: 1000, Parallel: 3, KVSplit: true, CacheTypeK: "q8_0", CacheTypeV: "q4_0"},
			{NCtx: 70000, SWAFull: true, NGPULayers: &ngl},
		} {
			e, err := file.Estimate(o)
			if err == nil && e.KV > e.KVFull {
				t.Fatalf("KV %d above full-context bound %d", e.KV, e.KVFull)
			}
		}
	})
}

// seeds are small valid and broken files for the fuzz corpus.
func seeds() map[string][]byte {
	out := map[string][]byte{}
	valid := func(name string, b *ggufgen.Builder) {
		out[name] = b.MustBuild().Bytes()
	}
	small := func(arch string) *ggufgen.Builder {
		b := ggufgen.New()
		b.Set("general.architecture", ggufgen.String(arch))
		b.Set(arch+".block_count", ggufgen.Uint32(2))
		b.Set(arch+".context_length", ggufgen.Uint32(512))
		b.Set(arch+".embedding_length", ggufgen.Uint32(64))
		b.Set(arch+".attention.head_count", ggufgen.Uint32(2))
		b.Set(arch+".attention.head_count_kv", ggufgen.Uint32(1))
		b.Set("tokenizer.ggml.tokens", ggufgen.Strings("a", "b", "c"))
		b.Tensor("blk.0.attn_norm.weight", gguf.TypeF32, 8)
		b.Tensor("blk.1.attn_q.weight", gguf.TypeQ8_0, 32, 2)
		return b
	}
	valid("llm", small("llama").Set("general.file_type", ggufgen.Uint32(15)))
	valid("swa", small("gemma3").Set("gemma3.attention.sliding_window", ggufgen.Uint32(128)).
		Set("gemma3.attention.sliding_window_pattern", ggufgen.Bools(true, false)).
		Set("gemma3.attention.head_count_kv", ggufgen.Uint32s(1, 2)))
	valid("mla", small("deepseek2").Set("deepseek2.attention.key_length_mla", ggufgen.Uint32(192)).
		Set("deepseek2.attention.value_length_mla", ggufgen.Uint32(128)).
		Set("deepseek2.attention.kv_lora_rank", ggufgen.Uint32(32)).
		Set("deepseek2.rope.dimension_count", ggufgen.Uint32(32)))
	valid("hybrid", small("qwen35").Set("qwen35.full_attention_interval", ggufgen.Uint32(2)).
		Set("qwen35.ssm.conv_kernel", ggufgen.Uint32(4)).Set("qwen35.ssm.inner_size", ggufgen.Uint32(64)).
		Set("qwen35.ssm.state_size", ggufgen.Uint32(16)).Set("qwen35.decision.type", ggufgen.String("openjev")))
	valid("embedding", small("bert").Set("bert.pooling_type", ggufgen.Uint32(1)).Set("bert.attention.causal", ggufgen.Bool(false)))
	valid("clip", ggufgen.New().Set("general.architecture", ggufgen.String("clip")).Tensor("v.w", gguf.TypeF16, 4, 4))
	valid("values", ggufgen.New().Set("general.alignment", ggufgen.Uint32(64)).
		Set("a", ggufgen.Int8(-1)).Set("b", ggufgen.Uint16(7)).Set("c", ggufgen.Int64(-9)).
		Set("d", ggufgen.Float64(1.5)).Set("e", ggufgen.Float32s(1, 2)).
		Set("f", ggufgen.Array(gguf.ValueArray, ggufgen.Uint32s(1), ggufgen.Strings("x"))).
		Tensor("t", gguf.TypeQ4_K, 256).Tensor("u", gguf.TypeMXFP4, 32))

	tiny := out["llm"]
	out["truncated"] = tiny[:len(tiny)/2]
	out["bad-magic"] = append([]byte("GGML"), tiny[4:]...)
	v1 := bytes.Clone(tiny)
	v1[4] = 1
	out["v1"] = v1
	be := bytes.Clone(tiny)
	be[4], be[7] = 0, 3
	out["big-endian"] = be
	out["huge-string"] = header(0, 1).str("a").u32(8).u64(1 << 60).Bytes()
	out["huge-array"] = header(0, 1).str("a").u32(9).u32(4).u64(1 << 40).Bytes()
	out["misaligned"] = ggufgen.New().Tensor("a", gguf.TypeF32, 8).TensorAt("w", gguf.TypeF32, 16, 4).MustBuild().Bytes()
	out["unknown-type"] = ggufgen.New().TensorAt("w", 31, 0, 32).MustBuild().Bytes()
	return out
}

// TestSeedCorpus keeps the committed corpus in step with seeds(); with
// GGUF_WRITE_CORPUS=1 it rewrites it.
func TestSeedCorpus(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzParse")
	valid := map[string]bool{"llm": true, "swa": true, "mla": true, "hybrid": true, "embedding": true, "clip": true, "values": true}
	for name, data := range seeds() {
		if _, err := parseBytes(data); (err == nil) != valid[name] {
			t.Errorf("seed %s: parse error %v, valid %v", name, err, valid[name])
		}
		want := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data)
		path := filepath.Join(dir, "seed-"+name)
		if os.Getenv("GGUF_WRITE_CORPUS") == "1" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != want {
			t.Errorf("%s is missing or stale (err %v); run with GGUF_WRITE_CORPUS=1", path, err)
		}
	}
}
