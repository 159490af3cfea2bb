package gguf_test

import (
	"testing"

	"github.com/gputaskman/gtm/inspect/gguf"
)

func TestKindHint(t *testing.T) {
	cases := []struct {
		paths []string
		label string
	}{
		{[]string{"Laya-Q4_K_M.gguf"}, "likely decision model (laya)"},
		{[]string{"/models/openjev/model.gguf"}, "likely decision model (openjev)"},
		{[]string{"kev-7b.gguf"}, "likely decision model (kev)"},
		{[]string{"/srv/lev_v2.Q8_0.gguf"}, "likely decision model (lev)"},
		{[]string{"julia-1-q8_0.gguf"}, "likely decision model (julia-1)"},
		{[]string{"Julia 1.gguf"}, "likely decision model (julia-1)"},
		{[]string{"model.gguf", "ollama:laya:latest"}, "likely decision model (laya)"},
		{[]string{`C:\models\KEV\weights.gguf`}, "likely decision model (kev)"},

		{[]string{"clever.gguf"}, ""},
		{[]string{"kevlar-7b.gguf"}, ""},
		{[]string{"levels/model.gguf"}, ""},
		{[]string{"julia.gguf"}, ""},
		{[]string{"julia-10.gguf"}, ""},
		{[]string{"openjevx.gguf"}, ""},
		{[]string{"/home/kev/models/qwen/qwen3.gguf"}, ""}, // only the file and its folder count
		{nil, ""},
	}
	for _, c := range cases {
		hint, label := gguf.KindHint(c.paths...)
		if label != c.label {
			t.Errorf("KindHint(%q) = %q, want %q", c.paths, label, c.label)
		}
		if (hint != "") != (c.label != "") || (hint != "" && hint != string(gguf.KindDecision)) {
			t.Errorf("KindHint(%q) hint = %q", c.paths, hint)
		}
	}
}
