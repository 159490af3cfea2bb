package main

import (
	"bytes"
	"fmt"

	"github.com/gputaskman/gtm/app"
	"github.com/gputaskman/gtm/assets"
)

// builtinDemo plays the recorded demo built into gtm (assets.DemoCapture).
var builtinDemo = func() (*app.Timeline, error) { return demoTimelineFrom(assets.DemoCapture) }

// demoTimelineFrom plays a capture in a loop, each snapshot marked as demo
// data so that every view labels it.
func demoTimelineFrom(capture []byte) (*app.Timeline, error) {
	snaps, err := app.ReadCapture(bytes.NewReader(capture))
	if err != nil {
		return nil, fmt.Errorf("the built-in capture: %w", err)
	}
	for _, s := range snaps {
		s.Demo = true
	}
	tl := app.NewTimeline(snaps)
	tl.SetLoop(true)
	return tl, nil
}
