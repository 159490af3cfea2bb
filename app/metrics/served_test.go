package metrics

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/gputaskman/gtm/app/snapshot"
	"github.com/gputaskman/gtm/internal/schema"
)

// servedFixture adds a vLLM model split over both GPUs to the fixture:
// two tensor-parallel workers of one API process (which holds no GPU
// memory), with what the log and the API reported.
func servedFixture() *schema.Snapshot {
	s := fixture()
	worker := func(pid, dev int, vram uint64) schema.Process {
		return schema.Process{PID: pid, PIDLabel: fmt.Sprint(pid), Name: sp("VLLM::Worker_TP"), Category: sp("AI"),
			DeviceIndex: ip(dev), VRAMBytes: mib(vram), Notes: []string{},
			LLM: &schema.LLM{Breakdown: schema.Breakdown{Weights: part(7800, "reported", "log"), KVCache: part(12000, "reported", "log"),
				Activations: part(1400, "reported", "log"), CUDAGraphs: part(512, "reported", "log")},
				Server: sp("vllm"), Role: sp("worker"), APIPID: ip(6000), Rank: ip(dev), ModelID: sp("Qwen/Qwen3-8B"), ModelIDSource: sp("api"),
				KVUsagePercent: f64(12.5), KVCapacityTokens: u64(174752), KVCapacitySource: sp("log"),
				RequestsProcessing: f64(2), RequestsWaiting: f64(1), TokensPerSecond: f64(140.5)}}
	}
	s.Processes = append(s.Processes, worker(6001, 0, 22100), worker(6002, 1, 22000))
	s.ServedModels = snapshot.GroupServed(s.Processes)
	return s
}

func TestExportServedModel(t *testing.T) {
	e := New()
	e.Update(servedFixture(), time.Millisecond)
	got := gathered(t, e)
	for _, want := range []string{
		`gtm_served_model_vram_bytes{api_pid="6000",model="Qwen/Qwen3-8B",server="vllm"} 4.62422016e+10`,
		`gtm_served_model_processes{api_pid="6000",model="Qwen/Qwen3-8B",server="vllm"} 3`,
		`gtm_model_server_info{api_pid="6000",container="",model="Qwen/Qwen3-8B",namespace="",pid="6002",pod="",process="VLLM::Worker_TP",role="worker",server="vllm"} 1`,
		`gtm_model_memory_bytes{container="",kind="activations",model="Qwen/Qwen3-8B",namespace="",pid="6002",pod="",process="VLLM::Worker_TP",source="reported"} 1.4680064e+09`,
		`gtm_model_memory_bytes{container="",kind="cuda_graphs",model="Qwen/Qwen3-8B",namespace="",pid="6001",pod="",process="VLLM::Worker_TP",source="reported"} 5.36870912e+08`,
		`gtm_model_kv_cache_usage_ratio{container="",model="Qwen/Qwen3-8B",namespace="",pid="6001",pod="",process="VLLM::Worker_TP"} 0.125`,
		`gtm_model_kv_cache_capacity_tokens{container="",model="Qwen/Qwen3-8B",namespace="",pid="6001",pod="",process="VLLM::Worker_TP",source="log"} 174752`,
		`gtm_model_requests{container="",model="Qwen/Qwen3-8B",namespace="",pid="6001",pod="",process="VLLM::Worker_TP",state="waiting"} 1`,
		`gtm_model_tokens_per_second{container="",model="Qwen/Qwen3-8B",namespace="",pid="6001",pod="",process="VLLM::Worker_TP"} 140.5`,
	} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("missing %s", want)
		}
	}
	// the API's live state is the server's: once, not once per worker
	for _, name := range []string{"gtm_model_kv_cache_usage_ratio{", "gtm_model_requests{", "gtm_model_tokens_per_second{", "gtm_model_kv_cache_capacity_tokens{"} {
		if n := strings.Count(got, name+`container="",model="Qwen/Qwen3-8B"`); n != 1 && !(name == "gtm_model_requests{" && n == 2) {
			t.Errorf("%s: %d series for the vLLM model, want the server's once", name, n)
		}
	}
	if strings.Contains(got, `gtm_model_requests{container="",model="Qwen/Qwen3-8B",namespace="",pid="6002"`) {
		t.Error("the second worker repeats the server's request counts")
	}
	// the fast path and the registry agree on the new families too
	reg := prometheus.NewPedanticRegistry()
	reg.MustRegister(e.Collector())
	want, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	if a := encode(t, want); a != got {
		t.Fatalf("fast path differs from the registry:\n%s\n---\n%s", got, a)
	}
}

// A model file a process opened (traced): when, by which process; once
// per PID even when it has two rows.
func TestExportOpenedModel(t *testing.T) {
	s := fixture()
	at := time.Date(2026, 12, 2, 15, 0, 1, 500_000_000, time.UTC)
	p := schema.Process{PID: 7000, PIDLabel: "7000", Name: sp("whisper-server"), DeviceIndex: ip(0), VRAMBytes: mib(900), Notes: []string{},
		Models: []schema.Model{{Path: "/models/ggml-base.en.bin", Role: "model", Evidence: []string{"opened"}, OpenedAt: &at}}}
	p2 := p
	p2.DeviceIndex = ip(1)
	s.Processes = append(s.Processes, p, p2)
	e := New()
	e.Update(s, time.Millisecond)
	got := gathered(t, e)
	want := `gtm_model_file_opened_timestamp_seconds{container="",model="ggml-base.en.bin",namespace="",pid="7000",pod="",process="whisper-server"} 1.7962236015e+09`
	if !strings.Contains(got, want+"\n") || strings.Count(got, "gtm_model_file_opened_timestamp_seconds{") != 1 {
		t.Errorf("missing or repeated %s in\n%s", want, got)
	}
}
