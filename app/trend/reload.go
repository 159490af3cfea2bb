package trend

import (
	"fmt"
	"time"

	"github.com/gputaskman/gtm/internal/schema"
)

// MinReloads is how many times a model must have been loaded again within
// the window, each time in a new runner, to name it: once is an idle
// model unloaded and asked for again; twice in ten minutes is a server
// evicting what it will need next.
const MinReloads = 2

// maxRunnerStarts bounds what is kept per model.
const maxRunnerStarts = 64

// reloadKey is one model of one server.
type reloadKey struct{ server, model string }

// runnerStart is one runner process seen serving a model, and when first.
type runnerStart struct {
	pid   int
	start time.Time
	seen  time.Time
}

// reloads follows Ollama's runners: each loaded model runs in an `ollama
// runner` process, so a model evicted and loaded again comes back in a new
// runner. It notes every new runner per model and names a model loaded
// MinReloads or more times again within window.
type reloads struct {
	window time.Duration
	starts map[reloadKey][]runnerStart
}

func newReloads(window time.Duration) reloads {
	return reloads{window: window, starts: map[reloadKey][]runnerStart{}}
}

// add notes p if it is an Ollama runner and adds a "reloading" pressure
// to its LLM when its model keeps coming back.
func (r *reloads) add(p *schema.Process, at time.Time) {
	l := p.LLM
	if l == nil || l.Server == nil || *l.Server != "ollama" || l.Role == nil || *l.Role != "worker" || l.APIModel == nil {
		return
	}
	server := "ollama"
	if l.APIPID != nil {
		server = fmt.Sprint(*l.APIPID)
	}
	k := reloadKey{server, *l.APIModel}
	var start time.Time
	if p.StartTime != nil {
		start = *p.StartTime
	}
	list := r.starts[k]
	known := false
	for _, s := range list {
		known = known || s.pid == p.PID && s.start.Equal(start)
	}
	if !known {
		list = append(list, runnerStart{pid: p.PID, start: start, seen: at})
	}
	// Keep the window's runners (and always the newest).
	from := at.Add(-r.window)
	for len(list) > 1 && (list[0].seen.Before(from) || len(list) > maxRunnerStarts) {
		list = list[1:]
	}
	r.starts[k] = list
	if again := len(list) - 1; again >= MinReloads {
		l.Pressure = append(l.Pressure, schema.Pressure{Kind: "reloading", Since: list[1].seen, Source: "inferred",
			Text: fmt.Sprintf("%s evicted and loaded again %d times in %s: the models in use do not fit in VRAM together",
				*l.APIModel, again, r.window.Round(time.Minute))})
	}
}

// sweep forgets the models whose newest runner was last noted before the
// window: a server gone, a model no longer used.
func (r *reloads) sweep(at time.Time) {
	for k, list := range r.starts {
		if list[len(list)-1].seen.Before(at.Add(-r.window)) {
			delete(r.starts, k)
		}
	}
}
