package capture

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/gputaskman/gtm/app/report"
)

// FuzzDecode: the reader never panics, returns at least one
// snapshot or one error line, and what it returns is within every limit:
// no reading out of range, warnings one line each, and each snapshot
// writes back as JSON that reads again the same.
func FuzzDecode(f *testing.F) {
	// Small seeds: the fuzzer minimizes every new input it finds, and
	// minimizing a demo line (9 KiB) takes it minutes.
	one := `{"schema_version":1,"taken_at":"2026-11-27T14:00:00Z","system":{"cpu_percent":12.5},` +
		`"devices":[{"index":0,"vendor":"NVIDIA","gpu_util_percent":99,"temperature_c":42,"mig_instances":null}],` +
		`"processes":[{"pid":7,"device_index":0,"cmdline":["llama-server","-c","4096"],"vram_bytes":1024,` +
		`"cpu_percent":3,"runtimes":[{"name":"CUDA","libraries":["libcuda.so.1"]}],"models":[{"path":"m.gguf","evidence":["mapped"]}],` +
		`"llm":{"kv_usage_percent":40,"tokens_per_second":12.5},"listen_ports":[8080],"notes":[]}],"sources":[]}`
	f.Add([]byte(one + "\n" + one + "\n"))
	f.Add([]byte(one + "\n" + one[:60]))
	f.Add([]byte(`{"schema_version":1,"system":{"cpu_percent":1e308},"processes":[{},{"PROCESS\u0065S":[[]]}]}` + "\n{\"sch"))
	f.Fuzz(func(t *testing.T, in []byte) {
		c, err := Decode(bytes.NewReader(in))
		if err != nil {
			if strings.ContainsAny(err.Error(), "\r\n") {
				t.Fatalf("error is not one line: %q", err)
			}
			return
		}
		if len(c.Snapshots) == 0 {
			t.Fatal("no snapshot and no error")
		}
		for _, w := range c.Warnings {
			if strings.ContainsAny(w, "\r\n") {
				t.Fatalf("warning is not one line: %q", w)
			}
		}
		for _, s := range c.Snapshots {
			if len(s.Processes) > MaxSnapshotProcesses || len(s.Devices) > MaxSnapshotDevices {
				t.Fatalf("%d processes, %d devices", len(s.Processes), len(s.Devices))
			}
			var notes rangeNotes
			notes.check(s, 1)
			if notes.n != 0 {
				t.Fatalf("a reading out of range was kept: %s", notes.first)
			}
			var buf bytes.Buffer
			if err := s.WriteJSON(&buf); err != nil {
				t.Fatal(err)
			}
			back, err := ReadSnapshot(&buf)
			if err != nil {
				t.Fatalf("a snapshot read back does not read again: %v", err)
			}
			again, _ := json.Marshal(back)
			first, _ := json.Marshal(s)
			if !bytes.Equal(first, again) {
				t.Fatalf("a snapshot changed on a second read:\n%s\n%s", first, again)
			}
			if err := report.WriteText(io.Discard, s); err != nil {
				t.Fatal(err)
			}
		}
	})
}
