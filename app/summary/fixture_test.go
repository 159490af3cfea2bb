package summary

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// Snapshots for the summary tests, as the diff tests build theirs.

const mib = 1 << 20

var fxT0 = time.Date(2026, 12, 2, 15, 0, 0, 0, time.UTC)

func fxDev(used uint64, util float64) schema.Device {
	return schema.Device{Index: 0, Vendor: "NVIDIA", Name: fxStr("NVIDIA GeForce RTX 4080 SUPER"),
		UUID: fxStr("GPU-5d1c2b9e-0000-4000-8000-4080s0000001"), PCIBusID: fxStr("00000000:01:00.0"),
		MemoryTotalBytes: fxU64(16376 * mib), MemoryUsedBytes: fxU64(used), GPUUtilPercent: fxF64(util),
		MemoryUtilPercent: fxF64(util / 2), TemperatureC: fxF64(45 + util/4), PowerW: fxF64(30 + util*2)}
}

func fxProc(pid int, name string, start time.Time, vram *uint64) schema.Process {
	d := 0
	st := start
	return schema.Process{PID: pid, PIDLabel: fxItoa(pid), Name: fxStr(name), User: fxStr("ana"), StartTime: &st,
		DeviceIndex: &d, GPUProcessTypes: []string{"compute"}, VRAMBytes: vram,
		Cmdline: []string{name}, Notes: []string{}}
}

func fxSnap(at time.Time, d schema.Device, ps ...schema.Process) *schema.Snapshot {
	return &schema.Snapshot{SchemaVersion: schema.SchemaVersion, Tool: schema.Tool{Name: "gtm", Version: "test"}, TakenAt: at,
		Host: schema.Host{OS: "linux", Mode: "native", Hostname: fxStr("workstation")}, Devices: []schema.Device{d},
		Processes: ps, Sources: []schema.SourceStatus{schema.OK("nvml")}}
}

func fxGGUF(path string, evidence ...string) schema.Model {
	return schema.Model{Path: path, Role: "model", Format: fxStr("gguf"), Evidence: evidence, Kind: fxStr("llm")}
}

func fxGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		must(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	must(t, err)
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from golden (go test ./app/summary -run %s -update):\n%s", path, t.Name(), got)
	}
}

func fxStr(s string) *string   { return &s }
func fxU64(v uint64) *uint64   { return &v }
func fxF64(v float64) *float64 { return &v }
func fxItoa(v int) string      { b, _ := json.Marshal(v); return string(b) }

var update = flag.Bool("update", false, "rewrite golden files")

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
func fxProv(p schema.Provenance) *schema.Provenance { return &p }
