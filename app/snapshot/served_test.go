package snapshot

import (
	"testing"

	"github.com/gputaskman/gtm/internal/schema"
)

func servedRow(pid, dev int, vram uint64, server, role, model string, api, rank *int) schema.Process {
	l := &schema.LLM{Server: &server, Role: &role, APIPID: api, Rank: rank}
	if model != "" {
		l.ModelID = &model
	}
	name := "p"
	return schema.Process{PID: pid, Name: &name, DeviceIndex: &dev, VRAMBytes: &vram, LLM: l}
}

func TestGroupServedTensorParallel(t *testing.T) {
	api := 100
	r0, r1 := 0, 1
	procs := []schema.Process{
		servedRow(102, 1, 30<<30, "vllm", "worker", "Qwen/Qwen3-8B", &api, &r1),
		servedRow(101, 0, 31<<30, "vllm", "worker", "Qwen/Qwen3-8B", &api, &r0),
		servedRow(200, 0, 5<<30, "ollama", "worker", "qwen3:8b", schema.Ptr(199), nil), // one GPU row: no group
	}
	procs = append(procs, schema.Process{PID: 300}) // no llm block
	got := GroupServed(procs)
	if len(got) != 1 {
		t.Fatalf("groups = %+v, want one (the vLLM model)", got)
	}
	g := got[0]
	if g.Server != "vllm" || g.Model == nil || *g.Model != "Qwen/Qwen3-8B" || g.APIPID == nil || *g.APIPID != 100 {
		t.Errorf("group = %+v", g)
	}
	if len(g.Processes) != 3 || g.Processes[0].PID != 100 || g.Processes[0].Role != "api" || g.Processes[0].DeviceIndex != nil ||
		g.Processes[1].PID != 101 || g.Processes[2].PID != 102 {
		t.Errorf("processes = %+v, want the API (no device) then ranks 0 and 1", g.Processes)
	}
	if len(g.Devices) != 2 || g.Devices[0] != 0 || g.Devices[1] != 1 {
		t.Errorf("devices = %v", g.Devices)
	}
	if g.VRAMBytes == nil || *g.VRAMBytes != 61<<30 {
		t.Errorf("vram = %v, want the two measured rows", g.VRAMBytes)
	}
}

func TestGroupServedTwoModelsOneAPI(t *testing.T) {
	// two Ollama runners of one `ollama serve`, each on two GPUs: two groups
	api := 50
	procs := []schema.Process{
		servedRow(60, 0, 1<<30, "ollama", "worker", "a:1b", &api, nil),
		servedRow(60, 1, 1<<30, "ollama", "worker", "a:1b", &api, nil),
		servedRow(61, 0, 2<<30, "ollama", "worker", "b:2b", &api, nil),
		servedRow(61, 1, 2<<30, "ollama", "worker", "b:2b", &api, nil),
	}
	got := GroupServed(procs)
	if len(got) != 2 || *got[0].Model != "a:1b" || *got[1].Model != "b:2b" || *got[0].VRAMBytes != 2<<30 {
		t.Fatalf("groups = %+v", got)
	}
}

func TestGroupServedUnmeasured(t *testing.T) {
	api := 10
	a := servedRow(11, 0, 0, "sglang", "worker", "m", &api, nil)
	b := servedRow(12, 1, 0, "sglang", "worker", "m", &api, nil)
	a.VRAMBytes, b.VRAMBytes = nil, nil
	got := GroupServed([]schema.Process{a, b})
	if len(got) != 1 || got[0].VRAMBytes != nil {
		t.Fatalf("groups = %+v, want one with vram null (nothing measured)", got)
	}
}
