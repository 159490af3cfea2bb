package schema

import "time"

// Trend is where a measured memory series is heading: an INFERENCE over
// the readings of the last window, never a measurement and never added to
// a total (docs/design.md, "Trends and energy"). Nil (null) while there is
// too little history: a one-shot snapshot, or under 30 s of readings.
type Trend struct {
	// Shape is "steady", "warm-up" (a caching allocator's steps, a model
	// loading), "steady growth" (rising at a steady rate while nothing
	// steps: a leak suspect) or "release".
	Shape string `json:"shape"`
	// BytesPerSecond is the Theil–Sen slope (the median of the slopes of
	// all pairs of readings); for steady growth, from the start of the rise
	// on. Low and High are the 25th and 75th percentiles of those slopes:
	// its error bar.
	BytesPerSecond     float64 `json:"bytes_per_second"`
	BytesPerSecondLow  float64 `json:"bytes_per_second_low"`
	BytesPerSecondHigh float64 `json:"bytes_per_second_high"`
	// WindowSeconds is the time the readings used cover; Readings how many
	// were used.
	WindowSeconds float64 `json:"window_seconds"`
	Readings      int     `json:"readings"`
	// Since is when the current rise (steady growth, warm-up) or fall
	// (release) began; null for steady.
	Since *time.Time `json:"since"`
	// Method says how, in words.
	Method string `json:"method"`
	// Source is always "inferred".
	Source string `json:"source"`
}

// Forecast is when a device's memory would be full at the rate its used
// memory grows: an INFERENCE, given only while that memory grows steadily
// and would fill within the horizon (an hour); nil (null) otherwise.
type Forecast struct {
	// FullInSeconds is the time left at BytesPerSecond; Soonest and
	// Latest bound it from the trend's error bar (Latest null: at the
	// slower rate the device would not fill within the horizon).
	FullInSeconds  float64  `json:"full_in_seconds"`
	SoonestSeconds float64  `json:"soonest_seconds"`
	LatestSeconds  *float64 `json:"latest_seconds"`
	BytesPerSecond float64  `json:"bytes_per_second"`
	// DrivenByPID is the process on the device growing fastest (steady
	// growth), null when no single process's own trend shows it.
	DrivenByPID *int   `json:"driven_by_pid"`
	Method      string `json:"method"`
	Source      string `json:"source"` // always "inferred"
}

// Pressure is one way an inference engine is short of room now, from the
// figures its API reports (docs/trends.md, "Engine pressure").
type Pressure struct {
	// Kind is "kv_full" (KV cache at 95 % or more with requests waiting),
	// "preempting" (the preemption counter rose since the last refresh) or
	// "slots_full" (every slot busy with requests deferred) or "reloading"
	// (Ollama loading a model again and again in new runners).
	Kind string `json:"kind"`
	// Text says it as a user would act on it: "KV cache full: 12 requests
	// waiting".
	Text string `json:"text"`
	// Since is when gtm first saw it in this stretch.
	Since time.Time `json:"since"`
	// Source is "reported" (the server's own gauges) or "inferred" (a
	// counter's rise between two refreshes).
	Source string `json:"source"`
}
