package inspect

import (
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/gputaskman/gtm/inspect/formats"
	"github.com/gputaskman/gtm/internal/safefile"
	"github.com/gputaskman/gtm/internal/schema"
)

// OpenTrace reports the model files processes opened (inspect/opens: a
// fanotify listener, with --trace-opens). An open is history: the file
// may have been read and closed, which is the point — nothing else names
// what a read-and-close runtime (whisper.cpp, ONNX Runtime, torch.load)
// loaded.
type OpenTrace interface {
	// Opened lists the model files process k opened, newest first. A
	// process given k's PID later is another key: the trace pins each
	// opener when it reads the event, and matches k.Start exactly (to
	// the clock tick, not btime's second).
	Opened(k Key) []FileOpen
}

// FileOpen is one open a trace saw.
type FileOpen struct {
	Path string
	At   time.Time
}

// riseWindow is how soon after an open the opener's VRAM must rise for
// the open to confirm a load: a loader copies the weights right after
// reading them.
const riseWindow = 10 * time.Second

// vramHistory keeps each process's last measured VRAM samples, one per
// refresh, to tell whether its memory rose after an open.
type vramHistory struct {
	mu      sync.Mutex
	samples map[Key][]vramSample
}

type vramSample struct {
	at    time.Time
	bytes uint64
}

const maxVRAMSamples = 16

// record keeps this refresh's measured VRAM of the targets and forgets
// the processes not among them.
func (h *vramHistory) record(targets []Target, now time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	keep := make(map[Key][]vramSample, len(targets))
	for _, t := range targets {
		k := Key{PID: t.PID, Start: t.Start}
		s := h.samples[k]
		if t.VRAM != nil {
			s = append(s, vramSample{at: now, bytes: *t.VRAM})
			if len(s) > maxVRAMSamples {
				s = s[len(s)-maxVRAMSamples:]
			}
		}
		keep[k] = s
	}
	h.samples = keep
}

// openSlack is how late an open may be dated: the trace reads events in
// bursts, up to about a second after the open, and a loaded machine
// later still; the VRAM may have risen before the open's time says.
const openSlack = 3 * time.Second

// roseAfter: the process's measured VRAM rose within riseWindow after
// the open dated at — above its last sample from before the open (at
// less openSlack), or from nothing (it held no GPU memory gtm saw).
func (h *vramHistory) roseAfter(k Key, at time.Time) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	from := at.Add(-openSlack)
	var before uint64
	for _, s := range h.samples[k] {
		switch {
		case !s.at.After(from):
			before = s.bytes
		case s.at.Sub(at) <= riseWindow && s.bytes > before:
			return true
		}
	}
	return false
}

// withOpened returns f with the model files t opened (while opens were
// traced) among its models, as "opened" evidence with the time of the
// newest open. A file is taken only if t's user may read it and its
// first bytes say it is a model (the name alone let the trace keep it);
// it is confirmed with another source when t's VRAM rose right after.
// Opens are asked for by t's PID and start: a process whose start is
// unknown could be any that had its PID, and gets none. vram is the
// VRAM history of the inspector that keeps one (in's or the modules').
func (in *Inspector) withOpened(acc *safefile.Access, t Target, f Finding, vram *vramHistory) Finding {
	if in.Opens == nil || t.Start.IsZero() {
		return f
	}
	key := Key{PID: t.PID, Start: t.Start}
	opens := in.Opens.Opened(key)
	if len(opens) == 0 {
		return f
	}
	out := f
	out.Models = append([]schema.Model(nil), f.Models...)
	for _, o := range opens {
		p := filepath.Clean(o.Path)
		k := fileKeyFromPath(acc, p)
		i := slices.IndexFunc(out.Models, func(m schema.Model) bool { return fileKeyFromPath(acc, m.Path) == k })
		if i < 0 {
			format, err := formats.Of(acc, p)
			if err != nil || format == "" {
				continue // not readable by t's user, or not a model by its bytes
			}
			out.Models = append(out.Models, in.describe(acc, &modelEntry{path: p, role: "model", format: format, evidence: []string{EvidenceOpened}}))
			i = len(out.Models) - 1
		}
		m := &out.Models[i]
		if m.OpenedAt == nil || o.At.After(*m.OpenedAt) {
			at := o.At
			m.OpenedAt = &at
		}
		if !slices.Contains(m.Evidence, EvidenceOpened) {
			m.Evidence = SortEvidence(append(append([]string(nil), m.Evidence...), EvidenceOpened))
		}
		m.Confirmed = ConfirmedOpened(m.Evidence, vram.roseAfter(key, *m.OpenedAt))
		m.Candidate = false
	}
	return out
}
