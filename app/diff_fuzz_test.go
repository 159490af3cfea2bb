package app

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// FuzzDiff: any two snapshots that decode compare and render without a
// panic, and the diff's JSON decodes again.
func FuzzDiff(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "diff", "*.json"))
	for i := 0; i+1 < len(files); i += 2 {
		a, _ := os.ReadFile(files[i])
		b, _ := os.ReadFile(files[i+1])
		f.Add(a, b)
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		var sa, sb Snapshot
		if json.Unmarshal(a, &sa) != nil || json.Unmarshal(b, &sb) != nil {
			return
		}
		d, err := Compare(&sa, &sb)
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
		Summarize([]*Snapshot{&sa, &sb}).WriteText(io.Discard, "fuzz")
	})
}
