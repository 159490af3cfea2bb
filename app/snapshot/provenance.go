package snapshot

// Provenance says how the owner of a size that was not measured for its
// row was told (Process.VRAMInferredBy): the JSON strings "matched" and
// "guess". Such sizes are shown, never added to measured totals.
type Provenance string

const (
	// Matched (shown "*"): the evidence fits only one owner.
	Matched Provenance = "matched"
	// Guess (shown "?"): a heuristic pairing, e.g. by start order.
	Guess Provenance = "guess"
)
