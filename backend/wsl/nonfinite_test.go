package wsl

import (
	"context"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/schema"
)

// A sample with bare NaN/Infinity values (what .NET prints for them) is
// not dropped whole: those values are unknown, the rest is read.
func TestParseLineNonFinite(t *testing.T) {
	const inst = "pid_%d_luid_0x00000000_0x0000D1E3_phys_0"
	name := func(pid int) string { return strings.Replace(inst, "%d", strconv.Itoa(pid), 1) }
	line := `{"t":1764763200000,` +
		`"local":[{"n":"` + name(100) + `","v":NaN},{"n":"` + name(200) + `","v":1073741824.0},{"n":"` + name(300) + `","v":null}],` +
		`"nonlocal":[{"n":"` + name(100) + `","v":0.0},{"n":"` + name(200) + `","v":-Infinity},{"n":"` + name(300) + `","v":0.0}],` +
		`"dedicated":[],"shared":[],"committed":null,` +
		`"engine":[{"n":"` + name(200) + `_eng_0_engtype_3D","v":Infinity},{"n":"` + name(300) + `_eng_0_engtype_3D","v":12.5}],` +
		`"adapter_dedicated":[{"n":"luid_0x00000000_0x0000D1E3_phys_0","v":2147483648.0}],"adapter_shared":[],` +
		`"names":{"100":"NaN Infinity.exe","200":"a\"NaN.exe","300":"ok.exe"}}`
	hs, err := ParseLine([]byte(line))
	if err != nil {
		t.Fatalf("sample dropped: %v", err)
	}
	c := hs.Counters
	if len(c.Local) != 3 || !math.IsNaN(c.Local[0].Value) || c.Local[1].Value != 1<<30 || !math.IsNaN(c.Local[2].Value) {
		t.Errorf("local %+v", c.Local)
	}
	if !math.IsNaN(c.NonLocal[1].Value) || !math.IsNaN(c.Engine[0].Value) || c.Engine[1].Value != 12.5 {
		t.Errorf("nonlocal %+v engine %+v", c.NonLocal, c.Engine)
	}
	if c.Committed != nil || c.Dedicated == nil {
		t.Errorf("null counter must stay unread, empty one empty: %v %v", c.Committed, c.Dedicated)
	}
	// Words inside strings are data, not numbers.
	if c.Names[100] != "NaN Infinity.exe" || c.Names[200] != `a"NaN.exe` {
		t.Errorf("names %v", c.Names)
	}

	// Through the source: unknown values are null with a note, never 0.
	used := uint64(2 << 30)
	nv := fixedGPU{Devices: []schema.Device{{Index: 0, MemoryUsedBytes: &used}}}
	s := (&Backend{NVML: nv, Stream: streamWith(t, line)}).Sample(context.Background(), time.Second)
	rows := map[int]backend.ProcessUsage{}
	for _, u := range s.Usage {
		rows[u.PID] = u
	}
	if u := rows[100]; u.VRAMBytes != nil {
		t.Errorf("pid 100 (Local NaN): VRAM %v, want unknown", *u.VRAMBytes)
	}
	if u := rows[200]; u.VRAMBytes != nil || u.GPUUtilPercent != nil {
		t.Errorf("pid 200 (Non Local -Infinity, engine Infinity): VRAM %v GPU %v, want unknown", u.VRAMBytes, u.GPUUtilPercent)
	}
	if u := rows[300]; u.GPUUtilPercent == nil || *u.GPUUtilPercent != 12.5 {
		t.Errorf("pid 300: %+v", u)
	}
	note := ""
	for _, src := range s.Sources {
		if src.Name == "wsl.host" && src.Error != nil {
			note = *src.Error
		}
	}
	if !strings.Contains(note, "4 host counter values were unreadable") {
		t.Errorf("wsl.host note %q", note)
	}
}

func TestNullNonFinite(t *testing.T) {
	for in, want := range map[string]string{
		`{"v":NaN}`:                       `{"v":null}`,
		`[Infinity,-Infinity,1.5]`:        `[null,null,1.5]`,
		`{"n":"NaN\\\"Infinity","v":NaN}`: `{"n":"NaN\\\"Infinity","v":null}`,
		`{"v":1}`:                         `{"v":1}`,
	} {
		if got := string(nullNonFinite([]byte(in))); got != want {
			t.Errorf("nullNonFinite(%s) = %s, want %s", in, got, want)
		}
	}
}

// The host script writes null, never NaN or Infinity, for a value JSON
// cannot carry (it cannot run here; its text is checked).
func TestHostScriptGuardsNonFinite(t *testing.T) {
	if !strings.Contains(hostScript, `if (double.IsNaN(v) || double.IsInfinity(v)) sb.Append("null");`) {
		t.Error("host.ps1 prints NaN/Infinity values bare")
	}
}
