package diff

import (
	"bytes"
	"testing"

	"github.com/gputaskman/gtm/app/redact"
	"github.com/gputaskman/gtm/app/redact/redacttest"
)

// TestDiffOfRedactedHoldsNoPath: the diff of two redacted captures (text
// and JSON) says no more than they do: no directory of a path that every
// string of the unredacted snapshots held (redacttest.Rich).
func TestDiffOfRedactedHoldsNoPath(t *testing.T) {
	for _, p := range redacttest.Paths {
		before, after := redacttest.Rich(p.Value), redacttest.Rich(p.Value)
		after.TakenAt = after.TakenAt.Add(60e9)
		grown := uint64(1 << 30)
		after.Processes[0].VRAMBytes, after.Devices[0].MemoryUsedBytes = &grown, &grown
		after.Processes[0].Models = append(after.Processes[0].Models, after.Processes[0].Models[0])
		after.Processes[0].Models[1].Path = p.Value + ".gguf"
		d, err := Compare(redact.Snapshot(before), redact.Snapshot(after))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := d.WriteText(&out, false); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(out.Bytes(), []byte("model file appeared")) {
			t.Fatalf("%q: the diff does not show the model file that appeared:\n%s", p.Value, out.String())
		}
		if err := d.WriteJSON(&out); err != nil {
			t.Fatal(err)
		}
		if leaks := p.Leaks(out.String()); len(leaks) > 0 {
			t.Errorf("%q: the diff of redacted snapshots holds %v:\n%s", p.Value, leaks, out.String())
		}
	}
}
