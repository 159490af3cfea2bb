package inspect

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/gputaskman/gtm/inspect/gguf/ggufgen"
	"github.com/gputaskman/gtm/internal/schema"
)

type fakeTrace map[Key][]FileOpen

func (f fakeTrace) Opened(k Key) []FileOpen { return f[k] }

// A read-and-close load: the process opened a model file (the trace saw
// it), holds nothing mapped, and its VRAM rose right after. The file is
// named with "opened" evidence and its time; alone it stays history, with
// its command line and the rise it is confirmed; a file whose bytes are
// no model, or an open by an earlier process with the PID, is not taken.
func TestOpenedEvidence(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "ggml-base.en.gguf")
	must(t, ggufgen.Qwen3_0_6B().MustBuild().WriteFile(model))
	junk := filepath.Join(dir, "notes.bin")
	must(t, os.WriteFile(junk, []byte("not a model at all"), 0o644))
	earlier := filepath.Join(dir, "earlier.gguf")
	must(t, ggufgen.Qwen3_0_6B().MustBuild().WriteFile(earlier))

	start := time.Now().Add(-time.Minute)
	openedAt := time.Now()
	trace := fakeTrace{
		{PID: os.Getpid(), Start: start}:                 {{Path: model, At: openedAt}, {Path: junk, At: openedAt}},
		{PID: os.Getpid(), Start: start.Add(-time.Hour)}: {{Path: earlier, At: openedAt}},
	}
	in := New("/proc", nil)
	in.Opens = trace
	zero, loaded := uint64(0), uint64(900<<20)
	target := func(argv []string, vram *uint64) Target {
		return Target{PID: os.Getpid(), Start: start, Name: "whisper-server", Cmdline: argv, Cwd: dir, VRAM: vram}
	}

	find := func(f Finding) *schema.Model {
		for i := range f.Models {
			if f.Models[i].Path == model {
				return &f.Models[i]
			}
		}
		return nil
	}
	// before the open: nothing on the GPU; after: the weights
	in.vram.record([]Target{target(nil, &zero)}, openedAt.Add(-5*time.Second))
	in.vram.record([]Target{target(nil, &loaded)}, openedAt.Add(2*time.Second))

	f, _ := in.Enrich(context.Background(), target([]string{"whisper-server"}, &loaded), in.Inspect(target([]string{"whisper-server"}, &loaded)), &loaded)
	m := find(f)
	if m == nil {
		t.Fatalf("the opened model is missing: %+v", f.Models)
	}
	if len(m.Evidence) != 1 || m.Evidence[0] != EvidenceOpened || m.Confirmed || m.OpenedAt == nil || !m.OpenedAt.Equal(openedAt) {
		t.Errorf("opened only: %+v (an open alone is history, not confirmed)", m)
	}
	if m.Format == nil || *m.Format != "gguf" || m.Parameters == nil {
		t.Errorf("not described from its header: %+v", m)
	}
	for _, x := range f.Models {
		if x.Path == junk || x.Path == earlier {
			t.Errorf("a .bin that is no model, or an earlier process's open, was taken: %+v", x)
		}
	}
	// with its command line too, and the rise: confirmed
	argv := []string{"whisper-server", "-m", model}
	f, _ = in.Enrich(context.Background(), target(argv, &loaded), in.Inspect(target(argv, &loaded)), &loaded)
	if m = find(f); m == nil || !m.Confirmed || len(m.Evidence) != 2 {
		t.Errorf("opened + cmdline + VRAM rise: %+v", m)
	}
	// the same without a rise: not confirmed
	in.vram = vramHistory{}
	in.vram.record([]Target{target(argv, &loaded)}, openedAt.Add(-5*time.Second))
	in.vram.record([]Target{target(argv, &loaded)}, openedAt.Add(2*time.Second))
	f, _ = in.Enrich(context.Background(), target(argv, &loaded), in.Inspect(target(argv, &loaded)), &loaded)
	if m = find(f); m == nil || m.Confirmed {
		t.Errorf("opened + cmdline without a VRAM rise: %+v", m)
	}
}

// TestOpenedPIDReused: a process opened attacker.gguf and exited; the
// trace read the open half a second later, after another process was
// given the PID, and btime (whole seconds) dates that process up to a
// second early, so its start is before the open's date. The trace keys
// the open by its opener; the later process gets nothing of it, and a
// process whose start is unknown gets no open at all.
func TestOpenedPIDReused(t *testing.T) {
	dir := t.TempDir()
	attacker := filepath.Join(dir, "attacker.gguf")
	must(t, ggufgen.Qwen3_0_6B().MustBuild().WriteFile(attacker))
	t0 := time.Now().Add(-time.Minute).Truncate(time.Second)
	first, later := t0, t0.Add(200*time.Millisecond)
	in := New("/proc", nil)
	in.Opens = fakeTrace{
		{PID: os.Getpid(), Start: first}: {{Path: attacker, At: t0.Add(500 * time.Millisecond)}},
		{PID: os.Getpid()}:               {{Path: attacker, At: t0.Add(500 * time.Millisecond)}},
	}
	credited := func(start time.Time) bool {
		target := Target{PID: os.Getpid(), Start: start, Name: "sleep", Cwd: dir}
		f, _ := in.Enrich(context.Background(), target, in.Inspect(target), nil)
		return slices.ContainsFunc(f.Models, func(m schema.Model) bool { return m.Path == attacker })
	}
	if !credited(first) {
		t.Fatal("the opener itself is not credited")
	}
	for _, start := range []time.Time{later, {}} {
		if credited(start) {
			t.Errorf("process started %v credited with an earlier opener's open", start)
		}
	}
}

func TestVRAMRoseAfter(t *testing.T) {
	var h vramHistory
	k := Key{PID: 7}
	t0 := time.Unix(1000, 0)
	v := func(n uint64) *uint64 { return &n }
	h.record([]Target{{PID: 7, VRAM: v(100)}}, t0.Add(-10*time.Second))
	h.record([]Target{{PID: 7, VRAM: v(100)}}, t0.Add(-9*time.Second))
	h.record([]Target{{PID: 7, VRAM: v(500)}}, t0.Add(20*time.Second))
	if h.roseAfter(k, t0.Add(500*time.Millisecond)) {
		t.Error("a rise 19.5 s after the open is too late")
	}
	if !h.roseAfter(k, t0.Add(15*time.Second)) {
		t.Error("a rise 5 s after the open")
	}
	// the open read late (a busy machine): dated after the rise it caused
	if !h.roseAfter(k, t0.Add(21*time.Second)) {
		t.Error("a rise 1 s before the open's late date")
	}
	if h.roseAfter(k, t0.Add(25*time.Second)) {
		t.Error("a rise 5 s before the open is not its doing")
	}
	h.record(nil, t0.Add(21*time.Second))
	if h.roseAfter(k, t0.Add(15*time.Second)) {
		t.Error("an exited process's samples are kept")
	}
}
