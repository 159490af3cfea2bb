package main

import (
	"bytes"
	"testing"

	"github.com/gputaskman/gtm/assets"
)

// The demo capture's pages are released after it is parsed; read again,
// they come back from the binary unchanged.
func TestReleasePagesKeepsBuiltInData(t *testing.T) {
	want := bytes.Clone(assets.DemoCapture)
	releasePages(assets.DemoCapture)
	if !bytes.Equal(assets.DemoCapture, want) {
		t.Fatal("the demo capture changed after its pages were released")
	}
	tl, err := builtinDemo()
	if err != nil || tl == nil {
		t.Fatalf("builtinDemo after a release: %v", err)
	}
	if !bytes.Equal(assets.DemoCapture, want) {
		t.Fatal("the demo capture changed after builtinDemo released it")
	}
}
