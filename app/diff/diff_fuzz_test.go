package diff

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/gputaskman/gtm/app/capture"
	"github.com/gputaskman/gtm/app/summary"
	"github.com/gputaskman/gtm/internal/schema"
)

// FuzzDiff: any two snapshots the capture reader accepts compare and
// render without a panic, and the diff's JSON decodes again.
func FuzzDiff(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for i := 0; i+1 < len(files); i += 2 {
		a, _ := os.ReadFile(files[i])
		b, _ := os.ReadFile(files[i+1])
		f.Add(a, b)
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		ca, errA := capture.Decode(bytes.NewReader(a))
		cb, errB := capture.Decode(bytes.NewReader(b))
		if errA != nil || errB != nil {
			return
		}
		sa, sb := ca.Snapshots[0], cb.Snapshots[len(cb.Snapshots)-1]
		d, err := Compare(sa, sb)
		if err != nil {
			return
		}
		if err := d.WriteText(io.Discard, true); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := d.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		var back Diff
		if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
			t.Fatalf("diff JSON does not decode: %v", err)
		}
		summary.Summarize([]*schema.Snapshot{sa, sb}).WriteText(io.Discard, "fuzz")
	})
}
