package inspect

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/internal/schema"
)

type opensByKey map[Key][]FileOpen

func (o opensByKey) Opened(k Key) []FileOpen { return o[k] }

// Windows: the modules inspector takes the trace's opens as the maps
// inspector does. A model the process opened becomes "opened" evidence,
// confirmed by its command line and the VRAM rising after the open; a
// file whose bytes are no model is not taken; without a trace, a process
// whose command line names no model keeps Models unknown (nil).
func TestModuleInspectorOpened(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "qwen.gguf")
	junk := filepath.Join(dir, "pytorch_model.bin")
	readOnly := filepath.Join(dir, "whisper.gguf") // opened, named by nothing else
	for _, err := range []error{
		ggufgen.Qwen3_0_6B().MustBuild().WriteFile(model),
		os.WriteFile(junk, []byte("not a model at all"), 0o644),
		ggufgen.Qwen3_0_6B().MustBuild().WriteFile(readOnly),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}

	start := time.Now().Add(-time.Minute)
	at := time.Now()
	key := Key{PID: 4242, Start: start}
	m := NewModuleInspector(func(int) ([]string, error) { return nil, nil })
	target := Target{PID: key.PID, Start: start, Name: "llama-server.exe", Cwd: dir,
		Cmdline: []string{"llama-server.exe", "-m", "qwen.gguf"}}
	if f := m.Inspect(Target{PID: key.PID, Start: start, Name: "x.exe", Cwd: dir}); f.Models != nil {
		t.Fatalf("untraced, no model named: %+v, want unknown", f.Models)
	}

	m.Opens = opensByKey{key: {{Path: model, At: at}, {Path: junk, At: at}, {Path: readOnly, At: at}}}
	zero, loaded := uint64(0), uint64(900<<20)
	m.vram.record([]Target{{PID: key.PID, Start: start, VRAM: &zero}}, at.Add(-5*time.Second))
	m.vram.record([]Target{{PID: key.PID, Start: start, VRAM: &loaded}}, at.Add(2*time.Second))
	f := m.Inspect(target)

	byPath := map[string]schema.Model{}
	for _, x := range f.Models {
		byPath[x.Path] = x
	}
	q, ok := byPath[model]
	if !ok || !slices.Equal(q.Evidence, []string{EvidenceOpened, EvidenceCmdline}) || !q.Confirmed || q.OpenedAt == nil || !q.OpenedAt.Equal(at) {
		t.Errorf("named and opened: %+v (evidence %v), want opened+cmdline, confirmed, opened_at %v", q, q.Evidence, at)
	}
	w, ok := byPath[readOnly]
	if !ok || !slices.Equal(w.Evidence, []string{EvidenceOpened}) || w.Confirmed || w.Format == nil || *w.Format != "gguf" {
		t.Errorf("opened only: %+v, want opened evidence alone, not confirmed", w)
	}
	if _, ok := byPath[junk]; ok {
		t.Error("a file whose bytes are no model was taken for one")
	}
}
