package main

import (
	"bytes"
	"fmt"
	"github.com/gputaskman/gtm/app/capture"

	"github.com/gputaskman/gtm/assets"
)

// builtinDemo plays the recorded demo built into gtm (assets.DemoCapture).
// Once parsed, the capture's 2 MB in the binary are not needed: released,
// they do not count in the window's resident memory.
func builtinDemo() (*capture.Timeline, error) {
	tl, err := demoTimelineFrom(assets.DemoCapture)
	releasePages(assets.DemoCapture)
	return tl, err
}

// demoTimelineFrom plays a capture in a loop, each snapshot marked as demo
// data so that every view labels it.
func demoTimelineFrom(data []byte) (*capture.Timeline, error) {
	snaps, err := capture.Read(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("the built-in capture: %w", err)
	}
	for _, s := range snaps {
		s.Demo = true
	}
	tl := capture.NewTimeline(snaps)
	tl.SetLoop(true)
	return tl, nil
}
