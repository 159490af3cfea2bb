// Package assets holds gtm's embedded resources.
package assets

import _ "embed"

// Icon is the application icon (256×256 PNG).
//
//go:embed icon.png
var Icon []byte
