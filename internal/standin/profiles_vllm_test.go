package standin

import "testing"

// TestVLLMKVPlan checks the stand-in's vLLM arithmetic by hand, at TP 2,
// for the version matrix's three models.
func TestVLLMKVPlan(t *testing.T) {
	for _, c := range []struct {
		name       string
		model      func() (Model, VLLMAttention)
		availGiB   float64
		version    string
		page       int64
		groupSize  int
		groups     int
		blocks     int64
		perRequest int64
		logged     int64
	}{
		// 2 × 16 × 4 heads × 128 × 2 bytes; 100 GiB / 32,768 / 36 layers
		{"Qwen3-8B", Qwen3_8B, 100, "0.11.0", 32768, 36, 1, 91022, 2560, 91022 * 16},
		// MLA: 16 × 576 × 2 bytes, not split over the ranks; 60 GiB / 18,432 / 27
		{"DeepSeek-V2-Lite", DeepSeekV2Lite, 60, "0.11.0", 18432, 27, 1, 129453, 10240, 129453 * 16},
		// 8 full + 40 sliding layers: groups of 8 (1 full, 5 sliding), 8
		// tensors; 40 GiB / 65,536 / 8; a request: 8192 full blocks + 5 ×
		// (cdiv(min(1023 + 8192, 131072), 16) + 1) sliding ones
		{"Gemma-3-12B 0.11.0", Gemma3_12B, 40, "0.11.0", 65536, 8, 6, 81920, 8192 + 5*577, 81920 / 6 * 16},
		{"Gemma-3-12B 0.21.0", Gemma3_12B, 40, "0.21.0", 65536, 8, 6, 81920, 8192 + 5*577, 969343}, // int(81920 / 11077 × 131072), as Python computes it
	} {
		m, a := c.model()
		p := VLLMOptions{Model: m, Attention: a, KVCacheGiB: c.availGiB, Version: c.version}.KVPlan()
		if p.PageBytes != c.page || p.GroupSize != c.groupSize || p.Groups != c.groups || p.NumBlocks != c.blocks ||
			p.BlocksPerRequest != c.perRequest || p.LoggedTokens != c.logged || p.HeldBytes != c.blocks*c.page*int64(c.groupSize) {
			t.Errorf("%s: %+v", c.name, p)
		}
	}
}

func TestVLLMCurrent(t *testing.T) {
	for v, want := range map[string]bool{"0.11.0": false, "0.10.1.1": false, "0.11.1": true, "0.11.2": true, "0.12.0": true, "0.21.0": true} {
		if vllmCurrent(v) != want {
			t.Errorf("vllmCurrent(%q) = %v", v, !want)
		}
	}
}

// TestVLLMKVPlanGroupSizeByVersion: how many layers share a hybrid
// model's tensors follows the version's _get_kv_cache_groups_uniform_page_size
// (vllm/v1/core/kv_cache_utils.py): the fewest layers of a kind in 0.11.0
// (7977e502, group_size = min(...)); the most when under 1.5 times that
// in main of 2026-05 (1.25 from #29303, 2025-11-24; 1.5 from #36684,
// 2026-03-12). 12 sliding + 13 full layers (gpt-oss-20b with an EAGLE
// layer, the case #29303 names): 0.11.0 pads the full kind to two groups
// of 12, current vLLM takes groups of 13.
func TestVLLMKVPlanGroupSizeByVersion(t *testing.T) {
	m := Model{ID: "openai/gpt-oss-20b+eagle", Layers: 25, KVHeads: 8, HeadDim: 64, DTypeBytes: 2, MaxModelLen: 131072}
	a := VLLMAttention{SlidingLayers: 12, Window: 128}
	for _, c := range []struct {
		version           string
		groupSize, groups int
	}{{"0.11.0", 12, 3}, {"0.21.0", 13, 2}} {
		p := VLLMOptions{Model: m, Attention: a, Version: c.version}.KVPlan()
		if p.GroupSize != c.groupSize || p.Groups != c.groups {
			t.Errorf("%s: group size %d, %d groups; want %d, %d", c.version, p.GroupSize, p.Groups, c.groupSize, c.groups)
		}
	}
}
