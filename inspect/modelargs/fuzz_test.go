package modelargs

import (
	"path/filepath"
	"strings"
	"testing"
)

// FuzzArgs: any argv (NUL-separated) parses without panic, and what comes
// back keeps its promises.
func FuzzArgs(f *testing.F) {
	f.Add("llama-server\x00-m\x00m.gguf\x00-c\x004096\x00-fa\x00on")
	f.Add("ollama\x00runner\x00--model\x00/b\x00--port\x0041234")
	f.Add("sd\x00--diffusion-model\x00d.gguf\x00--lora-scaled\x00x:1,y")
	f.Fuzz(func(t *testing.T, joined string) {
		argv := strings.Split(joined, "\x00")
		for _, cwd := range []string{"/srv/app", "", "relative"} {
			r := Parse(argv, cwd)
			for _, m := range r.Models {
				switch {
				case m.Kind == KindRepo && (m.Path != "" || m.Resolved):
					t.Fatalf("repo with a path: %+v", m)
				case m.Kind != KindRepo && m.Path == "":
					t.Fatalf("file without a path: %+v", m)
				case m.Resolved && !filepath.IsAbs(m.Path):
					t.Fatalf("resolved but relative: %+v", m)
				case m.Role == "":
					t.Fatalf("no role: %+v", m)
				}
			}
			s := r.Settings
			if s.Port != nil && (*s.Port < 0 || *s.Port > 65535) {
				t.Fatalf("port %d", *s.Port)
			}
			if s.FlashAttn != nil && *s.FlashAttn != "on" && *s.FlashAttn != "off" && *s.FlashAttn != "auto" {
				t.Fatalf("fa %q", *s.FlashAttn)
			}
			if len(r.Warnings) > 50 {
				t.Fatalf("%d warnings", len(r.Warnings))
			}
			// A key made of "[redacted]"'s own letters can reappear through it.
			// Each warning is checked on its own: joining them would let a key
			// such as "\n" match the separator.
			if k := s.APIKey; k != nil && !strings.ContainsAny(k.Reveal(), "[redacted]") {
				for _, w := range r.Warnings {
					if strings.Contains(w, k.Reveal()) {
						t.Fatalf("key %q in warning %q", k.Reveal(), w)
					}
				}
			}
		}
	})
}
