package main

import (
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/metrics"
	"github.com/gputaskman/gtm/backend/nvml/fakenvml"
	"github.com/gputaskman/gtm/internal/standin"
	"github.com/gputaskman/gtm/ui/tray"
)

// TestE2EVLLMKVCacheFull: a stand-in vLLM whose metrics say its KV cache
// is 97 % used with 12 requests waiting, on the stand-in NVIDIA driver.
// gtm --json names "KV cache full: 12 requests waiting" on each worker
// (reported), --once prints it, /metrics exports gtm_model_pressure, and
// the tray notifies it once; its preemption counter is exported as read.
// (The window's header and process pane: ui.TestWindowShowsPressure.)
func TestE2EVLLMKVCacheFull(t *testing.T) {
	needBinary(t)
	o := standin.VLLMOptions{TP: 2, Libs: standin.FakeLibs(t), Running: 40, Waiting: 12, KVUsage: 0.97, Preemptions: 7}
	api := standin.Start(t, standin.VLLM(o), filepath.Join(t.TempDir(), "vllm.log"))
	engine := api.Children[0]
	w0, w1 := engine.Children[0], engine.Children[1]
	m := newFakeMachine(t, fakenvml.Machine{GPUs: []fakenvml.GPU{
		h200(0, fakenvml.Process{PID: w0.PID, UsedMemory: 112 << 30}),
		h200(1, fakenvml.Process{PID: w1.PID, UsedMemory: 112 << 30}),
	}})
	snap := m.json()
	const want = "KV cache full: 12 requests waiting"
	for rank, w := range []*standin.Proc{w0, w1} {
		row := findRow(snap, w.PID, rank)
		if row == nil || row.LLM == nil {
			t.Fatalf("worker %d: no LLM block", rank)
		}
		l := row.LLM
		if len(l.Pressure) != 1 || l.Pressure[0].Kind != "kv_full" || l.Pressure[0].Text != want || l.Pressure[0].Source != "reported" {
			t.Errorf("worker %d: pressure %s", rank, mustJSON(t, l.Pressure))
		}
		if l.PreemptionsTotal == nil || *l.PreemptionsTotal != 7 {
			t.Errorf("worker %d: preemptions %v", rank, l.PreemptionsTotal)
		}
	}
	code, out, _ := m.run("--once")
	if line := "vllm (API PID " + strconv.Itoa(api.PID) + "): " + want + " (reported by its API)"; code != 0 || strings.Count(out, line) != 1 {
		t.Errorf("--once (exit %d) lacks the pressure:\n%s", code, out)
	}
	exp := metrics.New()
	exp.Update(snap, time.Millisecond)
	srv := httptest.NewServer(exp.Handler(metrics.Options{}))
	defer srv.Close()
	_, text := httpGet(t, srv.URL+"/metrics")
	if !strings.Contains(text, `gtm_model_pressure{`) || !strings.Contains(text, `kind="kv_full"`) ||
		!strings.Contains(text, "gtm_model_preemptions_total{") {
		t.Errorf("/metrics lacks the pressure or the preemptions:\n%s", grepLines(text, "gtm_model_p"))
	}
	var alerts tray.TrendAlerts
	got := alerts.Step(snap)
	if len(got) != 1 || !strings.HasSuffix(got[0].Title, ": "+want) {
		t.Errorf("tray alerts %+v, want one %q", got, want)
	}
	if again := alerts.Step(snap); len(again) != 0 {
		t.Errorf("the tray notified again while it lasted: %+v", again)
	}
}
