package servers

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

const cu = "comfyui"

func TestProbeComfyUI(t *testing.T) {
	g := &fakeGetter{routes: map[string]reply{"/system_stats": file(t, cu, "system_stats.json"), "/queue": file(t, cu, "queue.json")}}
	s, err := ProbeComfyUI(context.Background(), g, 8188)
	if err != nil || len(s.Errors) != 0 {
		t.Fatalf("err %v errors %v", err, s.Errors)
	}
	if s.Version != "0.3.43" || len(s.Devices) != 1 || s.Source != RuntimeReported {
		t.Fatalf("state %+v", s)
	}
	d := s.Devices[0]
	if d.Name != "cuda:0 NVIDIA GeForce RTX 4090 : cudaMallocAsync" || d.Type != "cuda" {
		t.Errorf("device %+v", d)
	}
	checkInt(t, "Index", d.Index, i64(0))
	checkInt(t, "VRAMTotal", d.VRAMTotal, i64(25252855808))
	checkInt(t, "VRAMFree", d.VRAMFree, i64(9351561216))
	checkInt(t, "TorchVRAMTotal", d.TorchVRAMTotal, i64(14294188032))
	checkInt(t, "TorchVRAMFree", d.TorchVRAMFree, i64(402653184))
	checkInt(t, "QueueRunning", s.QueueRunning, i64(1))
	checkInt(t, "QueuePending", s.QueuePending, i64(2))
	// Running prompt first, nodes by id; a name seen twice is listed once;
	// a linked input ("vae": ["4", 2]) is not a name.
	want := []string{"pixel-art-xl.safetensors", "sd_xl_base_1.0.safetensors", "ae.safetensors",
		"t5xxl_fp16.safetensors", "clip_l.safetensors", "flux1-dev.safetensors"}
	if !slices.Equal(s.Models, want) {
		t.Errorf("Models = %q, want %q", s.Models, want)
	}

	f, err := comfyUI{}.Probe(context.Background(), ProbeRequest{Getter: g, Port: 8188})
	if err != nil || f.Status != StatusOK || !slices.Equal(f.LoadedModels, want) || len(f.Devices) != 1 {
		t.Fatalf("facts %v %+v", err, f)
	}
	checkFloat(t, "Facts.RequestsProcessing", f.RequestsProcessing, f64(1)) // the queue: prompts running and waiting
	checkFloat(t, "Facts.RequestsWaiting", f.RequestsWaiting, f64(2))
	if dump := fmt.Sprintf("%+v", *f); strings.Contains(dump, "comfyui-secret-key") || strings.Contains(dump, "b6a2f0c4") {
		t.Error("extra_data reached the facts")
	}
	// ComfyUI reports no context, KV cache or token counters.
	checkInt(t, "NCtx", f.NCtx, nil)
	checkInt(t, "KVCapacityTokens", f.KVCapacityTokens, nil)
	checkFloat(t, "GenerationTokens", f.GenerationTokens, nil)
}

func TestProbeComfyUIOddAnswers(t *testing.T) {
	cases := []struct {
		name             string
		routes           map[string]reply
		running, pending *int64
		models           []string
		devices          int
		errs             []string
	}{
		{"2023 system_stats, idle queue",
			map[string]reply{"/system_stats": file(t, cu, "system_stats_old.json"), "/queue": file(t, cu, "queue_empty.json")},
			i64(0), i64(0), nil, 1, nil},
		{"queue missing a list: unknown, not zero",
			map[string]reply{"/system_stats": {status: 200, body: `{"devices":"gpu"}`}, "/queue": {status: 200, body: `{"queue_running":{"a":1}}`}},
			nil, nil, nil, 0, nil},
		{"malformed items are counted, not read",
			map[string]reply{"/queue": {status: 200, body: `{"queue_running":[7,[1,"id"],[1,"id",{"1":5,"2":{"inputs":{"ckpt_name":["3",0],"vae_name":""}}}]],"queue_pending":[]}`}},
			i64(3), i64(0), nil, 0, []string{"/system_stats"}},
		{"not JSON",
			map[string]reply{"/system_stats": {status: 200, body: `<html>`}, "/queue": {status: 200, body: `[]`}},
			nil, nil, nil, 0, []string{"/queue", "/system_stats"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := ProbeComfyUI(context.Background(), &fakeGetter{routes: c.routes}, 1)
			if err != nil {
				t.Fatal(err)
			}
			checkInt(t, "QueueRunning", s.QueueRunning, c.running)
			checkInt(t, "QueuePending", s.QueuePending, c.pending)
			if !slices.Equal(s.Models, c.models) || len(s.Devices) != c.devices {
				t.Errorf("models %q devices %+v", s.Models, s.Devices)
			}
			if got := errKeys(s.Errors); !slices.Equal(got, c.errs) {
				t.Errorf("Errors = %v, want %q", s.Errors, c.errs)
			}
		})
	}
}

// TestComfyQueueBounded: a hostile queue adds at most maxLoadedModels
// names, each at most maxModelNameLen bytes, and reads at most
// maxPromptsParsed prompts per list, while still counting every item.
func TestComfyQueueBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"queue_pending":[`)
	n := maxPromptsParsed + 20
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `[%d,"p%d",{"1":{"inputs":{"ckpt_name":"m%d.safetensors","lora_name":%q}}},{},[]]`, i, i, i, strings.Repeat("x", maxModelNameLen+1))
	}
	b.WriteString(`],"queue_running":[]}`)
	running, pending, models, err := parseComfyQueue([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	checkInt(t, "running", running, i64(0))
	checkInt(t, "pending", pending, i64(int64(n)))
	if len(models) != maxLoadedModels || models[0] != "m0.safetensors" {
		t.Errorf("%d models: %q", len(models), models)
	}
	for _, m := range models {
		if len(m) > maxModelNameLen {
			t.Errorf("a %d-byte name", len(m))
		}
	}
}

func TestProbeComfyUIDown(t *testing.T) {
	d := &downGetter{}
	if _, err := ProbeComfyUI(context.Background(), d, 1); !errors.Is(err, errRefused) || d.calls != 1 {
		t.Errorf("err %v after %d calls", err, d.calls)
	}
}

func TestIsComfySystemStats(t *testing.T) {
	for _, c := range []struct {
		body string
		want bool
	}{
		{file(t, cu, "system_stats.json").body, true},
		{file(t, cu, "system_stats_old.json").body, true},
		{`{"system":{"comfyui_version":"0.3.1"},"devices":[]}`, true},
		{`{"devices":[{"name":"x"}]}`, false},
		{`{"system":{"os":"posix"}}`, false},
		{`{"error":"Unexpected endpoint or method."}`, false},
		{`[]`, false},
	} {
		if got := isComfySystemStats([]byte(c.body)); got != c.want {
			t.Errorf("isComfySystemStats(%.60s) = %v", c.body, got)
		}
	}
}
