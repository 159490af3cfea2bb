package windows

import (
	"sync"

	"github.com/gputaskman/gtm/internal/schema"
)

// nvmlLibrary is nvml.dll once loaded and initialised; tests fake it.
type nvmlLibrary interface {
	devices() ([]nvmlDevice, error)
	shutdown() error // nvmlShutdown
}

// NoteNoNVIDIA is the nvml source's note on a machine without an NVIDIA
// adapter: nothing is missing, so it is not an error.
const NoteNoNVIDIA = "no NVIDIA adapter listed: nvml.dll is not loaded"

// telemetry is the NVIDIA telemetry's life: nvml.dll is loaded only when
// an NVIDIA adapter is listed (an AMD or Intel machine never touches it),
// read every refresh, and shut down once when gtm ends.
type telemetry struct {
	load func() (nvmlLibrary, error)

	mu     sync.Mutex
	tried  bool
	lib    nvmlLibrary // nil: err says why, or no NVIDIA adapter
	err    error
	closed bool
}

// sample fills the devices paired with NVML devices (devices[i] is
// adapters[i]) and returns the nvml source.
func (t *telemetry) sample(devices []schema.Device, adapters []Adapter) schema.SourceStatus {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !hasNVIDIA(adapters) {
		return schema.Noted(NVMLSource, NoteNoNVIDIA)
	}
	if !t.tried && !t.closed {
		t.tried = true
		t.lib, t.err = t.load()
	}
	if t.lib == nil {
		if t.err == nil {
			t.err = ErrNoNVML
		}
		return schema.Failed(NVMLSource, t.err)
	}
	handles, err := t.lib.devices()
	if err != nil {
		return schema.Failed(NVMLSource, err)
	}
	tel := make([]Telemetry, len(handles))
	for i, h := range handles {
		tel[i] = readTelemetry(h)
	}
	return ApplyTelemetry(devices, adapters, tel)
}

// close shuts NVML down if it was started; later samples load nothing.
func (t *telemetry) close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.closed = true
	if t.lib == nil {
		return nil
	}
	err := t.lib.shutdown()
	t.lib, t.err = nil, ErrNVMLClosed
	return err
}

func hasNVIDIA(adapters []Adapter) bool {
	for _, a := range adapters {
		if a.VendorID == VendorNVIDIA {
			return true
		}
	}
	return false
}
