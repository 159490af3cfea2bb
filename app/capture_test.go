package app

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestCaptureRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	cw := NewCaptureWriter(&buf)
	for i := 0; i < 3; i++ {
		s := &Snapshot{SchemaVersion: SchemaVersion, TakenAt: time.Unix(int64(1000+i), 0).UTC()}
		if err := cw.Write(s); err != nil {
			t.Fatal(err)
		}
	}
	if cw.Count() != 3 || strings.Count(buf.String(), "\n") != 3 {
		t.Fatalf("want 3 lines, got %d: %q", cw.Count(), buf.String())
	}
	got, err := ReadCapture(&buf)
	if err != nil || len(got) != 3 || got[2].TakenAt.Unix() != 1002 {
		t.Fatalf("ReadCapture: %v %d", err, len(got))
	}
}

func TestReadCaptureSingleIndentedSnapshot(t *testing.T) {
	var buf bytes.Buffer
	s := &Snapshot{SchemaVersion: SchemaVersion}
	if err := s.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := ReadCapture(&buf)
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
		if _, err := ReadCapture(strings.NewReader(in)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
