//go:build !linux && !windows

package main

import (
	"github.com/gputaskman/gtm/backend"
	"github.com/gputaskman/gtm/inspect"
	"github.com/gputaskman/gtm/inspect/opens"
)

// startOpenTrace: file-open tracing is Linux's fanotify and Windows's ETW.
func startOpenTrace(backend.ProcessSource, string, []string) (inspect.OpenTrace, func(), error) {
	return nil, nil, opens.ErrUnsupported
}
