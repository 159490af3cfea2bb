package wsl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
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
	Local            wireItems         `json:"local"`
	NonLocal         wireItems         `json:"nonlocal"`
	Dedicated        wireItems         `json:"dedicated"`
	Shared           wireItems         `json:"shared"`
	Committed        wireItems         `json:"committed"`
	Engine           wireItems         `json:"engine"`
	AdapterDedicated wireItems         `json:"adapter_dedicated"`
	AdapterShared    wireItems         `json:"adapter_shared"`
	Names            map[string]string `json:"names"`
}

// wireItems is one counter's instances. A null value (the script's NaN or
// ±Infinity) is unknown, not 0: it becomes NaN, which wddm.Account skips
// and counts as unreadable.
type wireItems []wddm.Item

func (w *wireItems) UnmarshalJSON(b []byte) error {
	var items []struct {
		N string   `json:"n"`
		V *float64 `json:"v"`
	}
	if err := json.Unmarshal(b, &items); err != nil {
		return err
	}
	if items == nil {
		*w = nil // a null counter stays "could not be read"
		return nil
	}
	out := make(wireItems, len(items))
	for i, it := range items {
		out[i] = wddm.Item{Instance: it.N, Value: math.NaN()}
		if it.V != nil {
			out[i].Value = *it.V
		}
	}
	*w = out
	return nil
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
	if err := json.Unmarshal(nullNonFinite(line), &w); err != nil {
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

// nonFinite are the words .NET prints for doubles JSON cannot carry; an
// older host script printed them bare.
var nonFinite = [...]string{"-Infinity", "Infinity", "NaN"}

// nullNonFinite returns line with every bare NaN, Infinity and -Infinity
// outside strings replaced by null, so one such value is unknown instead
// of the whole sample being dropped. Lines without them are returned as
// they are.
func nullNonFinite(line []byte) []byte {
	if !bytes.Contains(line, []byte("NaN")) && !bytes.Contains(line, []byte("Infinity")) {
		return line
	}
	out := make([]byte, 0, len(line))
	inString := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		if inString {
			out = append(out, c)
			switch {
			case c == '\\' && i+1 < len(line):
				i++
				out = append(out, line[i])
			case c == '"':
				inString = false
			}
			continue
		}
		if c == '"' {
			inString = true
		}
		replaced := false
		for _, w := range nonFinite {
			if bytes.HasPrefix(line[i:], []byte(w)) {
				out = append(out, "null"...)
				i += len(w) - 1
				replaced = true
				break
			}
		}
		if !replaced {
			out = append(out, c)
		}
	}
	return out
}
