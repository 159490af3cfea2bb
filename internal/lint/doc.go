// Package lint holds checks over the whole repository's source that run
// with `go test` (and so with `make test`): rules of the house that no
// compiler or vet enforces. It has no code of its own; see its tests.
package lint
