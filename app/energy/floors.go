package energy

import (
	"encoding/json"
	"math"
	"path/filepath"
	"time"

	"github.com/gputaskman/gtm/internal/safewrite"
)

// Bounds on the kept floors: the file is read back whole, so a planted or
// corrupt one must stay small; a floor above maxFloorW is no idle floor.
const (
	maxFloorsBytes = 64 << 10
	maxFloors      = 256
	maxKeyLen      = 128
	maxFloorW      = 5000
)

// saveEvery spaces the writes while a floor keeps dropping by a little:
// each write is synced, and a refresh must stay cheap.
const saveEvery = time.Minute

// Floors are the idle floors learned per GPU (DeviceKey), kept across
// runs in a file of the user's own cache directory: a floor needs an idle
// moment, and a busy server may not have one each run.
type Floors struct {
	path    string
	w       map[string]float64
	dirty   bool
	savedAt time.Time
	// SaveErr is the last save's error; nil after a good one. Losing the
	// file only loses what was learned.
	SaveErr error
}

// floorsFile is the file's form.
type floorsFile struct {
	Version int                `json:"version"`
	IdleW   map[string]float64 `json:"idle_floor_w"`
}

// NewFloors holds no floors yet and keeps them in path ("" keeps none).
func NewFloors(path string) *Floors { return &Floors{path: path, w: map[string]float64{}} }

// LoadFloors reads the floors kept in path: a symbolic link, anything but
// a regular file, a file over its bound and any malformed entry are
// ignored (an unreadable file gives no floors).
func LoadFloors(path string) *Floors {
	f := NewFloors(path)
	if path == "" {
		return f
	}
	b, err := readNoFollow(path, maxFloorsBytes)
	if err != nil {
		return f
	}
	var saved floorsFile
	if json.Unmarshal(b, &saved) != nil || saved.Version != 1 {
		return f
	}
	for k, v := range saved.IdleW {
		if len(f.w) < maxFloors {
			f.observe(k, v)
		}
	}
	f.dirty = false
	return f
}

// Get is the floor learned for a GPU.
func (f *Floors) Get(key string) (float64, bool) {
	v, ok := f.w[key]
	return v, ok
}

// observe lowers a GPU's floor to w (watts seen while idle). A reading
// that is not a plausible power (zero, negative, not finite, huge) is not
// a floor: a sensor reporting 0 W would make every watt "active".
func (f *Floors) observe(key string, w float64) {
	if key == "" || len(key) > maxKeyLen || !(w > 0) || w > maxFloorW || math.IsInf(w, 0) {
		return
	}
	if old, ok := f.w[key]; ok && old <= w {
		return
	}
	if _, ok := f.w[key]; !ok && len(f.w) >= maxFloors {
		return
	}
	f.w[key] = w
	f.dirty = true
}

// Save writes the floors when they changed, never through a planted link
// nor into a directory someone else may change (safewrite).
func (f *Floors) Save() error {
	if !f.dirty || f.path == "" {
		return nil
	}
	if err := safewrite.MkdirAll(filepath.Dir(f.path)); err != nil {
		return err
	}
	b, err := json.Marshal(floorsFile{Version: 1, IdleW: f.w})
	if err != nil {
		return err
	}
	if err := safewrite.WriteFile(f.path, b, 0o600); err != nil {
		return err
	}
	f.dirty = false
	return nil
}

// saveIfDue saves at most once per saveEvery of snapshot time; the first
// floor learned is saved at once.
func (f *Floors) saveIfDue(now time.Time) {
	if !f.dirty || f.path == "" || (!f.savedAt.IsZero() && now.Sub(f.savedAt) < saveEvery && now.After(f.savedAt)) {
		return
	}
	f.SaveErr = f.Save()
	f.savedAt = now
}
