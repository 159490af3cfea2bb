package darwin

import (
	"fmt"
	"strings"
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

// A busy desktop: 150 Metal clients (an M3 Max with many apps open has
// about 140).
func BenchmarkParseIOReg150Clients(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`<plist version="1.0"><array><dict><key>IORegistryEntryChildren</key><array>`)
	for i := range 150 {
		fmt.Fprintf(&sb, `<dict><key>AppUsage</key><array><dict><key>API</key><string>Metal</string><key>accumulatedGPUTime</key><integer>%d</integer></dict></array>`+
			`<key>IOObjectClass</key><string>AGXDeviceUserClient</string><key>IORegistryEntryID</key><integer>%d</integer>`+
			`<key>IOUserClientCreator</key><string>pid %d, App %d</string></dict>`, i*1000003, 4294970000+i, 300+i/3, i)
	}
	sb.WriteString(`</array><key>PerformanceStatistics</key><dict><key>Alloc system memory</key><integer>1</integer>` +
		`<key>Device Utilization %</key><integer>5</integer></dict><key>model</key><string>Apple M3 Max</string></dict></array></plist>`)
	data := []byte(sb.String())
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		a, err := ParseIOReg(data)
		if err != nil || len(a[0].Clients) != 150 {
			b.Fatal(err)
		}
	}
}
