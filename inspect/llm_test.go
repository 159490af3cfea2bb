package inspect

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/inspect/modelargs"
)

func qwenModel(t *testing.T) Model {
	t.Helper()
	path := filepath.Join(t.TempDir(), "qwen3.gguf")
	if err := ggufgen.Qwen3_0_6B().MustBuild().WriteFile(path); err != nil {
		t.Fatal(err)
	}
	f := "gguf"
	return Model{Path: path, Format: &f, Evidence: []string{"mapped"}}
}

func TestBuildLLM(t *testing.T) {
	m := qwenModel(t)
	hc := NewHeaderCache()
	ctx := 8192
	vram := uint64(2000 << 20)

	// Command line only: KV estimated at -c 8192 (896 MiB), weights from
	// the header, remainder inferred.
	l := BuildLLM(LLMInput{MeasuredVRAM: &vram, Models: []Model{m}, Headers: hc, Settings: modelargs.Settings{CtxSize: &ctx}})
	if l == nil || *l.NCtx != 8192 || *l.NCtxSource != "cmdline" {
		t.Fatalf("llm = %+v", l)
	}
	if l.KVCache.Bytes != 896<<20 || l.KVCache.Source != "estimated" || l.Weights.Bytes < 604<<20 {
		t.Errorf("kv %+v weights %+v", l.KVCache, l.Weights)
	}
	if l.Other == nil || l.Other.Bytes == nil || *l.Other.Bytes != vram-l.KVCache.Bytes-l.Weights.Bytes {
		t.Errorf("other = %+v", l.Other)
	}

	// The API's n_ctx wins over the command line.
	n := uint64(4096)
	slots, busy := 4, 1
	tps, ratio := 42.5, 0.25
	l = BuildLLM(LLMInput{MeasuredVRAM: &vram, Models: []Model{m}, Headers: hc, Settings: modelargs.Settings{CtxSize: &ctx},
		API: &APIFacts{Server: "llama-server", Status: "ok", NCtx: &n, SlotsTotal: &slots, SlotsBusy: &busy, TokensPerSecond: &tps, KVUsageRatio: &ratio}})
	if l.KVUsagePercent == nil || *l.KVUsagePercent != 25 {
		t.Errorf("kv usage = %v", l.KVUsagePercent)
	}
	if *l.NCtxSource != "api" || l.KVCache.Bytes != 448<<20 || *l.SlotsBusy != 1 || *l.Parallel != 4 || *l.TokensPerSecond != 42.5 {
		t.Errorf("api: %+v kv %+v", l, l.KVCache)
	}

	// A buffer log: reported numbers win.
	w, kv, comp := uint64(604<<20), uint64(896<<20), uint64(300<<20)
	l = BuildLLM(LLMInput{MeasuredVRAM: &vram, Models: []Model{m}, Headers: hc,
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
	if BuildLLM(LLMInput{Models: []Model{c}, Headers: hc}) != nil {
		t.Error("candidates must not make an LLM block")
	}
	_ = os.Remove(m.Path)
}
