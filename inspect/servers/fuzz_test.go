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
