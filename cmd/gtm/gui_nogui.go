//go:build nogui

package main

import (
	"context"
	"errors"
	"github.com/gputaskman/gtm/app/collect"
)

// runGUI in a headless build explains how to get a snapshot instead.
func runGUI(context.Context, collect.Provider, guiOptions) error {
	return errors.New("this gtm was built without the window (-tags nogui); use 'gtm --once' for a text snapshot or 'gtm --json' for JSON")
}
