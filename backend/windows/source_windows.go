package windows

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/internal/schema"
)

// SourceName is this backend's name in snapshots.
const SourceName = "wddm"

// Backend reads the GPUs through DXGI and the WDDM counters. It implements
// backend.GPU.
type Backend struct {
	mu         sync.Mutex
	q          *pdhQuery
	pdhErr     error // why the GPU counters cannot be read
	adapterErr error // why DXGI gave no adapters
	opened     bool
	adapters   []Adapter
	nvml       telemetry
}

// New returns the Windows GPU source; it opens on the first Sample.
func New() *Backend { return &Backend{nvml: telemetry{load: loadNVML}} }

// Name implements backend.GPU.
func (s *Backend) Name() string { return SourceName }

// open lists the adapters (in --list-gpus order) and opens the PDH query,
// once.
func (s *Backend) open() {
	if s.opened {
		return
	}
	s.opened = true
	ads, err := listAdapters()
	s.adapterErr = err
	s.adapters = OrderAdapters(ads)
	s.q, s.pdhErr = openPDH()
}

// telemetry fills the devices paired with NVML devices by PCI location
// and returns the nvml source.
func (s *Backend) telemetry(devices []schema.Device) schema.SourceStatus {
	return s.nvml.sample(devices, s.adapters)
}

// sources says which of DXGI and the counters could be read.
func (s *Backend) sources() []schema.SourceStatus {
	var out []schema.SourceStatus
	if s.pdhErr != nil {
		out = append(out, schema.Failed(SourceName, s.pdhErr))
	} else {
		out = append(out, schema.OK(SourceName))
	}
	if s.adapterErr != nil {
		out = append(out, schema.Failed("dxgi", s.adapterErr))
	} else {
		out = append(out, schema.OK("dxgi"))
	}
	return out
}

// Sample implements backend.GPU.
func (s *Backend) Sample(ctx context.Context, _ time.Duration) backend.Sample {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.open()
	if s.q == nil {
		out := backend.Sample{Sources: s.sources()}
		for i, a := range s.adapters {
			out.Devices = append(out.Devices, schema.Device{Index: i, Vendor: VendorName(a.VendorID), Name: schema.Ptr(a.Name), UUID: schema.Ptr(a.LUID)})
		}
		out.Sources = append(out.Sources, s.telemetry(out.Devices))
		return out
	}
	cs, err := s.q.sample()
	if err != nil {
		return backend.Sample{Sources: append(s.sources()[1:], schema.Failed(SourceName, err))}
	}
	out, bad := Assemble(s.adapters, cs)
	if bad > 0 {
		out.Sources = append(out.Sources, schema.Failed(SourceName+".instances", fmt.Errorf("%d counter values could not be read and were skipped", bad)))
	}
	out.Sources = append(s.sources(), out.Sources...)
	out.Sources = append(out.Sources, s.telemetry(out.Devices))
	if cs.Local == nil && cs.Dedicated == nil {
		out.Sources = append(out.Sources, schema.Failed(SourceName+".process_memory", fmt.Errorf("GPU Process Memory counters are not available")))
	}
	return out
}

// Close implements backend.GPU: it closes the counter query and shuts
// NVML down (nvmlShutdown) if it was started.
func (s *Backend) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.q != nil {
		s.q.close()
	}
	return s.nvml.close()
}
