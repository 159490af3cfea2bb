package trend

import (
	"fmt"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// KVFullPercent is the KV cache use at which, with requests waiting, an
// engine is out of room: new requests queue instead of running.
const KVFullPercent = 95

// pressureState is what the annotator remembers of one LLM process
// between refreshes: its preemption counter and since when each kind of
// pressure has held.
type pressureState struct {
	preemptions *float64
	since       map[string]time.Time
}

// pressures says what an LLM process's own figures show hurting now, and
// since when; st is its state from the refreshes before, updated in
// place.
func pressures(l *schema.LLM, at time.Time, st *pressureState) []schema.Pressure {
	out := []schema.Pressure{} // evaluated: [] when nothing hurts
	add := func(kind, source, text string) {
		since, ok := st.since[kind]
		if !ok {
			since = at
		}
		out = append(out, schema.Pressure{Kind: kind, Text: text, Since: since, Source: source})
	}
	// KV full: vLLM's kv_cache_usage_perc, SGLang's token_usage, with a
	// queue behind it.
	if l.KVUsagePercent != nil && *l.KVUsagePercent >= KVFullPercent && l.RequestsWaiting != nil && *l.RequestsWaiting > 0 {
		add("kv_full", "reported", fmt.Sprintf("KV cache full: %s waiting", requests(*l.RequestsWaiting)))
	}
	// Preemptions rising: a counter, so only a rise between two refreshes
	// says anything about now.
	if p := l.PreemptionsTotal; p != nil && st.preemptions != nil && *p > *st.preemptions {
		add("preempting", "inferred", fmt.Sprintf("preempting requests: %s since the last refresh (the KV cache is too small for the load)",
			plural(*p-*st.preemptions, "preemption")))
	}
	st.preemptions = l.PreemptionsTotal
	// llama-server: every slot busy, requests deferred.
	if l.SlotsBusy != nil && l.SlotsTotal != nil && *l.SlotsTotal > 0 && *l.SlotsBusy >= *l.SlotsTotal &&
		l.RequestsDeferred != nil && *l.RequestsDeferred > 0 {
		add("slots_full", "reported", fmt.Sprintf("all %d slots busy: %s deferred", *l.SlotsTotal, requests(*l.RequestsDeferred)))
	}
	kept := map[string]time.Time{}
	for _, p := range out {
		kept[p.Kind] = p.Since
	}
	st.since = kept
	return out
}

func requests(n float64) string { return plural(n, "request") }

// plural is "1 request", "12 requests".
func plural(n float64, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%.0f %ss", n, what)
}
