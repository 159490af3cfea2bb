// Package layers has no code of its own: its test holds gtm's packages
// to their layers (docs/design.md, "Layers"). A package imports only
// packages of its own layer or below:
//
//	cmd, packaging, scripts  (programs)
//	ui                       (the window and tray: never backend or inspect)
//	app                      (collect, report, capture, diff, metrics, ...)
//	inspect, backend         (evidence and measured counters)
//	internal, assets         (shared utilities and embedded data)
//	internal/schema          (the public JSON: imports nothing of gtm's)
package layers
