package inspect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/hfmodel/hfgen"
	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
	"github.com/gputaskman/gtm/inspect/safetensors"
	"github.com/gputaskman/gtm/internal/schema"
)

// modelAt is the finding's model at path; nil when there is none.
func modelAt(f Finding, path string) *schema.Model {
	for i := range f.Models {
		if f.Models[i].Path == path {
			return &f.Models[i]
		}
	}
	return nil
}

// TestHostileHeaderParsedOncePerVersion: a process maps a safetensors
// file and a GGUF whose headers fail to parse. Every scan reports the
// failures, but each header is parsed once per file version, even after
// the per-model cache's minute has passed (the scans forget it here); a
// changed file is parsed again.
func TestHostileHeaderParsedOncePerVersion(t *testing.T) {
	dir := t.TempDir()
	st := filepath.Join(dir, "model.safetensors")
	must(t, hfgen.WriteHostile(st, hfgen.Hostile{N: safetensors.MaxTensors + 1}))
	gg := filepath.Join(dir, "broken.gguf")
	must(t, os.WriteFile(gg, []byte("GGUF\x03\x00\x00\x00garbage"), 0o644))
	pid := maptest.StartNamedMapper(t, "python3", st, gg)
	in := New("/proc", nil)
	in.hf.MaxAge = time.Nanosecond // each scan finds the model cache's minute passed
	target := Target{PID: pid, Name: "python3", Cmdline: []string{"python3", "train.py"}, Cwd: "/"}
	scan := func() {
		t.Helper()
		f := in.Inspect(target)
		for path, want := range map[string]string{st: "MaxTensors", gg: "gguf: "} {
			m := modelAt(f, path)
			if m == nil || m.HeaderError == nil || !strings.Contains(*m.HeaderError, want) {
				t.Fatalf("%s: %+v (maps error %q)", path, m, f.MapsError)
			}
		}
	}
	for range 3 {
		scan()
	}
	if st, gg := in.hf.Parses(), in.Headers.Parses(); st != 1 || gg != 1 {
		t.Fatalf("three scans parsed the safetensors header %d times, the GGUF header %d times", st, gg)
	}
	later := time.Now().Add(time.Minute)
	must(t, os.Chtimes(st, later, later))
	scan()
	if n := in.hf.Parses(); n != 2 {
		t.Fatalf("a changed file: %d parses", n)
	}
}
