package probe

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
)

// Errors of JSON.
var (
	ErrStatus      = errors.New("probe: HTTP error status")
	ErrInvalidJSON = errors.New("probe: invalid JSON")
)

// JSON decodes r's body into v. It refuses what it cannot trust whole:
// a failed request, a truncated body (ErrTooLarge), a non-2xx status
// (ErrStatus, such as a 401 from a server that wants a key), and a body
// that is empty or not one JSON value (ErrInvalidJSON).
func JSON(r Result, v any) error {
	switch {
	case r.Truncated:
		if r.Err != nil {
			return fmt.Errorf("%w; not decoding a partial body", r.Err)
		}
		return fmt.Errorf("probe: %w; not decoding a partial body", ErrTooLarge)
	case r.Err != nil:
		return r.Err
	case r.Status < 200 || r.Status > 299:
		return fmt.Errorf("%w %d %s", ErrStatus, r.Status, http.StatusText(r.Status))
	case len(r.Body) == 0:
		return fmt.Errorf("%w: empty body", ErrInvalidJSON)
	}
	if err := json.Unmarshal(r.Body, v); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidJSON, err)
	}
	return nil
}
