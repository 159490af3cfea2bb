package backend

import (
	"context"

	"github.com/gputaskman/gtm/internal/schema"
)

// SystemReader reads System; failures are reported in the SourceStatus, and what
// could be read is still returned.
type SystemReader interface {
	ReadSystem(ctx context.Context) (schema.System, schema.SourceStatus)
}
