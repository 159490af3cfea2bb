package servers

import (
	"maps"
	"math"
	"os"
	"path/filepath"
	"testing"
)

func addFiles(f *testing.F, pattern string) {
	files, _ := filepath.Glob(pattern)
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
}

// FuzzPrometheus: never panics, every sample is well-formed, and what it
// reads survives being written back and read again.
func FuzzPrometheus(f *testing.F) {
	addFiles(f, "testdata/*/*.txt")
	f.Fuzz(func(t *testing.T, body []byte) {
		samples, bad := ParsePrometheus(body)
		if bad < 0 || len(samples) > maxSamples {
			t.Fatalf("bad %d, %d samples", bad, len(samples))
		}
		for _, s := range samples {
			if s.Name == "" {
				t.Fatal("empty name")
			}
			for i := 0; i < len(s.Name); i++ {
				if !isNameByte(s.Name[i], i == 0, true) {
					t.Fatalf("name %q", s.Name)
				}
			}
		}
		again, bad2 := ParsePrometheus([]byte(formatSamples(samples)))
		if bad2 != 0 || len(again) != len(samples) {
			t.Fatalf("round trip: %d bad, %d vs %d samples\n%s", bad2, len(again), len(samples), formatSamples(samples))
		}
		for i := range samples {
			a, b := samples[i], again[i]
			same := a.Value == b.Value || math.IsNaN(a.Value) && math.IsNaN(b.Value)
			if a.Name != b.Name || !maps.Equal(a.Labels, b.Labels) || !same {
				t.Fatalf("round trip: %+v became %+v", a, b)
			}
		}
		// The probes' lookups must not mind anything the parser lets through.
		var s LlamaState
		s.applyMetrics(metrics(samples))
		var v VLLMState
		v.applyMetrics(metrics(samples))
		if v.PrefixCacheHitRatio != nil && (*v.PrefixCacheHitRatio < 0 || *v.PrefixCacheHitRatio > 1) {
			t.Fatalf("prefix ratio %v", *v.PrefixCacheHitRatio)
		}
		var sg SGLangState
		sg.applyMetrics(metrics(samples))
		for _, r := range []*float64{sg.TokenUsage, sg.CacheHitRate} {
			if r != nil && (*r < 0 || *r > 1) {
				t.Fatalf("sglang ratio %v", *r)
			}
		}
		if sg.MaxTotalNumTokens != nil && *sg.MaxTotalNumTokens < 1 {
			t.Fatalf("sglang capacity %d", *sg.MaxTotalNumTokens)
		}
		var tg TGIState
		tg.applyMetrics(metrics(samples))
		if tg.MaxBatchTotalTokens != nil && *tg.MaxBatchTotalTokens < 1 {
			t.Fatalf("tgi capacity %d", *tg.MaxBatchTotalTokens)
		}
	})
}

// FuzzProps: the /props, /slots and /v1/models parsers never panic, and
// never report a context, slot count or size that is not positive.
func FuzzProps(f *testing.F) {
	addFiles(f, "testdata/llama-server/*.json")
	f.Add([]byte(`{"default_generation_settings":{"n_ctx":"4096"},"total_slots":1e999,"modalities":{"vision":1}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		p, err := parseProps(body)
		if err == nil {
			if p.nctx != nil && *p.nctx < 1 || p.totalSlots != nil && *p.totalSlots < 1 {
				t.Fatalf("nctx %s slots %s", showInt(p.nctx), showInt(p.totalSlots))
			}
			if p.nctx != nil && p.nctxSource == "" {
				t.Fatal("n_ctx without a source")
			}
		}
		if si, err := parseSlots(body); err == nil {
			if si.busy != nil && (si.total == nil || *si.busy > *si.total || *si.busy < 0) {
				t.Fatalf("busy %s of %s", showInt(si.busy), showInt(si.total))
			}
		}
		if ms, _, err := parseLlamaModels(body); err == nil {
			for _, m := range ms {
				if m.ID == "" || m.Size != nil && *m.Size < 1 || m.NCtxTrain != nil && *m.NCtxTrain < 1 {
					t.Fatalf("model %+v", m)
				}
			}
		}
		parseOllamaPS(body)
		parseLMStudioV0(body)
		parseLMStudioV1(body)
		parseVLLMModels(body)
	})
}

// FuzzServerInfo: the SGLang, TGI and ComfyUI JSON parsers never panic,
// and what they keep is in range: positive sizes and counts, fractions
// in (0, 1], at most the bounded number of devices, ranks and names.
func FuzzServerInfo(f *testing.F) {
	addFiles(f, "testdata/sglang/*.json")
	addFiles(f, "testdata/tgi/*.json")
	addFiles(f, "testdata/comfyui/*.json")
	f.Add([]byte(`{"queue_running":[[1,"a",{"1":{"inputs":{"ckpt_name":"x"}}},{},[]]],"queue_pending":7}`))
	f.Add([]byte(`{"internal_states":[{"memory_usage":{"weight":1e400,"token_capacity":"12"}}],"mem_fraction_static":"0.9"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var s SGLangState
		if s.applyModelInfo(body) == nil && s.applyServerInfo(body) == nil {
			if len(s.MemoryUsage) > maxRanks {
				t.Fatalf("%d ranks", len(s.MemoryUsage))
			}
			for _, p := range []*int64{s.ContextLength, s.TPSize, s.DPSize, s.MaxTotalNumTokens} {
				if p != nil && *p < 1 {
					t.Fatalf("sglang size %d", *p)
				}
			}
			if s.MemFractionStatic != nil && (*s.MemFractionStatic <= 0 || *s.MemFractionStatic > 1) {
				t.Fatalf("fraction %v", *s.MemFractionStatic)
			}
			if s.MaxTotalNumTokens != nil && s.MaxTotalNumTokensFrom == "" {
				t.Fatal("capacity without a source")
			}
		}
		var g TGIState
		if g.applyInfo(body) == nil {
			for _, p := range []*int64{g.MaxTotalTokens, g.MaxInputTokens, g.MaxConcurrentRequests, g.MaxBatchTotalTokens} {
				if p != nil && *p < 1 {
					t.Fatalf("tgi size %d", *p)
				}
			}
		}
		isTGIInfo(body)
		isSGLangModelInfo(body)
		isComfySystemStats(body)
		if _, ds, err := parseComfySystemStats(body); err == nil {
			if len(ds) > maxDevices {
				t.Fatalf("%d devices", len(ds))
			}
			for _, d := range ds {
				for _, p := range []*int64{d.Index, d.VRAMTotal, d.VRAMFree, d.TorchVRAMTotal, d.TorchVRAMFree} {
					if p != nil && *p < 0 {
						t.Fatalf("device %+v", d)
					}
				}
			}
		}
		if run, pend, models, err := parseComfyQueue(body); err == nil {
			if run != nil && *run < 0 || pend != nil && *pend < 0 || len(models) > maxLoadedModels {
				t.Fatalf("queue %v %v, %d models", run, pend, len(models))
			}
			seen := map[string]bool{}
			for _, m := range models {
				if m == "" || len(m) > maxModelNameLen || seen[m] {
					t.Fatalf("model name %q", m)
				}
				seen[m] = true
			}
		}
	})
}
