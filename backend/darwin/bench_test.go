package darwin

import (
	"testing"
	"time"
)

// Every refresh parses ioreg's accelerator and client list.
func BenchmarkParseIOReg(b *testing.B) {
	data := fixture(b, "ioreg-accelerator-2.plist")
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ParseIOReg(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseFootprint(b *testing.B) {
	data := fixture(b, "footprint-python-bytes.txt")
	for b.Loop() {
		if _, err := ParseFootprint(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRates(b *testing.B) {
	a1, _ := ParseIOReg(fixture(b, "ioreg-accelerator-1.plist"))
	a2, _ := ParseIOReg(fixture(b, "ioreg-accelerator-2.plist"))
	var r Rates
	t := time.Unix(0, 0)
	for b.Loop() {
		t = t.Add(time.Second)
		r.Update(a1[0].Clients, t)
		t = t.Add(time.Second)
		r.Update(a2[0].Clients, t)
	}
}
