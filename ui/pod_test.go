package ui

import (
	"testing"

	"github.com/gputaskman/gtm/app/report"
	"github.com/gputaskman/gtm/internal/schema"
)

// A process in a Kubernetes pod shows it in the table's Pod column and the
// process pane's Process section; one outside a pod shows neither.
func TestPodInTableAndProcessPane(t *testing.T) {
	s := func(v string) *string { return &v }
	dev := 0
	in := schema.Process{PID: 7, PIDLabel: "7", DeviceIndex: &dev, PodUID: s("8f2d1c3e"), Namespace: s("ml"), Pod: s("llama-0")}
	out := schema.Process{PID: 8, PIDLabel: "8", DeviceIndex: &dev}
	if got := (&procRow{p: &in}).cell(colPod); got != "ml/llama-0/?" {
		t.Errorf("pod cell = %q", got)
	}
	if got := (&procRow{p: &out}).cell(colPod); got != "" {
		t.Errorf("a process outside a pod: cell %q, want blank", got)
	}
	rows := map[string]string{}
	snap := &schema.Snapshot{Processes: []schema.Process{in, out}}
	for _, sec := range report.ProcessDetail(snap, &snap.Processes[0]).Sections {
		if sec.Title == "Process" {
			for _, r := range sec.Rows {
				rows[r.Label] = r.Text()
			}
		}
	}
	if rows["Namespace"] != "ml" || rows["Pod"] != "llama-0" || rows["Pod container"] != "n/a" || rows["Pod UID"] != "8f2d1c3e" {
		t.Errorf("process pane rows = %v", rows)
	}
	for _, sec := range report.ProcessDetail(snap, &snap.Processes[1]).Sections {
		for _, r := range sec.Rows {
			if r.Label == "Pod" || r.Label == "Namespace" {
				t.Errorf("a process outside a pod has row %v", r)
			}
		}
	}
}
