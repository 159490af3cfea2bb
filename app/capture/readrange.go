package capture

import (
	"fmt"
	"strconv"

	"github.com/gputaskman/gtm/app/internal/textfmt"
	"github.com/gputaskman/gtm/internal/schema"
)

// What a reading read back from a capture may be. gtm never writes a
// value outside these (the backends clamp percentages, local servers'
// numbers are range-checked as they are read), so one outside them comes
// from an edited or corrupt file: it is dropped to unknown rather than
// shown, e.g. as a percentage 309 digits long. The bounds are wide on
// purpose; they only have to rule out the impossible.
const (
	minTemperatureC = -100
	maxTemperatureC = 300
	maxPowerW       = 100_000 // a whole GPU board is under 2 kW
	maxClockMHz     = 100_000
	maxTokPerSec    = 1e7 // inspect's bound on what a server reports
	maxRequests     = 1e7
)

// rangeNotes counts the values a capture's snapshots had out of range and
// keeps the first, for one warning per capture.
type rangeNotes struct {
	n     int
	first string
}

// check drops every out-of-range reading of s (snapshot n) to nil.
func (r *rangeNotes) check(s *schema.Snapshot, n int) {
	drop := func(v **float64, lo, hi float64, what string, index int, field string) {
		if *v == nil || **v >= lo && **v <= hi {
			return
		}
		if r.n == 0 {
			if index >= 0 {
				what += " " + strconv.Itoa(index)
			}
			r.first = fmt.Sprintf("snapshot %d, %s %s = %s", n, what, field, strconv.FormatFloat(**v, 'g', 3, 64))
		}
		r.n++
		*v = nil
	}
	if s.System != nil {
		drop(&s.System.CPUPercent, 0, 100, "system", -1, "cpu_percent")
	}
	for i := range s.Devices {
		d := &s.Devices[i]
		for _, f := range []struct {
			v      **float64
			lo, hi float64
			name   string
		}{
			{&d.GPUUtilPercent, 0, 100, "gpu_util_percent"},
			{&d.MemoryUtilPercent, 0, 100, "memory_util_percent"},
			{&d.EncoderUtilPct, 0, 100, "encoder_util_percent"},
			{&d.DecoderUtilPct, 0, 100, "decoder_util_percent"},
			{&d.TemperatureC, minTemperatureC, maxTemperatureC, "temperature_c"},
			{&d.PowerW, 0, maxPowerW, "power_w"},
			{&d.PowerLimitW, 0, maxPowerW, "power_limit_w"},
			{&d.SMClockMHz, 0, maxClockMHz, "sm_clock_mhz"},
			{&d.MemoryClockMHz, 0, maxClockMHz, "memory_clock_mhz"},
			{&d.VideoClockMHz, 0, maxClockMHz, "video_clock_mhz"},
		} {
			drop(f.v, f.lo, f.hi, "device", d.Index, f.name)
		}
	}
	for i := range s.Processes {
		p := &s.Processes[i]
		for _, f := range []struct {
			v    **float64
			name string
		}{
			{&p.GPUUtilPercent, "gpu_util_percent"},
			{&p.SMUtilPercent, "sm_util_percent"},
			{&p.EncoderUtilPercent, "encoder_util_percent"},
			{&p.DecoderUtilPercent, "decoder_util_percent"},
			{&p.CPUPercent, "cpu_percent"},
		} {
			drop(f.v, 0, 100, "pid", p.PID, f.name)
		}
		if l := p.LLM; l != nil {
			drop(&l.KVUsagePercent, 0, 100, "pid", p.PID, "llm kv_usage_percent")
			drop(&l.TokensPerSecond, 0, maxTokPerSec, "pid", p.PID, "llm tokens_per_second")
			drop(&l.RequestsProcessing, 0, maxRequests, "pid", p.PID, "llm requests_processing")
		}
	}
}

// warning is the capture's one line about dropped values, or "".
func (r *rangeNotes) warning() string {
	if r.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d %s out of range dropped to unknown (first: %s)", r.n, textfmt.Plural(r.n, "value", "values"), r.first)
}
