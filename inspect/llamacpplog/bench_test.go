package llamacpplog

import (
	"bytes"
	"os"
	"testing"
)

// benchLog is 512 KiB of a llama-server log: loads between request noise.
func benchLog(b *testing.B) []byte {
	fixture, err := os.ReadFile("testdata/llama-server-b8xxx.log")
	if err != nil {
		b.Fatal(err)
	}
	noise := []byte("srv  params_from_: Chat format: Content-only\nslot launch_slot_: id  0 | task 12 | processing task\nslot update_slots: id  0 | task 12 | prompt processing progress, n_past = 512, n_tokens = 512, progress = 0.250000\n")
	var buf bytes.Buffer
	for buf.Len() < MaxTail {
		buf.Write(fixture)
		for range 20 {
			buf.Write(noise)
		}
	}
	return buf.Bytes()[:MaxTail]
}

// BenchmarkParse512KiB parses the most ParseTail ever reads.
func BenchmarkParse512KiB(b *testing.B) {
	data := benchLog(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if len(Parse(bytes.NewReader(data))) == 0 {
			b.Fatal("no blocks")
		}
	}
}
