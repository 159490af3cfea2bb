package schema

// SourceStatus reports whether one source (or one part of it) could be read.
type SourceStatus struct {
	Name  string  `json:"name"`
	OK    bool    `json:"ok"`
	Error *string `json:"error"`
	// Note says something about a source that is fine but has nothing to
	// read (no NVIDIA adapter for nvml.dll); omitted when there is none.
	Note *string `json:"note,omitempty"`
}

// OK returns a healthy source.
func OK(name string) SourceStatus { return SourceStatus{Name: name, OK: true} }

// Noted returns a healthy source with a quiet note: not an error, and
// not shown as one.
func Noted(name, note string) SourceStatus {
	return SourceStatus{Name: name, OK: true, Note: &note}
}

// Failed returns a source that could not be read, with the reason.
func Failed(name string, err error) SourceStatus {
	msg := err.Error()
	return SourceStatus{Name: name, OK: false, Error: &msg}
}
