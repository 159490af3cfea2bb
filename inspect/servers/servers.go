// Package servers reads the local HTTP APIs of inference servers
// (llama-server, Ollama, LM Studio, vLLM, SGLang, text-generation-inference,
// ComfyUI) to explain what a process keeps in GPU memory: which model,
// which context size, how large a KV cache, how many slots, how busy.
//
// Each server is one file implementing Server (recognise its processes,
// tell it on a port, probe it) and the optional abilities it has
// (abilities.go), listed once in registry.go; callers go through
// Recognise, Identify and Ask and never name a server or its endpoints.
//
// Every value here is what the server says about itself (RuntimeReported),
// not a measurement. Unknown values are nil pointers or empty strings, never
// 0. Parsers tolerate missing fields, fields of the wrong type, extra fields
// and huge numbers; only a body that is not JSON at all is an error.
//
// The package does no I/O of its own: a Getter performs each GET, so the
// transport (timeouts, body caps, loopback only) lives with the caller.
package servers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
)

// Getter performs one GET to a loopback port and returns the status and (capped) body.
type Getter interface {
	Get(ctx context.Context, port int, path string, hdr http.Header) (status int, body []byte, err error)
}

// RuntimeReported labels values that come from the server's own API.
const RuntimeReported = "runtime-reported"

// Errors an endpoint can end in; match them with errors.Is.
var (
	// ErrNeedsKey: the server answered 401 or 403.
	ErrNeedsKey = errors.New("API needs a key")
	// ErrDisabled: the endpoint is switched off or absent (404, 501),
	// e.g. llama-server started with --no-slots or without --metrics.
	ErrDisabled = errors.New("endpoint disabled")
	// ErrLoading: the server is up but still loading its model (503).
	ErrLoading = errors.New("model loading")
	// ErrNotJSON: the body is not valid JSON, or not the JSON shape expected.
	ErrNotJSON = errors.New("not the expected JSON")
)

// answer is one GET's outcome: reached tells whether the server answered
// at all, which is what decides between "down" and "refused".
type answer struct {
	body    []byte
	status  int
	reached bool
	err     error // nil only for a 2xx
}

// get performs one GET and turns the status into one of the errors above.
func get(ctx context.Context, g Getter, port int, path string, hdr http.Header) answer {
	if err := ctx.Err(); err != nil {
		return answer{err: err}
	}
	status, body, err := g.Get(ctx, port, path, hdr)
	if err != nil {
		return answer{err: fmt.Errorf("GET %s: %w", path, err)}
	}
	a := answer{body: body, status: status, reached: true}
	switch {
	case status >= 200 && status < 300:
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		if hdr.Get("Authorization") != "" {
			a.err = fmt.Errorf("GET %s: HTTP %d: %w (the key sent was refused)", path, status, ErrNeedsKey)
		} else {
			a.err = fmt.Errorf("GET %s: HTTP %d: %w", path, status, ErrNeedsKey)
		}
	case status == http.StatusNotFound || status == http.StatusNotImplemented:
		a.err = fmt.Errorf("GET %s: HTTP %d: %w", path, status, ErrDisabled)
	case status == http.StatusServiceUnavailable:
		a.err = fmt.Errorf("GET %s: HTTP %d: %w", path, status, ErrLoading)
	default:
		a.err = fmt.Errorf("GET %s: HTTP %d", path, status)
	}
	return a
}

// bearer is the header set for an API key, nil without one.
func bearer(key string) http.Header {
	if key == "" {
		return nil
	}
	return http.Header{"Authorization": {"Bearer " + key}}
}

// setErr records one endpoint's failure, so a refusing /metrics doesn't
// hide a working /props.
func setErr(m *map[string]error, path string, err error) {
	if err == nil {
		return
	}
	if *m == nil {
		*m = map[string]error{}
	}
	(*m)[path] = err
}
