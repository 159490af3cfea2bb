package schema

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// goldenPath is the golden snapshot, written by app/collect's tests and
// docs/json.md's example.
const goldenPath = "../../app/snapshot/testdata/snapshot.golden.json"

// The golden snapshot reads into the schema and writes back byte for
// byte: a renamed or retyped key shows up here.
func TestGoldenRoundTrips(t *testing.T) {
	want, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	var s Snapshot
	if err := json.Unmarshal(want, &s); err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if err := s.WriteJSON(&got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Errorf("the golden snapshot does not round-trip:\n%s", got.String())
	}
}

// The command line as the OS gave it (secrets included) is for the
// inspector only: it is never written.
func TestArgvIsNeverWritten(t *testing.T) {
	s := Snapshot{SchemaVersion: SchemaVersion, Processes: []Process{{PID: 1,
		Cmdline: []string{"srv", "--api-key", "[redacted]"}, Argv: []string{"srv", "--api-key", "sk-secret"}, Exited: true}}}
	var b bytes.Buffer
	if err := s.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); strings.Contains(out, "sk-secret") || strings.Contains(strings.ToLower(out), `"exited"`) || strings.Contains(strings.ToLower(out), `"argv"`) {
		t.Errorf("internal fields written:\n%s", out)
	}
}

// vram_inferred_by keeps the strings docs/json.md documents.
func TestProvenanceStrings(t *testing.T) {
	for p, want := range map[Provenance]string{Matched: `"matched"`, Guess: `"guess"`} {
		b, err := json.Marshal(p)
		if err != nil || string(b) != want {
			t.Errorf("%v writes %s (%v), want %s", p, b, err, want)
		}
	}
}
