package main

import (
	"testing"

	"github.com/gputaskman/gtm/app/collect"
	"github.com/gputaskman/gtm/inspect"
)

type noOpens struct{}

func (noOpens) Opened(inspect.Key) []inspect.FileOpen { return nil }

// Both inspectors take the trace: the maps one (Linux) and the modules
// one (Windows), which was left without it, so that --trace-opens there
// said nothing and traced nothing.
func TestTraceSetter(t *testing.T) {
	maps := inspect.New("/proc", nil)
	mods := inspect.NewModuleInspector(func(int) ([]string, error) { return nil, nil })
	for _, c := range []struct {
		ev  collect.Evidence
		got func() inspect.OpenTrace
	}{
		{maps, func() inspect.OpenTrace { return maps.Opens }},
		{mods, func() inspect.OpenTrace { return mods.Opens }},
	} {
		set := traceSetter(c.ev)
		if set == nil {
			t.Fatalf("%T takes no trace", c.ev)
		}
		set(noOpens{})
		if c.got() == nil {
			t.Errorf("%T: the trace was not given", c.ev)
		}
	}
	if traceSetter(nil) != nil {
		t.Error("no evidence took a trace")
	}
}
