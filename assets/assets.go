// Package assets holds gtm's embedded resources.
package assets

import _ "embed"

// Icon is the application icon (256×256 PNG).
//
//go:embed icon.png
var Icon []byte

// DemoCapture is a four-minute capture (JSONL, one snapshot a second) of a
// desktop with two NVIDIA GPUs: an llama-server loading Qwen3-8B and
// answering requests, a compositor, a browser, a video player, a PyTorch
// job, and another user's training job on the second GPU. No GPU was at
// hand to record it, so it is built from documented counter behaviour by
// app/internal/capturegen, and every snapshot says "synthetic": true.
// Read it with capture.Read.
//
//go:embed demo/capture.jsonl
var DemoCapture []byte
