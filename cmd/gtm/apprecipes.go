package main

import (
	"fmt"
	"io"

	"github.com/gputaskman/gtm/inspect/apps"
	"github.com/gputaskman/gtm/internal/safewrite"
)

// loadAppRecipes loads the user's app recipes (apps.UserDir) and says on
// stderr, one line each, which were not loaded and why; the others and
// the built-in ones are used.
func loadAppRecipes(stderr io.Writer, prog string) {
	_, errs := apps.Builtin()
	if dir, err := safewrite.ConfigDir(); err == nil && dir != "" {
		errs = append(errs, apps.LoadDir(apps.UserDir(dir))...)
	}
	for _, err := range errs {
		fmt.Fprintf(stderr, "%s: %v\n", prog, err)
	}
}
