package main

import (
	"encoding/json"
	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/internal/schema"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/backend/linux"
	"github.com/gputaskman/gtm/backend/nvml"
	"github.com/gputaskman/gtm/backend/nvml/nvmltest"
	"github.com/gputaskman/gtm/inspect/procmaps/maptest"
)

// TestOutOfRangeMetricsKeepJSON: a llama-server on the GPU whose API
// reports -1e308 tokens/s and KV ratio (x100 is -Inf, which JSON cannot
// hold), NaN requests, Inf prompt speed, a negative slot count and an
// absurd context. gtm --json still writes a snapshot;
// each bad value is null with a note saying it was ignored.
func TestOutOfRangeMetricsKeepJSON(t *testing.T) {
	root := t.TempDir()
	must(t, os.Chmod(root, 0o755))
	files := map[string]string{
		"health": `{"status":"ok"}`,
		"props":  `{"default_generation_settings":{"n_ctx":99999999999,"params":{}},"total_slots":-3,"endpoint_slots":false,"endpoint_metrics":true}`,
		"metrics": "llamacpp:predicted_tokens_seconds -1e308\nllamacpp:kv_cache_usage_ratio -1e308\n" +
			"llamacpp:requests_processing NaN\nllamacpp:prompt_tokens_seconds +Inf\nllamacpp:requests_deferred 0\n",
	}
	for name, body := range files {
		must(t, os.WriteFile(filepath.Join(root, name), []byte(body), 0o644))
	}
	srv := maptest.StartServer(t, "llama-server", nil, root, "--port", "0")

	m := &nvmltest.Machine{GPUs: []*nvmltest.GPU{{Name: "NVIDIA GeForce RTX 4090", UUID: "GPU-aaaa", BusID: "00000000:01:00.0",
		Total: 24 << 30, Used: 2 << 30, Compute: []gonvml.ProcessInfo{{Pid: uint32(srv.PID), UsedGpuMemory: 1 << 30}}}}}
	c := &collect.Collector{GPU: nvml.New(m.Interface()), Procs: linux.NewProcFS("/proc"),
		Host: backend.Host{OS: "linux", Mode: "native", SharesHostPIDs: true}, Evidence: newInspector("/proc", map[int]string{}, false)}

	code, stdout, stderr, _ := runIn(t, c, "--json")
	if code != exitOK {
		t.Fatalf("gtm --json: exit %d: %s", code, stderr)
	}
	var snap schema.Snapshot
	must(t, json.Unmarshal([]byte(stdout), &snap))
	if len(snap.Processes) != 1 || snap.Processes[0].LLM == nil {
		t.Fatalf("no LLM row for the server: %s", stdout)
	}
	l := snap.Processes[0].LLM
	if l.TokensPerSecond != nil || l.KVUsagePercent != nil || l.RequestsProcessing != nil || l.SlotsTotal != nil {
		t.Errorf("out-of-range values kept: %s", stdout)
	}
	if len(srv.Auths()) == 0 {
		t.Fatal("the server was never asked")
	}
	notes := strings.Join(l.Notes, "\n")
	for _, want := range []string{"tokens per second = -1e+308", "KV cache usage ratio = -1e+308", "n_ctx = 99999999999"} {
		if !strings.Contains(notes, want) {
			t.Errorf("no note for %q; notes:\n%s", want, notes)
		}
	}
}
