package capturegen

import (
	"bytes"
	"flag"
	"os"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/capture"

	"github.com/gputaskman/gtm/internal/schema"
)

var update = flag.Bool("update", false, "rewrite assets/demo/capture.jsonl")

const shipped = "../../../assets/demo/capture.jsonl"

// TestShippedCaptureIsGenerated: the demo capture is what the generator
// makes (it is deterministic), so changing either shows here. The shipped
// file is compared after a round trip through today's Snapshot type, so a
// key added to the schema elsewhere does not fail this test; a change in
// what the collector or inspect.BuildLLM produce does.
func TestShippedCaptureIsGenerated(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(shipped, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := os.ReadFile(shipped)
	if err != nil {
		t.Fatalf("%v (go test ./app/internal/capturegen -update writes it)", err)
	}
	snaps, err := capture.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	cw := capture.NewWriter(&want)
	for _, s := range snaps {
		if err := cw.Write(s); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(buf.Bytes(), want.Bytes()) {
		t.Error("assets/demo/capture.jsonl differs from what the generator makes with today's collector; if on purpose, run go test ./app/internal/capturegen -update")
	}
}

func generate(t *testing.T) []*schema.Snapshot {
	t.Helper()
	snaps, err := Generate(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return snaps
}

func find(s *schema.Snapshot, name string, device int) *schema.Process {
	for i := range s.Processes {
		p := &s.Processes[i]
		if p.Name != nil && *p.Name == name && p.OnDevice(device) {
			return p
		}
	}
	return nil
}

// TestCaptureFollowsTheEvidenceRules checks the capture against the rules
// gtm's own snapshots keep: measured totals fit the device, unknown stays
// null, the llm block's parts and remainder match the measurement.
func TestCaptureFollowsTheEvidenceRules(t *testing.T) {
	snaps := generate(t)
	if len(snaps) != Seconds {
		t.Fatalf("%d snapshots", len(snaps))
	}
	for i, s := range snaps {
		if !s.Synthetic || s.SchemaVersion != schema.SchemaVersion || !s.TakenAt.Equal(Start.Add(time.Duration(i)*time.Second)) {
			t.Fatalf("snapshot %d: synthetic %v, taken %v", i, s.Synthetic, s.TakenAt)
		}
		if len(s.Devices) != 2 || s.System == nil {
			t.Fatalf("snapshot %d: %d devices, system %v", i, len(s.Devices), s.System)
		}
		for _, d := range s.Devices {
			sum, _ := s.MeasuredVRAM(d.Index)
			if sum > *d.MemoryUsedBytes || *d.MemoryUsedBytes > *d.MemoryTotalBytes {
				t.Errorf("snapshot %d GPU %d: processes %d > used %d or used > total %d", i, d.Index, sum, *d.MemoryUsedBytes, *d.MemoryTotalBytes)
			}
		}
		if gpu1 := s.Devices[1]; gpu1.PowerW != nil || gpu1.PowerLimitW != nil {
			t.Errorf("snapshot %d: GPU 1 reports power, which this board cannot", i)
		}
		if gap := s.Devices[0].PCIeRxBytesPerS == nil; gap != (i == 97 || i == 98) {
			t.Errorf("snapshot %d: PCIe gap %v", i, gap)
		}
		for _, p := range s.Processes {
			if i == 0 && p.CPUPercent != nil {
				t.Errorf("first snapshot: %s has a CPU load from one reading", *p.Name)
			}
			if p.SMUtilPercent != nil && *p.SMUtilPercent == 0 {
				t.Errorf("snapshot %d: %s has a 0 %% SM sample; an idle process has none (null)", i, *p.Name)
			}
			if l := p.LLM; l != nil && l.Other != nil && !l.Other.Exceeded {
				known := uint64(0)
				for _, part := range []*schema.Part{l.Weights, l.KVCache, l.Compute, l.Output} {
					if part != nil {
						known += part.Bytes
					}
				}
				if known+*l.Other.Bytes != *p.VRAMBytes {
					t.Errorf("snapshot %d: llm parts %d + other %d != measured %d", i, known, *l.Other.Bytes, *p.VRAMBytes)
				}
			}
		}
	}
	if snaps[0].System.CPUPercent != nil || snaps[1].System.CPUPercent == nil {
		t.Error("system CPU load: want null on the first snapshot only")
	}
	bob := find(snaps[10], "python3", 1)
	if bob == nil || bob.Runtimes != nil || bob.Category != nil || bob.Exe != nil || len(bob.Notes) != 2 || bob.RSSBytes == nil {
		t.Errorf("another user's job must show what is hidden as unknown: %+v", bob)
	}
}

// TestCaptureStory checks the scenario's events happen when it says.
func TestCaptureStory(t *testing.T) {
	snaps := generate(t)
	present := func(name string, device int) []bool {
		out := make([]bool, len(snaps))
		for i, s := range snaps {
			out[i] = find(s, name, device) != nil
		}
		return out
	}
	for _, tc := range []struct {
		name        string
		device      int
		from, until int
	}{
		{"llama-server", 0, llamaStart, Seconds}, {"mpv", 0, mpvStart, mpvEnd}, {"python3", 0, embedStart, embedEnd},
		{"Xorg", 0, 0, Seconds}, {"gnome-shell", 0, 0, Seconds}, {"chrome", 0, 0, Seconds}, {"python3", 1, 0, Seconds},
	} {
		for i, ok := range present(tc.name, tc.device) {
			if want := i >= tc.from && i < tc.until; ok != want {
				t.Errorf("%s on GPU %d at %d s: present %v, want %v", tc.name, tc.device, i, ok, want)
			}
		}
	}

	// llama-server: VRAM in steps, never down; the API loading, then ok;
	// parts reported from the log as llama.cpp writes them.
	var prev uint64
	steps := 0
	for i := llamaStart; i < Seconds; i++ {
		p := find(snaps[i], "llama-server", 0)
		v := *p.VRAMBytes
		if v < prev {
			t.Errorf("%d s: llama-server VRAM went down", i)
		}
		if v > prev {
			steps++
		}
		prev = v
		status := ""
		if p.LLM.APIStatus != nil {
			status = *p.LLM.APIStatus
		}
		want := map[bool]string{true: "loading", false: "ok"}[i < llamaReady]
		if i == llamaStart {
			want = ""
		}
		if status != want {
			t.Errorf("%d s: api_status %q, want %q", i, status, want)
		}
		if *p.Category != "AI" || !p.Models[0].Confirmed && i >= llamaAlloc {
			t.Errorf("%d s: category %s, model confirmed %v", i, *p.Category, p.Models[0].Confirmed)
		}
	}
	if steps != 5 {
		t.Errorf("llama-server VRAM took %d steps, want 5 (context, weights, KV, compute, cuBLAS)", steps)
	}
	ready := find(snaps[Seconds-1], "llama-server", 0).LLM
	if ready.Weights.Source != "reported" || ready.KVCache.Source != "reported" || ready.Compute.Source != "reported" ||
		ready.Other == nil || ready.Other.Bytes == nil || *ready.NCtx != 16384 || *ready.SlotsTotal != 4 {
		t.Errorf("llm block when serving: %+v", ready)
	}
	busy := 0
	for _, s := range snaps {
		if l := find(s, "llama-server", 0); l != nil && l.LLM.SlotsBusy != nil && *l.LLM.SlotsBusy > 0 {
			busy++
		}
	}
	if busy < 60 {
		t.Errorf("llama-server busy in %d snapshots; the story has it answering most of the time", busy)
	}
}

func TestShippedCaptureSize(t *testing.T) {
	fi, err := os.Stat(shipped)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() > 3<<20 {
		t.Errorf("demo capture is %d bytes; keep it under 3 MiB", fi.Size())
	}
}
