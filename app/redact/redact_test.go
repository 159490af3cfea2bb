package redact

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/report"

	"github.com/gputaskman/gtm/internal/schema"
)

// privateSnapshot carries a user's paths, users and host everywhere a
// snapshot can hold them.
func privateSnapshot() *schema.Snapshot {
	s := func(v string) *string { return &v }
	dev := 0
	start := time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC)
	vram := uint64(3 << 30)
	return &schema.Snapshot{
		SchemaVersion: schema.SchemaVersion,
		Tool:          schema.Tool{Name: "gtm", Version: "test"},
		TakenAt:       start.Add(time.Hour),
		Host:          schema.Host{OS: "linux", Mode: "native", Hostname: s("gpu-box-7.lab.example")},
		Devices:       []schema.Device{{Index: 0, Vendor: "NVIDIA", Name: s("NVIDIA GeForce RTX 4090")}},
		Sources: []schema.SourceStatus{{Name: "procfs", OK: false,
			Error: s("open /home/alice/.config/gtm/x: permission denied on gpu-box-7.lab.example")}},
		Processes: []schema.Process{{
			PID: 4242, PIDLabel: "4242", Name: s("llama-server"),
			Exe:         s("/home/alice/src/llama.cpp/build/bin/llama-server"),
			Cmdline:     []string{"/home/alice/src/llama.cpp/build/bin/llama-server", "-m", "/home/alice/models/gemma-3-270m-Q8_0.gguf", "--api-key", "[redacted]", "--host", "gpu-box-7.lab.example"},
			Argv:        []string{"/home/alice/src/llama.cpp/build/bin/llama-server", "--api-key", "sk-live-0123456789"},
			User:        s("alice"),
			Cwd:         s("/home/alice"),
			StartTime:   &start,
			DeviceIndex: &dev,
			VRAMBytes:   &vram,
			Runtimes:    []schema.Runtime{{Name: "CUDA", Libraries: []string{"/home/alice/src/llama.cpp/build/bin/libggml-cuda.so"}}},
			Models: []schema.Model{{
				Path: "/home/alice/models/gemma-3-270m-Q8_0.gguf", Role: "model", Evidence: []string{"mapped"},
				HeaderError: s("read /home/alice/models/gemma-3-270m-Q8_0.gguf: truncated"),
			}},
			LLM: &schema.LLM{LogPath: s("/srv/bob/logs/llama.log"), Notes: []string{"log /srv/bob/logs/llama.log is old"},
				APIModel: s("/home/alice/models/gemma-3-270m-Q8_0.gguf")},
			Container: s("alice-dev-box"),
			App: &schema.AppState{App: "handy", SettingsPath: s(`C:\Users\carol\AppData\Roaming\handy\settings.json`),
				LogPath: s("/home/alice/.local/share/handy/handy.log"),
				Events:  []schema.AppEvent{{Kind: "load", Model: s("/home/alice/.local/share/handy/models/whisper.bin")}}},
			Notes: []string{"cannot read /proc/4242/environ as bob", "probe http://admin:hunter2@127.0.0.1:8080/props failed; HF_TOKEN=hf_abcdef0123"},
		}, {
			PID: 77, PIDLabel: "77", Name: s("Xorg"), User: s("bob"), Exe: s("/usr/lib/xorg/Xorg"),
			DeviceIndex: &dev, Notes: []string{},
		}},
	}
}

// TestRedactLeavesNoPathUserOrHost greps the redacted JSON and text for
// every path, user and host name of the input.
func TestRedactLeavesNoPathUserOrHost(t *testing.T) {
	in := privateSnapshot()
	before, _ := json.Marshal(in)
	out := Snapshot(in)

	var buf bytes.Buffer
	if err := out.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	if err := report.WriteText(&buf, out); err != nil {
		t.Fatal(err)
	}
	got := buf.String()

	secrets := []string{"alice", "bob", "carol", "gpu-box-7", "lab.example", "sk-live", "--api-key", "hunter2", "hf_abcdef0123", "/home", "/srv", `C:\Users`, "/usr/lib"}
	for _, p := range []string{
		"/home/alice/src/llama.cpp/build/bin/llama-server", "/home/alice/models/gemma-3-270m-Q8_0.gguf",
		"/home/alice", "/srv/bob/logs/llama.log", `C:\Users\carol\AppData\Roaming\handy\settings.json`,
		"/home/alice/.local/share/handy/handy.log", "/home/alice/.config/gtm/x", "/proc/4242/environ",
		"/usr/lib/xorg/Xorg", "/home/alice/src/llama.cpp/build/bin/libggml-cuda.so",
	} {
		secrets = append(secrets, p, filepath.Dir(strings.ReplaceAll(p, `\`, "/")))
	}
	for _, s := range secrets {
		if s == "." || s == "/" {
			continue
		}
		if strings.Contains(got, s) {
			t.Errorf("redacted output still contains %q", s)
		}
	}
	// What makes a capture useful is still there.
	for _, want := range []string{"gemma-3-270m-Q8_0.gguf", "llama-server", "libggml-cuda.so", "user1", "user2", `"redacted": true`, `"hostname": "host"`, `"cmdline": null`} {
		if !strings.Contains(got, want) {
			t.Errorf("redacted output lost %q", want)
		}
	}
	if out.Processes[0].User == nil || *out.Processes[0].User == *out.Processes[1].User {
		t.Errorf("distinct users must stay distinct: %v %v", out.Processes[0].User, out.Processes[1].User)
	}
	after, _ := json.Marshal(in)
	if !bytes.Equal(before, after) || in.Processes[0].Argv == nil {
		t.Error("Redact changed its input")
	}
	if Snapshot(nil) != nil {
		t.Error("Snapshot(nil) should be nil")
	}
}

func TestBaseName(t *testing.T) {
	for in, want := range map[string]string{
		"/a/b/c.gguf": "c.gguf", `C:\m\x.gguf`: "x.gguf", "plain": "plain", "/a/b/": "b", "/": "/",
	} {
		if got := BaseName(in); got != want {
			t.Errorf("BaseName(%q) = %q, want %q", in, got, want)
		}
	}
}

// Kubernetes names are workload names, kept as process names are.
func TestRedactKeepsPodNames(t *testing.T) {
	s := func(v string) *string { return &v }
	in := &schema.Snapshot{Processes: []schema.Process{{PID: 1, PIDLabel: "1", Name: s("llama-server"),
		Namespace: s("ml"), Pod: s("llama-0"), PodUID: s("8f2d1c3e-4b5a-4c6d-9e7f-0a1b2c3d4e5f"), ContainerName: s("server")}}}
	p := Snapshot(in).Processes[0]
	if p.Namespace == nil || *p.Namespace != "ml" || *p.Pod != "llama-0" || *p.ContainerName != "server" || *p.PodUID != "8f2d1c3e-4b5a-4c6d-9e7f-0a1b2c3d4e5f" {
		t.Errorf("redacted pod: %+v", p)
	}
}

// BenchmarkSnapshot redacts a snapshot of 1,000 inspected LLM rows, as
// gtm serve does once per collection for /snapshot.json.
func BenchmarkSnapshot(b *testing.B) {
	in := privateSnapshot()
	row := in.Processes[0]
	in.Processes = nil
	for i := 0; i < 1000; i++ {
		p := row
		p.PID = 10000 + i
		in.Processes = append(in.Processes, p)
	}
	b.ReportAllocs()
	for b.Loop() {
		Snapshot(in)
	}
}
