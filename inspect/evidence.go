package inspect

import (
	"slices"
	"sort"
)

// Evidence kinds for a model, strongest first. api and logs arrive with the
// server probes; the order and the confirmation rule are fixed here.
const (
	EvidenceAPI       = "api"       // the runtime's local API reports it loaded
	EvidenceMapped    = "mapped"    // the file is memory-mapped into the process now
	EvidenceOpened    = "opened"    // the process opened the file while gtm traced opens (history)
	EvidenceCmdline   = "cmdline"   // the file was a launch argument
	EvidenceInstalled = "installed" // found in the app's folders; nothing proves it is loaded
)

var evidenceRank = map[string]int{EvidenceAPI: 0, EvidenceMapped: 1, EvidenceOpened: 2, EvidenceCmdline: 3, EvidenceInstalled: 4}

// SortEvidence orders evidence strongest first, without duplicates.
func SortEvidence(ev []string) []string {
	seen := map[string]bool{}
	out := make([]string, 0, len(ev))
	for _, e := range ev {
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i]) < rank(out[j]) })
	return out
}

func rank(e string) int {
	if r, ok := evidenceRank[e]; ok {
		return r
	}
	return len(evidenceRank)
}

// Confirmed: two independent sources of load evidence, at least one of
// them api or mapped. "installed" is never load evidence; "opened" is,
// but an open is history: it confirms only with ConfirmedOpened's VRAM
// rise.
func Confirmed(ev []string) bool {
	strong, load := loadEvidence(ev)
	return strong && load >= 2
}

// ConfirmedOpened: two sources of load evidence including "opened", and
// the opener's measured VRAM rose within seconds of the open (vramRose).
func ConfirmedOpened(ev []string, vramRose bool) bool {
	if Confirmed(ev) {
		return true
	}
	_, load := loadEvidence(ev)
	return vramRose && load >= 2 && slices.Contains(ev, EvidenceOpened)
}

func loadEvidence(ev []string) (strong bool, load int) {
	for _, e := range SortEvidence(ev) {
		switch e {
		case EvidenceAPI, EvidenceMapped:
			strong = true
			load++
		case EvidenceCmdline, EvidenceOpened:
			load++
		}
	}
	return strong, load
}

// OnlyInstalled: only installed, so listed as a candidate, not as loaded.
func OnlyInstalled(ev []string) bool {
	for _, e := range ev {
		if e != EvidenceInstalled {
			return false
		}
	}
	return len(ev) > 0
}
