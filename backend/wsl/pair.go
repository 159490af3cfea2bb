package wsl

import (
	"github.com/gputaskman/gtm/backend/wddm"
)

// PairTolerance is how far an adapter's dedicated usage may be from NVML's
// used memory and still be the same GPU. WSL's adapter LUIDs differ from
// the host's, so usage is the only key.
const PairTolerance = 256 << 20

// PairAdapter finds the host adapter whose dedicated memory use matches
// NVML's reading of one device. ok is false ("unmatched") when none is
// within tolerance or two are: an ambiguous pairing is never guessed.
func PairAdapter(nvmlUsed uint64, adapters []wddm.Adapter) (luid string, ok bool) {
	found := 0
	for _, a := range adapters {
		if a.DedicatedBytes == nil {
			continue
		}
		d := int64(*a.DedicatedBytes) - int64(nvmlUsed)
		if d < 0 {
			d = -d
		}
		if d <= PairTolerance {
			luid = a.LUID
			found++
		}
	}
	if found != 1 {
		return "", false
	}
	return luid, true
}
