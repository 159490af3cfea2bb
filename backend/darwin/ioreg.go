package darwin

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Accelerator is one IOAccelerator entry of `ioreg -a -r -d 2 -c
// IOAccelerator`: its PerformanceStatistics and its Metal clients. Nil
// readings were not in the output.
type Accelerator struct {
	// Model is the GPU's name ("Apple M4"); nil when absent.
	Model *string
	// AllocSystemBytes is "Alloc system memory": every GPU allocation.
	AllocSystemBytes *uint64
	// InUseSystemBytes is "In use system memory".
	InUseSystemBytes *uint64
	// UtilPercent is "Device Utilization %".
	UtilPercent *float64
	Clients     []Client
}

// Client is one Metal client of the GPU (an AGXDeviceUserClient).
type Client struct {
	// ID is the registry entry ID when ioreg printed one; 0 otherwise
	// (clients are then told apart by their order within the process).
	ID   uint64
	PID  int
	Name string
	// GPUTimeNs is the client's cumulative GPU time: "accumulatedGPUTime"
	// on the client, or the sum over its "AppUsage" entries (one per API
	// on Apple Silicon). HasTime is false when neither is present.
	GPUTimeNs uint64
	HasTime   bool
}

// ParseIOReg reads the accelerators and their clients from ioreg's plist
// output (an array of entries, children under IORegistryEntryChildren).
func ParseIOReg(data []byte) ([]Accelerator, error) {
	v, err := ParsePlist(data)
	if err != nil {
		return nil, err
	}
	entries, ok := v.([]any)
	if !ok {
		return nil, errors.New("ioreg: output is not an array of registry entries")
	}
	var out []Accelerator
	for _, e := range entries {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		a := Accelerator{}
		if s, ok := m["model"].(string); ok && s != "" {
			a.Model = &s
		} else if b, ok := m["model"].([]byte); ok && len(b) > 0 {
			s := strings.TrimRight(string(b), "\x00")
			a.Model = &s
		}
		if ps, ok := m["PerformanceStatistics"].(map[string]any); ok {
			if n, ok := plistUint(ps["Alloc system memory"]); ok {
				a.AllocSystemBytes = &n
			}
			if n, ok := plistUint(ps["In use system memory"]); ok {
				a.InUseSystemBytes = &n
			}
			if f, ok := plistFloat(ps["Device Utilization %"]); ok && f >= 0 {
				f = min(f, 100)
				a.UtilPercent = &f
			}
		}
		a.Clients = collectClients(m["IORegistryEntryChildren"], 0)
		out = append(out, a)
	}
	if len(out) == 0 {
		return nil, errors.New("ioreg: no IOAccelerator entries")
	}
	return out, nil
}

// collectClients finds user clients among children (and, bounded, their
// children): any entry with an IOUserClientCreator.
func collectClients(v any, depth int) []Client {
	kids, ok := v.([]any)
	if !ok || depth > 4 {
		return nil
	}
	var out []Client
	for _, k := range kids {
		m, ok := k.(map[string]any)
		if !ok {
			continue
		}
		if c, ok := parseClient(m); ok {
			out = append(out, c)
		}
		out = append(out, collectClients(m["IORegistryEntryChildren"], depth+1)...)
	}
	return out
}

func parseClient(m map[string]any) (Client, bool) {
	creator, ok := m["IOUserClientCreator"].(string)
	if !ok {
		return Client{}, false
	}
	pid, name, err := ParseCreator(creator)
	if err != nil {
		return Client{}, false
	}
	c := Client{PID: pid, Name: name}
	if id, ok := plistUint(m["IORegistryEntryID"]); ok {
		c.ID = id
	}
	if t, ok := plistUint(m["accumulatedGPUTime"]); ok {
		c.GPUTimeNs, c.HasTime = t, true
	}
	if usage, ok := m["AppUsage"].([]any); ok {
		for _, u := range usage {
			um, ok := u.(map[string]any)
			if !ok {
				continue
			}
			if t, ok := plistUint(um["accumulatedGPUTime"]); ok {
				c.GPUTimeNs += t
				c.HasTime = true
			}
		}
	}
	return c, true
}

// ParseCreator reads IOUserClientCreator, "pid 1234, Name".
func ParseCreator(s string) (pid int, name string, err error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(s), "pid ")
	if !ok {
		return 0, "", fmt.Errorf("client creator %q does not start with \"pid \"", s)
	}
	num, name, _ := strings.Cut(rest, ",")
	pid, err = strconv.Atoi(strings.TrimSpace(num))
	if err != nil || pid <= 0 {
		return 0, "", fmt.Errorf("client creator %q has no PID", s)
	}
	return pid, strings.TrimSpace(name), nil
}
