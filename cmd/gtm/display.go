package main

import "errors"

var errNoDisplay = errors.New("no display found (neither DISPLAY nor WAYLAND_DISPLAY is set); use 'gtm --once' for a text snapshot or 'gtm --json' for JSON")
