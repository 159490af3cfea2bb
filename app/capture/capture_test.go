package capture

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

func TestCaptureRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	cw := NewWriter(&buf)
	for i := 0; i < 3; i++ {
		s := &schema.Snapshot{SchemaVersion: schema.SchemaVersion, TakenAt: time.Unix(int64(1000+i), 0).UTC()}
		if err := cw.Write(s); err != nil {
			t.Fatal(err)
		}
	}
	if cw.Count() != 3 || strings.Count(buf.String(), "\n") != 3 {
		t.Fatalf("want 3 lines, got %d: %q", cw.Count(), buf.String())
	}
	got, err := Read(&buf)
	if err != nil || len(got) != 3 || got[2].TakenAt.Unix() != 1002 {
		t.Fatalf("Read: %v %d", err, len(got))
	}
}

func TestReadCaptureSingleIndentedSnapshot(t *testing.T) {
	var buf bytes.Buffer
	s := &schema.Snapshot{SchemaVersion: schema.SchemaVersion}
	if err := s.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := Read(&buf)
	if err != nil || len(got) != 1 {
		t.Fatalf("%v %d", err, len(got))
	}
}

func TestReadCaptureErrors(t *testing.T) {
	for name, in := range map[string]string{
		"empty":          "",
		"garbage":        "hello",
		"wrong schema":   `{"schema_version": 99}`,
		"bad second row": `{"schema_version": 1}` + "\n{oops",
	} {
		if _, err := Read(strings.NewReader(in)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestReadSnapshotRejects(t *testing.T) {
	for _, bad := range []string{"", "{", `{"schema_version": 2}`, `[1,2]`, `{"schema_version":"1"}`} {
		if _, err := ReadSnapshot(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadSnapshot(%q) accepted", bad)
		}
	}
}
