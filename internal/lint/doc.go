// Package lint holds checks over the whole repository's source that run
// with `go test` (and so with `make test`): rules of the house that no
// compiler or vet enforces. It has no code of its own; see its tests:
//
//   - no function is over 80 lines, tests included (funclen_test.go);
//
//   - a package imports only packages of its own layer or below
//     (layers_test.go; docs/design.md, "Layers"):
//
//     cmd, packaging, scripts  (programs)
//     ui                       (the window and tray: never backend or inspect)
//     app                      (collect, report, capture, diff, metrics, ...)
//     inspect, backend         (evidence and measured counters)
//     internal, assets         (shared utilities and embedded data)
//     internal/schema          (the public JSON: imports nothing of gtm's)
package lint
