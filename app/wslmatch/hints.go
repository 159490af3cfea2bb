package wslmatch

import (
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/gputaskman/gtm/internal/safewrite"
)

// Hints are the sizes of foreign contexts (other distros, WSLg, Docker,
// services) observed while only the monitor was running, kept per WSL boot.
// They only rank extra candidates when guessing: a process may exit while
// the monitor is off, and a local process may reuse a size, so a hint never
// establishes ownership. An idle sample replaces them; an observed foreign
// exit removes its size.
type Hints struct {
	BootID string         `json:"boot_id"`
	Sizes  map[uint64]int `json:"sizes"` // size → how many contexts had it
	dirty  bool
}

// observe refreshes hints from an idle sample: no Linux process but the
// monitor holds /dev/dxg, so every free context is foreign.
func (h *Hints) observe(m *Matcher, live map[Proc]bool) {
	for p := range live {
		if p.PID != m.Self {
			return
		}
	}
	next := map[uint64]int{}
	for _, c := range m.free() {
		if c.size > 0 { // zero says nothing about who owns it
			next[c.size]++
		}
	}
	if !equalCounts(next, h.Sizes) {
		h.Sizes, h.dirty = next, true
	}
}

func (h *Hints) forget(size uint64) {
	if h.Sizes[size] > 0 {
		h.Sizes[size]--
		if h.Sizes[size] == 0 {
			delete(h.Sizes, size)
		}
		h.dirty = true
	}
}

// rankOut drops up to n candidates whose size a hint names, oldest first,
// keeping the others in order.
func (h *Hints) rankOut(cands []*context, n int) []*context {
	left := map[uint64]int{}
	for k, v := range h.Sizes {
		left[k] = v
	}
	drop := map[*context]bool{}
	for i := len(cands) - 1; i >= 0 && len(drop) < n; i-- {
		if left[cands[i].size] > 0 {
			left[cands[i].size]--
			drop[cands[i]] = true
		}
	}
	out := make([]*context, 0, len(cands)-len(drop))
	for _, c := range cands {
		if !drop[c] {
			out = append(out, c)
		}
	}
	return out
}

func equalCounts(a, b map[uint64]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// maxHintsBytes bounds the cache file.
const maxHintsBytes = 64 << 10

// LoadHints reads the hints cached for this boot from path; hints of an
// earlier boot, or an unreadable file, give empty hints.
func LoadHints(path, bootID string) *Hints {
	h := &Hints{BootID: bootID, Sizes: map[uint64]int{}}
	f, err := os.Open(path)
	if err != nil {
		return h
	}
	defer f.Close()
	var saved Hints
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() || fi.Size() > maxHintsBytes {
		return h
	}
	if json.NewDecoder(f).Decode(&saved) != nil || saved.BootID != bootID || saved.Sizes == nil {
		return h
	}
	h.Sizes = saved.Sizes
	return h
}

// Save writes the hints when they changed since the last save, never
// through a planted link nor into a directory someone else may change.
func (h *Hints) Save(path string) error {
	if !h.dirty {
		return nil
	}
	if err := safewrite.MkdirAll(filepath.Dir(path)); err != nil {
		return err
	}
	b, err := json.Marshal(h)
	if err != nil {
		return err
	}
	if err := safewrite.WriteFile(path, b, 0o600); err != nil {
		return err
	}
	h.dirty = false
	return nil
}
