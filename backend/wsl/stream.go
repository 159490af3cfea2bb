package wsl

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/gputaskman/gtm/backend/wddm"
)

// MaxLineBytes bounds one streamed sample.
const MaxLineBytes = 16 << 20

// wireSample is host.ps1's line format. A null counter could not be added
// to the PDH query; an empty one had no instances.
type wireSample struct {
	T                int64             `json:"t"`
	Local            []wddm.Item       `json:"local"`
	NonLocal         []wddm.Item       `json:"nonlocal"`
	Dedicated        []wddm.Item       `json:"dedicated"`
	Shared           []wddm.Item       `json:"shared"`
	Committed        []wddm.Item       `json:"committed"`
	Engine           []wddm.Item       `json:"engine"`
	AdapterDedicated []wddm.Item       `json:"adapter_dedicated"`
	AdapterShared    []wddm.Item       `json:"adapter_shared"`
	Names            map[string]string `json:"names"`
}

// HostSample is one parsed sample of the Windows host's counters.
type HostSample struct {
	At       time.Time
	Counters wddm.CounterSet
}

// ParseLine parses one line of the host stream.
func ParseLine(line []byte) (HostSample, error) {
	if len(line) > MaxLineBytes {
		return HostSample{}, fmt.Errorf("host sample of %d bytes is over the %d MiB limit", len(line), MaxLineBytes>>20)
	}
	var w wireSample
	if err := json.Unmarshal(line, &w); err != nil {
		return HostSample{}, fmt.Errorf("host sample: %w", err)
	}
	if w.T <= 0 {
		return HostSample{}, errors.New("host sample without a time")
	}
	cs := wddm.CounterSet{
		Local: w.Local, NonLocal: w.NonLocal, Dedicated: w.Dedicated, Shared: w.Shared,
		Committed: w.Committed, Engine: w.Engine, AdapterDedicated: w.AdapterDedicated,
		AdapterShared: w.AdapterShared, Names: map[int]string{},
	}
	for k, v := range w.Names {
		if pid, err := strconv.Atoi(k); err == nil && pid >= 0 && len(v) <= 260 {
			cs.Names[pid] = v
		}
	}
	return HostSample{At: time.UnixMilli(w.T).UTC(), Counters: cs}, nil
}
