package capture

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadSnapshotErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		must(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	one := `{"schema_version":1,"taken_at":"2026-12-02T15:00:00Z"}`
	capture := write("c.jsonl", one+"\n"+strings.Replace(one, "15:00", "15:01", 1)+"\n")
	cases := map[string]string{
		write("garbage.json", "hello"):            "not a gtm snapshot",
		write("empty.json", ""):                   "no snapshot",
		write("other.json", `{"foo": 1}`):         "no schema_version",
		write("v9.json", `{"schema_version": 9}`): "schema_version 9 is not supported",
		capture:        "capture of 2 snapshots; name one as",
		capture + ":3": "has 2 snapshots, not 3",
		write("bad.jsonl", one+"\n{oops\n") + ":2": "line 2 is not a gtm snapshot",
		filepath.Join(dir, "missing.json"):         "no such file",
	}
	for ref, want := range cases {
		_, err := LoadSnapshot(ref)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: err = %v, want one line with %q", filepath.Base(ref), err, want)
		}
	}
	s, err := LoadSnapshot(capture + ":2")
	if err != nil || s.TakenAt.Minute() != 1 {
		t.Fatalf("FILE:2: %v %v", s, err)
	}
}
