package inspect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/modelargs"
	"github.com/gputaskman/gtm/inspect/servers"
	"github.com/gputaskman/gtm/internal/schema"
)

func qwenModel(t testing.TB) schema.Model {
	t.Helper()
	path := filepath.Join(t.TempDir(), "qwen3.gguf")
	if err := ggufgen.Qwen3_0_6B().MustBuild().WriteFile(path); err != nil {
		t.Fatal(err)
	}
	f := "gguf"
	return schema.Model{Path: path, Format: &f, Evidence: []string{"mapped"}}
}

func TestBuildLLM(t *testing.T) {
	m := qwenModel(t)
	hc := NewHeaderCache()
	ctx := 8192
	vram := uint64(2000 << 20)

	// Command line only: KV estimated at -c 8192 (896 MiB), weights from
	// the header, remainder inferred.
	l := BuildLLM(LLMInput{MeasuredVRAM: &vram, Models: []schema.Model{m}, Headers: hc, Settings: modelargs.Settings{CtxSize: &ctx}})
	if l == nil || *l.NCtx != 8192 || *l.NCtxSource != "cmdline" {
		t.Fatalf("llm = %+v", l)
	}
	if l.KVCache.Bytes != 896<<20 || l.KVCache.Source != "estimated" || l.Weights.Bytes < 604<<20 {
		t.Errorf("kv %+v weights %+v", l.KVCache, l.Weights)
	}
	if l.Other == nil || l.Other.Bytes == nil || *l.Other.Bytes != vram-l.KVCache.Bytes-l.Weights.Bytes {
		t.Errorf("other = %+v", l.Other)
	}

	// The command line's -c is the whole context; the API's n_ctx is
	// one slot's and does not replace it.
	n := int64(4096)
	slots, busy := int64(4), int64(1)
	tps, ratio := 42.5, 0.25
	l = BuildLLM(LLMInput{MeasuredVRAM: &vram, Models: []schema.Model{m}, Headers: hc, Settings: modelargs.Settings{CtxSize: &ctx},
		API: &APIFacts{Server: servers.Lookup(servers.NameLlamaServer), Facts: servers.Facts{Status: "ok", NCtx: &n, NCtxPerSlot: true, SlotsTotal: &slots, SlotsBusy: &busy, TokensPerSecond: &tps, KVUsageRatio: &ratio}}})
	if l.KVUsagePercent == nil || *l.KVUsagePercent != 25 {
		t.Errorf("kv usage = %v", l.KVUsagePercent)
	}
	if *l.NCtxSource != "cmdline" || *l.NCtx != 8192 || *l.NCtxSlot != 4096 || l.KVCache.Bytes != 896<<20 || *l.SlotsBusy != 1 ||
		*l.Parallel != 4 || *l.ParallelSource != "api" || *l.TokensPerSecond != 42.5 {
		t.Errorf("api: %+v kv %+v", l, l.KVCache)
	}

	// A buffer log: reported numbers win.
	w, kv, comp := uint64(604<<20), uint64(896<<20), uint64(300<<20)
	l = BuildLLM(LLMInput{MeasuredVRAM: &vram, Models: []schema.Model{m}, Headers: hc,
		Log: &LogFacts{Path: "/var/log/llama.log", Weights: &w, KV: &kv, Compute: &comp}})
	if l.Weights.Source != "reported" || l.KVCache.From != "log" || l.Compute.Bytes != comp || *l.Other.Bytes != vram-w-kv-comp {
		t.Errorf("log: %+v", l.Breakdown)
	}

	// Not an LLM process: nothing.
	if BuildLLM(LLMInput{MeasuredVRAM: &vram}) != nil {
		t.Error("no model, no API, no log must give no LLM block")
	}
	// Installed candidates are not load evidence.
	c := m
	c.Candidate = true
	if BuildLLM(LLMInput{Models: []schema.Model{c}, Headers: hc}) != nil {
		t.Error("candidates must not make an LLM block")
	}
	_ = os.Remove(m.Path)
}

// Rule: /props reports one slot's context. Without -c, the server's whole
// context is that per-slot context times the slots when each slot has its
// own KV stream, and the per-slot context itself when they share one.
func TestPerSlotNCtxFromPropsIsNotTotal(t *testing.T) {
	m := qwenModel(t)
	hc := NewHeaderCache()
	perSlot, slots := int64(2048), int64(4)
	np := 4
	api := &APIFacts{Server: servers.Lookup(servers.NameLlamaServer), Facts: servers.Facts{Status: "ok", NCtx: &perSlot, NCtxPerSlot: true, SlotsTotal: &slots}}
	const cell = 28 * 4096 // Qwen3-0.6B f16 KV per cell

	// -np 4: split, 4 streams of 2048
	l := BuildLLM(LLMInput{LlamaCpp: true, Models: []schema.Model{m}, Headers: hc, Settings: modelargs.Settings{Parallel: &np}, API: api})
	if *l.NCtx != 8192 || *l.NCtxSource != "api_slots" || *l.NCtxSlot != 2048 || *l.KVUnified || l.KVCache.Bytes != 8192*cell {
		t.Errorf("split: n_ctx %d (%s), unified %v, KV %d", *l.NCtx, *l.NCtxSource, *l.KVUnified, l.KVCache.Bytes)
	}
	// auto slots: one unified cache of n_ctx = the per-slot context
	l = BuildLLM(LLMInput{LlamaCpp: true, Models: []schema.Model{m}, Headers: hc, API: api})
	if *l.NCtx != 2048 || *l.NCtxSource != "api" || !*l.KVUnified || *l.KVUnifiedSource != "default" || l.KVCache.Bytes != 2048*cell {
		t.Errorf("unified: n_ctx %d (%s), KV %d", *l.NCtx, *l.NCtxSource, l.KVCache.Bytes)
	}
	// the log's n_ctx and kv_unified win over both
	logCtx, seqs, unified := uint64(4096), uint64(4), false
	l = BuildLLM(LLMInput{LlamaCpp: true, Models: []schema.Model{m}, Headers: hc, API: api,
		Log: &LogFacts{Path: "x.log", NCtx: &logCtx, NSeqMax: &seqs, KVUnified: &unified}})
	if *l.NCtx != 4096 || *l.NCtxSource != "log" || *l.KVUnified || *l.KVUnifiedSource != "log" || l.KVCache.Bytes != 4096*cell {
		t.Errorf("log: n_ctx %d (%s), KV %d", *l.NCtx, *l.NCtxSource, l.KVCache.Bytes)
	}
	// nothing says: the trained context, and the block says so
	l = BuildLLM(LLMInput{Models: []schema.Model{m}, Headers: hc})
	if *l.NCtx != 40960 || *l.NCtxSource != "model" {
		t.Errorf("default: n_ctx %d (%s)", *l.NCtx, *l.NCtxSource)
	}
}

// Rule: a process whose only models are diffusion, vision or speech
// models gets no LLM block (and no KV note); beside an LLM, a projector's
// weights count and it says nothing about KV.
func TestDiffusionOnlyProcessHasNoLLMBlock(t *testing.T) {
	dir := t.TempDir()
	hc := NewHeaderCache()
	gg := "gguf"
	model := func(name string, b interface{ MustBuild() *ggufgen.Image }) schema.Model {
		p := filepath.Join(dir, name)
		if err := b.MustBuild().WriteFile(p); err != nil {
			t.Fatal(err)
		}
		return schema.Model{Path: p, Format: &gg, Evidence: []string{"mapped"}}
	}
	diff := model("flux.gguf", ggufgen.Diffusion())
	proj := model("mmproj.gguf", ggufgen.VisionProjector())
	speech := model("whisper.gguf", ggufgen.Speech())
	for _, ms := range [][]schema.Model{{diff}, {proj}, {speech}, {diff, proj}} {
		if l := BuildLLM(LLMInput{Models: ms, Headers: hc}); l != nil {
			t.Errorf("%d non-LLM models: LLM block %+v", len(ms), l)
		}
	}
	llm := model("qwen.gguf", ggufgen.Qwen3GQA())
	alone := BuildLLM(LLMInput{Models: []schema.Model{llm}, Headers: hc, Runtimes: []schema.Runtime{{Name: "CUDA"}}})
	both := BuildLLM(LLMInput{Models: []schema.Model{proj, llm}, Headers: hc, Runtimes: []schema.Runtime{{Name: "CUDA"}}})
	if both == nil || both.KVCache.Bytes != alone.KVCache.Bytes || both.Weights.Bytes <= alone.Weights.Bytes || *both.NCtx != 8192 {
		t.Errorf("LLM + projector: %+v vs %+v", both.Breakdown, alone.Breakdown)
	}
	for _, n := range both.Notes {
		if strings.Contains(n, "KV") || strings.Contains(n, "several models") {
			t.Errorf("note about the projector: %q", n)
		}
	}
}

// BenchmarkBuildLLM is one refresh's breakdown of a llama-server with a
// cached header, its API and its log: what every Enrich pays.
func BenchmarkBuildLLM(b *testing.B) {
	m := qwenModel(b)
	hc := NewHeaderCache()
	ctx, slots := 8192, int64(4)
	vram, n := uint64(2000<<20), int64(2048)
	w, kv := uint64(604<<20), uint64(896<<20)
	in := LLMInput{MeasuredVRAM: &vram, Models: []schema.Model{m}, Headers: hc, Settings: modelargs.Settings{CtxSize: &ctx}, LlamaCpp: true,
		API: &APIFacts{Server: servers.Lookup(servers.NameLlamaServer), Facts: servers.Facts{Status: "ok", NCtx: &n, NCtxPerSlot: true, SlotsTotal: &slots}},
		Log: &LogFacts{Path: "/var/log/llama.log", Weights: &w, KV: &kv}}
	if BuildLLM(in) == nil {
		b.Fatal("no LLM block")
	}
	b.ReportAllocs()
	for b.Loop() {
		BuildLLM(in)
	}
}
