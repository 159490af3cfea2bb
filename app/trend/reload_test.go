package trend_test

import (
	"strings"
	"testing"
	"time"

	"github.com/gputaskman/gtm/app/trend"
	"github.com/gputaskman/gtm/internal/schema"
)

// runnerSnap is a refresh at minute min with one Ollama runner (PID pid,
// started at start) serving model.
func runnerSnap(min float64, pid int, start time.Time, model string) *schema.Snapshot {
	dev, api, srv, role := 0, 100, "ollama", "worker"
	return &schema.Snapshot{TakenAt: t0.Add(time.Duration(min * float64(time.Minute))),
		Processes: []schema.Process{{PID: pid, DeviceIndex: &dev, StartTime: &start,
			LLM: &schema.LLM{Server: &srv, Role: &role, APIPID: &api, APIModel: &model}}}}
}

// TestOllamaReloads: a model that keeps coming back in a new runner (an
// eviction each time) is named once it has been loaded again twice within
// ten minutes; once is not; reloads spread over an hour are not; a model
// whose runner stays is never named.
func TestOllamaReloads(t *testing.T) {
	cases := []struct {
		name    string
		minutes []float64 // when each new runner appears
		want    bool
	}{
		{"three loads in six minutes", []float64{0, 3, 6}, true},
		{"loaded again once", []float64{0, 5}, false},
		{"three loads over an hour", []float64{0, 25, 50}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := trend.NewAnnotator()
			var got []schema.Pressure
			for i, m := range c.minutes {
				start := t0.Add(time.Duration(m * float64(time.Minute)))
				for _, d := range []float64{0, 0.5, 1} { // a runner seen over a minute
					s := runnerSnap(m+d, 200+i, start, "qwen3:14b")
					a.Annotate(s)
					got = s.Processes[0].LLM.Pressure
				}
				other := runnerSnap(m+1.5, 900, t0, "llama3.2:3b") // one runner all along
				a.Annotate(other)
				if len(other.Processes[0].LLM.Pressure) != 0 {
					t.Fatalf("another model's runner named: %+v", other.Processes[0].LLM.Pressure)
				}
			}
			named := len(got) == 1 && got[0].Kind == "reloading" && strings.HasPrefix(got[0].Text, "qwen3:14b evicted and loaded again 2 times in 10m0s")
			if named != c.want {
				t.Errorf("pressure %+v, want named %v", got, c.want)
			}
		})
	}
}
