//go:build nogui

package main

import (
	"context"
	"errors"
	"github.com/gputaskman/gtm/app/collect"
)

// runGUI in a headless build runs only when there was no gtm-window to
// hand the window to (handOffWindow); it says where it looked and how to
// get a snapshot instead.
func runGUI(context.Context, collect.Provider, guiOptions) error {
	return errors.New("this gtm was built without the window (-tags nogui)" + noWindowHint() +
		"; use 'gtm --once' for a text snapshot or 'gtm --json' for JSON")
}
