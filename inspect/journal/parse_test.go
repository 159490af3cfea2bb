package journal

import (
	"testing"
	"time"
)

// MESSAGE as journalctl writes it: a string, an array of bytes (a colour
// code), null (over 4096 bytes, skipped); a bad _PID is skipped.
func TestParseJSONOutput(t *testing.T) {
	out := `{"__REALTIME_TIMESTAMP":"1700000000000000","_PID":"9","MESSAGE":"load_tensors: CUDA0 model buffer size = 1.00 MiB"}
{"__REALTIME_TIMESTAMP":"1700000001000000","_PID":"9","MESSAGE":[27,91,48,109,104,105]}
{"__REALTIME_TIMESTAMP":"1700000002000000","_PID":"9","MESSAGE":null}
{"__REALTIME_TIMESTAMP":"1700000003000000","_PID":"x","MESSAGE":"bad pid"}
{"__REALTIME_TIMESTAMP":"1700000004000000","_PID":"10","MESSAGE":"not asked"}
`
	got, err := parse([]byte(out), map[int]time.Time{9: time.Unix(0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	l := got[9]
	if len(got) != 1 || len(l) != 2 || string(l[1].Text) != "\x1b[0mhi" || !l[0].Time.Equal(time.Unix(1700000000, 0)) {
		t.Errorf("parsed %+v", got)
	}
	if _, err := parse([]byte("journalctl: oops\n"), nil); err == nil {
		t.Error("output that is not JSON read without an error")
	}
}
