package report

import (
	"fmt"
	"math"
	"time"

	"github.com/gputaskman/gtm/app/internal/textfmt"
	"github.com/gputaskman/gtm/internal/schema"
)

// TrendCell is a VRAM trend in a table cell: the shape, or for steady
// growth (a leak suspect) its rate ("+1.17 GiB/min"); n/a while there is
// too little history. Plain words, no arrows: the window's bundled text
// font has none, and a fallback glyph mid-text draws badly.
func TrendCell(t *schema.Trend) string {
	if t == nil {
		return NA
	}
	if t.Shape == "steady growth" {
		return "+" + PerMinute(t.BytesPerSecond)
	}
	return t.Shape
}

// PerMinute is a rate in bytes per second shown per minute ("1.2 GiB/min").
func PerMinute(bytesPerSecond float64) string {
	return textfmt.Bytes(uint64(math.Max(0, bytesPerSecond*60))) + "/min"
}

// Minutes is a forecast's time left as people say it: "~12 min", "~45 s".
func Minutes(seconds float64) string {
	d := time.Duration(seconds * float64(time.Second))
	if d < time.Minute {
		return fmt.Sprintf("~%d s", int(d.Seconds()))
	}
	return fmt.Sprintf("~%d min", int(math.Round(d.Minutes())))
}

// ForecastLine says when a device would be full at its current rate, and
// who drives it; "" without a forecast.
func ForecastLine(d schema.Device) string {
	f := d.VRAMForecast
	if f == nil {
		return ""
	}
	s := fmt.Sprintf("VRAM full in %s at %s", Minutes(f.FullInSeconds), PerMinute(f.BytesPerSecond))
	if f.LatestSeconds != nil && *f.LatestSeconds > f.FullInSeconds {
		s += fmt.Sprintf(" (%s to %s)", Minutes(f.SoonestSeconds), Minutes(*f.LatestSeconds))
	}
	if f.DrivenByPID != nil {
		s += fmt.Sprintf(", driven by PID %d", *f.DrivenByPID)
	}
	return s + " (inferred from its measured use)"
}

// LeakLine is one leak suspect for the notes: who, how fast, since when;
// "" when the process's trend is not steady growth.
func LeakLine(p schema.Process, now time.Time) string {
	t := p.VRAMTrend
	if t == nil || t.Shape != "steady growth" {
		return ""
	}
	since := ""
	if t.Since != nil {
		since = fmt.Sprintf(" for %s", textfmt.Elapsed(now.Sub(*t.Since).Seconds()))
	}
	return fmt.Sprintf("leak suspect: %s %s on GPU %s grows %s%s, spread over many readings (inferred: %s)",
		p.PIDLabel, FormatString(p.Name), deviceCell(p.DeviceIndex), PerMinute(t.BytesPerSecond), since, t.Method)
}

// SpillLine says p is spilling into shared memory; "" when it is not.
func SpillLine(p schema.Process) string {
	if p.Spilling == nil {
		return ""
	}
	return fmt.Sprintf("%s (PID %s): %s (inferred)", FormatString(p.Name), p.PIDLabel, p.Spilling.Text)
}

// PressureLines are p's engine pressures, one line each, naming the
// server: "vllm (API PID 900): KV cache full: 12 requests waiting
// (reported by its API)".
func PressureLines(p schema.Process) []string {
	if p.LLM == nil {
		return nil
	}
	var out []string
	for _, pr := range p.LLM.Pressure {
		by := "reported by its API"
		if pr.Source == "inferred" {
			by = "inferred from its counters"
		}
		out = append(out, fmt.Sprintf("%s: %s (%s)", PressureOwner(p), pr.Text, by))
	}
	return out
}

// PressureOwner names whose pressure it is: a server's state is its API's,
// shared by all its workers, so a worker's pressure is named by the API
// process ("vllm (API PID 900)"), anything else by itself ("llama-server
// (PID 4242)"). Rows with the same owner say the same thing once.
func PressureOwner(p schema.Process) string {
	if l := p.LLM; l != nil && l.APIPID != nil {
		return fmt.Sprintf("%s (API PID %d)", FormatString(l.Server), *l.APIPID)
	}
	return fmt.Sprintf("%s (PID %s)", FormatString(p.Name), p.PIDLabel)
}
