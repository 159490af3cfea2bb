package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/app/snapshot"

	"github.com/gputaskman/gtm/internal/schema"
)

// richProcess is a process with every fact the detail knows, on the
// second of two GPUs: a vLLM worker in a pod, sharing its model with
// another worker, with models of every standing, an app adapter's state,
// host buffers, per-device parts and notes.
func richProcess() (*schema.Snapshot, *schema.Process) {
	s := testSnapshot()
	s.Devices = append(s.Devices, schema.Device{Index: 1, Name: ptr("NVIDIA H100"), Vendor: "NVIDIA"})
	at := time.Date(2026, 12, 4, 14, 2, 5, 0, time.UTC)
	part := func(b uint64, src, from string) *schema.Part {
		return &schema.Part{Bytes: b, Source: src, From: from}
	}
	p := schema.Process{PID: 702, PIDLabel: "702", HostPID: ptr(90702), Name: ptr("VLLM::Worker_TP1"), User: ptr("alice"), StartTime: &at, PPID: ptr(700),
		Exe: ptr("/usr/bin/python3"), Cwd: ptr("/srv"), Cmdline: []string{"python3", "-m", "vllm.entrypoints.openai.api_server"}, Category: ptr("AI"),
		Container: ptr("docker:3f2a1b9c0d1e"), PodUID: ptr("8f2d1c3e"), Namespace: ptr("ml"), Pod: ptr("vllm-0"), ListenPorts: []int{8000, 8001},
		DeviceIndex: ptr(1), GPUInstanceID: ptr(3), ComputeInstanceID: ptr(0), GPUProcessTypes: []string{"compute"},
		VRAMBytes: ptr(uint64(19 << 30)), VRAMInferredBytes: ptr(uint64(1 << 30)), VRAMInferredBy: ptr(schema.Guess),
		SpillBytes: ptr(uint64(0)), PagedBytes: ptr(uint64(64 << 20)), GPUUtilPercent: ptr(91.0), CPUPercent: ptr(7.5), RSSBytes: ptr(uint64(3 << 30)),
		Runtimes: []schema.Runtime{{Name: "CUDA", Libraries: []string{"libcuda.so.1"}}, {Name: "PyTorch", Detail: "CUDA", Libraries: []string{"libtorch_cuda.so"}}},
		Models: []schema.Model{
			{Path: "/models/blobs/sha256-a3de", Name: ptr("qwen3:8b"), Store: ptr("ollama"), Role: "model", Format: ptr("gguf"), Evidence: []string{"api", "mapped"},
				Confirmed: true, Kind: ptr("llm"), OutputModalities: []string{"text"}, Architecture: ptr("qwen3"), Quantization: ptr("Q4_K_M"),
				Layers: ptr(uint32(36)), Parameters: ptr(uint64(8190735360)), TrainedContext: ptr(uint64(40960)),
				Weights: &schema.Amount{Bytes: 4683 << 20, Source: "estimated", From: "gguf"}},
			{Path: "/models/laya.gguf", Role: "draft", Evidence: []string{"opened"}, OpenedAt: &at, Deleted: true,
				KindHint: ptr("decision"), KindLabel: ptr("likely decision model (laya)"), HeaderError: ptr("gguf: truncated: header")},
			{Path: "/models/model.onnx", Evidence: []string{"installed"}, Candidate: true, Format: ptr("onnx"), FormatDetail: ptr("opset 17, producer pytorch")},
		},
		App: &schema.AppState{App: "Handy", SelectedModel: ptr("parakeet"), SettingsPath: ptr("/home/alice/.config/handy/settings.json"),
			LogPath: ptr("/home/alice/handy.log"), Events: []schema.AppEvent{{Time: at, Kind: "load", Model: ptr("parakeet"), Fresh: true}},
			Notes: []string{"the log rotated"}},
		LLM: &schema.LLM{Breakdown: schema.Breakdown{Weights: part(7800<<20, "reported", "log"), KVCache: part(9000<<20, "reported", "log"),
			Activations: part(1400<<20, "reported", "log"), CUDAGraphs: part(512<<20, "reported", "log")},
			Host: &schema.HostParts{Weights: part(333<<20, "reported", "log")}, Notes: []string{"an estimator's note"},
			NCtx: ptr(uint64(32768)), NCtxSource: ptr("api"), NCtxSlot: ptr(uint64(32768)), Parallel: ptr(uint64(4)), ParallelSource: ptr("cmdline"),
			KVUnified: ptr(false), KVUnifiedSource: ptr("log"), SlotsTotal: ptr(4), SlotsBusy: ptr(2), TokensPerSecond: ptr(88.25),
			RequestsProcessing: ptr(2.0), RequestsWaiting: ptr(1.0), KVUsagePercent: ptr(37.0), PrefixCacheHitPercent: ptr(64.0), MemoryFraction: ptr(0.9),
			TensorParallel: ptr(2), Server: ptr("vllm"), Role: ptr("worker"), Rank: ptr(1), APIPID: ptr(700), APIStatus: ptr("ok"), APIAddr: ptr("127.0.0.1:8000"),
			APIModel: ptr("Qwen/Qwen3-8B"), ModelID: ptr("Qwen/Qwen3-8B"), ModelIDSource: ptr("api"), KVCapacityTokens: ptr(uint64(174752)), KVCapacitySource: ptr("log"),
			Devices:       []schema.DeviceParts{{Device: "cuda:1", Weights: part(7800<<20, "reported", "log")}},
			TorchReserved: []schema.TorchDevice{{Device: "cuda:1", Bytes: 18 << 30}}, APIModels: []string{"qwen3:8b"}, LogPath: ptr("/srv/vllm.log")},
		Notes: []string{"a note of the row's own"},
	}
	other := p
	other.PID, other.PIDLabel, other.DeviceIndex, other.LLM = 701, "701", ptr(0), &schema.LLM{Server: ptr("vllm"), Role: ptr("worker"), Rank: ptr(0),
		APIPID: ptr(700), ModelID: ptr("Qwen/Qwen3-8B")}
	s.Processes = append(s.Processes, other, p)
	s.ServedModels = snapshot.GroupServed(s.Processes)
	return s, &s.Processes[len(s.Processes)-1]
}

// paneFacts is every line of text the pane shows, one fact a line: the
// title, each section's title and caption, the bar's caption and legend
// lines, and each row's key beside its value.
func paneFacts(i *ProcessPane) []string {
	facts := []string{i.title.Text}
	for _, b := range i.blocks {
		facts = append(facts, b.title.Text)
		if b.caption.Visible() {
			facts = append(facts, b.caption.Text)
		}
		if b.barBox.Visible() {
			r := test.WidgetRenderer(b.bar).(*barRenderer)
			facts = append(facts, r.caption.Text)
			for k := range r.lines() {
				facts = append(facts, r.name[k].Text+" "+r.size[k].Text+"  · "+r.source[k].Text)
			}
		}
		for k := range b.keys {
			if b.keys[k].Visible() {
				facts = append(facts, b.keys[k].Text+" "+b.values[k].Text)
			}
		}
	}
	return normalised(facts)
}

// normalised sorts lines with their runs of spaces made one, leaving out
// blank ones: the text's column padding is layout, not a fact.
func normalised(lines []string) []string {
	var out []string
	for _, l := range lines {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return out
}

// TestPaneAndTextShowTheSameFacts: the window's process pane and `gtm
// inspect` render one detail (report.ProcessDetail), so for a process with
// every fact they show the same lines, neither more nor fewer.
func TestPaneAndTextShowTheSameFacts(t *testing.T) {
	time.Local = time.UTC
	s, p := richProcess()
	i, _ := newTestPane(t, &fakeActions{})
	i.Show(s, p)
	pane := paneFacts(i)
	text := normalised(strings.Split(report.ProcessDetail(s, p).Text(), "\n"))
	if !slices.Equal(pane, text) {
		t.Errorf("the pane and the text differ\npane only:\n  %s\ntext only:\n  %s",
			strings.Join(minus(pane, text), "\n  "), strings.Join(minus(text, pane), "\n  "))
	}
	// Every section of the detail is there, and the facts the text once
	// lacked are in both.
	for _, want := range []string{"Served model · vllm · Qwen/Qwen3-8B", "App · Handy", "Model · laya.gguf",
		"Evidence opened · not proven resident · opened at 14:02:05 · file deleted since it was opened",
		"Evidence installed · candidate: not proven loaded", "Named by ollama (a store supplies the name, not load evidence)",
		"Format gguf", "Trained context 40960", "Kind llm (outputs text, per its API)",
		"GPU GPU 1 · NVIDIA H100 · MIG GI 3 CI 0 (compute)", "VRAM (attributed) 1.00 GiB · guessed ? (owner guessed; not in measured totals)",
		"CUDA graphs 512.00 MiB · reported (log)", "Tokens/s 88.2 · reported (updates after a request completes)",
		"PID 702 (the driver lists host PID 90702 for it)"} {
		if !slices.Contains(pane, want) {
			t.Errorf("the pane lacks %q", want)
		}
	}
}

// minus is what a has beyond b, both sorted.
func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if k, ok := slices.BinarySearch(b, x); ok {
			b = slices.Delete(slices.Clone(b), k, k+1)
		} else {
			out = append(out, x)
		}
	}
	return out
}
