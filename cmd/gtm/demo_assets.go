package main

import (
	"github.com/gputaskman/gtm/app"
	"github.com/gputaskman/gtm/assets"
)

func init() {
	builtinDemo = func() (*app.Timeline, error) { return demoTimelineFrom(assets.DemoCapture) }
}
